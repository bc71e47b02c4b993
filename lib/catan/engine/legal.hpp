#pragma once
// Legal-move generation (DESIGN.md section 2, "rules"): every event the rules accept for
// the current decision of a state, in a fixed order, for self-play (lib/catan/play/sim.hpp), tests
// and studies. The rules themselves live in lib/catan/engine/rules.cpp only: the generator
// enumerates the events that rules.cpp's check() accepts, and the tests prove it both ways (every
// generated event passes check; for sampled states, brute-force enumeration of every
// candidate event filtered by check gives exactly the generated set).
//
// What is generated, per decision (RULES.md ids in brackets):
//   setup        place_settlement on every vertex the distance rule allows, then
//                place_road on every empty edge touching that settlement [setup-order,
//                setup-road-attached, distance-rule];
//   7 pending    discard: every distinct way (multiset of cards) for every player who
//                owes one [discard-half]; then move_robber to every other hex, once per
//                opponent there who holds cards, or with no victim when nobody qualifies
//                [robber-move, robber-steal];
//   free roads   build_road on every legal edge (road building) [progress-card];
//   before roll  roll; playable development cards; in the special building phase (the
//                5-6 player extension) also special_build for every player whose part
//                is still to come [special-building];
//   a part       (special_build .. end_turn) build_road / build_settlement / build_city
//                / buy_dev_card as after the roll, for the part's player, then its
//                end_turn [special-building];
//   after roll   end_turn; trade_bank of ONE bundle (N cards of one resource for 1 card of
//                another that the bank holds) at every rate the player is entitled to for
//                that resource (2 with the 2:1 harbor, 3 with a 3:1 harbor, 4) [maritime-
//                rate]; build_road / build_settlement / build_city on every legal spot the
//                player can pay for; buy_dev_card when the deck is not empty; playable
//                development cards;
//   dev cards    play_knight; play_road_building; play_year_of_plenty with every multiset
//                of min(2, bank) cards the bank holds; play_monopoly of each resource
//                [one-dev-card, dev-card-age, dev-card-held].
//   game over    the rest of the card that ended the game (a knight's robber move, road
//                building's roads), which check still accepts [game-over].
// Not generated, although check accepts them: resign, domestic trades and their
// negotiation (trade_offer/accept/reject/cancel, trade_player), maritime trades of more
// than one bundle or mixing resources.
//
// The house rules that forbid (RULES.md "Variants") need nothing more: the robber's hexes
// leave the deserts out under robber_not_to_desert (robber_hexes), and domestic trades are
// not generated; whether a roll of 7 is allowed (no_seven_rounds, no_seven_until_city) is
// seven_allowed's, which self-play's dice follow.
//
// Chance is not the generator's: in generated events a roll has dice 0 0 (to be rolled),
// a robber move's `stolen` is empty (the card is drawn from the victim's hand) and a
// bought card is empty (drawn from the deck). lib/catan/play/sim.hpp fills them with its RNG.
//
// Order: by event type in EventBody order (place_settlement, place_road, roll, discard,
// move_robber, trade_bank, build_road, build_settlement, build_city, buy_dev_card,
// play_knight, play_road_building, play_year_of_plenty, play_monopoly, end_turn,
// special_build), then by player, then by id (vertex, edge, hex) ascending, then by
// victim, then by resources (give resource, rate, get resource; card multisets in the
// order of discard_at).
//
// Assumes a fully known state (no hidden cards, as self-play produces): discards and
// steals are drawn from the known hands.

#include <array>
#include <cstdint>
#include <type_traits>
#include <variant>
#include <vector>

#include <catan/engine/event.hpp>
#include <catan/engine/state.hpp>

namespace ctk {

// Appends every legal event of the state to `out` after clearing it, in the order above.
// With `all_discards` false, a player owing a discard gets ONE placeholder discard whose
// cards are all zero (the compact form: pick one with discard_count / discard_at). Reuse
// `out` across calls to avoid allocation.
void legal_events(const GameState& s, std::vector<EventBody>& out, bool all_discards = true);

// Visitor forms without allocation (self-play): the number of events legal_events would
// list, and the index-th of them (0 <= index < count; same order, same all_discards).
std::size_t legal_event_count(const GameState& s, bool all_discards = true);
EventBody legal_event_at(const GameState& s, std::size_t index, bool all_discards = true);

// Convenience form: every legal event (claims empty, source_line 0).
std::vector<Event> legal_events(const GameState& s);

// Discards (discard-half) in compact form: the number of distinct multisets of k cards
// that can be taken from `hand` (0 if k > the hand or k < 0), and the index-th of them
// (0 <= index < discard_count(hand, k)) in lexicographic order of (brick, lumber, wool,
// grain, ore) counts ascending. A uniform index gives a uniform pick among the distinct
// discards. k up to 120 (five resources of the largest bank; more gives 0).
std::int64_t discard_count(const ResourceCounts& hand, int k);
ResourceCounts discard_at(const ResourceCounts& hand, int k, std::int64_t index);

// Both at once for one (hand, k): the table of counts is built once (self-play counts the
// discards of a hand, then takes the one its RNG picks). count() and at(index) equal
// discard_count(hand, k) and discard_at(hand, k, index); at() needs 0 <= index < count().
class DiscardTable {
  public:
    DiscardTable(const ResourceCounts& hand, int k);
    std::int64_t count() const { return count_; }
    ResourceCounts at(std::int64_t index) const;

  private:
    static constexpr int kMaxHand =
        kResourceCount * kMaxBankPerResource;  // a hand never holds more
    ResourceCounts hand_;
    int k_;
    std::int64_t count_ = 0;
    // ways_[r][m]: multisets of m cards from resources r..4 of the hand, m = 0..k.
    std::array<std::array<std::int64_t, kMaxHand + 1>, kResourceCount + 1> ways_;
};

// Moves as small codes, self-play's hot path: exactly the list legal_events(s, out, false)
// gives, in the same order (the same generator fills both), each move packed in 8 bytes
// instead of a 52-byte EventBody; move_event builds the one chosen. tests/engine/legal_test.cpp
// checks that every decoded move equals legal_events' in thousands of self-play states.
// The index of event type T in EventBody (MoveCode::type).
template <class T, std::size_t I = 0>
constexpr std::uint8_t event_type_index() {
    if constexpr (std::is_same_v<std::variant_alternative_t<I, EventBody>, T>)
        return static_cast<std::uint8_t>(I);
    else
        return event_type_index<T, I + 1>();
}

struct MoveCode {
    std::uint8_t type = 0;           // the event type: its index in EventBody
    std::int8_t player = 0;          // the acting player
    std::int16_t id = 0;             // the vertex, edge or hex (kNoId when none)
    std::int8_t victim = kNoPlayer;  // move_robber: the player robbed, kNoPlayer for nobody
    std::uint8_t r1 = 0;  // trade_bank: the resource given; year_of_plenty: its first card;
                          // monopoly: the resource
    std::uint8_t r2 = 0;  // trade_bank: the resource received; year_of_plenty: its second card
    std::uint8_t n = 0;   // trade_bank: the rate (cards given); year_of_plenty: cards taken
    friend bool operator==(const MoveCode&, const MoveCode&) = default;
};

// The most moves one decision can have, on any board: setup kMaxVertices spots; robber
// moves kMaxHexes hexes x (kMaxPlayers - 1) victims = 200; after the roll 5 x 3 x 4 bank
// trades + kMaxEdges roads + kMaxVertices settlements + kMaxVertices cities + 1 card + 22
// development card choices + end_turn = 468 (fewer before the roll, with free roads, in a
// special building part or after the end).
inline constexpr std::size_t kMaxMoves = 512;

// A list of moves of fixed capacity (kMaxMoves), filled by legal_moves: no allocation and
// no capacity check per move. Reuse one across calls.
class MoveList {
  public:
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const MoveCode& operator[](std::size_t i) const { return moves_[i]; }
    const MoveCode* begin() const { return moves_.data(); }
    const MoveCode* end() const { return moves_.data() + size_; }
    void clear() { size_ = 0; }
    // Precondition: size() < kMaxMoves (legal_moves never lists more).
    void push_back(const MoveCode& m) { moves_[size_++] = m; }
    // Removes the moves for which drop(move) is true, keeping the others in order.
    template <class Pred>
    void erase_if(Pred drop) {
        std::size_t kept = 0;
        for (std::size_t i = 0; i < size_; ++i)
            if (!drop(moves_[i])) moves_[kept++] = moves_[i];
        size_ = kept;
    }

  private:
    std::array<MoveCode, kMaxMoves> moves_;
    std::size_t size_ = 0;
};

// The legal moves of a decision as a set, a bit per move where the moves of a kind are a
// mask (the per-decision listing of every legal move; self-play's hot path): roads as an
// EdgeSet, settlement and city spots as VertexSets (expressions of the state's occupancy
// masks), bank trades as a row of rates and a row of resources to get per resource given,
// robber moves as a hex mask with the victims of each hex, the rest as flags. Its moves, in
// order, are exactly legal_moves' list (legal_moves expands the set): at(k) is the k-th of
// them without listing any other. Parts are in the list's order (legal.hpp "Order"):
struct LegalSet {
    enum Part : std::uint8_t {
        kDiscards,         // discard placeholders, one per player in `discarders` (compact form)
        kPlaceSettlement,  // setup: place_settlement on `spots`
        kPlaceRoad,        // setup: place_road on `edges`
        kRoll,             // roll
        kRobber,           // move_robber: `robber_hexes` x victims (nobody where none)
        kTrades,           // trade_bank: per give r, rates `rates[r]` x gets `in_bank` minus r
        kRoads,            // build_road on `edges`
        kSettlements,      // build_settlement on `spots`
        kCities,           // build_city on `cities`
        kBuy,              // buy_dev_card
        kKnight,           // play_knight
        kRoadBuilding,     // play_road_building
        kYearOfPlenty,     // play_year_of_plenty: every multiset of min(2, bank) cards of `bank`
        kMonopoly,         // play_monopoly: the 5 resources
        kEndTurn,          // end_turn
        kSpecialBuilds,    // special_build for each player in `builders`
        kPartCount
    };
    // Bit i: part i holds moves (count[i] > 0). The fields of a part without its bit are
    // unspecified (not cleared: computing the set writes only what the decision has).
    std::uint32_t parts = 0;
    std::uint32_t total = 0;                        // moves in all parts: size()
    std::array<std::uint16_t, kPartCount> count{};  // moves per part (valid where parts has it)
    PlayerId player = kNoPlayer;  // the player of every part but discards and special builds
    std::uint8_t discarders = 0;  // bit q: player q owes a discard
    std::uint8_t builders = 0;    // bit q: player q may open a special building part
    std::uint8_t in_bank = 0;     // bit g: the bank holds resource g (trades)
    std::array<std::uint8_t, kResourceCount> rates{};  // bit n: give n of resource r (2..4)
    std::uint64_t robber_hexes = 0;                    // bit h: the robber may move to hex h
    std::array<std::uint8_t, kMaxHexes> victims{};     // bit q: q may be robbed on hex h
    VertexSet spots;        // place_settlement or build_settlement vertices
    VertexSet cities;       // build_city vertices
    EdgeSet edges;          // place_road or build_road edges
    ResourceCounts bank{};  // year of plenty: the bank's cards

    std::size_t size() const { return total; }
    bool empty() const { return total == 0; }
    bool has(Part p) const { return (parts >> p & 1U) != 0; }
    // The k-th move (0 <= k < size()): legal_moves' k-th code.
    MoveCode at(std::size_t k) const;
    // Drops player q's special_build (self-play's policy; q must be in `builders`).
    void drop_special_build(PlayerId q);
};

// Fills `out` with the legal moves of the state (every event the generator lists, with the
// compact discards of legal_events(s, out, false)).
void legal_set(const GameState& s, LegalSet& out);

// Clears `out` and appends every legal move of the state: the set of legal_set expanded in
// order. A discard is the compact placeholder of legal_events(s, out, false): its cards
// all zero.
void legal_moves(const GameState& s, MoveList& out);
void legal_moves(const LegalSet& set, MoveList& out);
// The move as an event: equal to legal_events(s, v, false)[i] for out[i] of legal_moves(s,
// out). Chance fields empty, as legal_events leaves them.
EventBody move_event(const MoveCode& m);
// The same, built in place in `out` (no copy of the event variant).
void move_event(const MoveCode& m, EventBody& out);

}  // namespace ctk
