// The state's invariants (invariants.hpp), checked from the arrays they summarise.
#include <catan/engine/invariants.hpp>

#include <array>
#include <cstdio>
#include <cstdlib>

#include <catan/engine/roads.hpp>
#include <catan/engine/rules.hpp>

namespace ctk {

std::string broken_invariant(const GameState& s, InvariantScope scope) {
    const int n = s.player_count();
    const Topology& t = s.topology();
    for (int r = 0; r < kResourceCount; ++r) {
        int sum = s.bank[r];
        for (int p = 0; p < n; ++p) {
            sum += s.players[p].hand[r];
            if (s.players[p].hand[r] < 0) return "a negative hand";
        }
        // (an unlimited bank goes below zero by the cards it paid beyond the set)
        if (s.bank[r] < 0 && !s.options().unlimited_bank) return "a negative bank";
        if (sum != s.bank_per_resource())
            return "bank + hands = " + std::to_string(sum) + " for resource " + std::to_string(r);
    }
    int cards = s.deck_left;
    for (int k = 0; k < kDevCardKinds; ++k) {
        int kind = s.deck[k];
        for (int p = 0; p < n; ++p)
            kind += s.players[p].dev_old[k] + s.players[p].dev_new[k] + s.players[p].dev_played[k];
        if (kind != s.deck_counts()[k])
            return "deck + held + played of dev kind " + std::to_string(k);
    }
    for (int p = 0; p < n; ++p)
        cards += s.players[p].dev_cards_held() + [&] {
            int played = 0;
            for (int k = 0; k < kDevCardKinds; ++k) played += s.players[p].dev_played[k];
            return played;
        }();
    if (cards != s.deck_size()) return "deck + held + played = " + std::to_string(cards);
    // One pass over the edges and one over the vertices count every player's pieces.
    std::array<int, kMaxPlayers> roads{}, settlements_on{}, cities_on{};
    for (EdgeId e = 0; e < t.edge_count(); ++e) {
        int holders = 0;
        for (int p = 0; p < n; ++p)
            if (s.players[p].roads[static_cast<std::size_t>(e)]) {
                ++roads[static_cast<std::size_t>(p)];
                ++holders;
            }
        if (holders > 1) return "edge " + std::to_string(e) + " holds two players' roads";
    }
    for (VertexId v = 0; v < t.vertex_count(); ++v) {
        if (s.owner[v] == kNoPlayer) continue;
        const auto o = static_cast<std::size_t>(s.owner[v]);
        settlements_on[o] += s.building[v] == Building::kSettlement;
        cities_on[o] += s.building[v] == Building::kCity;
    }
    for (int p = 0; p < n; ++p) {
        const PlayerState& ps = s.players[p];
        const auto i = static_cast<std::size_t>(p);
        if (roads[i] + ps.roads_left != kRoadsPerPlayer)
            return "roads of player " + std::to_string(p);
        if (settlements_on[i] + ps.settlements_left != kSettlementsPerPlayer)
            return "settlements of player " + std::to_string(p);
        if (cities_on[i] + ps.cities_left != kCitiesPerPlayer)
            return "cities of player " + std::to_string(p);
        if (static_cast<int>(ps.roads.count()) != roads[i])
            return "road set of player " + std::to_string(p);
        const int vp = settlements_on[i] + 2 * cities_on[i] + 2 * (s.longest_road == p) +
                       2 * (s.largest_army == p) + ps.dev_old[1] + ps.dev_new[1];
        if (vp != s.vp(p))
            return "vp of player " + std::to_string(p) + ": " + std::to_string(s.vp(p)) +
                   ", its sources give " + std::to_string(vp);
    }
    if (scope == InvariantScope::kLaws) return "";
    // Road lengths kept by apply (recounted only when a road or a cutting settlement is
    // placed) equal a fresh count.
    for (int p = 0; p < n; ++p) {
        const PlayerState& ps = s.players[p];
        const int fresh = ps.roads.none() ? 0 : longest_trail_length(t, ps.roads, s.blocked_for(p));
        if (fresh != ps.road_length)
            return "road length of player " + std::to_string(p) + ": " +
                   std::to_string(ps.road_length) + ", a fresh count gives " +
                   std::to_string(fresh);
    }
    // The occupancy masks kept by apply equal the plain computation from the arrays (one
    // pass over vertices, edges and harbors for every player).
    VertexSet occupied, crowded;
    std::array<VertexSet, kMaxPlayers> settlements{}, cities{}, ends{};
    std::array<unsigned, kMaxPlayers> harbors{};
    for (VertexId v = 0; v < t.vertex_count(); ++v) {
        if (s.building[v] == Building::kNone) continue;
        const auto bit = static_cast<std::size_t>(v);
        occupied.set(bit);
        crowded.set(bit);
        for (VertexId w : t.vertex_neighbours(v)) crowded.set(static_cast<std::size_t>(w));
        (s.building[v] == Building::kCity ? cities : settlements)[s.owner[v]].set(bit);
    }
    for (EdgeId e = 0; e < t.edge_count(); ++e)
        if (s.road_owner(e) != kNoPlayer)
            for (VertexId v : t.edge_vertices(e))
                ends[s.road_owner(e)].set(static_cast<std::size_t>(v));
    for (const Harbor& h : s.board().harbors())
        for (VertexId v : h.vertices)
            if (s.owner[v] != kNoPlayer) harbors[s.owner[v]] |= 1U << static_cast<unsigned>(h.kind);
    if (occupied != s.occupied) return "occupied mask";
    if (crowded != s.crowded) return "distance-rule mask (crowded)";
    for (int p = 0; p < n; ++p) {
        const PlayerState& ps = s.players[p];
        if (settlements[p] != ps.settlement_at)
            return "settlement mask of player " + std::to_string(p);
        if (cities[p] != ps.city_at) return "city mask of player " + std::to_string(p);
        if (ends[p] != ps.road_ends) return "road-end mask of player " + std::to_string(p);
        if (harbors[p] != ps.harbors) return "harbor bits of player " + std::to_string(p);
    }
    return "";
}

void abort_on_broken_invariant(const GameState& s, const Event& e, long index) {
    const std::string broken = broken_invariant(s, InvariantScope::kLaws);
    if (broken.empty()) return;
    std::fprintf(stderr, "catan: invariant broken after event %ld (%s): %s\n", index,
                 event_summary(e.body).c_str(), broken.c_str());
    std::abort();
}

}  // namespace ctk
