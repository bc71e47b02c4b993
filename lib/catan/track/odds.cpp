// What the belief says about each player (track.hpp, player_beliefs): the possible hands
// with their exact probabilities, per resource the distribution of the count, and the
// development cards held; past the bound, the guaranteed bounds only.
#include <catan/track/detail/belief_parts.hpp>

#include <algorithm>
#include <map>

namespace ctk {

using namespace track_parts;

std::vector<PlayerBelief> player_beliefs(const Belief& b) {
    const int n = b.front().player_count();
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
        for (std::size_t i = 0; i < b.size(); ++i) {
            // (one state: read whole, in place)
            const Weight& w = b.weight(i);
            ResourceCounts hand{};
            std::array<int, kDevCardKinds> held{};
            if (b.size() == 1) {
                const PlayerState& ps = b.front().players[p];
                hand = ps.hand;
                for (int k = 0; k < kDevCardKinds; ++k) held[k] = ps.dev_old[k] + ps.dev_new[k];
            } else {
                const Holdings::Player& hp = b.holdings(i).players[p];
                for (int r = 0; r < kResourceCount; ++r) hand[r] = hp.hand[r];
                for (int k = 0; k < kDevCardKinds; ++k) held[k] = hp.dev_old[k] + hp.dev_new[k];
            }
            hands[hand] += w;
            devs[held] += w;
            const int size = total(hand);
            pb.cards_min = std::min(pb.cards_min, size);
            pb.cards_max = std::max(pb.cards_max, size);
            for (int r = 0; r < kResourceCount; ++r) {
                pb.min[r] = std::min(pb.min[r], hand[r]);
                pb.max[r] = std::max(pb.max[r], hand[r]);
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
