#!/usr/bin/env bash
# Nothing overwritten, nothing counted twice (issue 43): cases that need a shell.
# Usage: runs_test.sh CASE TOOLS_DIR SAMPLES_DIR WORK_DIR [DATA_DIR]
#   same-file     every output option given one of the run's inputs (the same path, a
#                 symlink, a relative path, a hard link, standard input): exit 2, one line,
#                 the input unchanged
#   stale-folder  catan-sim --out over a folder of another run's logs is refused; the same
#                 run (again, or another part with --first) is taken
#   repeats       catan-stats counts each game once in a run: the same file twice, the same
#                 game in two formats, in --partial; --skip-repeats counts it once
#   messages      a huge number, a NUL byte (soclog, STAC board, JSettlers2; text and JSON:
#                 "\0", "\u0000"), a bidi override, --stats with --html, --taken
#   folders       every output option makes the missing folders of its path
#   tracking      --max-states past --max-memory refused; progress on a terminal only; a
#                 page past --max-page-events refused
#   catanstats    catan-place and catan-stats refuse the same broken catanstats tables with
#                 the same message and read one with a byte-order mark
# Each case prints one line per run (the work folder written as $W) for the test to match.
set -u
case_=$1 tools=$2 samples=$3 work=$4/$1 data=${5:-}
rm -rf "$work" && mkdir -p "$work"
# Runs a command; prints "<label>: exit N, <the input kept or changed>, <stderr>" where the
# input is the file $keep (compared with its copy $keep.orig).
run() {
    local label=$1 keep=$2
    shift 2
    "$@" >"$work/out" 2>"$work/err"
    local status=$?
    local kept="input kept"
    cmp -s "$keep" "$keep.orig" || kept="INPUT CHANGED"
    echo "$label: exit $status, $kept, $(sed "s|$work|\$W|g" "$work/err" | tr '\n' '|')"
}
case $case_ in
same-file)
    cp "$samples/logs/valid/complete-3p.json" "$work/in.json"
    cp "$work/in.json" "$work/in.json.orig"
    cp "$samples/boards/beginner.json" "$work/board.json"
    cp "$work/board.json" "$work/board.json.orig"
    cp "$samples/positions/ring-spur.json" "$work/pos.json"
    cp "$work/pos.json" "$work/pos.json.orig"
    echo '{"pips": 2}' >"$work/w.json"
    cp "$work/w.json" "$work/w.json.orig"
    ln -s in.json "$work/link.json"
    ln "$work/in.json" "$work/hard.json"
    mkdir "$work/sub"
    run replay-same "$work/in.json" "$tools/catan-replay" --html "$work/in.json" "$work/in.json"
    run replay-symlink "$work/in.json" "$tools/catan-replay" --html "$work/link.json" "$work/in.json"
    run replay-relative "$work/in.json" sh -c "cd '$work/sub' && '$tools/catan-replay' --html ../in.json '$work/in.json'"
    run replay-hard-link "$work/in.json" "$tools/catan-replay" --html "$work/hard.json" "$work/in.json"
    run replay-stdin "$work/in.json" sh -c "'$tools/catan-replay' --html '$work/in.json' - <'$work/in.json'"
    run roads-svg "$work/pos.json" "$tools/catan-roads" --svg "$work/pos.json" "$work/pos.json"
    run place-svg "$work/board.json" "$tools/catan-place" --svg "$work/board.json" "$work/board.json"
    run place-weights "$work/w.json" "$tools/catan-place" --weights "$work/w.json" --svg "$work/w.json" "$work/board.json"
    # Another file is written as before.
    run replay-other "$work/in.json" "$tools/catan-replay" --html "$work/page.html" "$work/in.json"
    ;;
stale-folder)
    touch "$work/none" "$work/none.orig"
    sim=("$tools/catan-sim" --summary json)
    run first-run "$work/none" "${sim[@]}" --seed 1 --games 3 --out "$work/d"
    run other-seed "$work/none" "${sim[@]}" --seed 2 --games 2 --out "$work/d"
    run other-players "$work/none" "${sim[@]}" --seed 1 --players 3 --games 2 --out "$work/d"
    run other-format "$work/none" "${sim[@]}" --seed 1 --games 2 --format jsonl --out "$work/d"
    run same-run-again "$work/none" "${sim[@]}" --seed 1 --games 2 --out "$work/d"
    run same-run-part "$work/none" "${sim[@]}" --seed 1 --games 1 --first 4 --out "$work/d"
    echo "logs: $(ls "$work/d" | tr '\n' ' ')"
    mkdir "$work/old" && cp "$work/d/game-000001.json" "$work/old/"
    run no-marker "$work/none" "${sim[@]}" --seed 1 --games 1 --out "$work/old"
    echo "old: $(ls -A "$work/old" | tr '\n' ' ')"
    ;;
repeats)
    g=$samples/logs/valid/complete-3p.json
    cp "$g" "$work/copy.json"
    touch "$work/none" "$work/none.orig"
    "$tools/catan-import" "$samples/real/human-game-1.soclog" >"$work/human.json"
    run twice "$work/none" "$tools/catan-stats" "$g" "$g"
    run partial-twice "$work/none" "$tools/catan-stats" --partial "$g" "$samples/logs/valid/trades.json" "$g"
    run copy "$work/none" "$tools/catan-stats" "$g" "$work/copy.json"
    run two-formats "$work/none" "$tools/catan-stats" -j 2 "$samples/real/human-game-1.soclog" "$work/human.json"
    run skip "$work/none" "$tools/catan-stats" --skip-repeats "$g" "$work/copy.json" "$g"
    head -1 "$work/out"
    ;;
catanstats)
    csv=$data/catanstats/catanstats.csv
    if [ ! -f "$csv" ]; then echo "skipped: no catanstats.csv"; exit 0; fi
    touch "$work/none" "$work/none.orig"
    # Columns gameNum and player swapped; a game of one player; a row with a cell missing,
    # one with a cell too many; a byte-order mark.
    awk -F, -v OFS=, 'NR == 1 { t = $1; $1 = $2; $2 = t } { print }' "$csv" >"$work/swapped.csv"
    awk -F, 'NR == 1 || $1 != 1 || $2 == 1' "$csv" >"$work/one-player.csv"
    awk -F, -v OFS=, 'NR == 2 { NF = NF - 1 } { print }' "$csv" >"$work/short.csv"
    awk 'NR == 3 { $0 = $0 ",7" } { print }' "$csv" >"$work/long.csv"
    { printf '\357\273\277'; cat "$csv"; } >"$work/bom.csv"
    for f in swapped one-player short long bom; do
        run "place-$f" "$work/none" "$tools/catan-place" --catanstats "$work/$f.csv"
        run "stats-$f" "$work/none" "$tools/catan-stats" --catanstats "$work/$f.csv"
    done
    # One game of four players: "1 game", and no correlation from 4 player-games.
    head -5 "$csv" >"$work/one-game.csv"
    run place-one-game "$work/none" "$tools/catan-place" --catanstats "$work/one-game.csv"
    sed -n '1p;3p' "$work/out"
    ;;
folders)
    # Every output option makes the folders it is given (one rule: issue 43).
    touch "$work/none" "$work/none.orig"
    run roads-svg "$work/none" "$tools/catan-roads" --svg "$work/a/b/x.svg" "$samples/positions/ring-spur.json"
    run replay-html "$work/none" "$tools/catan-replay" --html "$work/c/page.html" "$samples/logs/valid/complete-3p.json"
    run place-svg "$work/none" "$tools/catan-place" --svg "$work/d/heat.svg" "$samples/boards/beginner.json"
    run stats-plots "$work/none" "$tools/catan-stats" --plots "$work/e/" "$samples/logs/valid/complete-3p.json"
    run sim-out "$work/none" "$tools/catan-sim" --games 1 --out "$work/f/g"
    (cd "$work" && find a c d e f -type f | sort | tr '\n' ' ')
    echo
    ;;
messages)
    # One line naming the place: a huge number, a NUL byte in a soclog field, a right-to-left
    # override in a player name; --stats beside --html; --taken before the board.
    touch "$work/none" "$work/none.orig"
    printf '{"format": %s}\n' "$(head -c 100000 /dev/zero | tr '\0' 9)e9999" >"$work/huge.json"
    run huge-number "$work/none" "$tools/catan-replay" "$work/huge.json"
    head -24 "$samples/real/human-game-1.soclog" | sed '24s/state=0/state=0@x/' | tr '@' '\000' >"$work/nul.soclog"
    run nul-byte "$work/none" "$tools/catan-import" "$work/nul.soclog"
    # (the same from replay's JSON: the NUL as JSON writes it)
    "$tools/catan-replay" --format json "$work/nul.soclog" 2>/dev/null | grep '"error"'
    # a NUL in a STAC board field (the message was cut there, its quote left open), in a
    # JSettlers2 field and in a JSettlers2 message class
    sed '107s/{ 49 6 10/{ 49 6@x 10/' "$samples/real/human-game-1.soclog" | tr '@' '\000' >"$work/nul-board.soclog"
    run nul-board "$work/none" "$tools/catan-replay" "$work/nul-board.soclog"
    sed '185s/param=9/param=9@x/' "$samples/real/jsettlers2-n7.soclog" | tr '@' '\000' >"$work/nul-js.soclog"
    run nul-jsettlers2 "$work/none" "$tools/catan-stats" "$work/nul-js.soclog"
    sed '185s/SOCDiceResult/SOCDice@Result/' "$samples/real/jsettlers2-n7.soclog" | tr '@' '\000' >"$work/nul-class.soclog"
    run nul-class "$work/none" "$tools/catan-import" "$work/nul-class.soclog"
    sed 's/"red"/"red\\u202etxt.exe"/g; s/"color": "red[^"]*"/"color": "red"/' \
        "$samples/logs/valid/complete-3p.json" >"$work/bidi.json"
    run bidi-name "$work/none" "$tools/catan-replay" "$work/bidi.json"
    head -1 "$work/out" | sed "s|$work|\$W|g"
    run stats-html "$work/none" "$tools/catan-replay" --stats --html "$work/page.html" "$samples/logs/valid/complete-3p.json"
    grep -c '^  dice: 2:' "$work/out"
    run taken "$work/none" "$tools/catan-place" --taken 20,35 "$samples/boards/beginner.json" --top 1
    head -1 "$work/out" | sed "s|$work|\$W|g"
    ;;
tracking)
    # --max-states past the memory it may take is refused before any replay, --max-memory
    # allows more; a progress line only where standard error is a terminal (from the 0th
    # second here: CATAN_PROGRESS_SECONDS).
    touch "$work/none" "$work/none.orig"
    view=$samples/logs/hidden/complete-3p-spectator.json
    run max-states "$work/none" "$tools/catan-replay" --hands --max-states 100000000 "$view"
    run max-memory "$work/none" "$tools/catan-replay" --hands --max-states 2000 --max-memory 1 "$view"
    run allowed "$work/none" "$tools/catan-replay" --max-states 2000000 --max-memory 2048 "$view"
    CATAN_PROGRESS_SECONDS=0 python3 -c '
import os, pty, subprocess, sys
m, s = pty.openpty()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=s)
os.close(s)
out = b""
while True:
    try:
        d = os.read(m, 65536)
    except OSError:
        break
    if not d:
        break
    out += d
print("terminal:", repr(out.decode()))
' "$tools/catan-replay" --hands --max-states 50 "$view" | sed "s|$samples|\$S|g"
    run pipe "$work/none" env CATAN_PROGRESS_SECONDS=0 "$tools/catan-replay" --hands --max-states 50 "$view"
    # a replay page past --max-page-events: refused before anything is written
    run page-limit "$work/none" "$tools/catan-replay" --max-page-events 128 --html "$work/p.html" "$view"
    ls "$work/p.html" 2>/dev/null
    run page-allowed "$work/none" "$tools/catan-replay" --max-page-events 129 --html "$work/p.html" "$view"
    ;;
*)
    echo "unknown case $case_"
    exit 1
    ;;
esac
