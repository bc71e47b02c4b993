# catan-eval: its JSON (a game's positions, and --at's ranked moves) against
# schemas/eval.schema.json. Sourced by validate_schemas.sh ($src, $build, $tmp, validate).
eval_tool="$build/tools/catan-eval"
"$eval_tool" --rollouts 5 --turns 25%,100% --format json "$src/samples/real/human-game-1.soclog" \
  > "$tmp/eval-stac.json"
"$eval_tool" --rollouts 5 --at 130 --candidates 3 --format json \
  "$src/samples/real/human-game-1.soclog" > "$tmp/eval-moves.json"
validate eval.schema.json "$tmp/eval-stac.json" "$tmp/eval-moves.json"
