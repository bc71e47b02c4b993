// The model of hidden choices (track.hpp): the concrete events a hidden steal, purchase or
// discard stands for, with the probability of each, and the discards of an unrecorded 7.
#include <catan/track/detail/belief_parts.hpp>

#include <catan/engine/cards.hpp>
#include <catan/engine/legal.hpp>

namespace ctk::track_parts {

std::vector<ResourceCounts> discards_of(const ResourceCounts& hand, int n) {
    std::vector<ResourceCounts> out;
    for_each_multiset(hand, n, [&](const ResourceCounts& d) { out.push_back(d); });
    return out;
}

HiddenChoice hidden_choice(const GameState& s, const Event& e) {
    HiddenChoice c;
    int n = 0;
    if (const auto* m = std::get_if<MoveRobber>(&e.body); m && m->victim != kNoPlayer &&
                                                          !m->stolen && m->victim >= 0 &&
                                                          m->victim < s.player_count()) {
        c.kind = HiddenChoice::Kind::kSteal;
        n = total(s.players[m->victim].hand);
    } else if (const auto* b = std::get_if<BuyDevCard>(&e.body); b && !b->card) {
        c.kind = HiddenChoice::Kind::kDraw;
        n = s.deck_left;
    } else if (const auto* d = std::get_if<Discard>(&e.body);
               d && d->hidden && d->player >= 0 && d->player < s.player_count() &&
               d->count == s.discard_owed[d->player]) {
        c.kind = HiddenChoice::Kind::kDiscard;
        n = static_cast<int>(discard_count(s.players[d->player].hand, d->count));
    }
    if (n <= 0) return HiddenChoice{};  // no branch can make it legal: it stands for itself
    c.den = n;
    return c;
}

void branches(const GameState& s, const Event& e, std::vector<Branch>& out) {
    out.clear();
    const HiddenChoice c = hidden_choice(s, e);
    switch (c.kind) {
        case HiddenChoice::Kind::kSteal: {
            const ResourceCounts& hand = s.players[std::get<MoveRobber>(e.body).victim].hand;
            for (int r = 0; r < kResourceCount; ++r)
                if (hand[r] > 0) {
                    Event b = e;
                    std::get<MoveRobber>(b.body).stolen = static_cast<Resource>(r);
                    out.push_back({std::move(b), hand[r], c.den});
                }
            break;
        }
        case HiddenChoice::Kind::kDraw:
            for (int k = 0; k < kDevCardKinds; ++k)
                if (s.deck[k] > 0) {
                    Event b = e;
                    std::get<BuyDevCard>(b.body).card = static_cast<DevCard>(k);
                    out.push_back({std::move(b), s.deck[k], c.den});
                }
            break;
        case HiddenChoice::Kind::kDiscard: {
            const Discard& d = std::get<Discard>(e.body);
            for_each_multiset(s.players[d.player].hand, d.count, [&](const ResourceCounts& cards) {
                Event b = e;
                auto& bd = std::get<Discard>(b.body);
                bd.hidden = false;
                bd.count = 0;
                bd.cards = cards;
                out.push_back({std::move(b), 1, c.den});
            });
            break;
        }
        case HiddenChoice::Kind::kNone:
            out.push_back({e, 1, 1});
            break;
    }
}

std::vector<Branch> branches(const GameState& s, const Event& e) {
    std::vector<Branch> out;
    branches(s, e, out);
    return out;
}

int branch_den(const GameState& s, const Event& e) {
    return hidden_choice(s, e).den;
}

int discard_den(const GameState& s, int player) {
    if (s.discard_owed[player] == 0) return 1;
    return std::max(
        1, static_cast<int>(discard_count(s.players[player].hand, s.discard_owed[player])));
}

}  // namespace ctk::track_parts
