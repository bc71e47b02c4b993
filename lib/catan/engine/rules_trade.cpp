// Trades of RULES.md: maritime-rate, bank-empty, domestic-trade and trade-offer.
#include <catan/engine/detail/rules_impl.hpp>

#include <array>
#include <bit>
#include <bitset>
#include <cstdint>

namespace ctk::rules_impl {

namespace {

// Bundle counts of a maritime trade: a resource count in a log is at most kMaxCardCount
// (95, the readers' bound), so one resource gives at most 47 bundles and five at most 237
// (no count may overflow: a 32-bit mask once lost 32 bundles and more).
constexpr int kMaxGiven = kMaxCardCount;
using BundleSet = std::bitset<256>;

// Set of bundle counts reachable when giving n cards of one resource (bit k: k bundles;
// at most 47, so one word), with bundle sizes the player is entitled to (its best rate,
// 3 with a generic harbor, 4 always). `best` is a maritime rate, 2..4.
std::uint64_t bundle_counts(int n, int best, bool generic) {
    static_assert(kMaxGiven / 2 < 64);
    if (n < 0 || n > kMaxGiven) return 0;
    // reach[c % kWindow] = the bundle counts that sum to exactly c cards: a bundle holds at
    // most 4 cards, so only the last four counts are read (a table of every count, cleared
    // per call, was most of a bank trade's check).
    constexpr int kWindow = 5;
    std::array<std::uint64_t, kWindow> reach{1};
    const int sizes[3] = {best, generic ? 3 : 4, 4};
    for (int c = 1; c <= n; ++c) {
        std::uint64_t now = 0;
        for (int s : sizes)
            if (c >= s) now |= reach[static_cast<std::size_t>((c - s) % kWindow)] << 1;
        reach[static_cast<std::size_t>(c % kWindow)] = now;
    }
    return reach[static_cast<std::size_t>(n % kWindow)];
}

}  // namespace

// maritime-rate and bank-empty (RULES.md).
Result Checker::event(const TradeBank& b) {
    if (auto r = need_roll("trade_bank")) return r;
    const PlayerId p = b.player;
    if (total(b.give) == 0 || total(b.get) == 0)
        return fail(rule::kMaritimeRate,
                    fmt::format("a bank trade gives and gets cards: {} gives {} for {}", name(p),
                                cards_text(b.give), cards_text(b.get)));
    if (!no_common_resource(b.give, b.get))
        return fail(rule::kMaritimeRate,
                    fmt::format("a resource is both given and received: {} for {}",
                                cards_text(b.give), cards_text(b.get)));
    // a generic 3:1 harbor the player touches (a 2:1 one is not)
    const bool generic =
        (s_.players[p].harbors & 1U << static_cast<unsigned>(HarborKind::kGeneric)) != 0;
    // Reachable totals of bundles over all given resources.
    BundleSet reach;
    reach.set(0);
    int best_bundles = 0;
    for (Resource r : kResources) {
        int n = b.give[static_cast<int>(r)];
        if (n == 0) continue;
        int rate = s_.maritime_rate(p, r);
        const std::uint64_t counts = bundle_counts(n, rate, generic || rate == 3);
        if (counts == 0)
            return fail(rule::kMaritimeRate,
                        fmt::format("{} {} is not a whole number of bundles at {}'s rate {}:1", n,
                                    resource_name(r), name(p), rate),
                        "give");
        best_bundles += n / rate;
        BundleSet next;
        for (std::uint64_t left = counts; left != 0; left &= left - 1)
            next |= reach << static_cast<std::size_t>(std::countr_zero(left));
        reach = next;
    }
    int got = total(b.get);
    if (got >= static_cast<int>(reach.size()) || !reach.test(static_cast<std::size_t>(got)))
        return fail(rule::kMaritimeRate,
                    fmt::format("{} gives {} for {} cards; {}'s rates allow at most {}", name(p),
                                cards_text(b.give), got, name(p), best_bundles),
                    "get");
    if (auto r = hand_over(p, b.give, "gives", "give")) return r;
    for (Resource r : kResources)
        if (b.get[static_cast<int>(r)] > s_.bank_has(static_cast<int>(r)))
            return fail(
                rule::kBankEmpty,
                fmt::format("the bank holds {} {}, {} asks for {}", s_.bank[static_cast<int>(r)],
                            resource_name(r), name(p), b.get[static_cast<int>(r)]),
                "get");
    return std::nullopt;
}

// domestic-trade terms shared by offers and trades.
Result Checker::domestic_terms(PlayerId p, PlayerId partner, const ResourceCounts& give,
                               const ResourceCounts& get, std::string_view partner_field) const {
    if (partner == p)
        return fail(rule::kDomesticTrade, fmt::format("{} cannot trade with themself", name(p)),
                    partner_field);
    if (s_.players[partner].resigned)
        return fail(rule::kResign, fmt::format("{} has resigned and cannot trade", name(partner)),
                    partner_field);
    if (total(give) == 0 || total(get) == 0)
        return fail(rule::kDomesticTrade, fmt::format("no gifts: {} gives {} and gets {}", name(p),
                                                      cards_text(give), cards_text(get)));
    if (!no_common_resource(give, get))
        return fail(rule::kDomesticTrade, fmt::format("a resource is on both sides: {} for {}",
                                                      cards_text(give), cards_text(get)));
    return std::nullopt;
}

// no-player-trades (RULES.md "Variants"): no offer and no trade between players.
Result Checker::no_player_trades(PlayerId p, std::string_view what) const {
    if (!s_.options().no_player_trades) return std::nullopt;
    return fail(rule::kNoPlayerTrades,
                fmt::format("{} by {}: players may not trade with each other, only with the bank "
                            "and harbors (no_player_trades)",
                            what, name(p)));
}

Result Checker::event(const TradeOffer& b) {
    if (auto r = no_player_trades(b.player, "trade_offer")) return r;
    if (auto r = need_roll("trade_offer")) return r;
    return domestic_terms(b.player, b.to, b.give, b.get, "to");
}

// trade-offer: only the addressee of an open offer answers it.
Result Checker::answer(const auto& b) {
    std::string_view what = event_type_name(EventBody{b});
    if (!s_.offer.open)
        return fail(rule::kTradeOffer, fmt::format("{} without an open offer", what));
    if (b.player != s_.offer.to)
        return fail(rule::kTradeOffer,
                    fmt::format("{}'s offer is addressed to {}; {} cannot answer it",
                                name(s_.offer.from), name(s_.offer.to), name(b.player)),
                    "player");
    if (s_.offer.accepted)
        return fail(rule::kTradeOffer,
                    fmt::format("{} already accepted the offer", name(s_.offer.to)));
    if (s_.seven_pending()) return fail(rule::kPendingSeven, pending_text(what));
    return std::nullopt;
}

Result Checker::event(const TradeAccept& b) {
    return answer(b);
}

Result Checker::event(const TradeReject& b) {
    return answer(b);
}

Result Checker::event(const TradeCancel& b) {
    if (!s_.offer.open || s_.offer.from != b.player)
        return fail(rule::kTradeOffer,
                    fmt::format("{} has no open offer to withdraw", name(b.player)));
    return std::nullopt;
}

Result Checker::event(const TradePlayer& b) {
    if (auto r = no_player_trades(b.player, "trade_player")) return r;
    if (auto r = need_roll("trade_player")) return r;
    const PlayerId p = b.player;
    if (auto r = domestic_terms(p, b.partner, b.give, b.get, "partner")) return r;
    // A trade with someone else withdraws the open offer (any other action does).
    if (s_.offer.open && s_.offer.to == b.partner) {
        if (!s_.offer.accepted)
            return fail(rule::kTradeOffer,
                        fmt::format("the open offer to {} was not accepted", name(s_.offer.to)));
        if (s_.offer.to != b.partner || s_.offer.give != b.give || s_.offer.get != b.get)
            return fail(rule::kTradeOffer,
                        fmt::format("the trade differs from the accepted offer to {} ({} for {})",
                                    name(s_.offer.to), cards_text(s_.offer.give),
                                    cards_text(s_.offer.get)));
    }
    if (auto r = hand_over(p, b.give, "gives", "give")) return r;
    return hand_over(b.partner, b.get, "gives", "get");
}

}  // namespace ctk::rules_impl
