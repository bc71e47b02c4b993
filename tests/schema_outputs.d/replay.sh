# Game logs and catan-replay: every sample log (valid and invalid, JSON and JSON Lines)
# against schemas/log.schema.json; the malformed logs a schema can see (unknown event type
# or field, misspelled resource or card) must fail it; catan-replay's verdicts and states
# against verdict.schema.json and state.schema.json. Sourced by validate_schemas.sh ($src,
# $build, $tmp, $ajv, validate, validate_ref, expect_invalid, fail).
logs="$src/samples/logs"
replay="$build/tools/catan-replay"

# A JSON Lines log as the equivalent document (header + "events"), so one schema checks both.
jsonl_to_document() {  # jsonl_to_document IN OUT
  node -e '
    const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(l => l.trim());
    const doc = JSON.parse(lines[0]);
    doc.events = lines.slice(1).map(l => JSON.parse(l));
    process.stdout.write(JSON.stringify(doc));' "$1" > "$2"
}

sample_logs=("$logs"/valid/*.json)
for f in "$logs"/invalid/*.json; do
  case "$f" in *.expected.json) ;; *) sample_logs+=("$f") ;; esac
done
for f in "$logs"/valid/*.jsonl; do
  jsonl_to_document "$f" "$tmp/$(basename "$f" .jsonl)-as-document.json"
  sample_logs+=("$tmp/$(basename "$f" .jsonl)-as-document.json")
done
validate_ref log.schema.json board.schema.json "${sample_logs[@]}"

bad_logs=()
for bad in unknown-event-type misspelled-resource misspelled-field unknown-field misspelled-dev-card not-a-log; do
  bad_logs+=("$logs/malformed/$bad.json")
done
expect_invalid log.schema.json board.schema.json "${bad_logs[@]}"

# Verdicts: valid, complete with --stats, a board violation (event null), --keep-going,
# and several files with a malformed one (one object per line).
"$replay" --format json "$logs/valid/trades.json" > "$tmp/verdict-valid.json"
"$replay" --format json --stats "$logs/valid/complete-3p.json" > "$tmp/verdict-stats.json"
"$replay" --format json "$logs/invalid/board-composition.json" > "$tmp/verdict-board.json" || true
"$replay" --format json --keep-going "$logs/invalid/roll-first.json" > "$tmp/verdict-keep-going.json" || true
"$replay" --format json "$logs/valid/resign-3p.jsonl" "$logs/invalid/turn-order.json" \
  "$logs/malformed/unknown-player.json" > "$tmp/verdict-many.jsonl" 2>/dev/null || true
n=0
while IFS= read -r line; do
  n=$((n + 1)); printf '%s\n' "$line" > "$tmp/verdict-many-$n.json"
done < "$tmp/verdict-many.jsonl"
[ "$n" -eq 3 ] || { echo "FAIL catan-replay: expected 3 verdict lines, got $n"; fail=1; }
# a lone malformed file still gets its record (issue 11: one verdict per input)
"$replay" --format json "$logs/malformed/unknown-player.json" > "$tmp/verdict-lone-malformed.json" 2>/dev/null || true
validate verdict.schema.json "$tmp"/verdict-*.json

# States: in the setup, with an open offer, at the end of a turn, after a violation.
"$replay" --format json --at 3 "$logs/valid/complete-3p.json" > "$tmp/state-setup.json"
"$replay" --format json --at 20 "$logs/valid/trades.json" > "$tmp/state-offer.json"
"$replay" --format json --turn 5 "$logs/valid/dev-cards.json" > "$tmp/state-turn.json"
"$replay" --format json --at 13 "$logs/invalid/roll-once.json" > "$tmp/state-violation.json" || true
# a 6-player game: the extension's deck of 34 cards
"$build/tools/catan-sim" --players 6 --games 1 --seed 1 --out "$tmp/six" > /dev/null
"$replay" --format json --at 3 "$tmp/six/game-000001.json" > "$tmp/state-six-players.json"
grep -q '"deck_left": 34,' "$tmp/state-six-players.json" ||
  { echo "FAIL catan-replay --at 3 of a 6-player game: deck_left is not 34"; fail=1; }
validate_ref state.schema.json verdict.schema.json "$tmp"/state-*.json

# Hands under hidden information (--hands, --trace): a spectator's log at its end and
# mid-game with a cut list, a full-information log, and every line of a --trace.
hidden="$logs/hidden/complete-3p-spectator.json"
"$replay" --hands --format json "$hidden" > "$tmp/hands-end.json"
"$replay" --hands --at 85 --format json --hands-limit 2 "$hidden" > "$tmp/hands-cut.json"
"$replay" --hands --format json "$logs/valid/complete-3p.json" > "$tmp/hands-full.json"
"$replay" --format jsonl --trace "$hidden" > "$tmp/trace.jsonl"
n=0
while IFS= read -r line; do
  n=$((n + 1)); printf '%s\n' "$line" > "$tmp/hands-trace-$n.json"
done < "$tmp/trace.jsonl"
[ "$n" -gt 100 ] || { echo "FAIL catan-replay --trace: expected a line per event, got $n"; fail=1; }
# Past the bound (2 states): guaranteed bounds, no probabilities, the event stated.
"$replay" --hands --format json --max-states 2 "$hidden" > "$tmp/hands-bounded.json"
"$replay" --format jsonl --trace --max-states 2 "$hidden" | tail -n 1 > "$tmp/hands-bounded-trace.json"
for f in "$tmp/hands-bounded.json" "$tmp/hands-bounded-trace.json"; do
  python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if d["exact"] is False and isinstance(d.get("inexact_from"), int) else 1)' "$f" ||
    { echo "FAIL catan-replay --max-states 2: $f does not say from which event it is not exact"; fail=1; }
done
validate hands.schema.json "$tmp"/hands-*.json
