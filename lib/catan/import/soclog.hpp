#pragma once
// Importer for the JSettlers 1.x server logs of the STAC project (`.soclog`, data README
// section 2.1): text in, native GameLog out. Never prints.
//
// Coordinates. JSettlers v1 writes hexes, nodes and edges as two hex digits 0xXY. Its
// classic board is drawn with pointy-top hexes in horizontal rows (4,5,6,7,6,5,4 with the
// sea ring), like ours, so the isomorphism is a pure change of axes, no rotation or
// mirror:
//   hex 0xXY (X, Y odd)   -> axial q = (Y - 7) / 2, r = (X - Y) / 2   (0x77 = hex 9 = (0,0))
//   east = +0x22, south-east = +0x20, north-east = +0x02 in JSettlers terms.
//   the corners of hex H: N = H+0x01, NE = H+0x12, SE = H+0x21, S = H+0x10, SW = H-0x01,
//   NW = H-0x10 (digit-wise); a node is found through any hex it touches.
//   edge E: if X+Y is even it is the vertical edge joining nodes E+0x01 and E+0x10,
//   otherwise the slanted edge joining nodes E and E+0x11.
// This follows JSettlers' SOCBoard (v1 encoding: getAdjacentHexesToNode,
// getAdjacentNodesToEdge) and is verified on the recorded games: every setup road
// touches the settlement just placed, and every roll's gains that the server logged
// equal the production our rules derive from the mapped board (replay cross-checks them
// as `production` claims).
//
// Harbors: a port hex (hexLayout 7..12 = 3:1, or (facing << 4) | resource for 2:1) faces
// direction 1..6 = NE, E, SE, SW, W, NW towards the land hex it serves; the harbor is
// that land hex's opposite side. Number tokens are indexes 0..9 -> 2,3,4,5,6,8,9,10,11,12.
// The robber starts on the desert (the logs' robberHex field is sometimes garbled).
//
// What becomes an event: only what the server accepted, once. Requests and echoes are
// both logged, and rejected requests too, so each action is taken at the server's
// confirmation text ("X built a road.", "X rolled a 3 and a 4.", "X traded ... from the
// bank.", "X discarded 4 resources.", "X stole a resource from Y", ...) with its content
// from the request just before it and the exact cards from the SOCPlayerElement lines.
//   players: the seats that place in the setup, in the order of their first settlement
//     (Seat::source_seat = the JSettlers seat number, name = the nickname then);
//   end_turn: when the server hands the turn (SOCTurn) to another seat after the setup;
//   claims: each roll's gains (SOCPlayerElement GAIN after the dice) as `received`; the
//     final SOCGameStats as `vp` and the winner ("... has won the game") on the last event.
// Leaving the table is not resigning. A log that stops before the end imports as far as
// it goes; GameLog::source then says "unfinished".

#include <optional>
#include <string_view>
#include <vector>

#include <catan/board/topology.hpp>
#include <catan/engine/event.hpp>

namespace ctk {

// JSettlers v1 coordinates (an integer 0x00..0xFF) on the standard board. Each returns
// std::nullopt when the coordinate is not a land hex / not a corner or side of a land hex.
std::optional<HexId> soclog_hex(int coord);
std::optional<VertexId> soclog_vertex(int coord);
std::optional<EdgeId> soclog_edge(int coord);

// True when the text looks like a STAC soclog (its first record line has the
// "YYYY:MM:DD:HH:MM:SS:mmm:+ZZZZ:SOC" shape).
bool looks_like_soclog(std::string_view text);

// Converts a whole soclog. `name` prefixes messages. Throws InputError
// "<name>:<line>: <what>" for anything it cannot map: a line that is not a record, an
// unknown message type, a coordinate off the board, a resource or card code out of range,
// a JSettlers 2.x event log ("unsupported format"), a log without board or setup.
GameLog import_soclog(std::string_view text, std::string_view name);

// A hand the server states: right after each roll JSettlers resends every player's
// resource cards (SOCPlayerElement SET). Replay must reach the same hand after `event`.
struct SoclogHand {
    std::size_t event = 0;  // index of the roll event in GameLog::events
    PlayerId player = kNoPlayer;
    ResourceCounts hand{};
};
// The same import, also returning those hands (for verification; tests/corpus_test.cpp).
GameLog import_soclog(std::string_view text, std::string_view name, std::vector<SoclogHand>& hands);

}  // namespace ctk
