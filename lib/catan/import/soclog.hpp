#pragma once
// Importer for the JSettlers 1.x server logs of the STAC project (`.soclog`, data README
// section 2.1): text in, native GameLog out. Never prints.
//
// Coordinates, codes and the board: import/detail/jsettlers_board.hpp (shared with the
// 2.x event log importer). Verified on the recorded games: every setup road touches the
// settlement just placed, and every roll's gains that the server logged equal the
// production our rules derive from the mapped board (replay cross-checks them as
// `production` claims). The robber starts on the desert (the logs' robberHex field is
// sometimes garbled).
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
//   options: unlimited_bank (JSettlers keeps no count of the bank's cards).
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
// The same import, also returning those hands (for verification; tests/import/corpus_test.cpp).
GameLog import_soclog(std::string_view text, std::string_view name, std::vector<SoclogHand>& hands);

}  // namespace ctk
