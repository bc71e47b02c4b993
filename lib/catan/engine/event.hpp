#pragma once
// The event vocabulary of the native game log (DESIGN.md section 4) and the log itself.
// An event records what a player chose and what chance decided (dice, the card stolen,
// the card drawn), so that replay needs no random numbers. Production, setup resources
// and awards are derived by replay; a log may state them as claims, which replay
// cross-checks (RULES.md: production, bank-shortage, setup-resources, longest-road,
// largest-army, win-on-own-turn).
//
// JSON forms (schemas/log.schema.json): one document {"format": "catan-log", ...,
// "events": [...]} or JSON Lines (a header line without "events", then one event per
// line). Each event is an object with "type" (the names below) and its fields; players
// are named by their seat's name as given in the header's "seats" (in turn order).

#include <array>
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include <catan/board/board.hpp>
#include <catan/board/topology.hpp>

namespace ctk {

using PlayerId = int;  // index into GameLog::seats, 0 .. seats.size()-1 (turn order)
inline constexpr int kMaxPlayers = 6;

// Cards by resource, indexed by Resource (brick, lumber, wool, grain, ore). Counts >= 0.
using ResourceCounts = std::array<int, kResourceCount>;
// A count per seat (turn order), e.g. the cards each player gives to a monopoly.
using SeatCounts = std::array<std::int8_t, kMaxPlayers>;
// The largest card count a log may state (a resource map's count, a seat's count): 95,
// the standard bank's five resources of 19 cards. The readers refuse more, so the rules
// may rely on it (a maritime trade's bundles, a discard's multisets).
inline constexpr int kMaxCardCount = 95;

enum class DevCard : std::uint8_t {
    kKnight,
    kVictoryPoint,
    kRoadBuilding,
    kYearOfPlenty,
    kMonopoly
};
inline constexpr int kDevCardKinds = 5;
inline constexpr std::array<std::string_view, kDevCardKinds> kDevCardNames{
    "knight", "victory_point", "road_building", "year_of_plenty", "monopoly"};
std::string_view dev_card_name(DevCard c);  // "knight", "victory_point", "road_building", ...
std::optional<DevCard> parse_dev_card(std::string_view s);

// Setup (turn 0): a settlement, then a road touching it (RULES.md setup-order).
struct PlaceSettlement {
    PlayerId player;
    VertexId vertex;
};
struct PlaceRoad {
    PlayerId player;
    EdgeId edge;
};
// Dice: each die 1..6. A recording that gives only the sum (a tabletop transcript) is
// written {"sum": 8} and read as die1 = 0, die2 = the sum (2..12), so that die1 + die2 is
// the sum either way; pair_known() tells the two apart.
struct Roll {
    PlayerId player;
    int die1;
    int die2;
    int sum() const { return die1 + die2; }
    bool pair_known() const { return die1 != 0; }
};
// Discard on a 7 (discard-half): exactly the cards given. A recording that saw how many
// cards but not which writes {"cards": null, "count": 4}: hidden = true, cards all zero,
// count the number discarded (DESIGN.md section 8: replay tracks the possible discards).
// When the cards are known, count is 0 and total() is their number.
struct Discard {
    PlayerId player;
    ResourceCounts cards;
    bool hidden = false;
    int count = 0;
    int total() const {
        if (hidden) return count;
        int n = 0;
        for (int k : cards) n += k;
        return n;
    }
};
// Robber move after a 7 or a knight. victim = kNoPlayer when nobody is robbed; stolen is
// the card taken, std::nullopt when nothing is stolen or when the log does not know it
// (a spectator's view: victim set, stolen unknown).
struct MoveRobber {
    PlayerId player;
    HexId hex;
    PlayerId victim;
    std::optional<Resource> stolen;
};
// Maritime trade (maritime-rate): give N identical cards per card received.
struct TradeBank {
    PlayerId player;
    ResourceCounts give;
    ResourceCounts get;
};
// Optional negotiation (trade-offer): an offer from the active player to one player.
struct TradeOffer {
    PlayerId player;
    PlayerId to;
    ResourceCounts give;
    ResourceCounts get;
};
struct TradeAccept {
    PlayerId player;
};  // the addressee accepts the open offer
struct TradeReject {
    PlayerId player;
};  // the addressee rejects it
struct TradeCancel {
    PlayerId player;
};  // the offerer withdraws it
// Domestic trade (domestic-trade): player gives `give` to partner and receives `get`.
struct TradePlayer {
    PlayerId player;
    PlayerId partner;
    ResourceCounts give;
    ResourceCounts get;
};
struct BuildRoad {
    PlayerId player;
    EdgeId edge;
};  // free after play_road_building
struct BuildSettlement {
    PlayerId player;
    VertexId vertex;
};
struct BuildCity {
    PlayerId player;
    VertexId vertex;
};
// card: the card drawn from the top of the deck; std::nullopt when the log does not know.
struct BuyDevCard {
    PlayerId player;
    std::optional<DevCard> card;
};
struct PlayKnight {
    PlayerId player;
};  // followed by move_robber
struct PlayRoadBuilding {
    PlayerId player;
};  // followed by up to two build_road
struct PlayYearOfPlenty {
    PlayerId player;
    ResourceCounts take;
};  // usually 2 cards
// given: the cards of `resource` each player gives (the monopolist's entry 0), public at
// the table (progress-card); std::nullopt when the log does not say. A view keeps it.
struct PlayMonopoly {
    PlayerId player;
    Resource resource;
    std::optional<SeatCounts> given;
};
struct EndTurn {
    PlayerId player;
};
struct Resign {
    PlayerId player;
};
// The 5-6 player extension's special building phase (special-building): opens the
// player's part after a turn's end_turn; the part's builds follow and its end_turn closes it.
struct SpecialBuild {
    PlayerId player;
};

using EventBody =
    std::variant<PlaceSettlement, PlaceRoad, Roll, Discard, MoveRobber, TradeBank, TradeOffer,
                 TradeAccept, TradeReject, TradeCancel, TradePlayer, BuildRoad, BuildSettlement,
                 BuildCity, BuyDevCard, PlayKnight, PlayRoadBuilding, PlayYearOfPlenty,
                 PlayMonopoly, EndTurn, Resign, SpecialBuild>;

// The "type" of each event in the log format, in EventBody index order.
inline constexpr std::array<std::string_view, std::variant_size_v<EventBody>> kEventTypeNames{
    "place_settlement", "place_road",         "roll",
    "discard",          "move_robber",        "trade_bank",
    "trade_offer",      "trade_accept",       "trade_reject",
    "trade_cancel",     "trade_player",       "build_road",
    "build_settlement", "build_city",         "buy_dev_card",
    "play_knight",      "play_road_building", "play_year_of_plenty",
    "play_monopoly",    "end_turn",           "resign",
    "special_build"};

// The type name of an event (kEventTypeNames).
std::string_view event_type_name(const EventBody& e);
PlayerId event_player(const EventBody& e);

// Derived outcomes that a log states; every field is optional. Replay compares each with
// what the rules derive and reports a mismatch under the rule id that derives it.
struct Claims {
    // Cards each player received from this event (a roll's production, the setup
    // resources of a second settlement); index = player.
    std::optional<std::vector<ResourceCounts>> received;
    // Award holders after this event; kNoPlayer = nobody (set aside).
    std::optional<PlayerId> longest_road;
    std::optional<PlayerId> largest_army;
    // Victory points of every player after this event (hidden VP cards included).
    std::optional<std::vector<int>> vp;
    // The winner after this event (kNoPlayer: the game is not over).
    std::optional<PlayerId> winner;
    // Resource cards each named player holds after this event (rule id claim-hand); index =
    // player, std::nullopt for a player the claim does not name.
    std::optional<std::vector<std::optional<ResourceCounts>>> hands;
    // Resource cards in the bank after this event (rule id claim-bank).
    std::optional<ResourceCounts> bank;
};

struct Event {
    EventBody body;
    std::shared_ptr<const Claims> claims;  // null when the log states none
    int source_line = 0;                   // line in the file it was read from (0 = unknown)
};

// The longest seat name or colour a log may hold, in bytes: every reader and importer
// refuses a longer one (a name of a megabyte would be written into every event line).
inline constexpr std::size_t kMaxNameBytes = 256;

struct Seat {
    std::string name;                // how events name the player (unique in the log)
    std::string color;               // display colour, e.g. "red"
    std::optional<int> source_seat;  // seat number in the recording it was imported from
};

// The seat palette, in turn order: the colour names self-play and the importers give
// seats, and the drawing colour (#rrggbb) the renderers use for each name (and for seat i
// when its colour is not one they can draw).
struct SeatColour {
    std::string_view name;  // "red"
    std::string_view hex;   // "#d62728"
};
inline constexpr std::array<SeatColour, kMaxPlayers> kSeatColours{{
    {"red", "#d62728"},
    {"blue", "#1f77b4"},
    {"white", "#8a8a8a"},
    {"orange", "#ff7f0e"},
    {"green", "#2ca02c"},
    {"brown", "#8c564b"},
}};

// How text names player p of these seats: the seat's name; "nobody" for kNoPlayer; "player
// N" for a number with no seat (an event of a malformed log, as check reports it). Not
// escaped: text output passes it through printable (io/output.hpp).
std::string seat_name(const std::vector<Seat>& seats, PlayerId p);

// House rules (RULES.md "Variants"); the defaults are the base game. JSON: the header's
// "options" object; options at their default are not written (vp_to_win always is).
struct GameOptions {
    // The ranges of the numbers are kGameOptions' (below).
    int vp_to_win = 10;     // win-on-own-turn: the VP target
    int discard_limit = 7;  // discard-half: a 7 makes players holding more discard
    // no-seven-rounds (a house rule that forbids, below): no 7 rolled in rounds
    // 1..no_seven_rounds (GameState::round); 0 = off.
    int no_seven_rounds = 0;
    bool friendly_robber = false;  // robber-move / robber-steal: the friendly robber
    bool strict_board = false;     // board-red-adjacent is a violation instead of a warning
    // Readings of the rules by other engines (JSettlers2), RULES.md "Variants":
    // bank-shortage / bank-empty: the bank never runs short of resource cards; its counts
    // go below zero by the cards it pays beyond the set.
    bool unlimited_bank = false;
    // special-building: the parts come in any order, one per player a phase, the player
    // whose turn ended included.
    bool special_building_any_order = false;
    // win-on-own-turn: the player whose turn comes next, holding the target in the
    // special building phase, wins as the phase ends, before their roll (win_due).
    bool win_when_turn_passes = false;
    // House rules that forbid (RULES.md "Variants"; JSettlers2's N7, N7C, RD and NT):
    // no-seven-until-city: no 7 rolled before the game's first city (anyone's);
    bool no_seven_until_city = false;
    // robber-not-to-desert: the robber never moves to a desert hex;
    bool robber_not_to_desert = false;
    // no-player-trades: no offer and no trade between players (bank and harbors stay).
    bool no_player_trades = false;
    bool operator==(const GameOptions&) const = default;
};

// One house rule of the log header's "options" object: its JSON key, the member it sets
// (a number in [min, max], or yes or no), how the rules in force are said in a line of
// text, and what it does. The header reader, the fast header reader, the writers and
// catan-sim's flags all read this table; strict_board is not a log option.
struct OptionSpec {
    std::string_view key;                // "vp_to_win"
    int GameOptions::*number = nullptr;  // a number option, in [min, max]
    bool GameOptions::*flag = nullptr;   // or a yes-or-no option
    int min = 0;
    int max = 0;
    std::string_view text;  // options_text: "vp_to_win" (then the value) or "friendly robber"
    std::string_view what;  // what it does, for help texts
    bool reading = false;   // another engine's reading of a rule (RULES.md "Variants")
    // Echoed at its default in the rules in force (options_to_json); the house rules that
    // forbid are echoed only when in force, so the outputs of logs without them stay as
    // they were.
    bool echo_default = true;
};
// The header's options, in the order they are listed and written.
inline constexpr std::array<OptionSpec, 10> kGameOptions{{
    {"vp_to_win", &GameOptions::vp_to_win, nullptr, 3, 30, "vp_to_win", "the VP target", false},
    {"discard_limit", &GameOptions::discard_limit, nullptr, 2, 99, "discard_limit",
     "on a 7, players holding more than this many cards discard", false},
    {"friendly_robber", nullptr, &GameOptions::friendly_robber, 0, 1, "friendly robber",
     "the robber spares players with 2 VP or fewer", false},
    {"unlimited_bank", nullptr, &GameOptions::unlimited_bank, 0, 1, "unlimited bank",
     "the bank never runs short of resource cards", true},
    {"special_building_any_order", nullptr, &GameOptions::special_building_any_order, 0, 1,
     "special building in any order",
     "the special building parts come in any order, the player whose turn ended included", true},
    {"win_when_turn_passes", nullptr, &GameOptions::win_when_turn_passes, 0, 1,
     "win when the turn passes",
     "the next player, holding the target in the special building phase, wins as it ends", true},
    {"no_seven_rounds", &GameOptions::no_seven_rounds, nullptr, 0, 999, "no_seven_rounds",
     "no 7 may be rolled in the first N rounds", false, false},
    {"no_seven_until_city", nullptr, &GameOptions::no_seven_until_city, 0, 1,
     "no seven until a city", "no 7 may be rolled before the game's first city", false, false},
    {"robber_not_to_desert", nullptr, &GameOptions::robber_not_to_desert, 0, 1,
     "robber not to the desert", "the robber may not move to a desert", false, false},
    {"no_player_trades", nullptr, &GameOptions::no_player_trades, 0, 1, "no player trades",
     "no offers or trades between players (bank and harbor trades stay)", false, false},
}};

// What a recording does not log at all (DESIGN.md section 8). JSON: the header's
// "unrecorded" array of names; absent = everything is recorded.
struct Unrecorded {
    // "discards": no discard events; replay applies the discards the rules require after
    // each 7, hidden, in every tracked state.
    bool discards = false;
};

struct GameLog {
    int version = 1;
    GameOptions options;
    Unrecorded unrecorded;
    std::vector<Seat> seats;  // turn order; 2..kMaxPlayers entries
    std::optional<Board> board;
    std::vector<Event> events;
    std::string source;  // free text: where the log came from (importer, file, licence)
};

// The board a log is played on: its own, or the beginner board when it states none.
const Board& log_board(const GameLog& log);

// A short human summary of an event for messages: its type and main argument, e.g.
// "build_settlement 23", "roll 7", "move_robber 4", "trade_bank", "end_turn".
std::string event_summary(const EventBody& e);

}  // namespace ctk
