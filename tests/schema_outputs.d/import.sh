# catan-import: the converted real game in samples/real and fresh imports (JSON and JSON
# Lines, soclog and catanatron) against schemas/log.schema.json. Sourced by
# validate_schemas.sh ($src, $build, $tmp, $ajv, validate, fail).
import="$build/tools/catan-import"
real="$src/samples/real"
validate_log() {  # validate_log FILE...: log.schema.json with the board schema it references
  validate_ref log.schema.json board.schema.json "$@"
}
"$import" "$real/human-game-1.soclog" > "$tmp/import-soclog.json"
"$import" --from catanatron "$real/catanatron-road-through-settlement.json" > "$tmp/import-catanatron.json"
"$import" --format jsonl "$real/catanatron-longest-road-undercount.json" > "$tmp/import-catanatron.jsonl"
node -e '
  const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(l => l.trim());
  const doc = JSON.parse(lines[0]);
  doc.events = lines.slice(1).map(l => JSON.parse(l));
  process.stdout.write(JSON.stringify(doc));' "$tmp/import-catanatron.jsonl" > "$tmp/import-catanatron-jsonl.json"
validate_log "$real/human-game-1.json" "$tmp/import-soclog.json" "$tmp/import-catanatron.json" \
  "$tmp/import-catanatron-jsonl.json"
# views (hidden stolen and bought cards, hidden discards) and a catanlog transcript
"$import" --view spectator-no-discards "$real/human-game-1.json" > "$tmp/view-no-discards.json"
"$import" --view player_a "$real/human-game-1.soclog" > "$tmp/view-seat.json"
validate_log "$tmp/view-no-discards.json" "$tmp/view-seat.json"
catanlog_game="${CATAN_DATA_DIR:-$src/../shared/data}/catanlog/tabletop-game-4.catan"
if [ -e "$catanlog_game" ]; then
  "$import" "$catanlog_game" > "$tmp/import-catanlog.json" 2>/dev/null
  validate_log "$tmp/import-catanlog.json"
fi
