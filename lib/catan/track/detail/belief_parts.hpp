#pragma once
// The parts of the belief (track.hpp) that its steps share, each in a file of its own:
//   branches.cpp  the model of hidden choices: the concrete events a hidden event stands for
//                 and their probabilities, and the discards of an unrecorded 7;
//   merge.cpp     equal states merged (holdings keys), weights kept small, the most
//                 probable states kept at the bound;
//   bounds.cpp    the guaranteed per-resource bounds past the bound (Belief::bounds_after);
//   holdings.cpp  a change of holdings made again in other states (an event applied once).
// Internal to lib/catan/track; not installed.

#include <array>
#include <cstdint>
#include <functional>
#include <numeric>
#include <vector>

#include <catan/engine/cards.hpp>
#include <catan/track/track.hpp>

namespace ctk::track_parts {

inline bool is_seven(const Event& e) {
    const auto* r = std::get_if<Roll>(&e.body);
    return r && r->sum() == 7;
}

// ---- branches.cpp ----

// Every distinct discard of n cards within `hand` (multisets), in lexicographic order.
std::vector<ResourceCounts> discards_of(const ResourceCounts& hand, int n);

// A concrete event and the probability of the hidden choice it makes (num / den).
struct Branch {
    Event event;
    int num = 1, den = 1;
};

// What a hidden event leaves to chance in state s (track.hpp, the model): a steal of one
// of the victim's cards, a draw of one of the deck's, a discard of one of the distinct
// multisets of the count owed; den = the number of equally likely outcomes (hand size,
// cards left, distinct discards), of which each branch's probability num / den is a
// share. kNone (den 1): the event hides nothing, or no branch can make it legal (a steal
// from an empty hand, a purchase from an empty deck): it stands for itself. The one
// statement of the model: branches() and branch_den() both read it.
struct HiddenChoice {
    enum class Kind : std::uint8_t { kNone, kSteal, kDraw, kDiscard };
    Kind kind = Kind::kNone;
    int den = 1;
};
HiddenChoice hidden_choice(const GameState& s, const Event& e);

// The concrete events the event stands for in s, each with its probability num / den
// (hidden_choice's den).
void branches(const GameState& s, const Event& e, std::vector<Branch>& out);
std::vector<Branch> branches(const GameState& s, const Event& e);
// hidden_choice(s, e).den: the den of every branch, without making the branches.
int branch_den(const GameState& s, const Event& e);
// The number of distinct discards `player` can make in s (1 when owing none).
int discard_den(const GameState& s, int player);
// The least common multiple of den over the states (the common scale of a branching).
template <class Den>
Weight common_den(const std::vector<WeightedHoldings>& states, Den den) {
    Weight l = 1;
    int last = 1;
    for (const WeightedHoldings& ws : states) {
        const int d = den(ws);
        if (d == last) continue;  // the usual case: every state has the same
        last = d;
        l = boost::multiprecision::lcm(l, Weight(d));
    }
    return l;
}

// ---- merge.cpp ----

// Holdings key: the fields that differ between the states of one belief (track.hpp), one
// byte a count, in this order: bank, deck, phase, winner, then per player hand,
// development cards old and new, discards owed; compared as unsigned bytes
// (lexicographic). Held as words whose first byte is the most significant, so that words
// compare as their bytes do; the bytes of the bank to the winner take two words (four
// zero bytes after them: equal in every key, so the order is the bytes' order without
// them) and each player two more, zero past the players of the game. Built in registers:
// bytes stored one at a time and read back as words would stall store forwarding.
using Key = std::array<std::uint64_t, 2 + 2 * kMaxPlayers>;
// The words of a key that can be non-zero in a game of n players.
std::size_t key_words(int n);
// The bytes b[0..8) of a word, b[0] the most significant (each count as an unsigned byte).
template <class... Bytes>
std::uint64_t word_of(Bytes... b) {
    static_assert(sizeof...(b) == 8);
    std::uint64_t w = 0;
    ((w = w << 8 | static_cast<std::uint8_t>(b)), ...);
    return w;
}
// The holdings key of a game of n players, read from a state's Holdings or from a whole
// GameState (the same fields by the same names; the same key).
template <class H>
Key holdings_key(const H& h, int n) {
    static_assert(kResourceCount == 5 && kDevCardKinds == 5);
    Key k{};
    const auto& b = h.bank;
    const auto& d = h.deck;
    k[0] = word_of(b[0], b[1], b[2], b[3], b[4], d[0], d[1], d[2]);
    k[1] = word_of(d[3], d[4], static_cast<int>(h.phase), h.winner, 0, 0, 0, 0);
    for (int p = 0; p < n; ++p) {
        const auto& hp = h.players[p];
        const auto& c = hp.hand;
        const auto& o = hp.dev_old;
        const auto& w = hp.dev_new;
        k[2 + 2 * p] = word_of(c[0], c[1], c[2], c[3], c[4], o[0], o[1], o[2]);
        k[3 + 2 * p] = word_of(o[3], o[4], w[0], w[1], w[2], w[3], w[4], h.discard_owed[p]);
    }
    return k;
}

// What an event changed in one state's holdings, to change another's alike (for a state
// whose event has the apply key of the first's: track_share.hpp, KeyReader::for_apply):
// the cards received, phase, winner and discards owed are set to the first state's after
// the event, every other count (hands, bank, deck, development cards) changed by the same
// amount. Made by change_between, used by change_like.
struct HoldingsChange {
    // A count changed: its index (wide: the bank's resources, then each player's hand;
    // narrow: the deck's kinds, then each player's old and new development cards) and by
    // how much.
    struct Count {
        std::uint8_t index;
        int delta;
    };
    static constexpr std::size_t kWide = kResourceCount * (1 + kMaxPlayers);
    static constexpr std::size_t kNarrow = kDevCardKinds * (1 + 2 * kMaxPlayers);
    std::array<Count, kWide> wide;
    std::array<Count, kNarrow> narrow;
    std::uint8_t wide_count = 0, narrow_count = 0;
    Holdings after;  // the first state's holdings after the event
};
void change_between(HoldingsChange& c, const Holdings& before, const Holdings& after);
// h changed as c says. Throws InputError when a count does not fit (as holdings_of).
void change_like(Holdings& h, const HoldingsChange& c);

// merge_equal's buffers (reused: Belief::Scratch).
struct MergeBuffers {
    std::vector<std::uint64_t> keys;  // key_words each
    std::vector<std::size_t> order;
    std::vector<char> placed;
    // A small belief is merged into this buffer (then swapped with it): each state moved once.
    std::vector<WeightedHoldings> out;
};

// Keeps the weights small: a lone state weighs 1; weights past 64 bits are divided by
// their greatest common divisor (the probabilities, weight / sum, do not change).
void reduce_weights(std::vector<WeightedHoldings>& states);
// Merges equal states (weights add) of a game of n players: ordered by key_of (their
// holdings keys), those of equal keys merged when same says they are equal; deterministic:
// holdings order, then first seen.
void merge_equal(std::vector<WeightedHoldings>& states, int n, MergeBuffers& buf,
                 const std::function<Key(const WeightedHoldings&)>& key_of,
                 const std::function<bool(const WeightedHoldings&, const WeightedHoldings&)>& same);
// Keeps the `bound` most probable states (stable: the current order breaks ties), in the
// current order, in place. Returns whether any state was dropped.
bool keep_most_probable(std::vector<WeightedHoldings>& states, std::size_t bound);

// ---- bounds.cpp ----

// Bounds that hold in any state: each count between 0 and all the cards of its resource.
BeliefBounds no_bounds(const GameState& s);
// The bounds of every hand and of the bank over the states of a game of n players (least
// and most of each).
BeliefBounds envelope(const std::vector<WeightedHoldings>& states, int n);

}  // namespace ctk::track_parts
