// The simple policies and the parts every policy shares (policy.hpp).
#include <catan/agent/policy.hpp>

#include <bit>
#include <stdexcept>

#include <fmt/format.h>

#include <catan/agent/value.hpp>
#include <catan/engine/rules.hpp>

namespace ctk {

namespace {

// A card drawn uniformly among `counts` (each card equally likely); total > 0.
int draw_card(Rng& rng, const int* counts, int kinds, int total) {
    int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
    for (int k = 0; k < kinds; ++k) {
        if (i < counts[k]) return k;
        i -= counts[k];
    }
    return kinds - 1;
}

// catanatron's weighted random player: a city far above a settlement, far above a
// development card, above everything else.
std::uint32_t builder_weight(int part) {
    switch (part) {
        case LegalSet::kCities:
            return 10000;
        case LegalSet::kSettlements:
            return 1000;
        case LegalSet::kBuy:
            return 100;
        default:
            return 1;
    }
}

}  // namespace

std::string_view policy_name(Policy p) {
    return kPolicyNames[static_cast<std::size_t>(p)];
}

Policy parse_policy(std::string_view name) {
    for (int i = 0; i < kPolicyCount; ++i)
        if (kPolicyNames[static_cast<std::size_t>(i)] == name) return static_cast<Policy>(i);
    throw InputError(
        fmt::format("policy: expected random, builder, greedy or search, got \"{}\"", name));
}

std::vector<Policy> parse_policy_list(std::string_view list) {
    std::vector<Policy> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = list.find(',', start);
        out.push_back(parse_policy(list.substr(start, comma - start)));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (out.size() < 2 || out.size() > static_cast<std::size_t>(kMaxPlayers))
        throw InputError(fmt::format("policies: expected 2..{} names (one per seat), got {}",
                                     kMaxPlayers, out.size()));
    return out;
}

PlayerId decider(const GameState& s, const LegalSet& moves) {
    if (moves.has(LegalSet::kDiscards)) return std::countr_zero(unsigned{moves.discarders});
    return moves.player != kNoPlayer ? moves.player : s.active;
}

void drop_empty_special_builds(const GameState& s, LegalSet& moves) {
    if (!moves.has(LegalSet::kSpecialBuilds)) return;
    for (unsigned q = moves.builders; q != 0; q &= q - 1) {
        const PlayerId builder = std::countr_zero(q);
        GameState part = s;
        apply(part, Event{SpecialBuild{builder}, nullptr, 0});
        LegalSet in_part;
        legal_set(part, in_part);
        if (in_part.size() <= 1) moves.drop_special_build(builder);  // end_turn alone
    }
}

std::size_t choose_random(const LegalSet& moves, Rng& rng) {
    return moves.has(LegalSet::kDiscards) ? 0 : rng.below(static_cast<std::uint32_t>(moves.size()));
}

std::size_t choose_builder(const LegalSet& moves, Rng& rng) {
    if (moves.has(LegalSet::kDiscards)) return 0;
    std::uint32_t total = 0;
    for (int part = 0; part < LegalSet::kPartCount; ++part)
        if (moves.has(static_cast<LegalSet::Part>(part)))
            total += builder_weight(part) * moves.count[static_cast<std::size_t>(part)];
    std::uint32_t r = rng.below(total);
    std::size_t offset = 0;
    for (int part = 0; part < LegalSet::kPartCount; ++part) {
        if (!moves.has(static_cast<LegalSet::Part>(part))) continue;
        const std::uint32_t n = moves.count[static_cast<std::size_t>(part)];
        const std::uint32_t w = builder_weight(part);
        if (r < w * n) return offset + r / w;
        r -= w * n;
        offset += n;
    }
    return moves.size() - 1;
}

ResourceCounts random_discard(const GameState& s, PlayerId p, Rng& rng) {
    const DiscardTable discards(s.players[p].hand, s.discard_owed[p]);
    return discards.at(
        static_cast<std::int64_t>(rng.below(static_cast<std::uint32_t>(discards.count()))));
}

ResourceCounts keep_discard(const GameState& s, PlayerId p) {
    static constexpr ResourceCounts kNeed{1, 1, 1, 2, 3};  // a settlement and a city
    ResourceCounts hand = s.players[p].hand;
    ResourceCounts out{};
    for (int k = 0; k < s.discard_owed[p]; ++k) {
        int best = -1;
        for (int r = 0; r < kResourceCount; ++r)
            if (hand[r] > 0 && (best < 0 || hand[r] - kNeed[r] > hand[best] - kNeed[best]))
                best = r;
        if (best < 0) break;
        --hand[best];
        ++out[best];
    }
    return out;
}

void fill_chance(const GameState& s, EventBody& e, Rng& rng) {
    if (auto* r = std::get_if<Roll>(&e)) {
        // no-seven-rounds / no-seven-until-city: a 7 not allowed is rolled again (JSettlers2)
        const bool seven = seven_allowed(s);
        do {
            r->die1 = 1 + static_cast<int>(rng.below(6));
            r->die2 = 1 + static_cast<int>(rng.below(6));
        } while (!seven && r->die1 + r->die2 == 7);
    } else if (auto* m = std::get_if<MoveRobber>(&e)) {
        if (m->victim != kNoPlayer) {
            const PlayerState& v = s.players[m->victim];
            m->stolen =
                static_cast<Resource>(draw_card(rng, v.hand.data(), kResourceCount, v.hand_size()));
        }
    } else if (auto* b = std::get_if<BuyDevCard>(&e)) {
        b->card = static_cast<DevCard>(draw_card(rng, s.deck.data(), kDevCardKinds, s.deck_left));
    }
}

std::size_t choose_move(Policy policy, const GameState& s, const LegalSet& moves, PlayerId who,
                        Rng& rng) {
    switch (policy) {
        case Policy::kRandom:
            return choose_random(moves, rng);
        case Policy::kBuilder:
            return choose_builder(moves, rng);
        case Policy::kGreedy:
            return choose_greedy(s, moves, who);
        case Policy::kSearch:
            break;
    }
    throw std::invalid_argument("choose_move: search is not a fast policy");
}

ResourceCounts choose_discard(Policy policy, const GameState& s, PlayerId p, Rng& rng) {
    if (policy == Policy::kSearch)
        throw std::invalid_argument("choose_discard: search is not a fast policy");
    return policy == Policy::kRandom ? random_discard(s, p, rng) : keep_discard(s, p);
}

}  // namespace ctk
