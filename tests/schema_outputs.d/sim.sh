# catan-sim: its logs (JSON, on the beginner board and on a random board) against
# schemas/log.schema.json (with the board schema it references). Sourced by
# validate_schemas.sh ($src, $build, $tmp, validate_ref).
sim="$build/tools/catan-sim"
"$sim" --seed 11 --games 2 --players 3 --verify --out "$tmp/sim-fixed" > /dev/null
"$sim" --seed 12 --games 2 --random-board --verify --out "$tmp/sim-random" > /dev/null
validate_ref log.schema.json board.schema.json "$tmp"/sim-fixed/game-*.json "$tmp"/sim-random/game-*.json
# The summary (--summary json): all random, and with --policies of every policy.
"$sim" --seed 11 --games 3 --summary json > "$tmp/sim-summary.json"
"$sim" --seed 11 --games 4 --policies search,greedy,builder,random --rotate --rollouts 10 \
  --summary json > "$tmp/sim-summary-policies.json"
validate sim-summary.schema.json "$tmp/sim-summary.json" "$tmp/sim-summary-policies.json"
