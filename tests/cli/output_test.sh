#!/usr/bin/env bash
# Write-error cases that need a shell (issue 11, item 1).
# Usage: output_test.sh CASE TOOLS_DIR SAMPLES_DIR WORK_DIR
#   epipe            a reader that stops early ends the writer by SIGPIPE, quietly
#   made-full        without /dev/full, the full-device helper makes its own device (as root)
#                    or skips, and never creates the missing path
#   device|fifo|symlink|procsub  --svg onto a character device (made with mknod, as root), a
#                    FIFO with a reader, a symlink to a file, a process substitution: written
#                    through (device, FIFO, pipe) or renamed onto the symlink's target, never
#                    replacing what the path is
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
made-full)
    missing=$work/no-full-device
    out=$(CATAN_FULL_DEVICE=$missing "$(dirname "$0")/full_device.sh" "$work/dev" \
        "'$tools/catan-board' generate --seed 1 --count 1000000000 --format jsonl" 2>&1)
    status=$?
    echo "made-full: exit $status, $out, $([ -e "$missing" ] && echo "$missing created" || echo "nothing created at the path")"
    exit 0
    ;;
device)
    if [ "$(id -u)" -ne 0 ]; then echo "skipped: no full device (mknod needs root)"; exit 0; fi
    mknod "$work/null" c 1 3 || exit 1
    "$tools/catan-roads" --svg "$work/null" "$samples/positions/ring-spur.json" >/dev/null
    echo "device: exit $?, $([ -c "$work/null" ] && echo "still a character device" || echo "replaced: $(stat -c %F "$work/null")")"
    exit 0
    ;;
fifo)
    mkfifo "$work/pipe" || exit 1
    timeout 20 cat "$work/pipe" >"$work/got" &  # bounded: a writer that never opens the FIFO
    reader=$!
    "$tools/catan-roads" --svg "$work/pipe" "$samples/positions/ring-spur.json" >/dev/null
    status=$?
    wait $reader
    echo "fifo: exit $status, $([ -p "$work/pipe" ] && echo "still a FIFO" || echo "replaced"), reader got $(grep -c '</svg>' "$work/got") svg"
    exit 0
    ;;
symlink)
    echo old >"$work/real.svg"
    ln -s real.svg "$work/link.svg"
    "$tools/catan-roads" --svg "$work/link.svg" "$samples/positions/ring-spur.json" >/dev/null
    status=$?
    echo "symlink: exit $status, $([ -L "$work/link.svg" ] && echo "still a symlink" || echo "replaced"), target $(grep -q '</svg>' "$work/real.svg" && echo "written" || echo "untouched"), $(ls -A "$work" | grep -q '^\.' && echo "temporary file left" || echo "no temporary file")"
    exit 0
    ;;
procsub)
    "$tools/catan-roads" --svg >(cat >"$work/got") "$samples/positions/ring-spur.json" >/dev/null
    status=$?
    sleep 0.2
    echo "procsub: exit $status, reader got $(grep -c '</svg>' "$work/got" 2>/dev/null || echo 0) svg"
    exit 0
    ;;
roads) target=$work/roads.svg cmd=("$tools/catan-roads" --svg "$target" "$samples/positions/ring-spur.json") ;;
place) target=$work/place.svg cmd=("$tools/catan-place" --svg "$target" "$samples/boards/beginner.json") ;;
sim)  # the folder of this run first (its marker, .catan-sim-run), then the old file
    "$tools/catan-sim" --seed 1 --games 1 --out "$work" >/dev/null || exit 1
    target=$work/game-000001.json cmd=("$tools/catan-sim" --seed 1 --games 1 --out "$work") ;;
replay) target=$work/page.html cmd=("$tools/catan-replay" --html "$target" "$samples/logs/valid/complete-3p.json") ;;
stats) target=$work/plot-1-dice.svg cmd=("$tools/catan-stats" --plots "$work/plot" "$samples/logs/valid/complete-3p.json") ;;
*) echo "unknown case $case_" >&2; exit 2 ;;
esac
echo old >"$target"
(trap "" XFSZ; ulimit -f 1; "${cmd[@]}" 2>&1 >/dev/null)
status=$?
kept=$([ "$(cat "$target")" = old ] && echo "old file kept" || echo "old file replaced")
temp=$(ls -A "$work" | grep -v '^\.catan-sim-run$' | grep -q '^\.' && echo "temporary file left: $(ls -A "$work")" || echo "no temporary file")
echo "$case_: exit $status, $kept, $temp"
