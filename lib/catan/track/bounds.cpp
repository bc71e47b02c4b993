// The guaranteed per-resource bounds past the bound (track.hpp, HandBounds;
// Belief::bounds_after).
#include <catan/track/detail/belief_impl.hpp>
#include <catan/track/detail/belief_parts.hpp>

#include <algorithm>

namespace ctk {

using namespace track_parts;

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
// Every bound is kept within what the cards allow (0 to the count of that resource; 0 to all
// cards for a hand's size): bounds that contradict each other (no state left inside them)
// would otherwise drift further at every step, past the range of int.
void tighten(BeliefBounds& b, const ResourceCounts& totals) {
    const int all = total(totals);
    for (int round = 0; round < 2; ++round) {
        for (HandBounds& h : b.hands) {
            for (int r = 0; r < kResourceCount; ++r) {
                h.min[r] = std::clamp(h.min[r], 0, std::max(totals[r], 0));
                h.max[r] = std::clamp(h.max[r], 0, std::max(totals[r], 0));
            }
            const int lo = total(h.min), hi = total(h.max);
            h.cards_min = std::clamp(std::max(h.cards_min, lo), 0, std::max(all, 0));
            h.cards_max = std::clamp(std::min(h.cards_max, hi), 0, std::max(all, 0));
            for (int r = 0; r < kResourceCount; ++r) {
                h.min[r] = std::max(h.min[r], h.cards_min - (hi - h.max[r]));
                h.max[r] = std::min(h.max[r], h.cards_max - (lo - h.min[r]));
            }
        }
        for (int r = 0; r < kResourceCount; ++r) {
            int sum_min = 0, sum_max = 0;
            for (const HandBounds& h : b.hands) sum_min += h.min[r], sum_max += h.max[r];
            b.bank_min[r] =
                std::clamp(std::max(b.bank_min[r], totals[r] - sum_max), 0, std::max(totals[r], 0));
            b.bank_max[r] =
                std::clamp(std::min(b.bank_max[r], totals[r] - sum_min), 0, std::max(totals[r], 0));
            for (HandBounds& h : b.hands) {
                h.max[r] = std::min(h.max[r], totals[r] - b.bank_min[r] - (sum_min - h.min[r]));
                h.min[r] = std::max(h.min[r], totals[r] - b.bank_max[r] - (sum_max - h.max[r]));
            }
        }
    }
}

// [least, most] of a change, widened by each value seen.
struct Change {
    int min = kUnboundedCards, max = -kUnboundedCards;
    void see(int x) { min = std::min(min, x), max = std::max(max, x); }
    bool seen() const { return min <= max; }
};

}  // namespace

namespace track_parts {

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
BeliefBounds envelope(const std::vector<WeightedHoldings>& states, int n) {
    BeliefBounds b;
    b.hands.resize(static_cast<std::size_t>(n));
    for (HandBounds& h : b.hands) {
        h.min.fill(kUnboundedCards);
        h.cards_min = kUnboundedCards;
    }
    b.bank_min.fill(kUnboundedCards);
    for (const WeightedHoldings& ws : states) {
        for (int p = 0; p < n; ++p) {
            const auto& hand = ws.holdings.players[p].hand;
            HandBounds& h = b.hands[static_cast<std::size_t>(p)];
            int size = 0;
            for (int r = 0; r < kResourceCount; ++r) {
                h.min[r] = std::min<int>(h.min[r], hand[r]);
                h.max[r] = std::max<int>(h.max[r], hand[r]);
                size += hand[r];
            }
            h.cards_min = std::min(h.cards_min, size);
            h.cards_max = std::max(h.cards_max, size);
        }
        for (int r = 0; r < kResourceCount; ++r) {
            b.bank_min[r] = std::min<int>(b.bank_min[r], ws.holdings.bank[r]);
            b.bank_max[r] = std::max<int>(b.bank_max[r], ws.holdings.bank[r]);
        }
    }
    return b;
}

}  // namespace track_parts

BeliefBounds Belief::Impl::bounds_after(BeliefBounds b, const GameState& base, const Event& e,
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
    if (const auto* x = std::get_if<PlayMonopoly>(&e.body)) {
        hold(x->player, DevCard::kMonopoly);
        // progress-card: the haul the log states is what each hand holds of the resource
        if (x->given)
            for (GameState& c : corners)
                for (PlayerId q = 0; q < n; ++q)
                    if (q != x->player)
                        c.players[q].hand[static_cast<int>(x->resource)] =
                            (*x->given)[static_cast<std::size_t>(q)];
    }
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

}  // namespace ctk
