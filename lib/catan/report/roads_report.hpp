#pragma once
// What catan-roads reports (DESIGN.md section 1): per player the longest trail (RULES.md
// `longest-road`), the number of separate road networks and the knights played, and who
// holds each award. The input is a position — who owns which roads and buildings — read
// from a position JSON (schemas/position.schema.json), from a state JSON written by
// catan-replay, or taken from a replayed GameState.

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include <catan/board/board.hpp>
#include <catan/engine/roads.hpp>

namespace ctk {

class GameState;
struct Seat;

struct PositionPlayer {
    std::string name;
    std::string colour;     // display colour for drawings; empty: chosen from the name
    EdgeSet roads;          // the player's roads
    VertexSet settlements;  // the player's settlements
    VertexSet cities;       // the player's cities
    int knights = 0;        // knights played (largest-army)
    bool resigned = false;  // a resigned player's pieces stay but hold no award
};

struct Position {
    std::shared_ptr<const Board> board;   // never null (the beginner board by default)
    std::vector<PositionPlayer> players;  // in seat order, 1..kMaxPlayers... at least 1
    int longest_road = kNoPlayer;         // the award holders before this position
    int largest_army = kNoPlayer;
    // Vertices holding a building of someone other than player p (they cut p's roads).
    VertexSet blocked_for(int p) const;
};

// Reads a position. Accepted shapes (docs/catan-roads.md):
//   a position: {"format": "catan-position", "version": 1, "board": {...} (optional,
//     board.schema.json; default the beginner board), "players": [{"name": "red",
//     "roads": [edge, ...], "settlements": [vertex, ...], "cities": [vertex, ...],
//     "knights": 3}, ...], "longest_road": "red" | null, "largest_army": name | null};
//     edges may be written {"hex": h, "side": "NE"} and vertices {"hex": h, "corner":
//     "N"}; unknown fields are errors;
//   a state: the "state" object of `catan-replay --at N --format json` (or that whole
//     output), whose "roads" and "buildings" name their owners; fields that do not matter
//     here (hands, bank, ...) are ignored; the board is the beginner board unless the
//     object has a "board".
// Throws InputError naming the field: an unknown player, an edge or vertex off the board,
// the same edge or vertex owned twice, more than 15 roads for a player (piece-limit), a
// knight count outside 0..14.
Position position_from_json(const nlohmann::json& j);

// The position of a replayed game (the log's seats give names and colours).
Position position_from_state(const GameState& s, const std::vector<Seat>& seats);

struct PlayerRoadsReport {
    Trail trail;       // the longest trail (longest_trail)
    int networks = 0;  // road_network_count
    int roads = 0;     // roads on the board
    int knights = 0;
};

struct RoadsReport {
    std::vector<PlayerRoadsReport> players;  // as Position::players
    // The award holders after this position: longest_road_holder / largest_army_holder
    // applied to the position's holders (a resigned player counts 0 and loses a card).
    int longest_road = kNoPlayer;
    int largest_army = kNoPlayer;
};

RoadsReport roads_report(const Position& p);

// JSON (schemas/roads.schema.json): {"players": [{"name", "length", "trail": {"edges",
// "vertices"}, "networks", "roads", "knights"}], "longest_road": name | null,
// "largest_army": name | null}.
nlohmann::json roads_report_to_json(const Position& p, const RoadsReport& r);
// A table, one line per player, then the award holders.
std::string roads_report_to_text(const Position& p, const RoadsReport& r);
// The board as SVG with each player's longest trail highlighted in the player's colour
// and every building marked (lib/catan/render/render_svg.hpp).
std::string roads_report_to_svg(const Position& p, const RoadsReport& r,
                                const std::string& title = "");

}  // namespace ctk
