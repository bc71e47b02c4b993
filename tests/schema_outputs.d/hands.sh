# catan-replay --hands and --trace (hidden information, lib/track): every sample log under
# samples/logs/hidden against log.schema.json; the hands after the last event, after
# event 85 (a steal), with a cut list, and lines of a --trace against
# hands.schema.json. Sourced by validate_schemas.sh ($src, $build, $tmp, $ajv, validate,
# fail, validate_ref from replay.sh).
hidden="$src/samples/logs/hidden"
validate_ref log.schema.json board.schema.json "$hidden"/*.json
"$build/tools/catan-replay" --hands --format json "$hidden/complete-3p-spectator.json" > "$tmp/hands-end.json"
"$build/tools/catan-replay" --hands --format json --at 85 --hands-limit 2 \
  "$hidden/complete-3p-spectator.json" > "$tmp/hands-at.json"
"$build/tools/catan-replay" --format jsonl --trace "$hidden/complete-3p-spectator.json" > "$tmp/trace.jsonl"
n=0
while IFS= read -r line; do
  n=$((n + 1))  # a few lines (ajv starts once per file): first, a steal, a discard
  case $n in 1|83|86) printf '%s\n' "$line" > "$tmp/hands-trace-$n.json" ;; esac
done < "$tmp/trace.jsonl"
[ "$n" -gt 100 ] || { echo "FAIL catan-replay --trace: expected one line per event, got $n"; fail=1; }
validate hands.schema.json "$tmp"/hands-*.json
