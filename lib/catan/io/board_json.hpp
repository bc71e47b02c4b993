#pragma once
// A board as JSON and back (schemas/board.schema.json): the precise reader, whose messages
// are the reference; io/detail/board_fast.hpp reads the same boards faster.

#include <nlohmann/json_fwd.hpp>

#include <catan/board/board.hpp>

namespace ctk {

// Board JSON (schemas/board.schema.json). to_json writes every hex with its id, axial
// q and r, terrain and token (null on the desert), every harbor with hex, side, edge,
// vertices and type, and the robber's hex.
nlohmann::json board_to_json(const Board& b);
// Reads a board. The topology is built from the hexes' q and r; each listed id must equal
// the id that ordering gives; a harbor's optional edge and vertices must be those of its
// hex and side. Throws InputError naming the JSON field at fault (e.g.
// "hexes[4].terrain: unknown terrain \"forrest\" (expected hills, forest, ...)"), also for
// a field the format does not have, at every level, as the schema's
// additionalProperties: false ("robbber: unknown field (expected format, version, kind,
// hexes, harbors, robber)"), a version other than 1 and a kind outside standard,
// extended, custom (the kind itself is derived from the hexes, not taken from the field).
Board board_from_json(const nlohmann::json& j);

}  // namespace ctk
