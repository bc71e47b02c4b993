# catan-roads: sample positions against position.schema.json, and its JSON output (from
# positions, a log and a replayed state) against roads.schema.json.
validate position.schema.json "$src"/samples/positions/*.json
for f in "$src"/samples/positions/*.json; do
  "$build/tools/catan-roads" --format json "$f" > "$tmp/roads-$(basename "$f")"
  validate roads.schema.json "$tmp/roads-$(basename "$f")"
done
"$build/tools/catan-roads" --format json "$src/samples/logs/valid/complete-3p.json" > "$tmp/roads-log.json"
"$build/tools/catan-roads" --format json --at 20 "$src/samples/logs/valid/resign-3p.jsonl" > "$tmp/roads-log-at.json"
"$build/tools/catan-roads" --format json "$src/samples/logs/invalid/longest-road.json" > "$tmp/roads-log-invalid.json" 2>/dev/null || true
validate roads.schema.json "$tmp/roads-log.json" "$tmp/roads-log-at.json" "$tmp/roads-log-invalid.json"
# several records: JSON Lines of positions, one report per line
for f in "$src"/samples/positions/*.json; do node -e 'process.stdout.write(JSON.stringify(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")))+"\n")' "$f"; done > "$tmp/positions.jsonl"
"$build/tools/catan-roads" --format json "$tmp/positions.jsonl" > "$tmp/roads-many.jsonl"
n=0
while IFS= read -r line; do
  n=$((n + 1)); printf '%s\n' "$line" > "$tmp/roads-many-$n.json"
done < "$tmp/roads-many.jsonl"
[ "$n" -eq 2 ] || { echo "FAIL catan-roads: expected 2 report lines, got $n"; fail=1; }
validate roads.schema.json "$tmp"/roads-many-*.json
