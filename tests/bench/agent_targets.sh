#!/usr/bin/env bash
# The players' win rates (docs/catan-sim.md "Players"): rotated seats, 4 players, on the
# beginner board, through catan-sim's summary (win rate and 95% Wilson interval per policy).
#   greedy vs three random (target >= 85%), builder vs three random (>= 50%), search at its
#   default budget vs three greedy (>= 40%; 25% is parity).
# Usage: tests/bench/agent_targets.sh [BUILD_DIR] [GAMES] [SEARCH_GAMES]
#   (default build, 1000 and 400 games; fewer on a busy machine: the intervals say so)
set -euo pipefail
build=${1:-build}
games=${2:-1000}
search_games=${3:-400}
sim="$build/tools/catan-sim"
run() {  # run GAMES POLICIES
  echo "== $2, $1 games, rotated"
  "$sim" --seed 1 --games "$1" --policies "$2" --rotate | sed -n '/^policies/,/^speed/p'
}
run "$games" greedy,random,random,random
run "$games" builder,random,random,random
run "$search_games" search,greedy,greedy,greedy
