#!/usr/bin/env bash
# Whole-process timing of the replay page in headless Chromium (README "The replay page"):
# the page of a 1,026-event self-play game (catan-sim --seed 1, game 6) and of its
# spectator's view (hidden steals and purchases: the tracker's figures per event) against
# an empty page, each opened RUNS times with a fresh profile (median wall time of the process), and
# the page's own time to draw the opening event and to step through every event (#walk).
# Usage: tests/bench/replay_page_bench.sh [BUILD_DIR] [RUNS]   (default build, 5)
set -euo pipefail
build=${1:-build}
runs=${2:-5}
chromium=${CHROMIUM:-chromium}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/tools/catan-sim" --seed 1 --games 6 --out "$work/sim" > /dev/null
"$build/tools/catan-replay" --html "$work/game.html" "$work/sim/game-000006.json" > /dev/null 2>&1
"$build/tools/catan-import" --view spectator "$work/sim/game-000006.json" > "$work/spectator.json"
"$build/tools/catan-replay" --html "$work/spectator.html" "$work/spectator.json" > /dev/null 2>&1
printf '<!DOCTYPE html><html><body><div id="status" data-ready="1"></div></body></html>\n' \
  > "$work/empty.html"

open_page() {  # url -> prints wall seconds; the DOM goes to $work/dom
  local profile start end
  profile=$(mktemp -d -p "$work")
  start=$(date +%s.%N)
  "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --dump-dom "$1" > "$work/dom" 2> /dev/null
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

for page in empty game spectator; do
  for ((i = 0; i < runs; ++i)); do open_page "file://$work/$page.html#event=500"; done \
    | median > "$work/$page.median"
done
events=$(grep -o '"events":[0-9][0-9]*' "$work/game.html" | head -1 | grep -o '[0-9]*$')
printf 'chromium, empty page:        %.2f s (median of %d)\n' "$(cat "$work/empty.median")" "$runs"
for page in game spectator; do
  open_page "file://$work/$page.html#event=500&walk" > /dev/null
  draw=$(grep -o 'data-open-ms="[0-9.]*"' "$work/dom" | grep -o '[0-9.]*')
  walk=$(grep -o 'data-walk-ms="[0-9.]*"' "$work/dom" | grep -o '[0-9.]*')
  size=$(stat -c %s "$work/$page.html")
  printf '%-10s page: %d bytes, %s events\n' "$page" "$size" "$events"
  printf 'chromium, %-10s page: %.2f s (median of %d)\n' "$page" "$(cat "$work/$page.median")" "$runs"
  printf 'in the page: open at event 500 %s ms; step through all events %s ms\n' "$draw" "$walk"
done
