#pragma once
// The replay page (DESIGN.md section 2, "render"): one self-contained HTML file — inline
// SVG, CSS and JavaScript, no network access — to step through a replayed game event by
// event. The library computes everything the page shows; the page's script only draws.
//
// Page data (JSON inside the page, built by replay_page_data): the board's drawing
// geometry, the players, and for every event of the log a compact record of what changed
// after it (pieces placed, robber moved, each changed player's figures, award holders,
// dice), so that the page of a 1,000-event game stays well below 1 MB. The script builds
// the state at event N by applying the changes of events 0..N in order; nothing in the
// script knows a rule.
//
// Hidden information: replay tracks the belief (lib/catan/track/track.hpp) and the page shows the
// most probable state's pieces, but never its hands as certain: while more than one state
// is possible, each changed player record carries the tracker's figures (the most likely
// hands with their probabilities and the rest's, per-resource bounds, the possible sets of
// unplayed development cards, the VP range) and each event the number of states.

#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include <catan/analysis/forecast.hpp>
#include <catan/engine/event.hpp>
#include <catan/play/replay.hpp>

namespace ctk {

struct ReplayPage {
    Verdict verdict;   // replay's verdict, as catan-replay prints it
    std::string html;  // the whole page (UTF-8)
};

// Replays `log` with `opt` (keep_going / strict_board / track / stats are honoured: the
// verdict then holds the statistics; stop_at_* and on_event are ignored: the page always
// covers the whole log) and describes every event.
// `name` names the log in the title and in violation texts (a file name; for standard
// input, pass "-": the title then uses the log's source, e.g. the imported file).
// The result (schema: the "page data" comment in lib/catan/report/viewer.cpp) holds:
//   "title", "source", "players" [{name, colour}], "geometry" (lib/catan/render/render_svg.hpp
//   SvgGeometry), "dice_expected" (the chance of each sum 2..12 in 36ths),
//   "resources" / "dev_cards" (names in the order of the count arrays), "verdict"
//   {outcome, text, violations [{event, rule, text}], warnings [{rule, message}],
//   applied (events replay applied), events (events in the log)}, "initial" (players,
//   robber, awards before event 0), "events" [one record per event of the log].
// Never throws for rule violations; the log was read already (read_log throws for
// malformed input).
nlohmann::json replay_page_data(const GameLog& log, const ReplayOptions& opt, std::string_view name,
                                Verdict* verdict = nullptr);

// The page: the board drawn by render_svg, the data of replay_page_data and the page's
// template (lib/catan/report/viewer_page.html, embedded at build time) in one HTML document. The
// URL fragment #event=N opens the page at event N (0-based).
// With `forecast` (lib/catan/analysis/forecast.hpp, of the same log) the page also draws
// the win probabilities under the board, a cursor following the event shown: the data's
// "forecast" {rollouts, policy, positions [{e: event, t: turn, p: [per player]}],
// turning_points [{e, text}]}.
ReplayPage replay_page(const GameLog& log, const ReplayOptions& opt, std::string_view name,
                       const Forecast* forecast = nullptr);

}  // namespace ctk
