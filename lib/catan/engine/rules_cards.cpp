// Playing development cards (RULES.md): one-dev-card, dev-card-held, dev-card-age and the
// progress cards.
#include <catan/engine/detail/rules_impl.hpp>

namespace ctk::rules_impl {

// one-dev-card, dev-card-held, dev-card-age (RULES.md).
Result Checker::play(PlayerId p, DevCard k) const {
    const PlayerState& ps = s_.players[p];
    const int i = static_cast<int>(k);
    if (s_.dev_played)
        return fail(rule::kOneDevCard,
                    fmt::format("{} already played a development card this turn", name(p)));
    if (ps.dev_old[i] > 0) return std::nullopt;
    if (ps.dev_new[i] > 0)
        return fail(rule::kDevCardAge,
                    fmt::format("{} bought the {} card this turn and cannot play it yet", name(p),
                                dev_card_name(k)));
    return fail(rule::kDevCardHeld, fmt::format("{} holds no {} card", name(p), dev_card_name(k)));
}

Result Checker::event(const PlayKnight& b) {
    return play(b.player, DevCard::kKnight);
}

Result Checker::event(const PlayRoadBuilding& b) {
    return play(b.player, DevCard::kRoadBuilding);
}

// progress-card (year of plenty) and bank-empty.
Result Checker::event(const PlayYearOfPlenty& b) {
    if (auto r = play(b.player, DevCard::kYearOfPlenty)) return r;
    const int want = std::min(2, total(s_.bank_available()));
    if (total(b.take) != want)
        return fail(rule::kProgressCard,
                    fmt::format("year of plenty takes exactly {} cards from the bank, not {}", want,
                                total(b.take)),
                    "take");
    for (Resource r : kResources)
        if (b.take[static_cast<int>(r)] > s_.bank_has(static_cast<int>(r)))
            return fail(rule::kBankEmpty,
                        fmt::format("the bank holds {} {}; year of plenty cannot take {}",
                                    s_.bank[static_cast<int>(r)], resource_name(r),
                                    b.take[static_cast<int>(r)]),
                        "take");
    return std::nullopt;
}

// progress-card (monopoly): every other player gives all their cards of the resource; the
// haul the log states (given) is what each holds.
Result Checker::event(const PlayMonopoly& b) {
    if (auto r = play(b.player, DevCard::kMonopoly)) return r;
    if (!b.given) return std::nullopt;
    const int r = static_cast<int>(b.resource);
    for (PlayerId q = 0; q < s_.player_count(); ++q) {
        const int held = q == b.player ? 0 : s_.players[q].hand[r];
        const int gives = (*b.given)[static_cast<std::size_t>(q)];
        if (gives != held)
            return fail(
                rule::kProgressCard,
                q == b.player
                    ? fmt::format("{} gives nothing to its own monopoly, not {}", name(q), gives)
                    : fmt::format("the log says {} gives {} {} to the monopoly; {} holds {}",
                                  name(q), gives, resource_name(b.resource), name(q), held),
                "given");
    }
    return std::nullopt;
}

}  // namespace ctk::rules_impl
