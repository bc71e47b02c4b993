# catan-stats: its JSON report and every line of a partial aggregate (samples' valid logs,
# an invalid one and self-play games, every game listed) against schemas/stats.schema.json
# and schemas/stats-partial.schema.json. Sourced by validate_schemas.sh ($src, $build,
# $tmp, $ajv, fail).
stats="$build/tools/catan-stats"
"$build/tools/catan-sim" --seed 3 --games 6 --players 3 --out - 2>/dev/null > "$tmp/stats-sim.jsonl"
"$stats" --all-games --format json "$src"/samples/logs/valid/*.json* "$tmp/stats-sim.jsonl" \
  "$src"/samples/logs/invalid/distance-rule.json > "$tmp/stats-report.json" || true
validate stats.schema.json "$tmp/stats-report.json"
"$stats" --all-games --partial "$src"/samples/logs/valid/*.json* "$tmp/stats-sim.jsonl" \
  > "$tmp/stats-partial.jsonl" || true
# every line, as one array, against the line schema (one ajv run)
{ echo '['; sed '$!s/$/,/' "$tmp/stats-partial.jsonl"; echo ']'; } > "$tmp/stats-partial-lines.json"
cat > "$tmp/stats-partial-array.schema.json" <<'SCHEMA'
{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "array", "minItems": 3,
 "items": {"$ref": "https://catan-toolkit.example/schemas/stats-partial.schema.json"}}
SCHEMA
if ! "$ajv" validate --spec=draft2020 --strict=false -c ajv-formats -s "$tmp/stats-partial-array.schema.json" \
    -r "$src/schemas/stats-partial.schema.json" -d "$tmp/stats-partial-lines.json" >"$tmp/out" 2>&1; then
  echo "FAIL stats-partial.schema.json: $tmp/stats-partial.jsonl"; cat "$tmp/out"; fail=1
fi
