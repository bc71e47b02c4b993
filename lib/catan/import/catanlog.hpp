#pragma once
// Importer for catanlog `.catan` transcripts (versions 0.4 to 0.10; data README section
// 2.4): text in, native GameLog out. A catanlog file is a spectator's record of a tabletop
// game, typed in by hand during play. Never prints.
//
// Header: "catanlog vX.Y.Z" (or "catanlog X.Y.Z"), "timestamp: ...", "players: N", N lines
// "name: NAME, color: COLOUR, seat: S" (seat order = turn order), "terrain:" and
// "numbers:" (19 tiles each; None = no token), "ports:" ("type(tile side)", 9 of them),
// then "...CATAN!". Seats are named by NAME (Seat::source_seat = S); the body names
// players by COLOUR.
//
// Coordinates. Tiles 1..19 start at the north-west tile and spiral counter-clockwise
// inwards (the hexgrid module of catanlog's writer): outer ring 1..12 = our hexes 0, 3,
// 7, 12, 16, 17, 18, 15, 11, 6, 2, 1; inner ring 13..18 = 4, 8, 13, 14, 10, 5; 19 = 9.
// A location "(tile d)" is the corner d (N, NE, SE, S, SW, NW) of that tile for a
// settlement or city and its side d (NE, E, SE, SW, W, NW) for a road; the hexes are
// pointy-top like ours, so names carry over unchanged.
//
// Events. Before the first roll, "buys settlement/road, builds at" lines are the setup
// placements (place_settlement / place_road) and "ends turn" lines only separate
// players (no event). Afterwards: rolls give the sum only ({"sum": n}); builds, bought
// development cards (card unknown: null), robber moves with the victim (stolen card
// unknown: null; "nobody" = no victim), knights (old form "plays dev card: knight, moves
// robber ..." = play_knight + move_robber), monopoly (haul not logged: no claim), year of
// plenty, road builder (play_road_building + its build_road events), bank trades ("to
// port P"; the engine checks the rate), player trades, end of turn. "X plays victory
// point" reveals a card: no event; the win that needs it is claimed by "X wins", a
// `winner` claim on the last event. Discards are not logged: the header says
// "unrecorded": ["discards"].
//
// Noise of hand-written transcripts (each reported as an ImportWarning with its line):
//   - an end of turn followed by more actions of the same player (before the next player
//     does anything but roll): the early end_turn is dropped (the later one stands); a
//     roll of the next player entered in between is held until the turn really ends, and
//     dropped if that player rolls again there;
//   - a second roll in one turn with nothing between: the earlier is dropped (a
//     correction); after other actions the later is dropped (roll-once);
//   - a line repeating the line before it: a build at the same place is dropped (it cannot
//     happen twice); a repeated purchase or trade is kept (the rules allow it);
//   - a port trade cut off after its first bracket and glued to the next line ("white
//     trades [2 wood]white buys dev card"): the port and the cards received are lost, so
//     the trade is dropped; the rest of the line is read as its own lines.
// Anything else that cannot be read (an unknown colour, a tile out of 1..19, a corner or
// side name, a resource) is an InputError "<name>:<line>: <what>, got \"...\"".

#include <string>
#include <string_view>
#include <vector>

#include <catan/engine/event.hpp>
#include <catan/import/import_util.hpp>

namespace ctk {

// Our hex id of catanlog tile 1..19 (std::nullopt outside that range).
std::optional<HexId> catanlog_hex(int tile);

// True when the first non-blank line starts with "catanlog".
bool looks_like_catanlog(std::string_view text);

// Converts a whole transcript. `name` prefixes messages; warnings (noise, see above) are
// appended to *warnings when it is not null.
GameLog import_catanlog(std::string_view text, std::string_view name,
                        std::vector<ImportWarning>* warnings = nullptr);

}  // namespace ctk
