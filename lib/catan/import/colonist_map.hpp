#pragma once
// Internal to the colonist.io importer (lib/catan/import/colonist.hpp): its codes and its map
// (initialState.mapState) mapped onto our standard board, with the checks described there.

#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include <catan/board/board.hpp>
#include <catan/engine/event.hpp>

namespace ctk::colonist {

inline constexpr int kFaceDownResource = 0;  // a resource card seen face down
inline constexpr int kFaceDownDevCard = 10;  // a development card seen face down

// Resource code 1..5 (lumber, brick, wool, grain, ore) -> ours; std::nullopt otherwise.
std::optional<Resource> resource_of_code(int c);
// Development card code 11..15 (knight, victory point, monopoly, road building, year of
// plenty) -> ours; std::nullopt otherwise (10, face down, included).
std::optional<DevCard> dev_card_of_code(int c);

// The board of initialState and the ids of its tiles, corners and edges, by their keys.
struct ColonistMap {
    std::optional<Board> board;
    std::map<int, HexId> hex_of_tile;
    std::map<int, VertexId> vertex_of_corner;
    std::map<int, EdgeId> edge_of_edge;
};

// Reads initialState.mapState (`path` names initialState in messages): the 19 tiles, 54
// corners, 72 edges and 9 harbors, each mapped and checked. Throws InputError
// "<path>.mapState....: <what>" (without the file name).
ColonistMap read_colonist_map(const nlohmann::json& initial, const std::string& path);

}  // namespace ctk::colonist
