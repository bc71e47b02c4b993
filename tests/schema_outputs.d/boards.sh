# Sourced by tests/validate_schemas.sh: outputs of catan-board generate (JSON and JSONL
# lines, both board sizes) against the board schema.
"$build/tools/catan-board" generate --seed 7 > "$tmp/gen-standard.json"
"$build/tools/catan-board" generate --seed 7 --players 5-6 --desert centre > "$tmp/gen-extended.json"
"$build/tools/catan-board" generate --seed 3 --count 3 --format jsonl --no-equal-adjacent > "$tmp/gen.jsonl"
split -l 1 -d --additional-suffix=.json "$tmp/gen.jsonl" "$tmp/gen-line-"
validate board.schema.json "$tmp/gen-standard.json" "$tmp/gen-extended.json" "$tmp"/gen-line-*.json
"$build/tools/catan-board" stats --format json --generate 200 --seed 1 > "$tmp/board-stats.json"
"$build/tools/catan-board" stats --format jsonl "$tmp/gen.jsonl" | head -n 1 > "$tmp/board-stats-line.json"
validate board-stats.schema.json "$tmp/board-stats.json" "$tmp/board-stats-line.json"
# check --format json: one record per board (valid, with problems) and per malformed record
printf '%s\n' "$(head -n 1 "$tmp/gen.jsonl")" '{"robbber": 4}' > "$tmp/check-in.jsonl"
"$build/tools/catan-board" check -q --format json --keep-going --no-2-12-adjacent --max-vertex-pips 11 \
  "$tmp/check-in.jsonl" "$src/samples/boards/invalid/"*.json > "$tmp/board-check.jsonl" 2>/dev/null || true
split -l 1 -d --additional-suffix=.json "$tmp/board-check.jsonl" "$tmp/board-check-line-"
validate board-check.schema.json "$tmp"/board-check-line-*.json
