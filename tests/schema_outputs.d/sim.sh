# catan-sim: its logs (JSON, on the beginner board and on a random board) against
# schemas/log.schema.json (with the board schema it references). Sourced by
# validate_schemas.sh ($src, $build, $tmp, $ajv, fail).
sim="$build/tools/catan-sim"
"$sim" --seed 11 --games 2 --players 3 --out "$tmp/sim-fixed" > /dev/null
"$sim" --seed 12 --games 2 --random-board --out "$tmp/sim-random" > /dev/null
for f in "$tmp"/sim-fixed/game-*.json "$tmp"/sim-random/game-*.json; do
  if ! "$ajv" validate --spec=draft2020 --strict=false -c ajv-formats -s "$src/schemas/log.schema.json" \
      -r "$src/schemas/board.schema.json" -d "$f" >"$tmp/out" 2>&1; then
    echo "FAIL log.schema.json: $f"; cat "$tmp/out"; fail=1
  fi
done
