#pragma once
// Importer for catanatron game records (JSON, data README section 2.6): one game object
// in, native GameLog out. Never prints.
//
// Coordinates. catanatron uses cube coordinates [x, y, z] of pointy-top hexes with
// east = (1,-1,0), south-east = (0,-1,1), north-east = (1,0,-1); our axial (q, r) is
// q = x, r = z (same orientation, no rotation or mirror). Its node ids 0..53 (land
// corners) are given as {tile_coordinate, direction N..NW} and are mapped through that
// corner; its edges [n1, n2] are mapped through {tile_coordinate, direction} as well.
// The importer VERIFIES the mapping on every file: the 54 land nodes map one-to-one to
// our vertices, and every land edge [n1, n2] of the file joins exactly the two vertices
// its nodes map to (so node adjacency matches ours exactly); otherwise InputError.
// Ports (tiles of type PORT) face `direction` towards the land hex they serve.
//
// Events: the action records in order. Placements before the first ROLL are the setup
// (place_settlement / place_road); the roads after PLAY_ROAD_BUILDING are its free roads.
// The result of MOVE_ROBBER is the stolen card, of BUY_DEVELOPMENT_CARD the card drawn.
// The last event carries the final claims: every player's VP (P<i>_ACTUAL_VICTORY_POINTS)
// and the winner (winning_color, or nobody). Seats are named by colour, lower case, in
// the order of `colors` (turn order). catanatron's engine deviates from RULES.md in
// places (no sole-recipient exception to the bank shortage, anyone reaching 10 VP wins,
// longest-road undercounts): replay reports those as violations; the importer never hides
// them.

#include <string_view>

#include <catan/engine/event.hpp>

namespace ctk {

// True when the text is a JSON object that looks like a catanatron record (starts with
// '{' and mentions "action_records").
bool looks_like_catanatron(std::string_view text);

// Converts one catanatron game. `name` prefixes messages. Throws InputError
// "<name>: <json path>: <what>" for invalid JSON, a missing or mistyped field, an unknown
// action type, colour, resource or card, a coordinate off the board, or a node/edge
// numbering that does not match our topology.
GameLog import_catanatron(std::string_view text, std::string_view name);

}  // namespace ctk
