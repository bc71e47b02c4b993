#pragma once
// Hidden information (DESIGN.md section 8): the belief of replay over a log that hides
// something (a stolen card, a bought development card, the cards of a discard, or every
// discard when the header declares "unrecorded": ["discards"]).
//
// A belief is a weighted set of ordinary complete GameStates: no card of unknown kind in
// any of them. Every event is checked and applied in every state with the rules' own
// check / apply / check_claims (lib/catan/engine/rules.hpp); there is no second copy of any rule.
//
// Held compactly: the states of a belief share their public part (the board, pieces,
// robber, turn, awards, open offer: equal in every state while every event was applied
// only where its check passed, track_share.hpp), which the belief holds once, and each
// state holds only its holdings (Holdings: bank, deck, phase, winner, discards owed,
// hands, development cards, the cards of the last event) with its weight. A step makes
// each state whole in one buffer, checks and applies the event there with the rules, and
// stores the holdings back; the public part the event leads to is kept once per outcome
// (a win ends the game in some states only and clears the robber move or free roads owed
// there: track_share.hpp, PublicOutcome; states whose public parts differ otherwise,
// possible only after an event applied where its check failed, keep one public part each,
// compared whole). There an event that hides nothing is applied
// once per group of states its check and apply cannot tell apart (track_share.hpp, apply
// keys); each other state of the group takes that state's change of holdings. A belief of
// few states (at most TrackOptions::whole_states) holds each whole and steps it in place,
// as a full-information log's one state is: for them the copies into the buffer would cost
// more than the memory saved.
//
// The model (each branch's weight is the state's weight times):
//   - a hidden steal (move_robber with a victim, stolen null): each of the victim's cards
//     equally likely: resource r with  hand[r] / hand size;
//   - a hidden purchase (buy_dev_card, card null): each card left in the deck equally
//     likely: kind k with  deck[k] / cards left in the deck;
//   - a hidden discard (cards null, count n): each distinct discard of n cards open to the
//     player (a multiset within the hand) equally likely;
//   - with unrecorded discards: after each roll of 7, in every state, the players who owe
//     a discard there (seat order) each make one hidden discard of what they owe there.
// Conditioning: a state where an event breaks a rule, or where the event's claims (hand,
// bank, VP, winner, received cards, awards) disagree with what the rules derive, is
// removed; the weights of the rest are divided by their sum.
//
// Weights are exact: each state carries an integer weight (boost::multiprecision::cpp_int,
// unbounded) and its probability is its weight over the sum of the weights of the belief
// (Belief::probability: an exact rational, boost::multiprecision::cpp_rational). The
// weights are unnormalised: all of one belief are on one scale, so removing states needs
// no division (the sum shrinks), and a branch multiplies the state's weight by the
// branch's count times L / d, where d is the state's number of equally likely outcomes
// (hand size, cards left in the deck, distinct discards) and L the least common multiple
// of d over the belief's states (d itself when every state has the same: the usual case).
// Equal weights stay equal integers; no rational arithmetic while replaying. When the
// weights grow past 64 bits after states were removed or merged, they are divided by
// their greatest common divisor. No rounding anywhere; probabilities printed as doubles
// are the nearest double to the exact value.
//
// Merging: two states equal in everything but history (equal public parts and holdings,
// with last_received, the cards of the last event only, cleared) are one state; weights add.
// After each event the states are ordered by their holdings (bank, deck, then per player
// hand, development cards, discard owed; lexicographic), equal ones merged: the order and
// so every output is the same on every run.
//
// Bound: when more than TrackOptions::max_states states remain after an event, the belief
// is no longer exact from that event (inexact_from()) and keeps only the kKeptPastBound
// most probable states (ties: holdings order), at every later event too; from then on it
// decides no violation (an event no kept state explains is applied anyway in every kept
// state and reported by replay as a warning), and it says what each player holds only as
// guaranteed bounds (bounds()): a sound interval per resource and on the hand size,
// carried over every event with the rules' own check / apply (track.cpp), that holds in
// every state, kept or dropped; no probability of the kept states is given as the
// belief's. The kept states give the public fields (the pieces, the turn, whether the game
// is over); their number keeps every event past the bound cheap, whatever the log hides. A
// full-information log is one state throughout, checked and applied in place (no copy), as
// fast as without tracking.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include <catan/engine/event.hpp>
#include <catan/engine/rules.hpp>
#include <catan/engine/state.hpp>

namespace ctk {

using Probability = boost::multiprecision::cpp_rational;
// A state's unnormalised weight (see above): > 0, on the scale of its belief.
using Weight = boost::multiprecision::cpp_int;

// What a belief costs per state of its bound, at its peak (the states held as holdings, the
// branches of an event, the buffers of the step and merge): measured 740 and 904 bytes at
// max_states 100,000 and 400,000 on the no-discards view of a self-play game whose belief
// reaches the bound (docs/hidden-information.md); a tool states max_states * this as the
// memory a bound may take.
inline constexpr std::size_t kTrackBytesPerState = 1024;

struct TrackOptions {
    // Most states kept after an event (the largest met on the shared recorded games is
    // stated in docs/hidden-information.md; this default is far above it). A belief may take
    // up to max_states * kTrackBytesPerState bytes.
    std::size_t max_states = 100000;
    // Checks an event that hides nothing once for the states it cannot tell apart
    // (lib/catan/track/detail/track_share.hpp: equal public fields and equal holdings of what the
    // check reads) instead of once per state; the same states and weights either way (the tests
    // compare the two). false: check in every state.
    bool share_checks = true;
    // A belief of at most this many states holds each whole and steps it in place (fast
    // while few: a few MB); more are held as holdings beside the public parts they share
    // (track.hpp); one state is always held whole. The same states and weights either way
    // (the tests compare them with 0: every belief of several states held as holdings).
    std::size_t whole_states = 1024;
};

// Past the bound (Belief::exact() false) the belief keeps at most this many states (the
// most probable): enough that the kept states' public fields follow the log (states that
// an event rules out are dropped, as while exact), few enough that an event costs at most
// a few hundred times what it costs with full information.
inline constexpr std::size_t kKeptPastBound = 256;

// What the states of one exact belief differ in (track_share.hpp): the bank, the deck,
// the phase and winner (a hidden victory point card can end the game in some states
// only), the discards owed, and per player the hand, the development cards held and the
// cards received from the last event. Everything else of a state (the board, pieces,
// robber, turn, awards, open offer) is its public part, held once per belief (Belief:
// a state is its public part with its holdings written in). Hands and the bank in 16 bits,
// the rest in 8 (development cards held and discards owed as in GameState; the deck, the
// cards received from one event): 180 bytes against the 1,312 of a whole state, 224 with
// a state's weight and the index of its public part, so that a belief at the default
// bound with the branches of an event fits in 100 MB.
struct Holdings {
    struct Player {
        std::array<std::int16_t, kResourceCount> hand{};
        std::array<std::int8_t, kResourceCount> received{};  // GameState::last_received
        std::array<std::int8_t, kDevCardKinds> dev_old{};
        std::array<std::int8_t, kDevCardKinds> dev_new{};
        friend bool operator==(const Player&, const Player&) = default;
    };
    std::array<std::int16_t, kResourceCount> bank{};
    std::array<std::int8_t, kDevCardKinds> deck{};
    Phase phase = Phase::kSetup;
    std::int8_t winner = kNoPlayer;
    std::array<std::int8_t, kMaxPlayers> discard_owed{};
    std::array<Player, kMaxPlayers> players{};  // seats past the game's: zero
    friend bool operator==(const Holdings&, const Holdings&) = default;
};

// The holdings of s. Throws InputError when a count does not fit its bits (a hand or the
// bank past +-32767, the deck or the cards received from one event past +-127: no game
// under the rules reaches that; an absurd log replayed with --keep-going can).
Holdings holdings_of(const GameState& s);
// The same into h (its seats past the game's left as they are).
void holdings_of(const GameState& s, Holdings& h);
// Writes h into s (the inverse of holdings_of on the fields it reads).
void set_holdings(GameState& s, const Holdings& h);

// One state of a belief: its holdings, the index of its public part among the belief's,
// its weight.
struct WeightedHoldings {
    Holdings holdings;
    std::uint32_t base = 0;
    Weight weight;  // > 0; probability = weight / Belief::total_weight()
};
// The size of a state held is a budget (Holdings above: x86-64, GCC, Boost's cpp_int).
static_assert(sizeof(WeightedHoldings) <= 224, "a belief's state grew: see Holdings");

// Guaranteed bounds on one player's cards: in every possible state the player holds
// between min[r] and max[r] cards of each resource r and between cards_min and
// cards_max cards in all.
struct HandBounds {
    ResourceCounts min{}, max{};
    int cards_min = 0, cards_max = 0;
};

// Belief::bounds() with the bank's (internal: the bank's tighten the hands').
struct BeliefBounds {
    std::vector<HandBounds> hands;  // per player, seat order
    ResourceCounts bank_min{}, bank_max{};
};

struct StepResult {
    // At most two (like full-information replay): the event's own (then not applied,
    // unless keep_going) and its claims' (after apply).
    std::vector<Violation> violations;
    bool applied = true;  // false: the event broke a rule in every state and was not applied
};

// Guaranteed bounds on one player's victory point cards (held until the end, never played),
// from the events alone, so that they hold in every state, kept or dropped at the bound:
//   min: the VP cards the start state and the log show the player holding (a purchase whose
//        card the log names);
//   max: min, plus every purchase whose card the log hides less those spent on development
//        cards played beyond the playable cards the log shows them buying, and never more
//        than the deck's VP cards not shown anywhere.
// Equal when nothing the player bought is hidden.
struct VpCardBounds {
    int min = 0, max = 0;
};

class Belief {
  public:
    // The belief at the start of `log`: its initial state, weight 1. Keeps a pointer to
    // log (its header's unrecorded discards, its seats for messages): log must outlive it.
    explicit Belief(const GameLog& log, TrackOptions opt = {});
    ~Belief();
    Belief(Belief&&) noexcept;
    Belief& operator=(Belief&&) noexcept;
    // The belief that `start` (a state of log's game, e.g. a position set up by a test) is
    // the state, weight 1.
    Belief(const GameLog& log, GameState start, TrackOptions opt = {});

    // Advances over event `index` of the log (0-based, in order). No violation when at
    // least one state explains it (check, then check_claims after apply); otherwise the
    // violation of the most probable state
    // (ties: the first in holdings order), its message ending with
    // " (decided under hidden information: none of the N possible states explains it)"
    // when more than one state was possible or the event hides something. After a
    // violation the belief is left unchanged, unless keep_going: then the event is applied
    // anyway in every state (each hidden choice branched as above) and replay goes on.
    // When the belief is not exact (past the bound), a violation is never returned: see
    // unexplained(). Throws InputError naming the event when a count passes what a state's
    // holdings can hold (holdings_of).
    StepResult step(const Event& e, int index, bool keep_going = false);

    // The number of states (>= 1), in holdings order.
    std::size_t size() const;
    // State i (0 .. size()-1), whole: its public part with its holdings written in.
    GameState state(std::size_t i) const;
    // The first state (a reference valid until the next step or call of front()): with
    // states held whole (few of them), the belief's own, read in place.
    const GameState& front() const;
    // State i's weight and holdings (throws InputError as holdings_of does, the count
    // named, when a state held whole holds more than Holdings can).
    const Weight& weight(std::size_t i) const;
    const Holdings& holdings(std::size_t i) const;
    // Calls f(const GameState&, const Weight&) for every state in order (each read in
    // place when held whole, else made whole in one buffer; valid during the call only).
    template <class F>
    void for_each_state(F&& f) const {
        using Fn = std::remove_reference_t<F>;
        visit_states(
            const_cast<void*>(static_cast<const void*>(std::addressof(f))),
            [](void* fn, const GameState& s, const Weight& w) { (*static_cast<Fn*>(fn))(s, w); });
    }
    // The sum of the states' weights (> 0).
    const Weight& total_weight() const;
    // The exact probability of state i: its weight / total_weight().
    Probability probability(std::size_t i) const;
    // The exact probability of a sum w of weights of states: w / total_weight().
    Probability probability(const Weight& w) const;
    // The most probable state (ties: the first in holdings order); a reference valid
    // until the next step or call of most_probable().
    const GameState& most_probable() const;
    bool exact() const;
    // The event (index) at which the bound was first exceeded.
    std::optional<int> inexact_from() const;
    // Past the bound: per player (seat order) the guaranteed bounds after the events
    // stepped so far. Empty while exact.
    const std::vector<HandBounds>& bounds() const;
    // Events (indices) that no kept state explained while not exact.
    const std::vector<int>& unexplained() const;
    // Per player (seat order): guaranteed bounds on the victory point cards held, after
    // the events stepped so far, in every state the belief could not rule out (dropped at
    // the bound included): VpCardBounds below. Valid whether exact or not.
    std::vector<VpCardBounds> vp_card_bounds() const;

    // The largest number of states held after any event so far.
    std::size_t max_states_seen() const;
    // The most states that existed at once while an event branched (before merging and
    // the bound): at most 1.25 * max_states + 1 (the branches are bounded as they are made).
    std::size_t peak_states() const;

  private:
    // The states, their public parts, the buffers reused from event to event and the
    // steps over them (lib/catan/track/detail/belief_impl.hpp; internal).
    struct Impl;
    std::unique_ptr<Impl> impl_;
    // Calls call(fn, state, weight) for every state in order (for_each_state).
    void visit_states(void* fn, void (*call)(void*, const GameState&, const Weight&)) const;
};

// ---- what the belief says about each player (for --hands, --trace and the viewer) ----

struct HandOdds {
    ResourceCounts hand{};
    Probability probability;
};

struct DevCardOdds {
    std::array<int, kDevCardKinds> cards{};  // development cards held (not played), by kind
    Probability probability;
};

struct PlayerBelief {
    PlayerId player = kNoPlayer;
    // false past the bound: then min, max, cards_min and cards_max are the guaranteed
    // bounds (Belief::bounds()), hands is empty (or the one hand the bounds leave, with
    // probability 1), distribution empty (or that hand's), dev_cards empty.
    bool exact = true;
    // Every possible hand with its probability > 0, most probable first (ties: hand
    // lexicographic by resource order). Sums to 1.
    std::vector<HandOdds> hands;
    // Per resource: distribution[r][k] = P(holds exactly k cards of r), k = 0..max.
    std::array<std::vector<Probability>, kResourceCount> distribution;
    ResourceCounts min{}, max{};
    int cards_min = 0, cards_max = 0;  // hand sizes (equal unless a discard was unrecorded)
    // Development cards held (not yet played) by kind, most probable first.
    std::vector<DevCardOdds> dev_cards;
};

// Per player (seat order), after the events stepped so far.
std::vector<PlayerBelief> player_beliefs(const Belief& b);

// How the events stepped so far may have ended, in every state the belief could not rule
// out (win-on-own-turn): the winners of the belief's states (winner_at_end), and past the
// bound those of the states it dropped, which only the guaranteed bounds still speak for.
// Only the active player can win (the last player standing after resignations is a public
// winner, in every state); a kept state's winner counts only where their public VP plus the
// most VP cards they may hold reach the target (past the bound, a kept state may have taken
// events no kept state explained); in a dropped state they have won when their public VP plus the
// most VP cards they may hold (vp_card_bounds) reach the target where a win can happen
// (a turn, or the special building phase under win_when_turn_passes), and not won when their
// public VP plus the fewest do not.
struct PossibleEnds {
    std::vector<PlayerId> winners;  // seat order: a winner in some state
    bool unfinished = false;        // some state has no winner
    // One end in every state: the verdict may state it.
    bool decided() const { return winners.size() + (unfinished ? 1 : 0) == 1; }
};
PossibleEnds possible_ends(const Belief& b);

// True when the log hides something that needs a belief of more than one state: a null
// stolen card, bought card or discard, or unrecorded discards.
bool log_hides_information(const GameLog& log);

}  // namespace ctk
