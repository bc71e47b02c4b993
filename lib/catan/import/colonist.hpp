#pragma once
// Importer for colonist.io game replays (JSON, data README section 2.7): one replay in,
// native GameLog out. Never prints.
//
// Coordinates. colonist.io writes hexes as axial (x, y) with x = our q (east) and y = our
// r (south-east); a corner as (x, y, z) with z = 0 the N corner and z = 1 the S corner of
// hex (x, y); an edge as (x, y, z) with z = 0 the NW, 1 the W and 2 the SW side of hex
// (x, y). The hex (x, y) need not be a land hex. The importer VERIFIES the mapping on
// every file: every land tile lies on the standard 19-hex board (each hex once), the
// corners of `tileCornerStates` map one-to-one onto our 54 vertices (so every corner
// touches the hexes it geometrically touches), the edges of `tileEdgeStates` one-to-one
// onto our 72 edges, and every harbor edge of `portEdgeStates` is one of the 9 harbor
// slots of the standard frame; otherwise InputError naming the entry.
//
// Codes (as the files use them): resources 1 lumber, 2 brick, 3 wool, 4 grain, 5 ore, 0 a
// face-down card; tiles 0 desert, 1..5 the terrain of that resource; development cards 10
// face-down, 11 knight, 12 victory point, 13 monopoly, 14 road building, 15 year of plenty;
// harbor type 1 = 3:1, 2..6 = 2:1 of resource type-1; pieces 0 road, 2 settlement, 3 city.
//
// Seats: `playOrder` (colour codes in turn order, any code the site uses), named by
// `playerUserStates[].username` (the site's own replays) or `playerId` (the public dataset,
// which pseudonymises players), else "colour-<code>"; a duplicate name gets "-<colour code>"
// appended; displayed in the import colours; Seat::source_seat is the colonist colour code.
// Options: `victoryPointsToWin`, `cardDiscardLimit`, `friendlyRobber` of `gameSettings`. A
// replay whose `modeSetting`, `extensionSetting`, `scenarioSetting` or `mapSetting` is not 0
// (another game than the base game on the standard map) is refused, naming the setting; the
// other settings (`diceSetting` among them: 1 may mean balanced dice) are kept in the log's
// `source`, with whose perspectives the replay merges (`eventsPerspectives`,
// `playerPerspective`).
//
// Events. Each stateChange of `eventHistory.events` is one step; its deltas are the truth of
// what changed, its `gameLogState` entries (in key order) say what the deltas cannot:
//   4 placement (setup, or a free road of road building), 5 build, 10 roll (the dice), 47
//   cards received (distributionType 0 setup, 1 production), 55 discard, 11 robber move, 14/15
//   the steal (thief's and victim's view), 16 the steal as the others see it (the victim;
//   the card hidden), 20 development card played, 21 year of plenty's cards, 86 monopoly's
//   resource, 1 development card bought, 116 bank trade, 115 completed player trade (the
//   partner), 45 the site's winner; a stateChange that advances
//   `currentState.completedTurns` after the first roll ends the turn.
// The deltas give where a piece was built, where the robber went and which development card
// was drawn. Offers (117, 118) and the trade negotiation of `tradeState` are left out:
// colonist.io keeps several offers open to several players and takes counter-offers, which
// the native trade_offer events (one offer to one addressee) cannot express; only completed
// trades are imported. The announcements 0 and 24 (reconnected, disconnected), 49 (the
// robber's tile produced nothing), 60 (nobody received), 64 (the site discards for a player
// out of time; entry 55 follows), 66 and 68 (an award gained or taken; the mechanic states
// say who), 74 (a player is to move the robber), 112 (a player left; leaving is not
// resigning), 130 (the game's limit) and 139 (how many players must discard) change no
// state.
// An entry of any other type is passed over, and counted in the log's `source` ("passed
// over: 3 entries of types 23, 113"); where its step's deltas show a piece or a robber move
// that no later entry of the step claims, the event is derived from the delta: the piece's
// owner places (setup) or builds it, the player whose turn it is moves the robber (the site
// acting for a player out of time: that player's event, as if they had acted).
// Every step is then checked: each new piece and robber move must belong to an event, and a
// hand (`playerStates[c].resourceCards`), the bank's cards, a seat's development cards or
// victory points (`victoryPointsState`) that change must be changed by an event of the step
// (a hand: a production, build, purchase, discard, trade, steal or card played of that seat;
// a face-down list is compared by its size); otherwise InputError naming the delta's path,
// what changed and the step's log entries. Other deltas (trade offers, connection, timers,
// the dice display, harbor owners, piece counters) change no state the rules keep.
//
// Claims, so that replay cross-checks the import: the cards received on each roll (zero
// for a player the replay gives nothing) and from the second setup settlement; after every
// stateChange the hands it states (`playerStates[c].resourceCards`, claim-hand; a hand with
// a face-down card is not claimed), the bank's counts (claim-bank) and the award holders
// (longest_road, largest_army); on the last event the final VP of `endGameState` by source
// (settlements + 2 x cities + VP cards + 2 per award) and the winner: the site's, from
// entry 45 or, where the log has none, from `endGameState.players[c].winningPlayer` (both
// present and different: InputError). A game that stops before anyone reaches the target
// (a player left, also during the setup) is unfinished: the winner the site declared then
// goes into `source`, the claim says nobody won. The site's result is a claim the events
// must reach, whatever is missing (also with no events at all): the dice of
// `endGameState.diceStats` must equal the rolls imported, its settlements and cities
// (`victoryPoints` keys 0, 1) those the events leave each seat, its victory point cards (key
// 2) those bought (a card bought face-down may be one), else InputError naming the count;
// the awards (keys 3, 4) are cross-checked by replay's vp claim.
//
// Hidden values: a face-down stolen card, drawn card or discarded card (a replay with one
// player's view) is written null (a hidden discard as its count).

#include <optional>
#include <string_view>

#include <catan/board/topology.hpp>
#include <catan/engine/event.hpp>

namespace ctk {

// True when the text is a JSON object that looks like a colonist.io replay (starts with
// '{' and mentions "eventHistory"; a replay cut short is still recognised).
bool looks_like_colonist(std::string_view text);

// Our vertex for colonist corner (x, y, z), z 0 = N and 1 = S of hex (x, y); our edge for
// colonist edge (x, y, z), z 0 = NW, 1 = W, 2 = SW. std::nullopt when off the standard
// board or z out of range.
std::optional<VertexId> colonist_vertex(int x, int y, int z);
std::optional<EdgeId> colonist_edge(int x, int y, int z);

// Converts one colonist.io replay. `name` prefixes messages. Throws InputError
// "<name>: <json path>: <what>" for invalid JSON, a missing or mistyped field, an unknown
// code, a setting that changes the game, a coordinate off the board or a mapping that
// fails its checks, an entry that cannot be placed (a build with no new piece in its
// stateChange, a steal with no robber move), a delta no event explains (a piece with no
// entry in a step of known entries only, cards that move with no event), naming the event
// index, and an endGameState the events do not reach.
GameLog import_colonist(std::string_view text, std::string_view name);

}  // namespace ctk
