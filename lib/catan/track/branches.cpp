// The model of hidden choices (track.hpp): the concrete events a hidden steal, purchase or
// discard stands for, with the probability of each, and the discards of an unrecorded 7.
#include <catan/track/detail/belief_parts.hpp>

namespace ctk::track_parts {

namespace {

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

}  // namespace

std::vector<ResourceCounts> discards_of(const ResourceCounts& hand, int n) {
    std::vector<ResourceCounts> out;
    ResourceCounts cur{};
    discards_of(hand, n, cur, 0, out);
    return out;
}

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

}  // namespace ctk::track_parts
