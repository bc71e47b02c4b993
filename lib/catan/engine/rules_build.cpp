// Building of RULES.md: road-connected, distance-rule, settlement-connected,
// city-on-settlement, piece-limit, insufficient-resources and buying a development card
// (deck-empty).
#include <catan/engine/detail/rules_impl.hpp>

namespace ctk::rules_impl {

// insufficient-resources: names what the player holds of each resource the cost needs.
Result Checker::pay(PlayerId p, const ResourceCounts& cost, std::string_view what) const {
    if (!missing_card(s_.players[p], cost)) return std::nullopt;
    if (!ctx_.messages) return fail(rule::kInsufficientResources, {});
    std::string held;
    for (Resource r : kResources)
        if (cost[static_cast<int>(r)] > 0)
            held += fmt::format("{}{} {}", held.empty() ? "" : ", ",
                                s_.players[p].hand[static_cast<int>(r)], resource_name(r));
    return fail(rule::kInsufficientResources,
                fmt::format("{} costs {}; {} holds {}", what, cards_text(cost), name(p), held));
}

Result Checker::hand_over(PlayerId p, const ResourceCounts& cards, std::string_view verb,
                          std::string_view field) const {
    const std::optional<Resource> r = missing_card(s_.players[p], cards);
    if (!r) return std::nullopt;
    if (!ctx_.messages) return fail(rule::kInsufficientResources, {}, field);
    return fail(rule::kInsufficientResources,
                fmt::format("{} {} {} but holds {} {}", name(p), verb, cards_text(cards),
                            s_.players[p].hand[static_cast<int>(*r)], resource_name(*r)),
                field);
}

// distance-rule (RULES.md): an empty intersection whose neighbours are all empty.
Result Checker::settlement_site(VertexId v) const {
    if (!s_.crowded[static_cast<std::size_t>(v)]) return std::nullopt;  // the occupancy mask
    if (s_.building[v] != Building::kNone)
        return fail(rule::kDistanceRule,
                    fmt::format("vertex {} already holds {}", v, building_at(v)), "vertex");
    for (VertexId n : t_.vertex_neighbours(v))
        if (s_.building[n] != Building::kNone)
            return fail(rule::kDistanceRule,
                        fmt::format("vertex {} is next to {}", v, building_at(n)), "vertex");
    return std::nullopt;
}

// road-connected (RULES.md): the edge is empty and touches the player's road, settlement
// or city, not through an opponent's building.
Result Checker::road_site(PlayerId p, EdgeId e) const {
    if (s_.road_owner(e) != kNoPlayer)
        return fail(rule::kRoadConnected,
                    fmt::format("edge {} already holds {}'s road", e, name(s_.road_owner(e))),
                    "edge");
    if (road_connects(s_, p, e)) return std::nullopt;
    for (VertexId v : t_.edge_vertices(e)) {
        PlayerId o = s_.owner[v];
        if (o == kNoPlayer || o == p) continue;
        for (EdgeId f : t_.vertex_edges(v))
            if (f != e && s_.players[p].roads[static_cast<std::size_t>(f)])
                return fail(rule::kRoadConnected,
                            fmt::format("edge {} joins {}'s road {} only through {}", e, name(p), f,
                                        building_at(v)),
                            "edge");
    }
    const auto& ends = t_.edge_vertices(e);
    return fail(rule::kRoadConnected,
                fmt::format("edge {} (vertices {}-{}) touches none of {}'s roads, settlements "
                            "or cities",
                            e, ends[0], ends[1], name(p)),
                "edge");
}

bool Checker::road_connects(const GameState& s, PlayerId p, EdgeId e) {
    const Topology& t = s.topology();
    for (VertexId v : t.edge_vertices(e)) {
        PlayerId o = s.owner[v];
        if (o == p) return true;
        if (o != kNoPlayer) continue;  // an opponent's building cuts the way
        for (EdgeId f : t.vertex_edges(v))
            if (f != e && s.players[p].roads[static_cast<std::size_t>(f)]) return true;
    }
    return false;
}

Result Checker::build_road(const BuildRoad& b) {
    const PlayerId p = b.player;
    if (s_.free_roads == 0) {
        if (auto r = need_roll("build_road")) return r;
    }
    if (auto r = road_site(p, b.edge)) return r;
    if (s_.players[p].roads_left <= 0)
        return fail(rule::kPieceLimit, fmt::format("{} has all 15 roads on the board", name(p)));
    if (s_.free_roads == 0) return pay(p, kRoadCost, "a road");
    return std::nullopt;
}

Result Checker::event(const BuildRoad& b) {
    return build_road(b);
}

Result Checker::event(const BuildSettlement& b) {
    if (auto r = need_roll("build_settlement")) return r;
    const PlayerId p = b.player;
    if (auto r = settlement_site(b.vertex)) return r;
    bool touches = false;
    for (EdgeId e : t_.vertex_edges(b.vertex))
        touches |= s_.players[p].roads[static_cast<std::size_t>(e)];
    if (!touches)
        return fail(rule::kSettlementConnected,
                    fmt::format("vertex {} touches none of {}'s roads", b.vertex, name(p)),
                    "vertex");
    if (s_.players[p].settlements_left <= 0)
        return fail(rule::kPieceLimit,
                    fmt::format("{} has all 5 settlements on the board", name(p)));
    return pay(p, kSettlementCost, "a settlement");
}

Result Checker::event(const BuildCity& b) {
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
        return fail(rule::kPieceLimit, fmt::format("{} has all 4 cities on the board", name(p)));
    return pay(p, kCityCost, "a city");
}

Result Checker::event(const BuyDevCard& b) {
    if (auto r = need_roll("buy_dev_card")) return r;
    if (s_.deck_left <= 0)
        return fail(
            rule::kDeckEmpty,
            fmt::format("the development deck is empty (all {} cards drawn)", s_.deck_size()));
    if (b.card && s_.deck[static_cast<int>(*b.card)] <= 0)
        return fail(
            rule::kDeckEmpty,
            fmt::format("the deck holds no {} card any more (all {} drawn)", dev_card_name(*b.card),
                        s_.deck_counts()[static_cast<int>(*b.card)]),
            "card");
    return pay(b.player, kDevCardCost, "a development card");
}

}  // namespace ctk::rules_impl
