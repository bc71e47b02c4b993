#pragma once
// catan-replay's reports of one replayed game: the verdict, the hands at a point, the state
// at a point, as text or JSON (one JSON line each when a run prints several records).

#include <optional>
#include <string>

#include <catan/engine/event.hpp>
#include <catan/play/replay.hpp>
#include <catan/report/track_report.hpp>

namespace ctk {

// How a report is written: JSON (one line when `one_line`, else indented), or text (with
// `one_line`, the verdict's first line only).
struct ReportShape {
    bool json = false;
    bool one_line = false;
};

// --at or --turn past the game's end: a bad command line for this game, which stops the run
// (not a malformed input, so no "malformed" record is written for it).
struct PointOutOfRange : InputError {
    using InputError::InputError;
};

// Throws PointOutOfRange when event `at` is past the game's `events` events ("<name>: --at
// N: the log has E events (0..E-1)"), or the end of turn `turn` past the turns the verdict
// reached while no rule was broken ("<name>: --turn T: the log ends in turn U (0..U)").
void check_point(const std::string& name, std::size_t events, const Verdict& v,
                 std::optional<int> at, std::optional<int> turn);

// The verdict: verdict_to_json, or verdict_to_text (its first line with one_line).
std::string verdict_report(const Verdict& v, const GameLog& log, ReportShape shape);

// Each player's possible hands after the verdict's last event (v.belief must be set):
// {"file", "event", belief_to_json..., "violations" when any} or
// "<name>: hands after event N: " belief_to_text, then each violation's line.
std::string hands_report(const std::string& name, const GameLog& log, const Verdict& v,
                         const HandsOptions& hands, ReportShape shape);

// The state where replay stopped (v.state must be set), at event `at` or at the end of
// turn `turn` (one of the two given): {"file", "event", "turn", "state", "violations" when
// any}, or "<name>: state after event N (turn T, <the event in words>)" (`at_turn` < 0: the
// turn unknown, left out) or "... at the end of turn T", the state's text, the violations.
std::string state_report(const std::string& name, const GameLog& log, const Verdict& v,
                         std::optional<int> at, std::optional<int> turn, int at_turn,
                         ReportShape shape);

}  // namespace ctk
