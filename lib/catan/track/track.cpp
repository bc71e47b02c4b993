// The belief over complete states (track.hpp): hidden choices branched by the model,
// every branch checked and applied with the rules' own check / apply / check_claims.
#include <catan/track/track.hpp>

#include <catan/track/detail/track_share.hpp>

#include <algorithm>
#include <map>
#include <numeric>

#include <fmt/format.h>

namespace ctk {

namespace {

int total(const ResourceCounts& r) {
    return std::accumulate(r.begin(), r.end(), 0);
}

bool is_seven(const Event& e) {
    const auto* r = std::get_if<Roll>(&e.body);
    return r && r->sum() == 7;
}

// Every distinct discard of n cards within `hand` (multisets), in lexicographic order.
void discards_of(const ResourceCounts& hand, int n, ResourceCounts& cur, int r,
                 std::vector<ResourceCounts>& out) {
    if (r == kResourceCount - 1) {
        if (n <= hand[r]) {
            cur[r] = n;
            out.push_back(cur);
        }
        return;
    }
    int rest = 0;
    for (int k = r + 1; k < kResourceCount; ++k) rest += hand[k];
    for (int x = std::max(0, n - rest); x <= std::min(n, hand[r]); ++x) {
        cur[r] = x;
        discards_of(hand, n - x, cur, r + 1, out);
    }
    cur[r] = 0;
}

std::vector<ResourceCounts> discards_of(const ResourceCounts& hand, int n) {
    std::vector<ResourceCounts> out;
    ResourceCounts cur{};
    discards_of(hand, n, cur, 0, out);
    return out;
}

// A concrete event and the probability of the hidden choice it makes (num / den).
struct Branch {
    Event event;
    int num = 1, den = 1;
};

// The concrete events a hidden event stands for in state s (track.hpp, the model). An
// event hiding nothing, or one that no branch can make legal (a steal from an empty
// hand, a purchase from an empty deck), stands for itself.
void branches(const GameState& s, const Event& e, std::vector<Branch>& out) {
    out.clear();
    if (const auto* m = std::get_if<MoveRobber>(&e.body); m && m->victim != kNoPlayer &&
                                                          !m->stolen && m->victim >= 0 &&
                                                          m->victim < s.player_count()) {
        const ResourceCounts& hand = s.players[m->victim].hand;
        const int n = total(hand);
        for (int r = 0; r < kResourceCount && n > 0; ++r)
            if (hand[r] > 0) {
                Event c = e;
                std::get<MoveRobber>(c.body).stolen = static_cast<Resource>(r);
                out.push_back({std::move(c), hand[r], n});
            }
    } else if (const auto* b = std::get_if<BuyDevCard>(&e.body); b && !b->card) {
        for (int k = 0; k < kDevCardKinds && s.deck_left > 0; ++k)
            if (s.deck[k] > 0) {
                Event c = e;
                std::get<BuyDevCard>(c.body).card = static_cast<DevCard>(k);
                out.push_back({std::move(c), s.deck[k], s.deck_left});
            }
    } else if (const auto* d = std::get_if<Discard>(&e.body);
               d && d->hidden && d->player >= 0 && d->player < s.player_count() &&
               d->count == s.discard_owed[d->player]) {
        auto all = discards_of(s.players[d->player].hand, d->count);
        for (const ResourceCounts& cards : all) {
            Event c = e;
            auto& cd = std::get<Discard>(c.body);
            cd.hidden = false;
            cd.count = 0;
            cd.cards = cards;
            out.push_back({std::move(c), 1, static_cast<int>(all.size())});
        }
    }
    if (out.empty()) out.push_back({e, 1, 1});
}

std::vector<Branch> branches(const GameState& s, const Event& e) {
    std::vector<Branch> out;
    branches(s, e, out);
    return out;
}

// The den of every branch branches(s, e) gives (1 when the event stands for itself),
// without making the branches.
int branch_den(const GameState& s, const Event& e) {
    if (const auto* m = std::get_if<MoveRobber>(&e.body); m && m->victim != kNoPlayer &&
                                                          !m->stolen && m->victim >= 0 &&
                                                          m->victim < s.player_count()) {
        return std::max(1, total(s.players[m->victim].hand));
    } else if (const auto* b = std::get_if<BuyDevCard>(&e.body); b && !b->card) {
        return std::max(1, s.deck_left);
    } else if (const auto* d = std::get_if<Discard>(&e.body);
               d && d->hidden && d->player >= 0 && d->player < s.player_count() &&
               d->count == s.discard_owed[d->player]) {
        return std::max<int>(
            1, static_cast<int>(discards_of(s.players[d->player].hand, d->count).size()));
    }
    return 1;
}

// The number of distinct discards `player` can make in s (1 when owing none).
int discard_den(const GameState& s, int player) {
    if (s.discard_owed[player] == 0) return 1;
    return std::max<int>(
        1, static_cast<int>(discards_of(s.players[player].hand, s.discard_owed[player]).size()));
}

// The least common multiple of den over the states (the common scale of a branching).
template <class Den>
Weight common_den(const std::vector<WeightedState>& states, Den den) {
    Weight l = 1;
    int last = 1;
    for (const WeightedState& ws : states) {
        const int d = den(ws.state);
        if (d == last) continue;  // the usual case: every state has the same
        last = d;
        l = boost::multiprecision::lcm(l, Weight(d));
    }
    return l;
}

// With unrecorded discards: after a 7, a player who owes a discard in a state makes one
// there, hidden (each distinct discard equally likely). One player's discards of one state
// are appended to out; Belief::step runs the players in seat order. scale: the common
// scale of this player's discards over the belief (common_den of discard_den).
void unrecorded_discards_of(WeightedState ws, int player, const Weight& scale,
                            std::vector<WeightedState>& out) {
    GameState& s = ws.state;
    if (s.discard_owed[player] == 0) {
        if (scale != 1) ws.weight *= scale;
        out.push_back(std::move(ws));
        return;
    }
    auto all = discards_of(s.players[player].hand, s.discard_owed[player]);
    const Weight factor = scale / static_cast<unsigned>(all.size());
    if (factor != 1) ws.weight *= factor;
    for (std::size_t i = 0; i < all.size(); ++i) {
        WeightedState next = i + 1 < all.size() ? ws : std::move(ws);
        Event d{Discard{player, all[i], false, 0}, nullptr, 0};
        apply(next.state, d);
        out.push_back(std::move(next));
    }
}

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
std::size_t key_words(int n) {
    return 2 + 2 * static_cast<std::size_t>(n);
}
// The order of the keys' bytes over their first `words` words: -1, 0 or 1.
int key_compare(const Key& a, const Key& b, std::size_t words) {
    for (std::size_t i = 0; i < words; ++i)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}
// The bytes b[0..8) of a word, b[0] the most significant (each count as an unsigned byte).
template <class... Bytes>
std::uint64_t word_of(Bytes... b) {
    static_assert(sizeof...(b) == 8);
    std::uint64_t w = 0;
    ((w = w << 8 | static_cast<std::uint8_t>(b)), ...);
    return w;
}
Key holdings(const GameState& s) {
    static_assert(kResourceCount == 5 && kDevCardKinds == 5);
    Key k{};
    const auto& b = s.bank;
    const auto& d = s.deck;
    k[0] = word_of(b[0], b[1], b[2], b[3], b[4], d[0], d[1], d[2]);
    k[1] = word_of(d[3], d[4], static_cast<int>(s.phase), s.winner, 0, 0, 0, 0);
    for (int p = 0; p < s.player_count(); ++p) {
        const PlayerState& ps = s.players[p];
        const auto& h = ps.hand;
        const auto& o = ps.dev_old;
        const auto& n = ps.dev_new;
        k[2 + 2 * p] = word_of(h[0], h[1], h[2], h[3], h[4], o[0], o[1], o[2]);
        k[3 + 2 * p] = word_of(o[3], o[4], n[0], n[1], n[2], n[3], n[4], s.discard_owed[p]);
    }
    return k;
}

// merge_equal's buffers (reused: Belief::Scratch).
struct MergeBuffers {
    std::vector<Key> keys;
    std::vector<std::size_t> order;
    std::vector<char> placed;
    // A small belief is merged into this buffer (then swapped with it): each state moved once.
    std::vector<WeightedState> out;
};

// The most states merged out of place (MergeBuffers::out): at most this many are held
// twice while merging; a larger set is permuted in place (memory past the bound).
constexpr std::size_t kMergeOutOfPlace = 4096;

// Keeps the weights small: a lone state weighs 1; weights past 64 bits are divided by
// their greatest common divisor (the probabilities, weight / sum, do not change).
void reduce_weights(std::vector<WeightedState>& states) {
    if (states.empty()) return;
    if (states.size() == 1) {
        states[0].weight = 1;
        return;
    }
    std::size_t bits = 0;
    for (const WeightedState& ws : states)
        bits = std::max<std::size_t>(bits, boost::multiprecision::msb(ws.weight));
    if (bits < 64) return;
    Weight g = states[0].weight;
    for (std::size_t i = 1; i < states.size() && g != 1; ++i)
        g = boost::multiprecision::gcd(g, states[i].weight);
    if (g == 1) return;
    for (WeightedState& ws : states) ws.weight /= g;
}

}  // namespace

// ---- per-resource bounds past the bound (track.hpp, HandBounds) ----
//
// A sound interval update: the states dropped at the bound cannot be run any more (they
// are dropped to keep memory bounded), so what they may hold is carried as an interval
// per count, updated with the rules' own apply (and check) run on two "corner" states,
// never a second copy of a rule. The corners share the public fields of
// a kept state (board, pieces, robber, turn: equal in every state, kept or dropped) and
// differ in hands and bank only:
//   low:  every hand at its lower bounds, the bank at its least (total - sum of highs);
//   high: every hand at its upper bounds, the bank at its most (total - sum of lows).
// Every true state lies between low and high (hands and bank taken as independent
// coordinates). What apply does to a hand is monotone in them: a payment takes
// min(cost, held) (never below zero), a gain adds a fixed count, production gives each
// player an amount that grows with the bank (all, what is left to a lone receiver, or
// nothing), a monopoly empties the victims' resource and adds the sum of theirs to the
// player, a steal moves one card. So each count after the event lies between its value
// in low and in high, for the branch the true state took; the branches are those of the
// high corner (every card any state may hold), which include every true branch. Hand
// sizes are kept on their own (they are public unless a discard went unrecorded or a
// monopoly's haul is hidden): the change of a player's hand size lies between its
// changes in the corners that can make the event (check passes there: a corner that
// cannot pay a cost does not say what paying it changes), each such change being
// monotone in the corner. The bounds are then tightened by the hand sizes and by the
// conservation of cards (bank + hands = total per resource, the bank never negative).
namespace {

constexpr int kUnboundedCards = 1 << 20;

ResourceCounts card_totals(const GameState& s) {
    ResourceCounts t = s.bank;
    for (int p = 0; p < s.player_count(); ++p)
        for (int r = 0; r < kResourceCount; ++r) t[r] += s.players[p].hand[r];
    return t;
}

// The low (high = false) or high corner of the bounds b around the public state base.
GameState corner(const GameState& base, const BeliefBounds& b, bool high) {
    GameState s = base;
    for (int p = 0; p < s.player_count(); ++p)
        s.players[p].hand = high ? b.hands[p].max : b.hands[p].min;
    s.bank = high ? b.bank_max : b.bank_min;
    return s;
}

// Hand sizes and the conservation of cards (bank + hands = totals) tighten the bounds.
void tighten(BeliefBounds& b, const ResourceCounts& totals) {
    for (int round = 0; round < 2; ++round) {
        for (HandBounds& h : b.hands) {
            for (int r = 0; r < kResourceCount; ++r) h.min[r] = std::max(h.min[r], 0);
            const int lo = total(h.min), hi = total(h.max);
            h.cards_min = std::max(h.cards_min, lo);
            h.cards_max = std::min(h.cards_max, hi);
            for (int r = 0; r < kResourceCount; ++r) {
                h.min[r] = std::max(h.min[r], h.cards_min - (hi - h.max[r]));
                h.max[r] = std::min(h.max[r], h.cards_max - (lo - h.min[r]));
            }
        }
        for (int r = 0; r < kResourceCount; ++r) {
            int sum_min = 0, sum_max = 0;
            for (const HandBounds& h : b.hands) sum_min += h.min[r], sum_max += h.max[r];
            b.bank_min[r] = std::max({b.bank_min[r], totals[r] - sum_max, 0});
            b.bank_max[r] = std::min(b.bank_max[r], totals[r] - sum_min);
            for (HandBounds& h : b.hands) {
                h.max[r] = std::min(h.max[r], totals[r] - b.bank_min[r] - (sum_min - h.min[r]));
                h.min[r] = std::max(h.min[r], totals[r] - b.bank_max[r] - (sum_max - h.max[r]));
            }
        }
    }
}

// Bounds that hold in any state: each count between 0 and all the cards of its resource.
BeliefBounds no_bounds(const GameState& s) {
    const ResourceCounts totals = card_totals(s);
    BeliefBounds b;
    b.hands.resize(static_cast<std::size_t>(s.player_count()));
    for (HandBounds& h : b.hands) {
        h.max = totals;
        h.cards_max = total(totals);
    }
    b.bank_max = totals;
    return b;
}

// The bounds of every hand and of the bank over the states (least and most of each).
BeliefBounds envelope(const std::vector<WeightedState>& states) {
    const int n = states.front().state.player_count();
    BeliefBounds b;
    b.hands.resize(static_cast<std::size_t>(n));
    for (HandBounds& h : b.hands) {
        h.min.fill(kUnboundedCards);
        h.cards_min = kUnboundedCards;
    }
    b.bank_min.fill(kUnboundedCards);
    for (const WeightedState& ws : states) {
        for (int p = 0; p < n; ++p) {
            const ResourceCounts& hand = ws.state.players[p].hand;
            HandBounds& h = b.hands[static_cast<std::size_t>(p)];
            for (int r = 0; r < kResourceCount; ++r) {
                h.min[r] = std::min(h.min[r], hand[r]);
                h.max[r] = std::max(h.max[r], hand[r]);
            }
            h.cards_min = std::min(h.cards_min, total(hand));
            h.cards_max = std::max(h.cards_max, total(hand));
        }
        for (int r = 0; r < kResourceCount; ++r) {
            b.bank_min[r] = std::min(b.bank_min[r], ws.state.bank[r]);
            b.bank_max[r] = std::max(b.bank_max[r], ws.state.bank[r]);
        }
    }
    return b;
}

// [least, most] of a change, widened by each value seen.
struct Change {
    int min = kUnboundedCards, max = -kUnboundedCards;
    void see(int x) { min = std::min(min, x), max = std::max(max, x); }
    bool seen() const { return min <= max; }
};

}  // namespace

BeliefBounds Belief::bounds_after(BeliefBounds b, const GameState& base, const Event& e,
                                  int index) const {
    const int n = base.player_count();
    const ResourceCounts totals = card_totals(base);
    tighten(b, totals);
    const bool discards_after = log_->unrecorded.discards && is_seven(e);
    std::array<GameState, 2> corners{corner(base, b, false), corner(base, b, true)};
    if (const auto* d = std::get_if<Discard>(&e.body);
        d && d->hidden && d->player >= 0 && d->player < n)
        for (GameState& c : corners) c.discard_owed[d->player] = static_cast<std::int8_t>(d->count);
    // Development cards are not bounded: the corners hold the card an event plays (an old
    // one, playable), so that check there speaks of the resource cards only.
    auto hold = [&](PlayerId p, DevCard k) {
        if (p < 0 || p >= n) return;
        for (GameState& c : corners) {
            auto& old = c.players[p].dev_old[static_cast<int>(k)];
            old = std::max<std::int8_t>(old, 1);
        }
    };
    if (const auto* x = std::get_if<PlayKnight>(&e.body)) hold(x->player, DevCard::kKnight);
    if (const auto* x = std::get_if<PlayRoadBuilding>(&e.body))
        hold(x->player, DevCard::kRoadBuilding);
    if (const auto* x = std::get_if<PlayYearOfPlenty>(&e.body))
        hold(x->player, DevCard::kYearOfPlenty);
    if (const auto* x = std::get_if<PlayMonopoly>(&e.body)) hold(x->player, DevCard::kMonopoly);
    BeliefBounds next = b;
    for (HandBounds& h : next.hands) {
        h.min.fill(kUnboundedCards);
        h.max.fill(0);
    }
    std::vector<Change> cards(static_cast<std::size_t>(n));
    std::array<Change, kResourceCount> bank;
    std::array<std::array<int, kMaxPlayers>, 2> owed{};  // discards owed after a 7, by corner
    for (const Branch& br : branches(corners[1], e)) {
        for (std::size_t c = 0; c < corners.size(); ++c) {
            GameState s = corners[c];
            const bool makes_it = !check(s, br.event, index, quiet_);
            apply(s, br.event);
            for (int p = 0; p < n; ++p) {
                const auto i = static_cast<std::size_t>(p);
                HandBounds& h = next.hands[i];
                const ResourceCounts& hand = s.players[p].hand;
                for (int r = 0; r < kResourceCount; ++r) {
                    if (c == 0) h.min[r] = std::min(h.min[r], hand[r]);
                    if (c == 1) h.max[r] = std::max(h.max[r], hand[r]);
                }
                if (makes_it) cards[i].see(total(hand) - total(corners[c].players[p].hand));
                owed[c][i] = s.discard_owed[p];
            }
            if (makes_it)
                for (int r = 0; r < kResourceCount; ++r)
                    bank[r].see(s.bank[r] - corners[c].bank[r]);
        }
    }
    for (int p = 0; p < n; ++p) {
        const auto i = static_cast<std::size_t>(p);
        HandBounds& h = next.hands[i];
        if (!cards[i].seen()) {  // no corner makes the event: the hand size is not bounded
            h.cards_min = 0;
            h.cards_max = kUnboundedCards;
        } else {
            h.cards_min = b.hands[i].cards_min + cards[i].min;
            h.cards_max = b.hands[i].cards_max + cards[i].max;
        }
        if (discards_after) {  // each discards what it owes: between low's and high's due
            for (int r = 0; r < kResourceCount; ++r) h.min[r] -= owed[1][i];
            h.cards_min -= owed[1][i];
            h.cards_max -= owed[0][i];
            for (int r = 0; r < kResourceCount; ++r) next.bank_max[r] += owed[1][i];
        }
    }
    for (int r = 0; r < kResourceCount; ++r) {
        if (!bank[r].seen()) {
            next.bank_min[r] = 0;
            next.bank_max[r] = totals[r];
        } else {
            next.bank_min[r] = b.bank_min[r] + bank[r].min;
            next.bank_max[r] += bank[r].max;
        }
    }
    tighten(next, totals);
    return next;
}

struct Belief::Scratch {
    MergeBuffers merge;
    // apply_shared: the verdicts met (key, passes) and their open-addressing table.
    std::vector<track_share::Key> verdict_keys;
    std::vector<char> verdict_passes;
    std::vector<std::uint32_t> verdict_table;
    std::vector<Branch> branches;  // of one state
    std::vector<char> pass;        // claims met, per state
};

Belief::~Belief() = default;
Belief::Belief(Belief&&) noexcept = default;
Belief& Belief::operator=(Belief&&) noexcept = default;

bool log_hides_information(const GameLog& log) {
    if (log.unrecorded.discards) return true;
    return std::any_of(log.events.begin(), log.events.end(), track_share::hides_choice);
}

Belief::Belief(const GameLog& log, TrackOptions opt)
    : log_(&log),
      opt_(opt),
      ctx_{&log.seats},
      quiet_{&log.seats, false},
      scratch_(std::make_unique<Scratch>()) {
    states_.push_back({GameState::initial(log), Weight(1)});
}

Belief::Belief(const GameLog& log, GameState start, TrackOptions opt)
    : log_(&log),
      opt_(opt),
      ctx_{&log.seats},
      quiet_{&log.seats, false},
      scratch_(std::make_unique<Scratch>()) {
    states_.push_back({std::move(start), Weight(1)});
}

const GameState& Belief::most_probable() const {
    std::size_t best = 0;
    for (std::size_t i = 1; i < states_.size(); ++i)
        if (states_[i].weight > states_[best].weight) best = i;
    return states_[best].state;
}

const Weight& Belief::total_weight() const {
    if (!total_) {
        Weight sum = 0;
        for (const WeightedState& ws : states_) sum += ws.weight;
        total_ = std::move(sum);
    }
    return *total_;
}

Probability Belief::probability(const Weight& w) const {
    return Probability(w, total_weight());
}

Probability Belief::probability(const WeightedState& ws) const {
    return probability(ws.weight);
}

StepResult Belief::step(const Event& e, int index, bool keep_going) {
    total_.reset();
    if (!exact()) {
        // Past the bound: the guaranteed bounds follow the event, from the kept states'
        // public fields before it.
        bounds_ = bounds_after(std::move(bounds_), states_.front().state, e, index);
        return step_states(e, index, keep_going);
    }
    // Only an event that branches can pass the bound: then the bounds start from every
    // state before it (the exact belief), carried over the event.
    const bool may_branch =
        track_share::hides_choice(e) || (log_->unrecorded.discards && is_seven(e));
    // A hidden steal or purchase makes at most kResourceCount or kDevCardKinds states of
    // each: when that many cannot pass the bound, neither can the event.
    const bool few_branches =
        may_branch && !std::holds_alternative<Discard>(e.body) &&
        !(log_->unrecorded.discards && is_seven(e)) &&
        states_.size() * static_cast<std::size_t>(std::max(kResourceCount, kDevCardKinds)) <=
            opt_.max_states;
    if (!may_branch || few_branches) {
        StepResult res = step_states(e, index, keep_going);
        if (!exact()) bounds_ = no_bounds(states_.front().state);  // (never: see above)
        return res;
    }
    BeliefBounds before = envelope(states_);
    GameState base = states_.front().state;
    StepResult res = step_states(e, index, keep_going);
    if (!exact()) {
        bounds_ = bounds_after(std::move(before), base, e, index);
        // From here on the belief keeps at most kKeptPastBound states (merge_and_bound):
        // give back the memory of a belief at the bound.
        states_.shrink_to_fit();
        next_.clear();
        next_.shrink_to_fit();
    }
    return res;
}

StepResult Belief::step_states(const Event& e, int index, bool keep_going) {
    StepResult res;
    const bool exact_now = exact();
    const bool go_on = keep_going || !exact_now;
    const bool discards_after = log_->unrecorded.discards && is_seven(e);
    const bool hidden = track_share::hides_choice(e);
    // A reported violation, or (not exact) an event that no kept state explains.
    // Exact as the belief is when the violation is found: states an event branched into may
    // have passed twice the bound while it was applied (bound_growth), and the states then
    // dropped may explain its claims.
    auto report = [&](Violation v) {
        if (exact()) {
            res.violations.push_back(std::move(v));
        } else if (unexplained_.empty() || unexplained_.back() != index) {
            unexplained_.push_back(index);
        }
    };

    // Full information, one state: check and apply in place, as replay without tracking.
    if (states_.size() == 1 && !hidden && !discards_after) {
        GameState& s = states_[0].state;
        if (auto v = check(s, e, index, ctx_)) {
            report(std::move(*v));
            if (!go_on) {
                res.applied = false;
                return res;
            }
        }
        apply(s, e);
        if (e.claims) {
            if (go_on)  // --keep-going: every wrong claim of the event
                for (Violation& v : check_all_claims(s, e, index, ctx_)) report(std::move(v));
            else if (auto v = check_claims(s, e, index, ctx_))
                report(std::move(*v));
        }
        return res;
    }

    const std::size_t before = states_.size();
    const bool ends_turn_forgetting = std::holds_alternative<EndTurn>(e.body) && end_turn_forgets();
    auto under_hidden = [&](Violation v) {
        if (before > 1 || hidden || discards_after)
            v.message += fmt::format(
                " (decided under hidden information: none of the {} possible state{} "
                "explains it)",
                before, before == 1 ? "" : "s");
        return v;
    };

    // 1. check in every state and branch; apply where the event is legal. An event that
    // hides nothing is checked and applied in place (no copy); the states it breaks are
    // dropped by compaction.
    std::optional<Violation> worst;
    Weight worst_weight = -1;  // weights are > 0
    auto note = [&](Violation&& v, const Weight& w) {
        if (w > worst_weight) worst_weight = w, worst = std::move(v);
    };
    bool may_merge = hidden || discards_after;
    bool dropped = false;  // bound_growth kept only the most probable states
    bool lost = false;     // a branch broke a rule: the weights no longer sum to 1
    // The violation reported when nothing explains the event is the most probable one:
    // weighed only then (a second pass over the untouched states), not for every branch.
    if (!hidden) {
        std::size_t kept = 0;
        if (public_equal_ && opt_.share_checks && track_share::shares_check(e)) {
            kept = apply_shared(e, index);
        } else {
            for (std::size_t i = 0; i < states_.size(); ++i) {
                if (check(states_[i].state, e, index, quiet_)) continue;
                apply(states_[i].state, e);
                if (kept != i) states_[kept] = std::move(states_[i]);
                ++kept;
            }
        }
        if (kept == 0) {  // nothing applied, nothing moved
            for (const WeightedState& ws : states_)
                if (auto v = check(ws.state, e, index, ctx_)) note(std::move(*v), ws.weight);
            report(under_hidden(std::move(*worst)));
            if (!go_on) {
                res.applied = false;
                return res;
            }
            for (WeightedState& ws : states_) apply(ws.state, e);
            public_equal_ = false;  // applied where check failed: see track_share.hpp
            kept = states_.size();
        }
        lost = kept < states_.size();
        states_.erase(states_.begin() + static_cast<std::ptrdiff_t>(kept), states_.end());
    } else {
        // The common scale of the branches: every state's den divides it.
        const Weight scale =
            common_den(states_, [&](const GameState& s) { return branch_den(s, e); });
        auto factor = [&](const Branch& br) -> Weight {
            if (scale == br.den) return br.num;
            return br.num * (scale / br.den);
        };
        std::vector<WeightedState>& applied = next_;  // reused: no page faults per event
        applied.clear();
        applied.reserve(std::min(2 * cap() + 1, states_.size() * kResourceCount));
        std::vector<Branch>& bs = scratch_->branches;
        for (WeightedState& ws : states_) {
            branches(ws.state, e, bs);
            for (Branch& br : bs) {
                if (check(ws.state, br.event, index, quiet_)) {
                    lost = true;
                    continue;
                }
                // The last branch takes the state itself (nothing checks or copies it after).
                if (&br == &bs.back())
                    applied.push_back(std::move(ws));
                else
                    applied.push_back(ws);
                WeightedState& next = applied.back();
                if (Weight f = factor(br); f != 1) next.weight *= f;
                apply(next.state, br.event);
            }
            dropped = bound_growth(applied, index) || dropped;
        }
        if (applied.empty()) {  // nothing was moved out of states_
            for (const WeightedState& ws : states_)
                for (const Branch& br : branches(ws.state, e))
                    if (auto v = check(ws.state, br.event, index, ctx_))
                        note(std::move(*v), ws.weight * factor(br));
            report(under_hidden(std::move(*worst)));
            if (!go_on) {
                res.applied = false;
                return res;
            }
            public_equal_ = false;  // applied where check failed: see track_share.hpp
            for (WeightedState& ws : states_) {
                for (Branch& br : branches(ws.state, e)) {
                    applied.push_back(ws);
                    WeightedState& next = applied.back();
                    if (Weight f = factor(br); f != 1) next.weight *= f;
                    apply(next.state, br.event);
                }
                dropped = bound_growth(applied, index) || dropped;
            }
        }
        states_.swap(applied);
        applied.clear();
    }

    // 2. with unrecorded discards, the discards the rules require after a 7, per state.
    if (discards_after) {
        const int players = states_.empty() ? 0 : states_[0].state.player_count();
        for (int p = 0; p < players; ++p) {
            const Weight scale =
                common_den(states_, [&](const GameState& s) { return discard_den(s, p); });
            std::vector<WeightedState>& with = next_;
            with.clear();
            for (WeightedState& ws : states_) {
                unrecorded_discards_of(std::move(ws), p, scale, with);
                dropped = bound_growth(with, index) || dropped;
            }
            states_.swap(with);
            with.clear();
        }
    }

    // 3. claims condition the belief (all failing: reported, every state kept).
    bool removed = states_.size() < before;
    if (e.claims) {
        std::vector<char>& pass = scratch_->pass;
        pass.assign(states_.size(), 0);
        worst.reset();
        worst_weight = -1;
        std::size_t passing = 0;
        for (std::size_t i = 0; i < states_.size(); ++i)
            if (!check_claims(states_[i].state, e, index, quiet_)) pass[i] = 1, ++passing;
        if (passing == 0 && go_on) {  // --keep-going: every wrong claim of the likeliest state
            const WeightedState* likeliest = &states_.front();
            for (const WeightedState& ws : states_)
                if (ws.weight > likeliest->weight) likeliest = &ws;
            for (Violation& v : check_all_claims(likeliest->state, e, index, ctx_))
                report(under_hidden(std::move(v)));
        } else if (passing == 0) {  // the most probable state's violation, with its message
            for (const WeightedState& ws : states_)
                if (auto v = check_claims(ws.state, e, index, ctx_)) note(std::move(*v), ws.weight);
            report(under_hidden(std::move(*worst)));
        } else if (passing < states_.size()) {
            std::size_t kept = 0;
            for (std::size_t i = 0; i < states_.size(); ++i)
                if (pass[i]) {
                    if (kept != i) states_[kept] = std::move(states_[i]);
                    ++kept;
                }
            states_.erase(states_.begin() + static_cast<std::ptrdiff_t>(kept), states_.end());
            removed = true;
        }
    }

    // Weights are unnormalised (track.hpp): a removal needs no renormalising.
    // Only a branch, or an event that forgets something (a monopoly's haul from several
    // hands, the end of a turn ageing new development cards, a resignation), can make
    // two states equal.
    may_merge = may_merge || std::holds_alternative<PlayMonopoly>(e.body) ||
                std::holds_alternative<Resign>(e.body) || ends_turn_forgetting;
    if (may_merge) merge_and_bound(index);
    if (may_merge || removed || lost || dropped) reduce_weights(states_);
    max_seen_ = std::max(max_seen_, states_.size());
    if (states_.size() == 1) public_equal_ = true;  // one state: nothing differs
    return res;
}

std::size_t Belief::apply_shared(const Event& e, int index) {
    // One verdict per key met (track_share.hpp), from the first state of that key; a state
    // not in phase kTurn, or an event of no seat, is checked on its own. The verdicts met
    // are found by key: the last one met first (the usual case, one key for every state),
    // then through an open-addressing table of indices (+1; 0: empty) of a power-of-two size
    // at least twice the states, so that many keys (a build reads the builder's hand) cost
    // no scan of every verdict per state.
    std::vector<track_share::Key>& keys = scratch_->verdict_keys;
    std::vector<char>& verdicts = scratch_->verdict_passes;
    keys.clear();
    verdicts.clear();
    std::size_t slots = 16;
    while (slots < 2 * states_.size()) slots *= 2;
    std::vector<std::uint32_t>& table = scratch_->verdict_table;
    table.assign(slots, 0);
    const PlayerId player = event_player(e.body);
    const track_share::KeyReader key(e, states_.front().state.player_count());
    std::size_t kept = 0;
    for (std::size_t i = 0; i < states_.size(); ++i) {
        GameState& s = states_[i].state;
        bool passes = false;
        if (s.phase == Phase::kTurn && player >= 0 && player < s.player_count()) {
            const track_share::Key k = key(s);
            // The usual case: every state of the belief has the key of the last one met.
            if (!keys.empty() && key.equal(keys.back(), k)) {
                passes = verdicts.back() != 0;
            } else {
                std::size_t slot = key.hash(k) & (slots - 1);
                while (table[slot] != 0 && !key.equal(keys[table[slot] - 1], k))
                    slot = (slot + 1) & (slots - 1);
                if (table[slot] != 0) {
                    passes = verdicts[table[slot] - 1] != 0;
                } else {
                    passes = !check(s, e, index, quiet_);
                    keys.push_back(k);
                    verdicts.push_back(passes ? 1 : 0);
                    table[slot] = static_cast<std::uint32_t>(keys.size());
                }
            }
        } else {
            passes = !check(s, e, index, quiet_);
        }
        if (!passes) continue;
        apply(s, e);
        if (kept != i) states_[kept] = std::move(states_[i]);
        ++kept;
    }
    return kept;
}

namespace {

// Merges equal states (weights add); deterministic: holdings order, then first seen. In
// place: the states are permuted into holdings order (each moved about once), equal ones
// then merged by compaction. keys_decide: two states of equal holdings keys are equal (the
// public fields of every state are equal and every state is in phase kTurn, where nothing
// but holdings, phase and winner differs: track_share.hpp), so their GameStates are not
// compared.
void merge_equal(std::vector<WeightedState>& states, bool keys_decide, MergeBuffers& buf) {
    if (states.size() <= 1) return;
    std::vector<Key>& keys = buf.keys;
    keys.clear();
    for (const WeightedState& ws : states) {
        keys.push_back(holdings(ws.state));
        keys_decide = keys_decide && ws.state.phase == Phase::kTurn;
    }
    const std::size_t words = key_words(states.front().state.player_count());
    auto compare = [&](std::size_t a, std::size_t b) {
        return key_compare(keys[a], keys[b], words);
    };
    // Already in holdings order with no two keys equal (often: the end of a turn that
    // forgets nothing the states differ in): nothing to move or merge.
    bool in_order = true;
    for (std::size_t i = 1; i < states.size() && in_order; ++i) in_order = compare(i - 1, i) < 0;
    if (in_order) return;
    std::vector<std::size_t>& order = buf.order;
    order.resize(states.size());
    std::iota(order.begin(), order.end(), 0);
    // Equal keys keep their current order (the index breaks ties: a stable sort).
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const int c = compare(a, b);
        return c < 0 || (c == 0 && a < b);
    });
    // A small set: each state in holdings order is moved (constructed) once into the buffer,
    // or its weight added to an equal one of its key's run there; the same states, weights
    // and order as in place (below).
    if (states.size() <= kMergeOutOfPlace) {
        std::vector<WeightedState>& out = buf.out;
        out.clear();
        std::size_t run_start = 0;  // first merged state of the current key run
        for (std::size_t i = 0; i < order.size(); ++i) {
            WeightedState& ws = states[order[i]];
            if (i == 0 || compare(order[i - 1], order[i]) != 0) run_start = out.size();
            bool done = false;
            for (std::size_t j = run_start; j < out.size() && !done; ++j)
                if (keys_decide || out[j].state == ws.state) {
                    out[j].weight += ws.weight;
                    done = true;
                }
            if (!done) out.push_back(std::move(ws));
        }
        states.swap(out);
        out.clear();
        // The buffer given back may be one a large belief grew: not kept.
        if (out.capacity() > 2 * kMergeOutOfPlace) std::vector<WeightedState>().swap(out);
        return;
    }
    // states[i] = old states[order[i]], following the permutation's cycles.
    std::vector<char>& placed = buf.placed;
    placed.assign(states.size(), 0);
    for (std::size_t i = 0; i < states.size(); ++i) {
        if (placed[i] || order[i] == i) continue;
        WeightedState first = std::move(states[i]);
        std::size_t j = i;
        for (;;) {
            placed[j] = 1;
            const std::size_t k = order[j];
            if (k == i) {
                states[j] = std::move(first);
                break;
            }
            states[j] = std::move(states[k]);
            j = k;
        }
    }
    std::size_t out = 0;
    std::size_t run_start = 0;  // first merged state of the current key run
    for (std::size_t i = 0; i < states.size(); ++i) {
        if (i == 0 || compare(order[i - 1], order[i]) != 0) run_start = out;
        bool done = false;
        for (std::size_t j = run_start; j < out && !done; ++j)
            if (keys_decide || states[j].state == states[i].state) {
                states[j].weight += states[i].weight;
                done = true;
            }
        if (done) continue;
        if (out != i) states[out] = std::move(states[i]);
        ++out;
    }
    states.erase(states.begin() + static_cast<std::ptrdiff_t>(out), states.end());
}

// Keeps the `bound` most probable states (stable: the current order breaks ties), in the
// current order, in place. Returns whether any state was dropped.
bool keep_most_probable(std::vector<WeightedState>& states, std::size_t bound) {
    if (states.size() <= bound) return false;
    std::vector<std::size_t> order(states.size());
    std::iota(order.begin(), order.end(), 0);
    // The first `bound` in the order (weight descending, then position): a selection, not
    // a sort.
    std::nth_element(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(bound), order.end(),
                     [&](std::size_t a, std::size_t b) {
                         const int c = states[a].weight.compare(states[b].weight);
                         return c > 0 || (c == 0 && a < b);
                     });
    order.resize(bound);
    std::sort(order.begin(), order.end());
    // Ascending: each kept state moves to a place at or before its own.
    for (std::size_t j = 0; j < order.size(); ++j)
        if (order[j] != j) states[j] = std::move(states[order[j]]);
    states.erase(states.begin() + static_cast<std::ptrdiff_t>(bound), states.end());
    return true;
}

}  // namespace

// The end of a turn (before it is applied) makes the same change in every state, except
// where it forgets something the states may differ in: the ending player's new
// development cards (they become old) and discards still owed (cleared). Only then can it
// make two different states equal.
bool Belief::end_turn_forgets() const {
    for (const WeightedState& ws : states_) {
        const GameState& s = ws.state;
        if (s.active < 0 || s.active >= s.player_count()) return true;
        const PlayerState& ps = s.players[s.active];
        for (int k = 0; k < kDevCardKinds; ++k)
            if (ps.dev_new[k] != 0) return true;
        for (int p = 0; p < s.player_count(); ++p)
            if (s.discard_owed[p] != 0) return true;
    }
    return false;
}

void Belief::merge_and_bound(int index) {
    peak_ = std::max(peak_, states_.size());
    if (states_.size() > 1) {
        // last_received is the history of the last event only: claims were checked.
        for (WeightedState& ws : states_)
            for (auto& r : ws.state.last_received) r.fill(0);
        merge_equal(states_, keys_decide(), scratch_->merge);
    }
    if (keep_most_probable(states_, cap()) && !inexact_from_) {
        inexact_from_ = index;
        keep_most_probable(states_, cap());  // past the bound now: kKeptPastBound
    }
    max_seen_ = std::max(max_seen_, states_.size());
}

bool Belief::bound_growth(std::vector<WeightedState>& states, int index) {
    peak_ = std::max(peak_, states.size());
    // The states an event branches into, while they are made: past twice the bound, equal
    // states merge (exact) and, if still past the bound, only the most probable are kept
    // (from this event on the belief is not exact, as with merge_and_bound). Keeps memory
    // within about twice the bound however many ways an event can go (hidden discards of
    // large hands, several players discarding after an unrecorded 7).
    if (states.size() <= 2 * cap()) return false;
    // (GameStates compared: last_received, the cards of this event, still tells them apart
    // here, as before sharing)
    merge_equal(states, false, scratch_->merge);
    if (!keep_most_probable(states, cap())) return false;
    if (!inexact_from_) {
        inexact_from_ = index;
        keep_most_probable(states, cap());  // past the bound now: kKeptPastBound
    }
    return true;
}

std::vector<PlayerBelief> player_beliefs(const Belief& b) {
    const int n = b.states().front().state.player_count();
    std::vector<PlayerBelief> out(static_cast<std::size_t>(n));
    if (!b.exact()) {  // the guaranteed bounds only: no probability of a cut set
        for (int p = 0; p < n; ++p) {
            PlayerBelief& pb = out[static_cast<std::size_t>(p)];
            const HandBounds& h = b.bounds()[static_cast<std::size_t>(p)];
            pb.player = p;
            pb.exact = false;
            pb.min = h.min;
            pb.max = h.max;
            pb.cards_min = h.cards_min;
            pb.cards_max = h.cards_max;
            if (h.min == h.max) {  // the bounds leave one hand
                pb.hands.push_back({h.min, Probability(1)});
                for (int r = 0; r < kResourceCount; ++r) {
                    pb.distribution[r].assign(static_cast<std::size_t>(h.min[r] + 1),
                                              Probability(0));
                    pb.distribution[r].back() = 1;
                }
            }
        }
        return out;
    }
    for (int p = 0; p < n; ++p) {
        PlayerBelief& pb = out[static_cast<std::size_t>(p)];
        pb.player = p;
        std::map<ResourceCounts, Weight> hands;
        std::map<std::array<int, kDevCardKinds>, Weight> devs;
        pb.min.fill(1 << 30);
        pb.cards_min = 1 << 30;
        for (const WeightedState& ws : b.states()) {
            const PlayerState& ps = ws.state.players[p];
            hands[ps.hand] += ws.weight;
            std::array<int, kDevCardKinds> held{};
            for (int k = 0; k < kDevCardKinds; ++k) held[k] = ps.dev_old[k] + ps.dev_new[k];
            devs[held] += ws.weight;
            const int size = total(ps.hand);
            pb.cards_min = std::min(pb.cards_min, size);
            pb.cards_max = std::max(pb.cards_max, size);
            for (int r = 0; r < kResourceCount; ++r) {
                pb.min[r] = std::min(pb.min[r], ps.hand[r]);
                pb.max[r] = std::max(pb.max[r], ps.hand[r]);
            }
        }
        std::array<std::vector<Weight>, kResourceCount> dist;
        for (int r = 0; r < kResourceCount; ++r)
            dist[r].assign(static_cast<std::size_t>(pb.max[r] + 1), Weight(0));
        for (auto& [hand, w] : hands) {
            for (int r = 0; r < kResourceCount; ++r)
                dist[r][static_cast<std::size_t>(hand[r])] += w;
            pb.hands.push_back({hand, b.probability(w)});
        }
        for (int r = 0; r < kResourceCount; ++r) {
            pb.distribution[r].reserve(dist[r].size());
            for (const Weight& w : dist[r]) pb.distribution[r].push_back(b.probability(w));
        }
        std::stable_sort(
            pb.hands.begin(), pb.hands.end(),
            [](const HandOdds& a, const HandOdds& c) { return a.probability > c.probability; });
        for (auto& [held, w] : devs) pb.dev_cards.push_back({held, b.probability(w)});
        std::stable_sort(pb.dev_cards.begin(), pb.dev_cards.end(),
                         [](const DevCardOdds& a, const DevCardOdds& c) {
                             return a.probability > c.probability;
                         });
    }
    return out;
}

}  // namespace ctk
