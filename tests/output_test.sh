#!/usr/bin/env bash
# Write-error cases that need a shell (issue 11, item 1).
# Usage: output_test.sh CASE TOOLS_DIR SAMPLES_DIR WORK_DIR
#   epipe            a reader that stops early ends the writer by SIGPIPE, quietly
#   roads|place|sim|replay|stats  a run that fails while writing its file (file size limit 1 KiB, SIGXFSZ
#                    ignored: write(2) fails with EFBIG) keeps the old file, leaves no
#                    temporary file
set -u
case_=$1 tools=$2 samples=$3 work=$4/$1
rm -rf "$work" && mkdir -p "$work"
case $case_ in
epipe)
    "$tools/catan-board" generate --seed 1 --count 100000 --format jsonl 2>"$work/err" |
        head -c 1 >/dev/null
    status=${PIPESTATUS[0]}
    echo "epipe: status $status, stderr $([ -s "$work/err" ] && echo "not empty: $(cat "$work/err")" || echo empty)"
    exit 0
    ;;
roads) target=$work/roads.svg cmd=("$tools/catan-roads" --svg "$target" "$samples/positions/ring-spur.json") ;;
place) target=$work/place.svg cmd=("$tools/catan-place" --svg "$target" "$samples/boards/beginner.json") ;;
sim) target=$work/game-000001.json cmd=("$tools/catan-sim" --seed 1 --games 1 --out "$work") ;;
replay) target=$work/page.html cmd=("$tools/catan-replay" --html "$target" "$samples/logs/valid/complete-3p.json") ;;
stats) target=$work/plot-1-dice.svg cmd=("$tools/catan-stats" --plots "$work/plot" "$samples/logs/valid/complete-3p.json") ;;
*) echo "unknown case $case_" >&2; exit 2 ;;
esac
echo old >"$target"
(trap "" XFSZ; ulimit -f 1; "${cmd[@]}" 2>&1 >/dev/null)
status=$?
kept=$([ "$(cat "$target")" = old ] && echo "old file kept" || echo "old file replaced")
temp=$(ls -A "$work" | grep -q '^\.' && echo "temporary file left: $(ls -A "$work")" || echo "no temporary file")
echo "$case_: exit $status, $kept, $temp"
