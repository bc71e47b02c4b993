#!/usr/bin/env bash
# The main job on one recorded game: import it to the native log, replay it under every
# rule (verdict, standings, statistics), compute the longest roads and awards, and score
# the opening placements chosen in its setup against the alternatives; write the replay
# page of the game (one HTML file to open in a browser).
# Usage: scripts/main-job.sh [RECORDING] (default: samples/real/human-game-1.soclog);
# tools from build/tools (override with TOOLS=dir).
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-samples/real/human-game-1.soclog}
tools=${TOOLS:-build/tools}
mkdir -p build
log="build/$(basename "${game%.*}").json"  # the native log, kept for further study
page="build/$(basename "${game%.*}").html"  # the replay page
graph="build/$(basename "${game%.*}")-eval.svg"  # the win probabilities over the turns
rollouts=${EVAL_ROLLOUTS:-200}  # rollouts a position (catan-eval)

echo "== import: $game"
"$tools/catan-import" "$game" > "$log"
echo "== replay"
status=0
"$tools/catan-replay" --stats --html "$page" --eval "$rollouts" "$log" || status=$?
echo "== longest roads and awards"
"$tools/catan-roads" "$log" || status=$?
echo "== opening placements"
"$tools/catan-place" --log "$log" || status=$?
echo "== who was winning: the turning points ($rollouts rollouts a position; the graph: $graph)"
"$tools/catan-eval" --rollouts "$rollouts" --plot "$graph" "$log" | sed -n '/^turning points:/,$p' || status=$?
echo "== replay page: open $page in a browser (add #event=N to open at event N; the win probabilities under the board)"
exit "$status"
