# catan-place: every JSON output shape (board analysis with pairs, odds, simulation and
# draft; a generated board through stdin; a log's setup; the catanstats analysis) against
# schemas/placement.schema.json. Sourced by validate_schemas.sh ($src, $build, $tmp, validate).
place="$build/tools/catan-place"
"$place" "$src/samples/boards/beginner.json" --top 54 --pairs 10 --draft --simulate 200 \
  --format json > "$tmp/place-beginner.json"
"$place" "$src/samples/boards/beginner.json" --taken 35,9 --weights "$src/samples/placement/weights.json" \
  --format json > "$tmp/place-taken.json"
"$build/tools/catan-board" generate --seed 3 | "$place" - --top 5 --format json > "$tmp/place-generated.json"
"$place" "$src/samples/boards/beginner.json" --top 2 --pairs 1 --evaluate 4 --format json \
  > "$tmp/place-evaluate.json"
"$place" --log "$src/samples/logs/valid/complete-3p.json" --format json > "$tmp/place-log.json"
validate placement.schema.json "$tmp/place-beginner.json" "$tmp/place-taken.json" \
  "$tmp/place-generated.json" "$tmp/place-log.json" "$tmp/place-evaluate.json"
if [ -f "$src/../shared/data/catanstats/catanstats.csv" ]; then
  "$place" --catanstats "$src/../shared/data/catanstats/catanstats.csv" --format json > "$tmp/place-catanstats.json"
  validate placement.schema.json "$tmp/place-catanstats.json"
fi
