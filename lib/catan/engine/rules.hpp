#pragma once
// The rules of RULES.md as two functions over a GameState: check (never changes the
// state, never copies it) and apply. Every rule id of RULES.md is enforced here; the
// claims an event carries are cross-checked by check_claims after apply.

#include <bitset>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <catan/engine/event.hpp>
#include <catan/engine/state.hpp>

namespace ctk {

// Rule ids: exactly those of RULES.md, plus "schema" for structural errors.
namespace rule {
inline constexpr std::string_view kSchema = "schema";
inline constexpr std::string_view kBoardRedAdjacent = "board-red-adjacent";
inline constexpr std::string_view kBoardComposition = "board-composition";
inline constexpr std::string_view kSetupOrder = "setup-order";
inline constexpr std::string_view kSetupRoadAttached = "setup-road-attached";
inline constexpr std::string_view kSetupResources = "setup-resources";
inline constexpr std::string_view kTurnOrder = "turn-order";
inline constexpr std::string_view kRollFirst = "roll-first";
inline constexpr std::string_view kRollOnce = "roll-once";
inline constexpr std::string_view kProduction = "production";
inline constexpr std::string_view kBankShortage = "bank-shortage";
inline constexpr std::string_view kDiscardHalf = "discard-half";
inline constexpr std::string_view kRobberMove = "robber-move";
inline constexpr std::string_view kRobberSteal = "robber-steal";
inline constexpr std::string_view kPendingSeven = "pending-seven";
inline constexpr std::string_view kOneDevCard = "one-dev-card";
inline constexpr std::string_view kDevCardAge = "dev-card-age";
inline constexpr std::string_view kDevCardHeld = "dev-card-held";
inline constexpr std::string_view kMaritimeRate = "maritime-rate";
inline constexpr std::string_view kBankEmpty = "bank-empty";
inline constexpr std::string_view kDomesticTrade = "domestic-trade";
inline constexpr std::string_view kTradeOffer = "trade-offer";
inline constexpr std::string_view kInsufficientResources = "insufficient-resources";
inline constexpr std::string_view kPieceLimit = "piece-limit";
inline constexpr std::string_view kRoadConnected = "road-connected";
inline constexpr std::string_view kDistanceRule = "distance-rule";
inline constexpr std::string_view kSettlementConnected = "settlement-connected";
inline constexpr std::string_view kCityOnSettlement = "city-on-settlement";
inline constexpr std::string_view kDeckEmpty = "deck-empty";
inline constexpr std::string_view kProgressCard = "progress-card";
inline constexpr std::string_view kLongestRoad = "longest-road";
inline constexpr std::string_view kLargestArmy = "largest-army";
inline constexpr std::string_view kWinOnOwnTurn = "win-on-own-turn";
inline constexpr std::string_view kGameOver = "game-over";
inline constexpr std::string_view kResign = "resign";
inline constexpr std::string_view kSpecialBuilding = "special-building";  // 5-6 extension
// House rules that forbid (RULES.md "Variants"), each in force only under its option.
inline constexpr std::string_view kNoSevenRounds = "no-seven-rounds";
inline constexpr std::string_view kNoSevenUntilCity = "no-seven-until-city";
inline constexpr std::string_view kRobberNotToDesert = "robber-not-to-desert";
inline constexpr std::string_view kNoPlayerTrades = "no-player-trades";
// Claims of what a recording states (not in RULES.md's base catalogue): a player's hand
// and the bank's cards after an event differ from what the rules derive.
inline constexpr std::string_view kClaimHand = "claim-hand";
inline constexpr std::string_view kClaimBank = "claim-bank";
}  // namespace rule

// Every rule id above, in RULES.md order, then the claim ids (schema last).
const std::vector<std::string_view>& all_rule_ids();

// A broken rule (DESIGN.md section 5).
struct Violation {
    std::string rule_id;          // a RULES.md id or "schema"
    int event_index = -1;         // 0-based index in the log's events (-1: the log as a whole)
    int turn = 0;                 // the turn the event belongs to (0 = setup)
    PlayerId player = kNoPlayer;  // the player whose event broke it
    std::string message;          // one line naming the pieces, e.g. "vertex 23 is next to
                                  // blue's settlement at 22"
    std::string json_pointer;     // where in the log, e.g. "/events/17/vertex"
};

// Names players in messages ("red"); a state plus seat names.
struct RuleContext {
    const std::vector<Seat>* seats = nullptr;  // may be null: players are then "player 2"
    // false: the caller wants only whether and which rule is broken (the tracker checking
    // the many states an event may rule out, lib/catan/track/track.hpp), so a Violation's message
    // may be left empty where building it costs most (insufficient-resources); rule_id,
    // event_index, turn, player and json_pointer are filled as always.
    bool messages = true;
    std::string player_name(PlayerId p) const;
};

// Checks one event against the state. Returns the first rule it breaks, or nullopt.
// Never changes the state and never copies it. event_index/turn/player are filled (turn =
// s.turn, event_index = index); json_pointer points into "/events/<index>".
// Claims are NOT checked here (see check_claims).
std::optional<Violation> check(const GameState& s, const Event& e, int index = -1,
                               const RuleContext& ctx = {});

// Applies one event. Precondition: check(s, e) passed. When it did not (replay's
// --keep-going), applies what can be applied without breaking the state's invariants of
// array bounds: counts never go below zero, ids stay in range; the game then goes on from
// the closest meaningful state. Sets s.last_received. Ends the game (phase kOver, winner)
// when the active player reaches vp_to_win, or only one player has not resigned.
void apply(GameState& s, const Event& e);

// win-on-own-turn under the option win_when_turn_passes (JSettlers2's reading): the
// player whose turn comes next when they hold vp_to_win during the special building phase,
// or kNoPlayer. Their win is due: it comes as the phase ends and the turn passes to them,
// before their roll (a roll or card of theirs then breaks game-over), or at the end of the
// log when nothing follows; a winner claim naming them is right.
PlayerId win_due(const GameState& s);
// The winner of a game whose log ends in state s: s.winner, or the player whose win is due
// (win_due); kNoPlayer when nobody has won.
PlayerId winner_at_end(const GameState& s);

// Cross-checks the claims of an event just applied (s is the state AFTER apply) against
// what the rules derived: "received" on a roll (production / bank-shortage) or on a
// second setup settlement (setup-resources); "longest_road", "largest_army"; "vp" and
// "winner" (win-on-own-turn). Returns the first mismatch, under the deriving rule's id.
std::optional<Violation> check_claims(const GameState& s, const Event& e, int index = -1,
                                      const RuleContext& ctx = {});
// Every claim of the event that the state contradicts, one violation per claim (received,
// longest_road, largest_army, vp, hands, bank, winner: the first player of each that
// differs), in the order check_claims checks them: what replay --keep-going lists.
std::vector<Violation> check_all_claims(const GameState& s, const Event& e, int index = -1,
                                        const RuleContext& ctx = {});

// robber-move and robber-steal under the options (RULES.md "Variants"), shared by check and
// the legal-move generator.
// A player the friendly robber protects: not resigned and at most 2 VP that others can see
// (hidden VP cards do not count). Always false without the friendly_robber option.
bool robber_protected(const GameState& s, PlayerId p);
// The hexes the robber may move to now. Base game: every land hex but the robber's own.
// Friendly robber: every such hex bordering no settlement or city of a protected player
// (the mover included); when none is open, every desert (the one it stands on included).
// robber_not_to_desert (robber-not-to-desert): no desert hex, but for the friendly robber's
// deserts when it finds no other open hex.
std::bitset<kMaxHexes> robber_hexes(const GameState& s);
// Whether `thief` may rob `victim` (robber-steal): someone else, not resigned, holding a
// resource card; under the friendly robber, with 3 or more VP that others can see.
// (The victim's building on the robber's hex is the caller's part.)
bool robber_may_rob(const GameState& s, PlayerId thief, PlayerId victim);

// no-seven-rounds and no-seven-until-city, shared by check and self-play's dice: whether a
// roll of 7 is allowed now — always without the options; under no_seven_rounds N only from
// round N + 1 (GameState::round), under no_seven_until_city only once a city stands
// (city_built); under both, both. JSettlers2 (N7, N7C) rolls again until the sum is not 7.
bool seven_allowed(const GameState& s);
// Whether any player's city stands on the board (no-seven-until-city).
bool city_built(const GameState& s);

// special-building, shared by check, the legal-move generator and the state's "to_come":
// whether player q may open a part of the open special building phase now — not resigned,
// no part yet this phase, and in seat order after the player whose turn ended (that player
// takes none), or in any order (that player too) with special_building_any_order. False
// when no phase is open.
bool may_open_special_part(const GameState& s, PlayerId q);

// production (RULES.md) before the bank is consulted: the cards owed on a roll of `sum`
// (index = player). Each hex with that token (Board::hexes_with_token) that has a resource
// and no robber gives its resource to each building at its corners whose owner has not
// resigned: 1 card for a settlement, 2 for a city. 7 gives nothing.
std::array<ResourceCounts, kMaxPlayers> owed_by_roll(const GameState& s, int sum);

// Rebuilds every value derived from the pieces (GameState building and owner, each
// player's road set) — the occupancy masks (state.hpp: PlayerState settlement_at, city_at,
// road_ends, harbors; GameState occupied, crowded) — for a state whose pieces were set by
// hand; apply keeps them up to date.
void refresh_derived(GameState& s);

// Production of a roll sum (RULES.md production and bank-shortage) on the state: the
// cards each player receives (index = player): owed_by_roll, then what the bank can pay.
// 7 gives nothing.
std::array<ResourceCounts, kMaxPlayers> production(const GameState& s, int sum);

}  // namespace ctk
