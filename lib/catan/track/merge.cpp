// Equal states merged, weights kept small, the most probable states kept at the bound
// (track.hpp: merging, bound).
#include <catan/track/detail/belief_parts.hpp>

#include <algorithm>

#include <boost/multiprecision/cpp_int.hpp>

namespace ctk::track_parts {

// Holdings key: the fields that differ between the states of one belief (track.hpp), one
// byte a count, in this order: bank, deck, phase, winner, then per player hand,
// development cards old and new, discards owed; compared as unsigned bytes
// (lexicographic). Held as words whose first byte is the most significant, so that words
// compare as their bytes do; the bytes of the bank to the winner take two words (four
// zero bytes after them: equal in every key, so the order is the bytes' order without
// them) and each player two more, zero past the players of the game. Built in registers:
// bytes stored one at a time and read back as words would stall store forwarding.
// (the Key type: belief_parts.hpp)
// The words of a key that can be non-zero in a game of n players.
std::size_t key_words(int n) {
    return 2 + 2 * static_cast<std::size_t>(n);
}
// The order of the keys' bytes over their first `words` words: -1, 0 or 1.
int key_compare(const std::uint64_t* a, const std::uint64_t* b, std::size_t words) {
    for (std::size_t i = 0; i < words; ++i)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}
// The most states merged out of place (MergeBuffers::out): at most this many are held
// twice while merging; a larger set is permuted in place (memory past the bound).
constexpr std::size_t kMergeOutOfPlace = 4096;

// Keeps the weights small: a lone state weighs 1; weights past 64 bits are divided by
// their greatest common divisor (the probabilities, weight / sum, do not change).
void reduce_weights(std::vector<WeightedHoldings>& states) {
    if (states.empty()) return;
    if (states.size() == 1) {
        states[0].weight = 1;
        return;
    }
    std::size_t bits = 0;
    for (const WeightedHoldings& ws : states)
        bits = std::max<std::size_t>(bits, boost::multiprecision::msb(ws.weight));
    if (bits < 64) return;
    Weight g = states[0].weight;
    for (std::size_t i = 1; i < states.size() && g != 1; ++i)
        g = boost::multiprecision::gcd(g, states[i].weight);
    if (g == 1) return;
    for (WeightedHoldings& ws : states) ws.weight /= g;
}

// Merges equal states (weights add); deterministic: holdings order, then first seen. In
// place: the states are permuted into holdings order (each moved about once), equal ones
// then merged by compaction. key_of: a state's holdings key; same: whether two states of
// equal keys are equal.
void merge_equal(
    std::vector<WeightedHoldings>& states, int n, MergeBuffers& buf,
    const std::function<Key(const WeightedHoldings&)>& key_of,
    const std::function<bool(const WeightedHoldings&, const WeightedHoldings&)>& same) {
    if (states.size() <= 1) return;
    // The keys one after another, key_words(n) words each (a 4-player key is 80 bytes).
    const std::size_t words = key_words(n);
    std::vector<std::uint64_t>& keys = buf.keys;
    keys.resize(states.size() * words);
    for (std::size_t i = 0; i < states.size(); ++i) {
        const Key k = key_of(states[i]);
        std::copy_n(k.begin(), words, keys.begin() + static_cast<std::ptrdiff_t>(i * words));
    }
    auto compare = [&](std::size_t a, std::size_t b) {
        return key_compare(&keys[a * words], &keys[b * words], words);
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
        std::vector<WeightedHoldings>& out = buf.out;
        out.clear();
        std::size_t run_start = 0;  // first merged state of the current key run
        for (std::size_t i = 0; i < order.size(); ++i) {
            WeightedHoldings& ws = states[order[i]];
            if (i == 0 || compare(order[i - 1], order[i]) != 0) run_start = out.size();
            bool done = false;
            for (std::size_t j = run_start; j < out.size() && !done; ++j)
                if (same(out[j], ws)) {
                    out[j].weight += ws.weight;
                    done = true;
                }
            if (!done) out.push_back(std::move(ws));
        }
        states.swap(out);
        out.clear();
        // The buffer given back may be one a large belief grew: not kept.
        if (out.capacity() > 2 * kMergeOutOfPlace) std::vector<WeightedHoldings>().swap(out);
        return;
    }
    // states[i] = old states[order[i]], following the permutation's cycles.
    std::vector<char>& placed = buf.placed;
    placed.assign(states.size(), 0);
    for (std::size_t i = 0; i < states.size(); ++i) {
        if (placed[i] || order[i] == i) continue;
        WeightedHoldings first = std::move(states[i]);
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
            if (same(states[j], states[i])) {
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
bool keep_most_probable(std::vector<WeightedHoldings>& states, std::size_t bound) {
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

}  // namespace ctk::track_parts
