// The rules of RULES.md. Each check reads like its rule, names the rule id and says what
// it saw. check() never changes or copies the state; apply() trusts that check passed but
// never leaves the state's bounds when it did not (--keep-going).
#include "rules.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace ctk {

namespace {

// A check's finding before the event's coordinates are filled in.
struct Finding {
    std::string_view rule;
    std::string message;
    std::string_view field;  // JSON field of the event at fault ("" = the event)
};
using Result = std::optional<Finding>;

Finding fail(std::string_view rule, std::string message, std::string_view field = "") {
    return Finding{rule, std::move(message), field};
}

int total(const ResourceCounts& r) {
    int n = 0;
    for (int x : r) n += x;
    return n;
}

std::string cards_text(const ResourceCounts& r) {
    std::string s;
    for (Resource res : kResources)
        if (int n = r[static_cast<int>(res)]) {
            if (!s.empty()) s += ", ";
            s += fmt::format("{} {}", n, resource_name(res));
        }
    return s.empty() ? "nothing" : s;
}

// The player holds `cards` (unknown cards from hidden steals may stand in for any kind).
std::optional<Resource> missing_card(const PlayerState& ps, const ResourceCounts& cards) {
    int short_by = 0;
    std::optional<Resource> first;
    for (Resource r : kResources) {
        int need = cards[static_cast<int>(r)] - ps.hand[static_cast<int>(r)];
        if (need > 0) {
            short_by += need;
            if (!first) first = r;
        }
    }
    if (short_by > ps.unknown_cards) return first;
    return std::nullopt;
}

bool no_common_resource(const ResourceCounts& a, const ResourceCounts& b) {
    for (int r = 0; r < kResourceCount; ++r)
        if (a[r] > 0 && b[r] > 0) return false;
    return true;
}

// A player's cards held are short of an opponent's view only in hidden mode: resolve the
// cards a victim owes (unknown steals) when only one kind remains, and never go negative.
void normalize(PlayerState& ps) {
    if (ps.unknown_owed == 0) return;
    int known = total(ps.hand);
    if (known + ps.unknown_cards <= ps.unknown_owed) {
        ps.hand.fill(0);
        ps.unknown_cards = 0;
        ps.unknown_owed = 0;
        return;
    }
    if (ps.unknown_cards >= ps.unknown_owed) {
        ps.unknown_cards -= ps.unknown_owed;
        ps.unknown_owed = 0;
        return;
    }
    int kinds = 0, kind = 0;
    for (int r = 0; r < kResourceCount; ++r)
        if (ps.hand[r] > 0) ++kinds, kind = r;
    if (kinds == 1 && ps.unknown_cards == 0) {
        ps.hand[kind] -= ps.unknown_owed;
        ps.unknown_owed = 0;
    }
}

// Removes cards from a hand (unknown cards stand in for missing ones), never below zero.
// Returns what was actually removed by resource (an unknown card counts as the kind asked).
ResourceCounts take_cards(PlayerState& ps, const ResourceCounts& cards) {
    ResourceCounts taken{};
    for (int r = 0; r < kResourceCount; ++r) {
        int n = cards[r];
        int from_hand = std::min(n, ps.hand[r]);
        ps.hand[r] -= from_hand;
        int rest = std::min(n - from_hand, ps.unknown_cards);
        ps.unknown_cards -= rest;
        taken[r] = from_hand + rest;
    }
    normalize(ps);
    return taken;
}

void add_cards(PlayerState& ps, const ResourceCounts& cards) {
    for (int r = 0; r < kResourceCount; ++r) ps.hand[r] += cards[r];
}

// Bundle counts of a maritime trade: a resource count in a log is at most 95 (the reader's
// bound), so one resource gives at most 47 bundles and five at most 237 (no count may
// overflow: a 32-bit mask once lost 32 bundles and more).
constexpr int kMaxGiven = 95;
using BundleSet = std::bitset<256>;

// Set of bundle counts reachable when giving n cards of one resource, with bundle sizes
// the player is entitled to (its best rate, 3 with a generic harbor, 4 always).
BundleSet bundle_counts(int n, int best, bool generic) {
    // reach[c] = the bundle counts that sum to exactly c cards.
    std::array<BundleSet, kMaxGiven + 1> reach{};
    reach[0].set(0);
    const int sizes[3] = {best, generic ? 3 : 4, 4};
    for (int c = 1; c <= n && c <= kMaxGiven; ++c)
        for (int s : sizes)
            if (c >= s) reach[c] |= reach[c - s] << 1;
    return n <= kMaxGiven ? reach[n] : BundleSet{};
}

const Seat* seat_of(const RuleContext& ctx, PlayerId p) {
    if (!ctx.seats || p < 0 || static_cast<std::size_t>(p) >= ctx.seats->size()) return nullptr;
    return &(*ctx.seats)[p];
}

class Checker {
  public:
    Checker(const GameState& s, const RuleContext& ctx) : s_(s), t_(s.topology()), ctx_(ctx) {}

    Result run(const EventBody& body) {
        PlayerId p = event_player(body);
        if (p < 0 || p >= s_.player_count())
            return fail(rule::kSchema, fmt::format("player {} is not a seat", p), "player");
        if (s_.phase == Phase::kOver) return game_over(body);
        if (s_.players[p].resigned)
            return fail(rule::kResign,
                        fmt::format("{} has resigned and can no longer act", name(p)), "player");
        if (std::holds_alternative<Resign>(body)) return std::nullopt;
        if (s_.phase == Phase::kSetup) return setup(body);
        return std::visit([&](const auto& b) { return turn_event(b); }, body);
    }

  private:
    std::string name(PlayerId p) const { return ctx_.player_name(p); }
    std::string building_at(VertexId v) const {
        return fmt::format("{}'s {} at {}", name(s_.owner[v]), building_name(s_.building[v]), v);
    }

    // game-over (RULES.md): nothing after the end, except the rest of the development card
    // whose play ended it (a knight's robber move, road building's remaining roads).
    Result game_over(const EventBody& body) {
        if (std::holds_alternative<MoveRobber>(body) && s_.robber_due == RobberReason::kKnight &&
            event_player(body) == s_.active)
            return move_robber(std::get<MoveRobber>(body));
        if (std::holds_alternative<BuildRoad>(body) && s_.free_roads > 0 &&
            event_player(body) == s_.active)
            return build_road(std::get<BuildRoad>(body));
        return fail(
            rule::kGameOver,
            fmt::format("the game is over ({} won with {} VP); no {} may follow", name(s_.winner),
                        s_.winner == kNoPlayer ? 0 : s_.vp(s_.winner), event_type_name(body)));
    }

    // ---- setup (turn 0) ----
    Result setup(const EventBody& body) {
        PlayerId p = event_player(body);
        PlayerId due = s_.setup_player(s_.setup_step);
        const int round = s_.setup_step < s_.player_count() ? 1 : 2;
        if (const auto* ps = std::get_if<PlaceSettlement>(&body)) {
            if (p != due)
                return fail(rule::kSetupOrder,
                            fmt::format("it is {}'s setup placement (round {}), not {}'s",
                                        name(due), round, name(p)),
                            "player");
            if (s_.setup_road_due)
                return fail(rule::kSetupOrder,
                            fmt::format("{} must place the road of the settlement at {} first",
                                        name(p), s_.setup_settlement));
            return settlement_site(ps->vertex);
        }
        if (const auto* pr = std::get_if<PlaceRoad>(&body)) {
            if (p != due)
                return fail(rule::kSetupOrder,
                            fmt::format("it is {}'s setup placement (round {}), not {}'s",
                                        name(due), round, name(p)),
                            "player");
            if (!s_.setup_road_due)
                return fail(rule::kSetupOrder,
                            fmt::format("{} must place a settlement before its road", name(p)));
            if (s_.road_owner[pr->edge] != kNoPlayer)
                return fail(rule::kRoadConnected,
                            fmt::format("edge {} already holds {}'s road", pr->edge,
                                        name(s_.road_owner[pr->edge])),
                            "edge");
            const auto& ends = t_.edge_vertices(pr->edge);
            if (ends[0] != s_.setup_settlement && ends[1] != s_.setup_settlement)
                return fail(
                    rule::kSetupRoadAttached,
                    fmt::format("edge {} (vertices {}-{}) does not touch the settlement just "
                                "placed at {}",
                                pr->edge, ends[0], ends[1], s_.setup_settlement),
                    "edge");
            return std::nullopt;
        }
        return fail(
            rule::kSetupOrder,
            fmt::format("{} during the setup: {} is due to place a {} (step {} of {})",
                        event_type_name(body), name(due), s_.setup_road_due ? "road" : "settlement",
                        s_.setup_step + 1, 2 * s_.player_count()));
    }

    // distance-rule (RULES.md): an empty intersection whose neighbours are all empty.
    Result settlement_site(VertexId v) const {
        if (s_.building[v] != Building::kNone)
            return fail(rule::kDistanceRule,
                        fmt::format("vertex {} already holds {}", v, building_at(v)), "vertex");
        for (VertexId n : t_.vertex_neighbours(v))
            if (s_.building[n] != Building::kNone)
                return fail(rule::kDistanceRule,
                            fmt::format("vertex {} is next to {}", v, building_at(n)), "vertex");
        return std::nullopt;
    }

    // ---- the turn structure shared by every event after the setup ----
    // turn-order, pending-seven, progress-card (free roads placed at once), roll-first.
    template <class T>
    Result turn_event(const T& b) {
        const PlayerId p = b.player;
        constexpr bool kDiscard = std::is_same_v<T, Discard>;
        constexpr bool kAnswer = std::is_same_v<T, TradeAccept> || std::is_same_v<T, TradeReject>;
        if constexpr (std::is_same_v<T, PlaceSettlement> || std::is_same_v<T, PlaceRoad>)
            return fail(rule::kSetupOrder,
                        fmt::format("{} after the setup (turn {}); use build_{}",
                                    event_type_name(EventBody{b}), s_.turn,
                                    std::is_same_v<T, PlaceRoad> ? "road" : "settlement"));
        if constexpr (kDiscard) return discard(b);
        if constexpr (kAnswer) return answer(b);
        if (p != s_.active)
            return fail(rule::kTurnOrder,
                        fmt::format("it is {}'s turn (turn {}), not {}'s", name(s_.active), s_.turn,
                                    name(p)),
                        "player");
        if constexpr (!kDiscard && !kAnswer) {
            if (s_.seven_pending()) {
                if constexpr (std::is_same_v<T, MoveRobber>) {
                    for (int q = 0; q < s_.player_count(); ++q)
                        if (s_.discard_owed[q] > 0)
                            return fail(
                                rule::kPendingSeven,
                                fmt::format("{} still owes a discard of {} cards before the "
                                            "robber moves",
                                            name(q), s_.discard_owed[q]));
                    return move_robber(b);
                } else {
                    return fail(rule::kPendingSeven, pending_text(event_type_name(EventBody{b})));
                }
            }
            if (s_.free_roads > 0 && !std::is_same_v<T, BuildRoad>)
                return fail(rule::kProgressCard,
                            fmt::format("road building's free roads are placed at once: {} still "
                                        "has {} to place before {}",
                                        name(p), s_.free_roads, event_type_name(EventBody{b})));
            return event(b);
        }
        return std::nullopt;
    }

    std::string pending_text(std::string_view what) const {
        for (int q = 0; q < s_.player_count(); ++q)
            if (s_.discard_owed[q] > 0)
                return fmt::format("{} before the discards of the 7 are done ({} owes {} cards)",
                                   what, name(q), s_.discard_owed[q]);
        return fmt::format("{} before the robber is moved (after {})", what,
                           s_.robber_due == RobberReason::kKnight ? "the knight" : "the 7");
    }

    Result need_roll(std::string_view what) const {
        if (!s_.rolled)
            return fail(rule::kRollFirst,
                        fmt::format("{} before the roll of turn {}; only a development card may be "
                                    "played before it",
                                    what, s_.turn));
        return std::nullopt;
    }

    // insufficient-resources: names what the player holds of each resource the cost needs.
    Result pay(PlayerId p, const ResourceCounts& cost, std::string_view what) const {
        if (!missing_card(s_.players[p], cost)) return std::nullopt;
        std::string held;
        for (Resource r : kResources)
            if (cost[static_cast<int>(r)] > 0)
                held += fmt::format("{}{} {}", held.empty() ? "" : ", ",
                                    s_.players[p].hand[static_cast<int>(r)], resource_name(r));
        return fail(rule::kInsufficientResources,
                    fmt::format("{} costs {}; {} holds {}", what, cards_text(cost), name(p), held));
    }

    // ---- events of a turn ----
    Result event(const Roll& b) {
        if (s_.rolled)
            return fail(rule::kRollOnce, fmt::format("{} already rolled {} this turn",
                                                     name(b.player), s_.last_roll));
        return std::nullopt;
    }

    // discard-half (RULES.md): exactly floor(n/2) cards by each player holding more than the
    // discard limit (7; the option discard_limit), once each, while the 7 is pending.
    Result discard(const Discard& b) {
        const PlayerId p = b.player;
        const int owed = s_.discard_owed[p];
        if (owed == 0) {
            if (s_.robber_due == RobberReason::kSeven || s_.seven_pending())
                return fail(rule::kDiscardHalf,
                            fmt::format("{} holds {} cards and owes no discard{}", name(p),
                                        s_.players[p].hand_size(),
                                        s_.options().discard_limit == GameOptions{}.discard_limit
                                            ? std::string()
                                            : fmt::format(" (discard limit {})",
                                                          s_.options().discard_limit)),
                            "player");
            return fail(rule::kDiscardHalf,
                        fmt::format("{} discards without a 7 to discard for", name(p)), "player");
        }
        if (b.total() != owed)
            return fail(rule::kDiscardHalf,
                        fmt::format("{} held {} cards and must discard {}, not {}", name(p),
                                    s_.players[p].hand_size(), owed, b.total()),
                        b.hidden ? "count" : "cards");
        if (b.hidden) return std::nullopt;
        if (auto r = missing_card(s_.players[p], b.cards))
            return fail(rule::kInsufficientResources,
                        fmt::format("{} discards {} but holds {} {}", name(p), cards_text(b.cards),
                                    s_.players[p].hand[static_cast<int>(*r)], resource_name(*r)),
                        "cards");
        return std::nullopt;
    }

    // robber-move and robber-steal (RULES.md; the friendly robber of "Variants").
    Result move_robber(const MoveRobber& b) {
        const PlayerId p = b.player;
        if (s_.robber_due == RobberReason::kNone)
            return fail(rule::kRobberMove,
                        fmt::format("{} moves the robber without a 7 or a knight", name(p)));
        if (!robber_hexes(s_).test(static_cast<std::size_t>(b.hex))) {
            if (b.hex != s_.robber)
                for (VertexId v : t_.hex_vertices(b.hex))
                    if (s_.owner[v] != kNoPlayer && robber_protected(s_, s_.owner[v]))
                        return fail(rule::kRobberMove,
                                    fmt::format("the friendly robber may not go to hex {}: it "
                                                "borders {} and {} has {} VP",
                                                b.hex, building_at(v), name(s_.owner[v]),
                                                s_.public_vp(s_.owner[v])),
                                    "hex");
            if (s_.options().friendly_robber && b.hex != s_.robber)
                return fail(rule::kRobberMove,
                            fmt::format("the friendly robber finds no open hex and must go to a "
                                        "desert, not hex {}",
                                        b.hex),
                            "hex");
            return fail(
                rule::kRobberMove,
                fmt::format("the robber must move to a different hex; it is already on hex {}",
                            b.hex),
                "hex");
        }
        if (b.victim == kNoPlayer) {
            for (VertexId v : t_.hex_vertices(b.hex)) {
                PlayerId o = s_.owner[v];
                if (o != kNoPlayer && robber_may_rob(s_, p, o))
                    return fail(
                        rule::kRobberSteal,
                        fmt::format("the steal is mandatory: {} is on hex {} and holds {} cards",
                                    building_at(v), b.hex, s_.players[o].hand_size()),
                        "victim");
            }
            return std::nullopt;
        }
        if (b.victim == p)
            return fail(rule::kRobberSteal, fmt::format("{} cannot rob themself", name(p)),
                        "victim");
        bool adjacent = false;
        for (VertexId v : t_.hex_vertices(b.hex)) adjacent |= s_.owner[v] == b.victim;
        if (!adjacent)
            return fail(
                rule::kRobberSteal,
                fmt::format("{} has no settlement or city on hex {}", name(b.victim), b.hex),
                "victim");
        const PlayerState& vs = s_.players[b.victim];
        if (vs.hand_size() <= 0)
            return fail(rule::kRobberSteal,
                        fmt::format("{} holds no resource card to steal", name(b.victim)),
                        "victim");
        if (!robber_may_rob(s_, p, b.victim))
            return fail(rule::kRobberSteal,
                        fmt::format("the friendly robber steals only from a player with 3 or "
                                    "more VP; {} has {}",
                                    name(b.victim), s_.public_vp(b.victim)),
                        "victim");
        if (b.stolen && vs.hand[static_cast<int>(*b.stolen)] == 0 && vs.unknown_cards == 0 &&
            vs.unknown_owed == 0)
            return fail(
                rule::kRobberSteal,
                fmt::format("{} holds no {} to steal", name(b.victim), resource_name(*b.stolen)),
                "stolen");
        return std::nullopt;
    }

    Result event(const MoveRobber& b) {
        return fail(rule::kRobberMove,
                    fmt::format("{} moves the robber without a 7 or a knight", name(b.player)));
    }

    // maritime-rate and bank-empty (RULES.md).
    Result event(const TradeBank& b) {
        if (auto r = need_roll("trade_bank")) return r;
        const PlayerId p = b.player;
        if (total(b.give) == 0 || total(b.get) == 0)
            return fail(rule::kMaritimeRate,
                        fmt::format("a bank trade gives and gets cards: {} gives {} for {}",
                                    name(p), cards_text(b.give), cards_text(b.get)));
        if (!no_common_resource(b.give, b.get))
            return fail(rule::kMaritimeRate,
                        fmt::format("a resource is both given and received: {} for {}",
                                    cards_text(b.give), cards_text(b.get)));
        bool generic = false;  // a generic 3:1 harbor the player touches (a 2:1 one is not)
        for (const Harbor& h : s_.board().harbors())
            if (h.kind == HarborKind::kGeneric &&
                (s_.owner[h.vertices[0]] == p || s_.owner[h.vertices[1]] == p))
                generic = true;
        // Reachable totals of bundles over all given resources.
        BundleSet reach;
        reach.set(0);
        int best_bundles = 0;
        for (Resource r : kResources) {
            int n = b.give[static_cast<int>(r)];
            if (n == 0) continue;
            int rate = s_.maritime_rate(p, r);
            const BundleSet counts = bundle_counts(n, rate, generic || rate == 3);
            if (counts.none())
                return fail(rule::kMaritimeRate,
                            fmt::format("{} {} is not a whole number of bundles at {}'s rate {}:1",
                                        n, resource_name(r), name(p), rate),
                            "give");
            best_bundles += n / rate;
            BundleSet next;
            for (std::size_t c = 0; c <= kMaxGiven / 2; ++c)
                if (counts.test(c)) next |= reach << c;
            reach = next;
        }
        int got = total(b.get);
        if (got >= static_cast<int>(reach.size()) || !reach.test(static_cast<std::size_t>(got)))
            return fail(rule::kMaritimeRate,
                        fmt::format("{} gives {} for {} cards; {}'s rates allow at most {}",
                                    name(p), cards_text(b.give), got, name(p), best_bundles),
                        "get");
        if (auto r = missing_card(s_.players[p], b.give))
            return fail(rule::kInsufficientResources,
                        fmt::format("{} gives {} but holds {} {}", name(p), cards_text(b.give),
                                    s_.players[p].hand[static_cast<int>(*r)], resource_name(*r)),
                        "give");
        for (Resource r : kResources)
            if (b.get[static_cast<int>(r)] > s_.bank[static_cast<int>(r)])
                return fail(rule::kBankEmpty,
                            fmt::format("the bank holds {} {}, {} asks for {}",
                                        s_.bank[static_cast<int>(r)], resource_name(r), name(p),
                                        b.get[static_cast<int>(r)]),
                            "get");
        return std::nullopt;
    }

    // domestic-trade terms shared by offers and trades.
    Result domestic_terms(PlayerId p, PlayerId partner, const ResourceCounts& give,
                          const ResourceCounts& get, std::string_view partner_field) const {
        if (partner == p)
            return fail(rule::kDomesticTrade, fmt::format("{} cannot trade with themself", name(p)),
                        partner_field);
        if (s_.players[partner].resigned)
            return fail(rule::kResign,
                        fmt::format("{} has resigned and cannot trade", name(partner)),
                        partner_field);
        if (total(give) == 0 || total(get) == 0)
            return fail(rule::kDomesticTrade,
                        fmt::format("no gifts: {} gives {} and gets {}", name(p), cards_text(give),
                                    cards_text(get)));
        if (!no_common_resource(give, get))
            return fail(rule::kDomesticTrade, fmt::format("a resource is on both sides: {} for {}",
                                                          cards_text(give), cards_text(get)));
        return std::nullopt;
    }

    Result event(const TradeOffer& b) {
        if (auto r = need_roll("trade_offer")) return r;
        return domestic_terms(b.player, b.to, b.give, b.get, "to");
    }

    // trade-offer: only the addressee of an open offer answers it.
    Result answer(const auto& b) {
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

    Result event(const TradeAccept& b) { return answer(b); }
    Result event(const TradeReject& b) { return answer(b); }

    Result event(const TradeCancel& b) {
        if (!s_.offer.open || s_.offer.from != b.player)
            return fail(rule::kTradeOffer,
                        fmt::format("{} has no open offer to withdraw", name(b.player)));
        return std::nullopt;
    }

    Result event(const TradePlayer& b) {
        if (auto r = need_roll("trade_player")) return r;
        const PlayerId p = b.player;
        if (auto r = domestic_terms(p, b.partner, b.give, b.get, "partner")) return r;
        // A trade with someone else withdraws the open offer (any other action does).
        if (s_.offer.open && s_.offer.to == b.partner) {
            if (!s_.offer.accepted)
                return fail(rule::kTradeOffer, fmt::format("the open offer to {} was not accepted",
                                                           name(s_.offer.to)));
            if (s_.offer.to != b.partner || s_.offer.give != b.give || s_.offer.get != b.get)
                return fail(
                    rule::kTradeOffer,
                    fmt::format("the trade differs from the accepted offer to {} ({} for {})",
                                name(s_.offer.to), cards_text(s_.offer.give),
                                cards_text(s_.offer.get)));
        }
        if (auto r = missing_card(s_.players[p], b.give))
            return fail(rule::kInsufficientResources,
                        fmt::format("{} gives {} but holds {} {}", name(p), cards_text(b.give),
                                    s_.players[p].hand[static_cast<int>(*r)], resource_name(*r)),
                        "give");
        if (auto r = missing_card(s_.players[b.partner], b.get))
            return fail(
                rule::kInsufficientResources,
                fmt::format("{} gives {} but holds {} {}", name(b.partner), cards_text(b.get),
                            s_.players[b.partner].hand[static_cast<int>(*r)], resource_name(*r)),
                "get");
        return std::nullopt;
    }

    // road-connected (RULES.md): the edge is empty and touches the player's road, settlement
    // or city, not through an opponent's building.
    Result road_site(PlayerId p, EdgeId e) const {
        if (s_.road_owner[e] != kNoPlayer)
            return fail(rule::kRoadConnected,
                        fmt::format("edge {} already holds {}'s road", e, name(s_.road_owner[e])),
                        "edge");
        if (road_connects(s_, p, e)) return std::nullopt;
        for (VertexId v : t_.edge_vertices(e)) {
            PlayerId o = s_.owner[v];
            if (o == kNoPlayer || o == p) continue;
            for (EdgeId f : t_.vertex_edges(v))
                if (f != e && s_.road_owner[f] == p)
                    return fail(rule::kRoadConnected,
                                fmt::format("edge {} joins {}'s road {} only through {}", e,
                                            name(p), f, building_at(v)),
                                "edge");
        }
        const auto& ends = t_.edge_vertices(e);
        return fail(rule::kRoadConnected,
                    fmt::format("edge {} (vertices {}-{}) touches none of {}'s roads, settlements "
                                "or cities",
                                e, ends[0], ends[1], name(p)),
                    "edge");
    }

  public:
    static bool road_connects(const GameState& s, PlayerId p, EdgeId e) {
        const Topology& t = s.topology();
        for (VertexId v : t.edge_vertices(e)) {
            PlayerId o = s.owner[v];
            if (o == p) return true;
            if (o != kNoPlayer) continue;  // an opponent's building cuts the way
            for (EdgeId f : t.vertex_edges(v))
                if (f != e && s.road_owner[f] == p) return true;
        }
        return false;
    }

  private:
    Result build_road(const BuildRoad& b) {
        const PlayerId p = b.player;
        if (s_.free_roads == 0) {
            if (auto r = need_roll("build_road")) return r;
        }
        if (auto r = road_site(p, b.edge)) return r;
        if (s_.players[p].roads_left <= 0)
            return fail(rule::kPieceLimit,
                        fmt::format("{} has all 15 roads on the board", name(p)));
        if (s_.free_roads == 0) return pay(p, kRoadCost, "a road");
        return std::nullopt;
    }
    Result event(const BuildRoad& b) { return build_road(b); }

    Result event(const BuildSettlement& b) {
        if (auto r = need_roll("build_settlement")) return r;
        const PlayerId p = b.player;
        if (auto r = settlement_site(b.vertex)) return r;
        bool touches = false;
        for (EdgeId e : t_.vertex_edges(b.vertex)) touches |= s_.road_owner[e] == p;
        if (!touches)
            return fail(rule::kSettlementConnected,
                        fmt::format("vertex {} touches none of {}'s roads", b.vertex, name(p)),
                        "vertex");
        if (s_.players[p].settlements_left <= 0)
            return fail(rule::kPieceLimit,
                        fmt::format("{} has all 5 settlements on the board", name(p)));
        return pay(p, kSettlementCost, "a settlement");
    }

    Result event(const BuildCity& b) {
        if (auto r = need_roll("build_city")) return r;
        const PlayerId p = b.player;
        if (s_.owner[b.vertex] != p || s_.building[b.vertex] != Building::kSettlement) {
            if (s_.building[b.vertex] == Building::kNone)
                return fail(rule::kCityOnSettlement,
                            fmt::format("vertex {} holds no settlement of {}", b.vertex, name(p)),
                            "vertex");
            return fail(rule::kCityOnSettlement,
                        fmt::format("vertex {} holds {}, not a settlement of {}", b.vertex,
                                    building_at(b.vertex), name(p)),
                        "vertex");
        }
        if (s_.players[p].cities_left <= 0)
            return fail(rule::kPieceLimit,
                        fmt::format("{} has all 4 cities on the board", name(p)));
        return pay(p, kCityCost, "a city");
    }

    Result event(const BuyDevCard& b) {
        if (auto r = need_roll("buy_dev_card")) return r;
        if (s_.deck_left <= 0)
            return fail(
                rule::kDeckEmpty,
                fmt::format("the development deck is empty (all {} cards drawn)", s_.deck_size()));
        if (b.card && s_.deck[static_cast<int>(*b.card)] <= 0)
            return fail(
                rule::kDeckEmpty,
                fmt::format("the deck holds no {} card any more (all {} drawn)",
                            dev_card_name(*b.card), s_.deck_counts()[static_cast<int>(*b.card)]),
                "card");
        return pay(b.player, kDevCardCost, "a development card");
    }

    // one-dev-card, dev-card-held, dev-card-age (RULES.md).
    Result play(PlayerId p, DevCard k) const {
        const PlayerState& ps = s_.players[p];
        const int i = static_cast<int>(k);
        if (s_.dev_played)
            return fail(rule::kOneDevCard,
                        fmt::format("{} already played a development card this turn", name(p)));
        if (ps.dev_old[i] > 0 || ps.dev_unknown_old > 0) return std::nullopt;
        if (ps.dev_new[i] > 0 || ps.dev_unknown_new > 0)
            return fail(rule::kDevCardAge,
                        fmt::format("{} bought the {} card this turn and cannot play it yet",
                                    name(p), dev_card_name(k)));
        return fail(rule::kDevCardHeld,
                    fmt::format("{} holds no {} card", name(p), dev_card_name(k)));
    }

    Result event(const PlayKnight& b) { return play(b.player, DevCard::kKnight); }

    Result event(const PlayRoadBuilding& b) { return play(b.player, DevCard::kRoadBuilding); }

    // progress-card (year of plenty) and bank-empty.
    Result event(const PlayYearOfPlenty& b) {
        if (auto r = play(b.player, DevCard::kYearOfPlenty)) return r;
        const int bank_total = total(s_.bank);
        const int want = std::min(2, bank_total);
        if (total(b.take) != want)
            return fail(rule::kProgressCard,
                        fmt::format("year of plenty takes exactly {} cards from the bank, not {}",
                                    want, total(b.take)),
                        "take");
        for (Resource r : kResources)
            if (b.take[static_cast<int>(r)] > s_.bank[static_cast<int>(r)])
                return fail(rule::kBankEmpty,
                            fmt::format("the bank holds {} {}; year of plenty cannot take {}",
                                        s_.bank[static_cast<int>(r)], resource_name(r),
                                        b.take[static_cast<int>(r)]),
                            "take");
        return std::nullopt;
    }

    Result event(const PlayMonopoly& b) { return play(b.player, DevCard::kMonopoly); }

    Result event(const EndTurn&) { return need_roll("end_turn"); }

    template <class T>
    Result event(const T&) {
        return std::nullopt;
    }

    const GameState& s_;
    const Topology& t_;
    const RuleContext& ctx_;
};

// Cards owed by a roll before the bank is consulted.
std::array<ResourceCounts, kMaxPlayers> owed_by_roll(const GameState& s, int sum) {
    std::array<ResourceCounts, kMaxPlayers> owed{};
    if (sum == 7) return owed;
    const Board& b = s.board();
    const Topology& t = s.topology();
    for (HexId h = 0; h < t.hex_count(); ++h) {
        if (b.token(h) != sum || h == s.robber) continue;
        auto res = b.resource(h);
        if (!res) continue;
        for (VertexId v : t.hex_vertices(h)) {
            if (s.building[v] == Building::kNone) continue;
            PlayerId o = s.owner[v];
            if (s.players[o].resigned) continue;
            owed[o][static_cast<int>(*res)] += s.building[v] == Building::kCity ? 2 : 1;
        }
    }
    return owed;
}

bool legal_road_exists(const GameState& s, PlayerId p) {
    for (EdgeId e = 0; e < s.topology().edge_count(); ++e)
        if (s.road_owner[e] == kNoPlayer && Checker::road_connects(s, p, e)) return true;
    return false;
}

void place_road(GameState& s, PlayerId p, EdgeId e) {
    if (s.road_owner[e] != kNoPlayer) return;
    s.road_owner[e] = static_cast<std::int8_t>(p);
    s.players[p].roads.set(static_cast<std::size_t>(e));
    if (s.players[p].roads_left > 0) --s.players[p].roads_left;
    s.update_road_lengths(p);
    s.update_awards();
}

void place_settlement(GameState& s, PlayerId p, VertexId v) {
    if (s.building[v] != Building::kNone) return;
    s.building[v] = Building::kSettlement;
    s.owner[v] = static_cast<std::int8_t>(p);
    if (s.players[p].settlements_left > 0) --s.players[p].settlements_left;
    // A settlement may cut an opponent's trail: recompute those whose roads meet here.
    for (EdgeId e : s.topology().vertex_edges(v)) {
        PlayerId o = s.road_owner[e];
        if (o != kNoPlayer && o != p) s.update_road_lengths(o);
    }
    s.update_awards();
}

void pay_bank(GameState& s, PlayerId p, const ResourceCounts& cost) {
    ResourceCounts taken = take_cards(s.players[p], cost);
    for (int r = 0; r < kResourceCount; ++r) s.bank[r] += taken[r];
}

void from_bank(GameState& s, PlayerId p, const ResourceCounts& cards) {
    ResourceCounts got{};
    for (int r = 0; r < kResourceCount; ++r) {
        got[r] = std::min(cards[r], s.bank[r]);
        s.bank[r] -= got[r];
    }
    add_cards(s.players[p], got);
    for (int r = 0; r < kResourceCount; ++r) s.last_received[p][r] += got[r];
}

// Takes a development card of kind k out of p's hand (an unknown card stands in for it).
void use_dev_card(GameState& s, PlayerId p, DevCard k) {
    PlayerState& ps = s.players[p];
    const int i = static_cast<int>(k);
    if (ps.dev_old[i] > 0) {
        --ps.dev_old[i];
    } else if (ps.dev_unknown_old > 0) {
        --ps.dev_unknown_old;
        if (s.deck_unknown_drawn > 0) --s.deck_unknown_drawn;
        if (s.deck[i] > 0) --s.deck[i];
    } else if (ps.dev_new[i] > 0) {
        --ps.dev_new[i];
    } else if (ps.dev_unknown_new > 0) {
        --ps.dev_unknown_new;
        if (s.deck_unknown_drawn > 0) --s.deck_unknown_drawn;
        if (s.deck[i] > 0) --s.deck[i];
    }
    ++ps.dev_played[i];
    s.dev_played = true;
}

void start_turn(GameState& s, PlayerId next) {
    PlayerState& old = s.players[s.active];
    for (int k = 0; k < kDevCardKinds; ++k) {
        old.dev_old[k] = static_cast<std::int8_t>(old.dev_old[k] + old.dev_new[k]);
        old.dev_new[k] = 0;
    }
    old.dev_unknown_old = static_cast<std::int8_t>(old.dev_unknown_old + old.dev_unknown_new);
    old.dev_unknown_new = 0;
    ++s.turn;
    s.active = next;
    s.rolled = false;
    s.dev_played = false;
    s.free_roads = 0;
    s.robber_due = RobberReason::kNone;
    s.discard_owed.fill(0);
}

void end_if_won(GameState& s) {
    if (s.phase == Phase::kOver) return;
    if (s.active_players() == 1) {
        // resign: the last player standing wins at once (during the setup too).
        s.phase = Phase::kOver;
        for (int p = 0; p < s.player_count(); ++p)
            if (!s.players[p].resigned) s.winner = s.active = p;
        return;
    }
    // win-on-own-turn: only the active player wins, at any moment of their turn.
    if (s.phase == Phase::kTurn && s.vp(s.active) >= s.vp_to_win()) {
        s.phase = Phase::kOver;
        s.winner = s.active;
    }
}

// resign: a resignation during the setup removes the resigned players' remaining placements
// from the snake order; the others' placements go on in order.
void next_setup_step(GameState& s) {
    const int n = s.player_count();
    while (s.setup_step < 2 * n && s.players[s.setup_player(s.setup_step)].resigned) ++s.setup_step;
    if (s.setup_step >= 2 * n) {
        s.phase = Phase::kTurn;
        s.turn = 1;
        s.active = 0;
        if (s.players[0].resigned) s.active = s.next_player(0);
    } else {
        s.active = s.setup_player(s.setup_step);
    }
}

struct Applier {
    GameState& s;

    void operator()(const PlaceSettlement& b) {
        place_settlement(s, b.player, b.vertex);
        s.setup_settlement = b.vertex;
        s.setup_road_due = true;
        // setup-resources: the second settlement yields one card per adjacent producing hex.
        if (s.phase == Phase::kSetup && s.setup_step >= s.player_count()) {
            ResourceCounts got{};
            for (HexId h : s.topology().vertex_hexes(b.vertex))
                if (auto r = s.board().resource(h)) ++got[static_cast<int>(*r)];
            from_bank(s, b.player, got);
        }
    }
    void operator()(const PlaceRoad& b) {
        place_road(s, b.player, b.edge);
        s.setup_road_due = false;
        s.setup_settlement = kNoId;
        if (s.phase != Phase::kSetup) return;
        ++s.setup_step;
        next_setup_step(s);
    }
    void operator()(const Roll& b) {
        s.rolled = true;
        const int sum = b.die1 + b.die2;
        s.last_roll = sum;
        if (sum == 7) {
            for (int p = 0; p < s.player_count(); ++p) {
                int n = s.players[p].hand_size();
                s.discard_owed[p] = static_cast<std::int8_t>(
                    !s.players[p].resigned && n > s.options().discard_limit ? n / 2 : 0);
            }
            s.robber_due = RobberReason::kSeven;
            return;
        }
        auto got = production(s, sum);
        for (int p = 0; p < s.player_count(); ++p) from_bank(s, p, got[p]);
    }
    void operator()(const Discard& b) {
        if (b.hidden)  // cards of unknown kind (state.hpp, hidden information)
            s.players[b.player].unknown_owed += b.count;
        else
            pay_bank(s, b.player, b.cards);
        s.discard_owed[b.player] = 0;
    }
    void operator()(const MoveRobber& b) {
        s.robber = b.hex;
        s.robber_due = RobberReason::kNone;
        if (b.victim == kNoPlayer || b.victim == b.player) return;
        PlayerState& vs = s.players[b.victim];
        PlayerState& ts = s.players[b.player];
        if (vs.hand_size() <= 0) return;
        std::optional<Resource> card = b.stolen;
        if (!card && vs.unknown_cards == 0 && vs.unknown_owed == 0) {
            // Hidden steal: determined when the victim holds one kind only.
            int kinds = 0, kind = 0;
            for (int r = 0; r < kResourceCount; ++r)
                if (vs.hand[r] > 0) ++kinds, kind = r;
            if (kinds == 1) card = static_cast<Resource>(kind);
        }
        if (card) {
            ResourceCounts one{};
            one[static_cast<int>(*card)] = 1;
            ResourceCounts taken = take_cards(vs, one);
            add_cards(ts, taken);
            for (int r = 0; r < kResourceCount; ++r) s.last_received[b.player][r] += taken[r];
        } else {
            ++ts.unknown_cards;
            ++vs.unknown_owed;
            normalize(vs);
        }
    }
    void operator()(const TradeBank& b) {
        pay_bank(s, b.player, b.give);
        from_bank(s, b.player, b.get);
    }
    void operator()(const TradeOffer& b) {
        s.offer = OpenOffer{true, false, b.player, b.to, b.give, b.get};
    }
    void operator()(const TradeAccept&) { s.offer.accepted = true; }
    void operator()(const TradeReject&) { s.offer = OpenOffer{}; }
    void operator()(const TradeCancel&) { s.offer = OpenOffer{}; }
    void operator()(const TradePlayer& b) {
        ResourceCounts gave = take_cards(s.players[b.player], b.give);
        ResourceCounts got = take_cards(s.players[b.partner], b.get);
        add_cards(s.players[b.partner], gave);
        add_cards(s.players[b.player], got);
        for (int r = 0; r < kResourceCount; ++r) {
            s.last_received[b.partner][r] += gave[r];
            s.last_received[b.player][r] += got[r];
        }
        s.offer = OpenOffer{};
    }
    void operator()(const BuildRoad& b) {
        if (s.free_roads > 0) {
            --s.free_roads;
        } else {
            pay_bank(s, b.player, kRoadCost);
        }
        place_road(s, b.player, b.edge);
        if (s.free_roads > 0 &&
            (s.players[b.player].roads_left == 0 || !legal_road_exists(s, b.player)))
            s.free_roads = 0;
    }
    void operator()(const BuildSettlement& b) {
        pay_bank(s, b.player, kSettlementCost);
        place_settlement(s, b.player, b.vertex);
    }
    void operator()(const BuildCity& b) {
        pay_bank(s, b.player, kCityCost);
        if (s.owner[b.vertex] != b.player || s.building[b.vertex] != Building::kSettlement) return;
        s.building[b.vertex] = Building::kCity;
        PlayerState& ps = s.players[b.player];
        ++ps.settlements_left;
        if (ps.cities_left > 0) --ps.cities_left;
    }
    void operator()(const BuyDevCard& b) {
        pay_bank(s, b.player, kDevCardCost);
        if (s.deck_left <= 0) return;
        --s.deck_left;
        PlayerState& ps = s.players[b.player];
        if (b.card && s.deck[static_cast<int>(*b.card)] > 0) {
            --s.deck[static_cast<int>(*b.card)];
            ++ps.dev_new[static_cast<int>(*b.card)];
        } else {
            ++s.deck_unknown_drawn;
            ++ps.dev_unknown_new;
        }
    }
    void operator()(const PlayKnight& b) {
        use_dev_card(s, b.player, DevCard::kKnight);
        s.robber_due = RobberReason::kKnight;
        s.update_awards();
    }
    void operator()(const PlayRoadBuilding& b) {
        use_dev_card(s, b.player, DevCard::kRoadBuilding);
        s.free_roads = std::min<int>(2, s.players[b.player].roads_left);
        if (s.free_roads > 0 && !legal_road_exists(s, b.player)) s.free_roads = 0;
    }
    void operator()(const PlayYearOfPlenty& b) {
        use_dev_card(s, b.player, DevCard::kYearOfPlenty);
        from_bank(s, b.player, b.take);
    }
    void operator()(const PlayMonopoly& b) {
        use_dev_card(s, b.player, DevCard::kMonopoly);
        const int r = static_cast<int>(b.resource);
        for (int q = 0; q < s.player_count(); ++q) {
            if (q == b.player) continue;
            PlayerState& qs = s.players[q];
            int n = qs.hand[r];
            qs.hand[r] = 0;
            normalize(qs);
            s.players[b.player].hand[r] += n;
            s.last_received[b.player][r] += n;
        }
    }
    void operator()(const EndTurn&) { start_turn(s, s.next_player(s.active)); }
    void operator()(const Resign& b) {
        PlayerState& ps = s.players[b.player];
        for (int r = 0; r < kResourceCount; ++r) s.bank[r] += ps.hand[r];
        ps.hand.fill(0);
        ps.unknown_cards = 0;
        ps.unknown_owed = 0;
        ps.resigned = true;
        s.discard_owed[b.player] = 0;
        if (s.offer.open && (s.offer.to == b.player || s.offer.from == b.player))
            s.offer = OpenOffer{};
        s.update_awards();
        if (s.phase == Phase::kSetup) {
            if (s.setup_player(s.setup_step) == b.player) {  // its settlement's road is not due
                s.setup_road_due = false;
                s.setup_settlement = kNoId;
            }
            next_setup_step(s);
        }
        if (s.phase == Phase::kTurn && s.active == b.player && s.active_players() > 0)
            start_turn(s, s.next_player(b.player));
    }
};

}  // namespace

std::string RuleContext::player_name(PlayerId p) const {
    if (p == kNoPlayer) return "nobody";
    if (const Seat* s = seat_of(*this, p)) return s->name;
    return fmt::format("player {}", p);
}

const std::vector<std::string_view>& all_rule_ids() {
    static const std::vector<std::string_view> ids{rule::kBoardRedAdjacent,
                                                   rule::kBoardComposition,
                                                   rule::kSetupOrder,
                                                   rule::kSetupRoadAttached,
                                                   rule::kSetupResources,
                                                   rule::kTurnOrder,
                                                   rule::kRollFirst,
                                                   rule::kRollOnce,
                                                   rule::kProduction,
                                                   rule::kBankShortage,
                                                   rule::kDiscardHalf,
                                                   rule::kRobberMove,
                                                   rule::kRobberSteal,
                                                   rule::kPendingSeven,
                                                   rule::kOneDevCard,
                                                   rule::kDevCardAge,
                                                   rule::kDevCardHeld,
                                                   rule::kMaritimeRate,
                                                   rule::kBankEmpty,
                                                   rule::kDomesticTrade,
                                                   rule::kTradeOffer,
                                                   rule::kInsufficientResources,
                                                   rule::kPieceLimit,
                                                   rule::kRoadConnected,
                                                   rule::kDistanceRule,
                                                   rule::kSettlementConnected,
                                                   rule::kCityOnSettlement,
                                                   rule::kDeckEmpty,
                                                   rule::kProgressCard,
                                                   rule::kLongestRoad,
                                                   rule::kLargestArmy,
                                                   rule::kWinOnOwnTurn,
                                                   rule::kGameOver,
                                                   rule::kResign,
                                                   rule::kClaimHand,
                                                   rule::kClaimBank,
                                                   rule::kSchema};
    return ids;
}

namespace {
Violation make_violation(const GameState& s, const Event& e, int index, Finding f) {
    Violation v;
    v.rule_id = std::string(f.rule);
    v.event_index = index;
    v.turn = s.turn;
    v.player = event_player(e.body);
    v.message = std::move(f.message);
    v.json_pointer = index >= 0 ? fmt::format("/events/{}", index) : std::string();
    if (!f.field.empty()) v.json_pointer += fmt::format("/{}", f.field);
    return v;
}
}  // namespace

std::optional<Violation> check(const GameState& s, const Event& e, int index,
                               const RuleContext& ctx) {
    Checker c(s, ctx);
    if (auto f = c.run(e.body)) return make_violation(s, e, index, std::move(*f));
    return std::nullopt;
}

void apply(GameState& s, const Event& e) {
    for (auto& r : s.last_received) r.fill(0);
    const PlayerId p = event_player(e.body);
    if (p < 0 || p >= s.player_count()) return;
    // trade-offer: any other action of the active player withdraws the open offer.
    if (s.offer.open && !std::holds_alternative<TradeAccept>(e.body) &&
        !std::holds_alternative<TradeReject>(e.body) &&
        !std::holds_alternative<TradePlayer>(e.body) && !std::holds_alternative<Resign>(e.body))
        s.offer = OpenOffer{};
    // game-over: only the rest of the card whose play ended the game may follow the end.
    const bool was_over = s.phase == Phase::kOver;
    const bool card = std::holds_alternative<PlayKnight>(e.body) ||
                      std::holds_alternative<PlayRoadBuilding>(e.body) ||
                      (std::holds_alternative<BuildRoad>(e.body) && s.free_roads > 0);
    std::visit(Applier{s}, e.body);
    end_if_won(s);
    if (!was_over && s.phase == Phase::kOver && !card) {
        s.robber_due = RobberReason::kNone;  // an end the card did not cause
        s.free_roads = 0;
    }
}

bool robber_protected(const GameState& s, PlayerId p) {
    return s.options().friendly_robber && p != kNoPlayer && !s.players[p].resigned &&
           s.public_vp(p) <= 2;
}

std::bitset<kMaxHexes> robber_hexes(const GameState& s) {
    const Topology& t = s.topology();
    std::bitset<kMaxHexes> open;
    for (HexId h = 0; h < t.hex_count(); ++h) {
        if (h == s.robber) continue;
        bool shielded = false;
        if (s.options().friendly_robber)
            for (VertexId v : t.hex_vertices(h)) shielded |= robber_protected(s, s.owner[v]);
        if (!shielded) open.set(static_cast<std::size_t>(h));
    }
    if (open.none() && s.options().friendly_robber)
        for (HexId h = 0; h < t.hex_count(); ++h)
            if (s.board().terrain(h) == Terrain::kDesert) open.set(static_cast<std::size_t>(h));
    return open;
}

bool robber_may_rob(const GameState& s, PlayerId thief, PlayerId victim) {
    if (victim == thief || victim == kNoPlayer || s.players[victim].resigned) return false;
    if (s.players[victim].hand_size() <= 0) return false;
    return !s.options().friendly_robber || s.public_vp(victim) >= 3;
}

std::array<ResourceCounts, kMaxPlayers> production(const GameState& s, int sum) {
    auto owed = owed_by_roll(s, sum);
    // bank-shortage: a resource the bank cannot pay in full goes to nobody, unless only one
    // player is owed it (that player gets what remains).
    for (int r = 0; r < kResourceCount; ++r) {
        int need = 0, owed_players = 0;
        for (int p = 0; p < s.player_count(); ++p)
            if (owed[p][r] > 0) need += owed[p][r], ++owed_players;
        if (need <= s.bank[r]) continue;
        for (int p = 0; p < s.player_count(); ++p)
            owed[p][r] = owed_players == 1 ? std::min(owed[p][r], s.bank[r]) : 0;
    }
    return owed;
}

std::optional<Violation> check_claims(const GameState& s, const Event& e, int index,
                                      const RuleContext& ctx) {
    if (!e.claims) return std::nullopt;
    const Claims& c = *e.claims;
    auto violation = [&](std::string_view rule, std::string msg, std::string_view field) {
        Violation v = make_violation(s, e, index, Finding{rule, std::move(msg), ""});
        v.json_pointer += fmt::format("/claims/{}", field);
        return v;
    };
    if (c.received) {
        const bool roll = std::holds_alternative<Roll>(e.body);
        const bool setup = std::holds_alternative<PlaceSettlement>(e.body);
        for (int p = 0; p < s.player_count() && p < static_cast<int>(c.received->size()); ++p) {
            const ResourceCounts& claimed = (*c.received)[p];
            const ResourceCounts& got = s.last_received[p];
            if (claimed == got) continue;
            std::string_view rule = rule::kProduction;
            if (setup) rule = rule::kSetupResources;
            if (roll) {
                // Did the bank run short of a resource where claim and rules differ?
                for (int r = 0; r < kResourceCount; ++r)
                    if (claimed[r] != got[r]) {
                        int given = 0;
                        for (int q = 0; q < s.player_count(); ++q) given += s.last_received[q][r];
                        // Bank before the roll = bank now + what it gave.
                        auto raw = owed_by_roll(s, s.last_roll);
                        int need = 0;
                        for (int q = 0; q < s.player_count(); ++q) need += raw[q][r];
                        if (need > s.bank[r] + given) rule = rule::kBankShortage;
                        break;
                    }
            } else if (!setup) {
                rule = rule::kProduction;
            }
            return violation(rule,
                             fmt::format("the log claims {} received {}; the rules give {}",
                                         ctx.player_name(p), cards_text(claimed), cards_text(got)),
                             "received");
        }
    }
    if (c.longest_road && *c.longest_road != s.longest_road)
        return violation(
            rule::kLongestRoad,
            fmt::format("the log claims the longest road is {}'s; the rules give it to "
                        "{} (road lengths: {})",
                        ctx.player_name(*c.longest_road), ctx.player_name(s.longest_road),
                        [&] {
                            std::string l;
                            for (int p = 0; p < s.player_count(); ++p)
                                l += fmt::format("{}{} {}", p ? ", " : "", ctx.player_name(p),
                                                 s.players[p].road_length);
                            return l;
                        }()),
            "longest_road");
    if (c.largest_army && *c.largest_army != s.largest_army)
        return violation(
            rule::kLargestArmy,
            fmt::format("the log claims the largest army is {}'s; the rules give it to {}",
                        ctx.player_name(*c.largest_army), ctx.player_name(s.largest_army)),
            "largest_army");
    if (c.vp)
        for (int p = 0; p < s.player_count() && p < static_cast<int>(c.vp->size()); ++p) {
            int claimed = (*c.vp)[p];
            if (claimed < 0 || claimed == s.vp(p)) continue;
            // Unknown development cards may be victory points: accept up to that many more.
            const PlayerState& ps = s.players[p];
            int unknown = ps.dev_unknown_old + ps.dev_unknown_new;
            if (claimed > s.vp(p) && claimed <= s.vp(p) + unknown) continue;
            return violation(rule::kWinOnOwnTurn,
                             fmt::format("the log claims {} has {} VP; the rules count {}",
                                         ctx.player_name(p), claimed, s.vp(p)),
                             "vp");
        }
    if (c.hands)
        for (int p = 0; p < s.player_count() && p < static_cast<int>(c.hands->size()); ++p) {
            const auto& claimed = (*c.hands)[p];
            const PlayerState& ps = s.players[p];
            // Per-resource counts are exact only when no card of unknown kind is involved.
            if (!claimed || ps.unknown_cards || ps.unknown_owed || *claimed == ps.hand) continue;
            return violation(
                rule::kClaimHand,
                fmt::format("the log claims {} holds {}; the rules give {}", ctx.player_name(p),
                            cards_text(*claimed), cards_text(ps.hand)),
                "hands");
        }
    if (c.bank) {
        bool exact = true;
        for (int p = 0; p < s.player_count(); ++p)
            exact = exact && !s.players[p].unknown_cards && !s.players[p].unknown_owed;
        if (exact && *c.bank != s.bank)
            return violation(rule::kClaimBank,
                             fmt::format("the log claims the bank holds {}; the rules give {}",
                                         cards_text(*c.bank), cards_text(s.bank)),
                             "bank");
    }
    if (c.winner && *c.winner != s.winner)
        return violation(
            rule::kWinOnOwnTurn,
            s.winner == kNoPlayer
                ? fmt::format("the log claims {} won; the rules count {} VP for {} and "
                              "nobody has won",
                              ctx.player_name(*c.winner), s.vp(*c.winner),
                              ctx.player_name(*c.winner))
                : fmt::format("the log claims {} won; the rules give the win to {}",
                              ctx.player_name(*c.winner), ctx.player_name(s.winner)),
            "winner");
    return std::nullopt;
}

}  // namespace ctk
