#!/usr/bin/env bash
# catan-stats and catan-replay over many inputs: -j N gives byte-identical output to -j 1,
# partial aggregates of any split merged in any order give byte-identical reports to one
# run, and a JSON Lines stream of games (catan-sim --out -) gives the same statistics as the
# same games in files. Usage: stats_cli_test.sh TOOLS_DIR SAMPLES_DIR
# Games: 300 x CATAN_TEST_SCALE (at least 20).
set -euo pipefail
tools=$1 samples=$2
scale=${CATAN_TEST_SCALE:-1}
games=$(awk -v s="$scale" 'BEGIN { n = int(300 * s); print (n < 20 ? 20 : n) }')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$tmp"
"$tools/catan-sim" --seed 9 --games "$games" --players 3 --format jsonl --out g3 > /dev/null
"$tools/catan-sim" --seed 9 --games "$((games / 2))" --format jsonl --out g4 > /dev/null
ls g3/* g4/* > all.txt
cp "$samples"/logs/valid/*.json* "$samples"/logs/invalid/distance-rule.json .
ls ./*.json ./*.jsonl >> all.txt
echo "{broken" > broken.json && echo broken.json >> all.txt

# threads: the same bytes and exit status (1: an invalid log, 2: a malformed one)
for j in 1 2 0; do
  rc=0; "$tools/catan-stats" -j "$j" --format json --files-from all.txt > "stats-$j.json" 2> "err-$j" || rc=$?
  [ "$rc" -eq 2 ] || fail "catan-stats -j $j: exit $rc, expected 2"
  rc=0; "$tools/catan-replay" -j "$j" --format json $(cat all.txt) > "replay-$j.json" 2> "rerr-$j" || rc=$?
  [ "$rc" -eq 2 ] || fail "catan-replay -j $j: exit $rc, expected 2"
done
for j in 2 0; do
  cmp stats-1.json "stats-$j.json" || fail "catan-stats -j $j differs from -j 1"
  cmp replay-1.json "replay-$j.json" || fail "catan-replay -j $j differs from -j 1"
  cmp rerr-1 "rerr-$j" || fail "catan-replay -j $j: stderr differs from -j 1"
done
grep -q '"malformed": 1' stats-1.json || fail "the broken input is not counted as malformed"
grep -q '"invalid": 1' stats-1.json || fail "the invalid log is not counted"
grep -q 'broken.json' err-1 || fail "the malformed input is not named on stderr"

# splits: 3 ways (round robin), 5 ways (contiguous), 1 file per part; merged in other orders
awk 'NR % 3 == 0' all.txt > a1; awk 'NR % 3 == 1' all.txt > a2; awk 'NR % 3 == 2' all.txt > a3
split -n l/5 -d all.txt b
for f in a1 a2 a3 b0*; do "$tools/catan-stats" --partial --files-from "$f" > "$f.partial" 2> /dev/null || true; done
"$tools/catan-stats" merge --format json a3.partial a1.partial a2.partial > m3.json || true
"$tools/catan-stats" merge --format json b04.partial b02.partial b00.partial b03.partial b01.partial > m5.json || true
cmp stats-1.json m3.json || fail "3-way split merged differs from one run"
cmp stats-1.json m5.json || fail "5-way split merged differs from one run"
# merging merged partials (a tree of merges) and the text report
"$tools/catan-stats" merge --partial a1.partial a2.partial > a12.partial || true
"$tools/catan-stats" merge a3.partial a12.partial > m-tree.txt || true
"$tools/catan-stats" --files-from all.txt > one.txt 2> /dev/null || true
cmp one.txt m-tree.txt || fail "merge of merged partials differs from one run (text)"

# a stream: the same games through stdin give the same statistics (names aside)
"$tools/catan-sim" --seed 9 --games "$games" --players 3 --out - 2> /dev/null |
  "$tools/catan-stats" -j 2 --format json - > stream.json
"$tools/catan-stats" --format json g3/* > files.json
jq -S .groups stream.json > stream-groups.json
jq -S .groups files.json > files-groups.json
cmp stream-groups.json files-groups.json || fail "stream statistics differ from files"
grep -q "\"games\": $games," stream.json || fail "the stream did not give $games games"

# bad partials are named
rc=0; "$tools/catan-stats" merge a1.partial broken.json > /dev/null 2> merr || rc=$?
[ "$rc" -eq 2 ] && grep -q 'broken.json: line 1' merr || fail "a malformed partial is not named (exit $rc)"
echo "stats and replay over $((games + games / 2)) games: -j, splits, merges and streams agree"
