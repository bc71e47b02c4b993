#pragma once
// The game state (DESIGN.md section 2, "state"): a plain copyable value with fixed arrays,
// no heap in the hot path. The board is shared by pointer, never copied per state.
// rules.hpp checks events against a state and applies them; replay.hpp drives a log.
//
// Invariants (checked by the tests after every event of a fully known log):
//   for each resource, bank + all hands = 19 (24 in the 5-6 player extension);
//   deck + cards held + cards played = 25 (34), per kind too;
//   pieces on the board + pieces left = 15 / 5 / 4 per player;
//   vp(p) = settlements + 2 cities + 2 per award + VP cards.
//
// Hidden information (a spectator's log) is not this state's: lib/catan/track/track.hpp keeps the
// set of complete states a log allows, each one a GameState with every card known.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>

#include <catan/board/board.hpp>
#include <catan/board/topology.hpp>
#include <catan/engine/event.hpp>
#include <catan/engine/roads.hpp>

namespace ctk {

enum class Phase : std::uint8_t { kSetup, kTurn, kOver };
std::string_view phase_name(Phase p);  // "setup", "turn", "over"

enum class Building : std::uint8_t { kNone, kSettlement, kCity };
std::string_view building_name(Building b);  // "none", "settlement", "city"

// Why the robber must move now.
enum class RobberReason : std::uint8_t { kNone, kSeven, kKnight };

inline constexpr int kBankPerResource = 19;
inline constexpr std::array<int, kDevCardKinds> kDeckCounts{14, 5, 2, 2, 2};  // DevCard order
inline constexpr int kDeckSize = 25;
// The 5-6 player extension (RULES.md "Variants"), played on the extended (30-hex) board.
inline constexpr int kExtensionBankPerResource = 24;
inline constexpr std::array<int, kDevCardKinds> kExtensionDeckCounts{20, 5, 3, 3, 3};
inline constexpr int kExtensionDeckSize = 34;
inline constexpr int kMaxBankPerResource = kExtensionBankPerResource;  // the largest bank
inline constexpr int kRoadsPerPlayer = 15;
inline constexpr int kSettlementsPerPlayer = 5;
inline constexpr int kCitiesPerPlayer = 4;

// Building costs (RULES.md "Building"), indexed by Resource.
inline constexpr ResourceCounts kRoadCost{1, 1, 0, 0, 0};
inline constexpr ResourceCounts kSettlementCost{1, 1, 1, 1, 0};
inline constexpr ResourceCounts kCityCost{0, 0, 0, 2, 3};
inline constexpr ResourceCounts kDevCardCost{0, 0, 1, 1, 1};

struct PlayerState {
    ResourceCounts hand{};  // resource cards held
    // Development cards held, by kind: bought before this turn (playable) and this turn.
    std::array<std::int8_t, kDevCardKinds> dev_old{};
    std::array<std::int8_t, kDevCardKinds> dev_new{};
    std::array<std::int8_t, kDevCardKinds> dev_played{};  // played, by kind
    std::int8_t roads_left = kRoadsPerPlayer;
    std::int8_t settlements_left = kSettlementsPerPlayer;
    std::int8_t cities_left = kCitiesPerPlayer;
    std::int8_t road_length =
        0;  // longest trail (lib/catan/engine/roads.hpp), recomputed on placements
    bool resigned = false;
    // Occupancy bit masks over vertices, derived from GameState's building / owner and the
    // road sets: kept by apply (rules.hpp), rebuilt from the pieces by refresh_derived;
    // the invariant harness compares them with the pieces after every event. Harbors: bit
    // k set when one of the player's buildings stands at a harbor of HarborKind k.
    std::uint8_t harbors = 0;
    EdgeSet roads;            // the player's roads (GameState::road_owner reads them)
    VertexSet settlement_at;  // the player's settlements
    VertexSet city_at;        // the player's cities
    VertexSet road_ends;      // both ends of each of the player's roads
    VertexSet buildings() const { return settlement_at | city_at; }

    int hand_size() const;  // resource cards held
    int knights_played() const { return dev_played[0]; }
    int vp_cards() const { return dev_old[1] + dev_new[1]; }  // known victory point cards
    int dev_cards_held() const;                               // all kinds, old and new
    friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

// An offer made with trade_offer (RULES.md trade-offer), open until answered, completed
// or withdrawn.
struct OpenOffer {
    bool open = false;
    bool accepted = false;
    PlayerId from = kNoPlayer;
    PlayerId to = kNoPlayer;
    ResourceCounts give{};
    ResourceCounts get{};
    friend bool operator==(const OpenOffer&, const OpenOffer&) = default;
};

// The special building phase of the 5-6 player extension (RULES.md special-building):
// open from the end_turn of `after`'s turn until the next player's own turn begins (their
// roll, or a development card before it). The other players take parts in seat order from
// the next, each at most once: special_build, builds, end_turn (with the option
// special_building_any_order: in any order, `after` included).
struct SpecialBuilding {
    PlayerId after = kNoPlayer;    // whose turn ended; kNoPlayer: the phase is not open
    PlayerId builder = kNoPlayer;  // whose part is open (special_build .. end_turn)
    std::int8_t served = 0;        // parts are past up to this seat after `after`
                                   // (GameState::seats_after: 1 = the next player)
    std::uint8_t taken = 0;        // bit p: player p had a part in this phase
    bool open() const { return after != kNoPlayer; }
    friend bool operator==(const SpecialBuilding&, const SpecialBuilding&) = default;
};

class GameState {
    // First, with the turn fields below: what legal_moves and apply read on every call,
    // together in the state's first cache line.
    std::shared_ptr<const Board> board_;
    const Topology* topology_ = nullptr;
    int players_ = 0;
    GameOptions options_;
    bool extension_ = false;

  public:
    // A new game before the first setup placement: the board's robber hex, full bank,
    // deck and supplies. players: 2..kMaxPlayers (5 and 6 only on the extended board, the
    // 5-6 player extension: InputError otherwise). options: the house rules every rule
    // reads from the state (RULES.md "Variants"). On the extended board the bank holds 24
    // of each resource and the deck 34 cards (20/5/3/3/3); otherwise 19 and 25 (14/5/2/2/2).
    GameState(std::shared_ptr<const Board> board, int players, const GameOptions& options = {});
    // The state at the start of `log` (its board or the beginner board).
    static GameState initial(const GameLog& log);

    const Board& board() const { return *board_; }
    const std::shared_ptr<const Board>& board_ptr() const { return board_; }
    const Topology& topology() const { return *topology_; }
    int player_count() const { return players_; }
    const GameOptions& options() const { return options_; }
    int vp_to_win() const { return options_.vp_to_win; }
    // The 5-6 player extension is in force: the board is the extended 30-hex board.
    bool extension() const { return extension_; }
    int bank_per_resource() const {
        return extension_ ? kExtensionBankPerResource : kBankPerResource;
    }
    // bank-shortage / bank-empty: the cards of resource r the bank can pay, 0..; with the
    // option unlimited_bank always kUnlimitedBank (its count then goes below zero).
    static constexpr int kUnlimitedBank = 99;
    int bank_has(int r) const { return options_.unlimited_bank ? kUnlimitedBank : bank[r]; }
    ResourceCounts bank_available() const {
        ResourceCounts a{};
        for (int r = 0; r < kResourceCount; ++r) a[r] = bank_has(r);
        return a;
    }
    int deck_size() const { return extension_ ? kExtensionDeckSize : kDeckSize; }
    const std::array<int, kDevCardKinds>& deck_counts() const {
        return extension_ ? kExtensionDeckCounts : kDeckCounts;
    }

    // ---- the data (public: the rules, self-play and tools read it directly) ----
    Phase phase = Phase::kSetup;
    bool rolled = false;          // dice rolled this turn (roll-once)
    bool dev_played = false;      // a dev card was played this turn (one-dev-card)
    bool setup_road_due = false;  // the setup settlement is placed, its road is due
    RobberReason robber_due = RobberReason::kNone;        // the robber must move (pending-seven)
    std::array<std::int8_t, kMaxPlayers> discard_owed{};  // cards still to discard (pending-seven)
    // The round (no-seven-rounds): 0 in the setup, 1 from the first turn; one more each time
    // the turn passes back to a seat at or before the last one (the first seat still
    // playing: JSettlers2's roundCount). Special building parts are no turns; under
    // special_building_any_order (JSettlers2's reading) a part of that first seat before its
    // own roll begins its turn again and counts once more.
    std::int16_t round = 0;
    SpecialBuilding special;            // special-building (the extension only)
    PlayerId active = 0;                // whose turn (setup: whose placement)
    int free_roads = 0;                 // roads left to place from road building (progress-card)
    int turn = 0;                       // 0 = setup; 1.. from the first roll
    int setup_step = 0;                 // 0 .. 2n-1 (snake order), valid in setup
    VertexId setup_settlement = kNoId;  // the settlement placed just before (setup-road-attached)
    int last_roll = 0;                  // sum of the last roll, 0 before any
    OpenOffer offer;                    // trade-offer
    HexId robber = kNoId;
    ResourceCounts bank{};
    std::array<int, kDevCardKinds> deck{};  // cards of each kind not yet drawn (known)
    int deck_left = kDeckSize;              // cards in the deck
    std::array<PlayerState, kMaxPlayers> players{};
    std::array<Building, kMaxVertices> building{};  // per vertex
    std::array<std::int8_t, kMaxVertices> owner{};  // per vertex, kNoPlayer if empty
    // Occupancy bit masks (derived, like PlayerState's): the vertices holding a building,
    // and those where distance-rule forbids one (a building on the vertex or a neighbour).
    VertexSet occupied;
    VertexSet crowded;
    PlayerId longest_road = kNoPlayer;  // holder, kNoPlayer when nobody / set aside
    PlayerId largest_army = kNoPlayer;
    PlayerId winner = kNoPlayer;
    // Cards each player received from the last applied event (production, setup resources,
    // trades, steals, monopoly, year of plenty); compared with claims "received".
    std::array<ResourceCounts, kMaxPlayers> last_received{};

    // ---- derived values ----
    // The player due in setup step i (snake order: 0,1,..,n-1,n-1,..,0).
    PlayerId setup_player(int step) const;
    // Victory points (RULES.md win-on-own-turn): settlements 1, cities 2, each award 2,
    // VP cards 1. public_vp leaves out the hidden VP cards.
    int vp(PlayerId p) const;
    int public_vp(PlayerId p) const;
    int settlements_on_board(PlayerId p) const {
        return kSettlementsPerPlayer - players[p].settlements_left;
    }
    int cities_on_board(PlayerId p) const { return kCitiesPerPlayer - players[p].cities_left; }
    // True while discards or a robber move are owed (pending-seven).
    bool seven_pending() const;
    // Vertices holding a building of someone other than p (they cut p's roads); from the
    // occupancy masks.
    VertexSet blocked_for(PlayerId p) const;
    // The best maritime rate (2, 3 or 4) for giving resource r (RULES.md maritime-rate):
    // 2 with a building at the 2:1 harbor of r, else 3 with one at a generic harbor, else 4
    // (from PlayerState::harbors).
    int maritime_rate(PlayerId p, Resource r) const {
        const unsigned harbors = players[p].harbors;
        if (harbors & 1U << static_cast<unsigned>(harbor_of(r))) return 2;
        if (harbors & 1U << static_cast<unsigned>(HarborKind::kGeneric)) return 3;
        return 4;
    }
    // The next player in seat order after p who has not resigned (p itself if alone).
    PlayerId next_player(PlayerId p) const;
    // How many seats `to` sits after `from` in seat order (0 when to == from; 1..n-1).
    int seats_after(PlayerId from, PlayerId to) const {
        return ((to - from) % players_ + players_) % players_;
    }
    int active_players() const;  // players who have not resigned
    // Whose road is on edge e (from the players' road sets), kNoPlayer if nobody's.
    PlayerId road_owner(EdgeId e) const {
        const auto bit = static_cast<std::size_t>(e);
        for (PlayerId p = 0; p < players_; ++p)
            if (players[p].roads[bit]) return p;
        return kNoPlayer;
    }

    // Recomputes road_length of every player (or one) and the longest-road holder
    // (lib/catan/engine/roads.hpp); and the largest-army holder from knights played.
    void update_road_lengths(PlayerId only = kNoPlayer);
    void update_awards();

    // Every field equal (the board compared by pointer: states of one log share it).
    friend bool operator==(const GameState&, const GameState&) = default;
};

// The state's size is a budget (x86-64, GCC and libstdc++: 1,312 bytes, of which 8 for the
// house rules that forbid — their options and the round —; 1,792 with the production table
// and per-edge road owners it held before). Every byte is paid per state
// copied: self-play and replay copy states, and hidden-information tracking copies a
// belief's public part into a buffer for every state at every event
// (lib/catan/track/track.hpp), so the state must not grow unnoticed.
static_assert(sizeof(GameState) <= 1312, "GameState grew: see the budget above");

}  // namespace ctk
