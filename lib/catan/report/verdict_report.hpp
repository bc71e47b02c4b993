#pragma once
// The verdict of a replay for people and programs (DESIGN.md section 5): its text, its JSON
// (schemas/verdict.schema.json), a violation's one-line text, the game event by event in
// words, and how to name a log in titles. Reports only: the replay that makes the verdict
// is lib/catan/play/replay.hpp.
//
// Text is for a terminal: names and quoted input have control characters (and backslashes)
// escaped with `printable` (lib/catan/io/output.hpp), except in raw_violation_text.
// None of these throws for anything in a verdict or a log that replay accepted.

#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include <catan/engine/rules.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/replay.hpp>

namespace ctk {

// How to name a log in titles: `name` unless it is empty or "-" (standard input); then the
// log's source up to its first " (" (e.g. "catan-import --from soclog game.soclog"), else
// "standard input".
std::string log_title(const GameLog& log, std::string_view name);

// DESIGN.md section 5 text form of a violation, one line (io/event_text.hpp violation_line):
//   "game.json: event 2 (turn 0, blue places a settlement between the hills (6), the forest
//    (11) and the desert [vertex 20]): distance-rule: vertex 20 is next to red's settlement
//    at 19"; "NAME: RULE: MESSAGE" for a violation of the log as a whole.
// The event is looked up in log.events, else in verdict->violating_events (a streamed
// replay holds no events); not found, the line names no event.
std::string violation_text(const Violation& v, const GameLog& log, std::string_view name,
                           const Verdict* verdict = nullptr);
// The same text before escaping: for records that store a message and escape it once where
// it is printed (catan-stats), or that JSON escapes itself.
std::string raw_violation_text(const Violation& v, const GameLog& log, std::string_view name,
                               const Verdict* verdict = nullptr);

// The verdict as JSON (schemas/verdict.schema.json): file, valid, outcome, violations (each
// with its violation_text), warnings, standings, awards, winner, counts, the options, the
// log's source when it names one, and with Verdict::stats the dice (rolled against
// expected, dice_ways in lib/catan/board/board.hpp) and each player's cards by source.
// `log` is the log that was replayed (its seats, board and options name what `v` holds).
nlohmann::json verdict_to_json(const Verdict& v, const GameLog& log);
// The verdict as text (DESIGN.md section 5): every violation's line, or the outcome line
// ("NAME: valid, complete: red wins with 10 VP on turn 52 (...)" / "valid, unfinished"),
// the warnings, the rules when not the standard ones, the source of a converted recording,
// the standings with each player's VP by source, the awards, and with Verdict::stats the
// dice and the cards by source. Ends with a newline.
std::string verdict_to_text(const Verdict& v, const GameLog& log);

// The game as text, one line per event in plain words (io/event_text.hpp) with its index and
// turn ("not replayed" for an event replay could not apply even going on): "   17  turn 3 —
// player_c rolls 8 (3 + 5)", every rule an event breaks on the lines
// after it ("         ! road-connected: ..."), and the verdict's first line at the end. The
// log is replayed with opt (keep_going set, so that every event has its turn and every
// violation is listed). Names and text escaped with printable. `verdict`, when given,
// receives that replay's verdict.
std::string events_text(const GameLog& log, const ReplayOptions& opt, std::string_view name,
                        Verdict* verdict = nullptr);

}  // namespace ctk
