#pragma once
// Events in plain words, as players say them (catan-replay --events, --at, --keep-going and
// the replay page's event list): "player_c moves the robber to the hills (10) [hex 18] and
// steals 1 brick from player_a", "player_a trades 4 wool to the bank for 1 ore".
//
// Places are named by the hexes that touch them, each as "the <terrain> (<number>)" ("the
// desert" without one), with the id in brackets so that messages quoting ids can be
// followed: a vertex "between the forest (3), the mountains (8) and the pasture (5)
// [vertex 35]", on the coast "on the coast between ..." or "on the coast at the N corner
// of the hills (10)", with its harbor ("by the 3:1 harbor"); an edge "between the forest (3)
// and the hills (10) [edge 21]" or "on the coast at the NE side of the hills (10)". What the
// log does not know is said to be hidden ("steals a hidden card", "discards 4 hidden cards",
// "buys a development card (hidden)").
#include <string>
#include <vector>

#include <catan/board/board.hpp>
#include <catan/engine/event.hpp>
#include <catan/engine/rules.hpp>

namespace ctk {

// The event as one sentence without a final full stop: the acting player's name, then what
// they do. Names are the seats' (seat_name; not escaped: pass text output through
// printable). Ids out of the board's range are named by id alone (a malformed event as check
// reports it). Never throws.
std::string event_text(const EventBody& e, const std::vector<Seat>& seats, const Board& board);

// A hex ("the hills (10)"), a vertex and an edge as event_text names them.
std::string hex_text(const Board& board, HexId h);
std::string vertex_text(const Board& board, VertexId v);
std::string edge_text(const Board& board, EdgeId e);

// Cards in words: "2 wool and 1 ore", "1 brick, 1 lumber and 1 grain"; "nothing" for none.
std::string cards_text(const ResourceCounts& cards);

// A violation in DESIGN.md section 5's text form, before escaping: "NAME: event I (turn T,
// EVENT): RULE: MESSAGE" with the event in words (event_text), or "NAME: RULE: MESSAGE" when
// `event` is null (the violation names no event, or its event is not at hand). Kept beside
// the event's words so that the verdict report (lib/catan/report/verdict_report.hpp) and the
// corpus statistics' records (lib/catan/analysis/stats.hpp) write one form. Never throws.
std::string violation_line(std::string_view name, const Violation& v, const Event* event,
                           const std::vector<Seat>& seats, const Board& board);

}  // namespace ctk
