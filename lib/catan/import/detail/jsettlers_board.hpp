#pragma once
// What both JSettlers importers share (the STAC / 1.x server log, import/soclog, and the
// 2.x game event log, import/jsettlers): the coordinates, the resource codes, the message
// body syntax and the boards of SOCBoardLayout (v1 encoding, 4 players) and
// SOCBoardLayout2 (v2 encoding, the 6-player board).
//
// Coordinates. JSettlers writes hexes, nodes and edges as two hex digits 0xXY. Its v1
// (4-player) and v2 (6-player) encodings share one arithmetic, drawn with pointy-top hexes
// in horizontal rows like ours (JSettlers shows its 6-player board turned a quarter, which
// does not change the coordinates), so the isomorphism is a pure change of axes:
//   hex 0xXY (X, Y odd)   -> axial q = (Y - 7) / 2, r = (X - Y) / 2   (0x77 = (0, 0))
//   east = +0x22, south-east = +0x20, north-east = +0x02 in JSettlers terms.
//   the corners of hex H: N = H+0x01, NE = H+0x12, SE = H+0x21, S = H+0x10, SW = H-0x01,
//   NW = H-0x10 (digit-wise); a node is found through any hex it touches.
//   edge E: if X+Y is even it is the vertical edge joining nodes E+0x01 and E+0x10,
//   otherwise the slanted edge joining nodes E and E+0x11.
// Under it the 4-player land hexes (0x33 .. 0xBB) are exactly our standard board and the
// 6-player land hexes (0x11 .. 0xBB) exactly our 30-hex board; every board read is checked
// hex by hex against the topology it maps onto, and the importers cross-check each file's
// mapping by the production the server reports for every roll.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <catan/board/board.hpp>
#include <catan/board/topology.hpp>
#include <catan/engine/event.hpp>
#include <catan/import/import_util.hpp>

namespace ctk::jsettlers {

// The coordinates of one of our boards (the standard or the 30-hex one). Each returns
// std::nullopt for a coordinate outside 0x00..0xFF or not a land hex / a corner or side of
// a land hex of that board.
class Grid {
  public:
    explicit Grid(const Topology& topology);
    static const Grid& standard();  // over Topology::standard()
    static const Grid& extended();  // over Topology::extended()

    const Topology& topology() const { return *topo_; }
    std::optional<HexId> hex(int coord) const;
    std::optional<VertexId> vertex(int coord) const;
    std::optional<EdgeId> edge(int coord) const;

  private:
    const Topology* topo_;
    GridLookup look_;
};

// Resource codes 1..5 (clay, ore, sheep, wheat, wood); std::nullopt for anything else
// (6 = unknown).
std::optional<Resource> resource_code(int code);

// The value of key in "k=v|k=v|...", up to the next '|'; std::nullopt when absent.
std::optional<std::string_view> field(std::string_view body, std::string_view key);
// The whole remainder after "key=" (for texts, which may hold '|').
std::optional<std::string_view> tail(std::string_view body, std::string_view key);

// The six counts "clay=0|ore=0|sheep=2|wheat=0|wood=0|unknown=0" right after "key=" in a
// message body. Throws InputError naming the key for a missing or malformed count, a
// negative one, or unknown cards (which cannot be mapped to a resource).
ResourceCounts resource_set(std::string_view body, std::string_view key);

// The integers of a list field "key={ 1 2 -1 }". Throws InputError naming the key when it
// is missing, not in braces, or holds something that is not a decimal integer.
std::vector<int> int_list(std::string_view body, std::string_view key);

// A decimal (base 10) or hexadecimal (base 16, an optional "0x" prefix) integer filling
// the whole text; std::nullopt otherwise.
std::optional<int> parse_int(std::string_view s, int base = 10);

// Numbers of the JSettlers protocol that both importers read.
// SOCPlayerElement actionType (the 1.x server log writes the number, 2.x the name).
enum ElementAction : int { kElementSet = 100, kElementGain = 101, kElementLose = 102 };
// SOCPutPiece pieceType.
enum PieceType : int { kPieceRoad = 0, kPieceSettlement = 1, kPieceCity = 2 };
// SOCGameState: the special building phase (5-6 players) and the game's end.
enum GameStateNumber : int { kStateSpecialBuilding = 100, kStateOver = 1000 };

// JSettlers seat numbers (0..kMaxSeats-1; a game's seats may have gaps).
inline constexpr int kMaxSeats = 8;

// The players of a game from the seats that placed in its setup, in turn order: their
// Seat entries (named by the nickname each seat had then, "seat<N>" when none, made
// unique with "-seat<N>"; source_seat = the JSettlers seat) and, per JSettlers seat, its
// player (kNoPlayer for a seat that did not play). Throws InputError "<name>: ..." for
// fewer than 2 or more than kMaxPlayers players.
struct SetupPlayers {
    std::vector<Seat> seats;
    std::array<PlayerId, kMaxSeats> player{};
};
SetupPlayers setup_players(const std::vector<int>& order,
                           const std::array<std::string, kMaxSeats>& nicknames,
                           std::string_view name);

// The board of SOCBoardLayout (v1 encoding): 37 hex codes and 37 number indexes in the v1
// hex order (rows of 4,5,6,7,6,5,4 with the sea ring). Land: 0 desert, 1..5 clay, ore,
// sheep, wheat, wood; sea: 6 water, 7..12 a 3:1 port facing 1..6 (NE, E, SE, SW, W, NW),
// (facing << 4) | resource a 2:1 port; numbers 0..9 -> 2,3,4,5,6,8,9,10,11,12, -1 none.
// The robber starts on the desert. Throws InputError naming the hex for any code or count
// that is not such a board.
Board board_v1(const std::vector<int>& hexes, const std::vector<int>& numbers);

// The board of SOCBoardLayout2 with bef=2 (the 6-player board): hex codes in the same
// 37-entry order (land 0..5 as above, 6 water), the dice numbers themselves (-1 none),
// the robber's hex coordinate and the 11 harbor types (0 = 3:1, 1..5 = 2:1 of a resource)
// in JSettlers' fixed harbor order (clockwise from the north-west). Throws InputError as
// board_v1 does.
Board board_v2(const std::vector<int>& hexes, const std::vector<int>& numbers, int robber_hex,
               const std::vector<int>& harbors);

}  // namespace ctk::jsettlers
