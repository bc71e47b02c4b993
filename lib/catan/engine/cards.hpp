#pragma once
// Counting resource cards, in one place for the rules, the legal move lists and the
// tracker: the size of a hand, and every multiset of k cards within a hand (the distinct
// discards of k cards, discard-half).

#include <algorithm>
#include <array>

#include <catan/engine/event.hpp>

namespace ctk {

// The number of cards in r (the sum of its counts).
constexpr int total(const ResourceCounts& r) {
    int n = 0;
    for (int x : r) n += x;
    return n;
}

// Calls fn(cards) for every multiset of k cards within `hand` (each count at most the
// hand's), in lexicographic order of (brick, lumber, wool, grain, ore) counts, ascending:
// the order of discard_at (legal.hpp). Nothing when k < 0 or k exceeds the hand.
template <class Fn>
void for_each_multiset(const ResourceCounts& hand, int k, Fn&& fn) {
    // Suffix capacity: cards available in resources i..4.
    std::array<int, kResourceCount + 1> cap{};
    for (int r = kResourceCount - 1; r >= 0; --r) cap[r] = cap[r + 1] + hand[r];
    if (k < 0 || k > cap[0]) return;
    ResourceCounts d{};
    auto rec = [&](auto&& self, int r, int left) -> void {
        if (r == kResourceCount - 1) {
            d[r] = left;
            fn(static_cast<const ResourceCounts&>(d));
            return;
        }
        const int lo = std::max(0, left - cap[r + 1]);
        const int hi = std::min(hand[r], left);
        for (int x = lo; x <= hi; ++x) {
            d[r] = x;
            self(self, r + 1, left - x);
        }
        d[r] = 0;
    };
    rec(rec, 0, k);
}

}  // namespace ctk
