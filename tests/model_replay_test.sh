#!/usr/bin/env bash
# Self-play games judged by the independent Python model (tests/model_replay.py): games of
# 2, 3, 4, 5 and 6 players (the extension with its special building phase) and under the
# house rules, each accepted event by event by scripts/catan_model.py. The share of games
# follows CATAN_TEST_SCALE (the model is slow: about 0.5 s a game, 4 s for a 15 VP game).
# Usage: model_replay_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
sim="$build/tools/catan-sim"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
games() { python3 -c "import os; print(max(2, round($1 * float(os.environ.get('CATAN_TEST_SCALE', '1')))))"; }
"$sim" --seed 31 --games "$(games 30)" --players 4 --verify --out - > "$tmp/four.jsonl" 2>/dev/null
"$sim" --seed 32 --games "$(games 20)" --players 3 --random-board --verify --out - > "$tmp/three.jsonl" 2>/dev/null
"$sim" --seed 33 --games "$(games 20)" --players 2 --verify --out - > "$tmp/two.jsonl" 2>/dev/null
"$sim" --seed 34 --games "$(games 15)" --players 5 --verify --out - > "$tmp/five.jsonl" 2>/dev/null
"$sim" --seed 35 --games "$(games 15)" --players 6 --verify --out - > "$tmp/six.jsonl" 2>/dev/null
"$sim" --seed 36 --games "$(games 5)" --vp-to-win 15 --discard-limit 9 --friendly-robber \
  --random-board --verify --out - > "$tmp/house.jsonl" 2>/dev/null
"$sim" --seed 37 --games "$(games 5)" --players 4 --no-seven-rounds 3 --no-seven-until-city \
  --robber-not-to-desert --no-player-trades --random-board --verify --out - > "$tmp/forbid.jsonl" 2>/dev/null
python3 "$src/tests/model_replay.py" "$tmp"/{four,three,two,five,six,house,forbid}.jsonl
# ... and the model is a judge that can say no: invalid samples (as JSON Lines) are refused.
for bad in insufficient-resources maritime-rate distance-rule; do
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); events = d.pop("events")
print("\n".join(json.dumps(x) for x in [d] + events))' "$src/samples/logs/invalid/$bad.json" > "$tmp/$bad.jsonl"
  if python3 "$src/tests/model_replay.py" "$tmp/$bad.jsonl" > "$tmp/out"; then
    echo "the model accepts samples/logs/invalid/$bad.json"; exit 1
  fi
done
