#pragma once
// The state of a game for people and programs: JSON (schemas/state.schema.json) and a
// readable text with the ASCII board. The rules' options as JSON and text are in
// io/log_format.hpp.

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include <catan/engine/state.hpp>

namespace ctk {

// The state as JSON (schemas/state.schema.json): phase, turn, active, rolled, pending
// seven, robber, bank, deck, options (options_to_json), players (name, hand, dev cards, pieces
// left, knights, road length, vp, public_vp, resigned), buildings, roads, awards, winner, open
// offer.
nlohmann::json state_to_json(const GameState& s, const std::vector<Seat>& seats);

// A readable text form: the ASCII board (lib/catan/render/render.hpp) with the robber, then a line
// per player (hand, dev cards, pieces, VP) and the buildings and roads by vertex/edge id.
std::string state_to_text(const GameState& s, const std::vector<Seat>& seats);

}  // namespace ctk
