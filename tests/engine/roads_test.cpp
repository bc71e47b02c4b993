// Longest road and largest army (lib/roads): the scenarios of issue 6 on the standard
// board, each with its exact value, the award transfers, and a cross-check of the fast
// search against a deliberately simple exhaustive one on thousands of random networks.
//
// Vertex and edge ids are those of `catan-board render --ids` (standard board). The
// sketches show the roads (=, /, \, |) and the vertices they join; X marks an opponent's
// settlement.
#include <algorithm>
#include <initializer_list>
#include <vector>

#include <catch2/catch.hpp>

#include <catan/board/rng.hpp>
#include <catan/engine/roads.hpp>

using namespace ctk;

namespace {

const Topology& standard() {
    return Topology::standard();
}

// Roads along a walk of vertex ids (each consecutive pair must be neighbours).
EdgeSet walk(std::initializer_list<VertexId> vertices) {
    EdgeSet roads;
    const VertexId* prev = nullptr;
    for (const VertexId& v : vertices) {
        if (prev) {
            EdgeId e = standard().edge_between(*prev, v);
            REQUIRE(e != kNoId);
            roads.set(static_cast<std::size_t>(e));
        }
        prev = &v;
    }
    return roads;
}

EdgeSet hex_ring(HexId h) {
    EdgeSet roads;
    for (EdgeId e : standard().hex_edges(h)) roads.set(static_cast<std::size_t>(e));
    return roads;
}

VertexSet at(std::initializer_list<VertexId> vertices) {
    VertexSet s;
    for (VertexId v : vertices) s.set(static_cast<std::size_t>(v));
    return s;
}

// A trail is well formed: its edges are distinct roads of the player, consecutive edges
// share the listed vertex, and no vertex strictly inside it is blocked.
void check_trail_shape(const Topology& t, const Trail& trail, const EdgeSet& roads,
                       const VertexSet& blocked) {
    REQUIRE(static_cast<int>(trail.edges.size()) == trail.length);
    if (trail.length == 0) {
        CHECK(trail.vertices.empty());
        return;
    }
    REQUIRE(static_cast<int>(trail.vertices.size()) == trail.length + 1);
    std::vector<EdgeId> seen;
    for (int i = 0; i < trail.length; ++i) {
        EdgeId e = trail.edges[static_cast<std::size_t>(i)];
        CHECK(roads[static_cast<std::size_t>(e)]);
        CHECK(std::find(seen.begin(), seen.end(), e) == seen.end());
        seen.push_back(e);
        VertexId a = trail.vertices[static_cast<std::size_t>(i)];
        VertexId b = trail.vertices[static_cast<std::size_t>(i) + 1];
        CHECK(t.edge_between(a, b) == e);
        if (i > 0) CHECK_FALSE(blocked[static_cast<std::size_t>(a)]);
    }
}

int length(const EdgeSet& roads, const VertexSet& blocked = {}) {
    int fast = longest_trail_length(standard(), roads, blocked);
    Trail trail = longest_trail(standard(), roads, blocked);
    check_trail_shape(standard(), trail, roads, blocked);
    CHECK(trail.length == fast);
    return fast;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Trails

//   0===1===2===3===4===5   6        top coast of hexes 0..2
TEST_CASE("a simple chain of 5 counts 5", "[roads]") {
    EdgeSet roads = walk({0, 1, 2, 3, 4, 5});
    CHECK(length(roads) == 5);
    Trail trail = longest_trail(standard(), roads, {});
    CHECK(trail.edges == std::vector<EdgeId>{0, 1, 2, 3, 4});
    CHECK(trail.vertices == std::vector<VertexId>{0, 1, 2, 3, 4, 5});
    CHECK(road_network_count(standard(), roads, {}) == 1);
}

TEST_CASE("no roads: length 0, no networks, empty trail", "[roads]") {
    CHECK(length({}) == 0);
    Trail trail = longest_trail(standard(), {}, {});
    CHECK(trail.edges.empty());
    CHECK(trail.vertices.empty());
    CHECK(road_network_count(standard(), {}, {}) == 0);
}

//        21
//      /    \          the 6 sides of hex 9 (the desert of the beginner board)
//    20      22
//    |   #9   |
//    31      33
//      \    /
//        32
TEST_CASE("a ring of 6 counts 6", "[roads]") {
    EdgeSet roads = hex_ring(9);
    CHECK(length(roads) == 6);
    // lowest edge sequence among the 12 ways round: start on edge 27 (20-21), go on to 28
    Trail trail = longest_trail(standard(), roads, {});
    CHECK(trail.edges == std::vector<EdgeId>{27, 28, 36, 44, 43, 35});
    CHECK(trail.vertices == std::vector<VertexId>{20, 21, 22, 33, 32, 31, 20});
}

//        11
//        |             spur 11-21 on the ring of hex 9
//        21
//      /    \.
//    20      22
//    |   #9   |
//    31      33
//      \    /
//        32
TEST_CASE("a ring plus a spur counts 7", "[roads]") {
    EdgeSet roads = hex_ring(9) | walk({11, 21});
    CHECK(length(roads) == 7);
    Trail trail = longest_trail(standard(), roads, {});
    CHECK(trail.vertices.front() == 11);
    CHECK(trail.vertices.back() == 21);
}

//        10---11
//             |          three branches of 2 from vertex 21:
//        19---20---21---22---23        21-20-19, 21-22-23, 21-11-10
//   (drawn flat: 11 is above 21)
TEST_CASE("a Y of three branches of 2 counts 4", "[roads]") {
    EdgeSet roads = walk({19, 20, 21, 22, 23}) | walk({21, 11, 10});
    CHECK(length(roads) == 4);
    CHECK(road_network_count(standard(), roads, {}) == 1);
}

//        21      23
//      /    \  /    \.
//    20      22      24
//    |   #9   |  #10  |        hexes 9 and 10 share the side 22-33
//    31      33      35
//      \    /  \    /
//        32      34
TEST_CASE("two rings sharing an edge count 11", "[roads]") {
    EdgeSet roads = hex_ring(9) | hex_ring(10);
    CHECK(length(roads) == 11);
    Trail trail = longest_trail(standard(), roads, {});
    // an Euler trail between the two vertices with three roads
    CHECK(((trail.vertices.front() == 22 && trail.vertices.back() == 33) ||
           (trail.vertices.front() == 33 && trail.vertices.back() == 22)));
}

//   0===1===2===3===4===5===6
//                           |         10 roads from 0 to 11; X = opponent's settlement
//           11==12==13=====14
//           X
TEST_CASE("a chain of 10 ending at an opponent's settlement counts 10, then 9 when cut",
          "[roads]") {
    EdgeSet roads = walk({0, 1, 2, 3, 4, 5, 6, 14, 13, 12, 11});
    CHECK(length(roads) == 10);
    CHECK(length(roads, at({11})) == 10);  // may end at the settlement
    CHECK(road_network_count(standard(), roads, at({11})) == 1);
    // a new opponent settlement on vertex 1, one road from the other end
    CHECK(length(roads, at({11, 1})) == 9);
    CHECK(road_network_count(standard(), roads, at({11, 1})) == 2);
    Trail trail = longest_trail(standard(), roads, at({11, 1}));
    CHECK(trail.vertices == std::vector<VertexId>{1, 2, 3, 4, 5, 6, 14, 13, 12, 11});
}

TEST_CASE("the player's own buildings never cut: only the blocked set does", "[roads]") {
    // the same chain with the player's own settlements on 3 and 13: nothing is blocked
    EdgeSet roads = walk({0, 1, 2, 3, 4, 5, 6, 14, 13, 12, 11});
    CHECK(length(roads, {}) == 10);
    // an opponent in the middle cuts it into 3 + 7
    CHECK(length(roads, at({3})) == 7);
}

//        21
//      /    \.
//    20      22        ring of hex 9 with an opponent on 32: the ring can still be walked
//    |   #9   |        from 32 all the way round back to 32 (end at it, never pass it)
//    31      33
//      \    /
//        X32
TEST_CASE("a ring with an opponent on it still counts 6, two cuts break it", "[roads]") {
    EdgeSet roads = hex_ring(9);
    CHECK(length(roads, at({32})) == 6);
    CHECK(road_network_count(standard(), roads, at({32})) == 1);
    CHECK(length(roads, at({32, 21})) == 3);
    CHECK(road_network_count(standard(), roads, at({32, 21})) == 2);
    // With a spur 11-21: a trail round the whole ring must start and end at 32 (it may
    // not pass it), so the spur cannot join it; 11-21-22-33-32 is only 4. The ring wins.
    CHECK(length(roads | walk({11, 21}), at({32})) == 6);
}

TEST_CASE("separate networks: the longest one counts", "[roads]") {
    EdgeSet roads = walk({0, 1, 2, 3}) | walk({47, 48, 49, 50, 51, 52});
    CHECK(length(roads) == 5);
    // Each network on its own, named by one of its roads.
    CHECK(longest_trail_length_at(standard(), roads, {}, standard().edge_between(0, 1)) == 3);
    CHECK(longest_trail_length_at(standard(), roads, {}, standard().edge_between(50, 51)) == 5);
    CHECK(longest_trail_length_at(standard(), roads, {}, standard().edge_between(4, 5)) == 0);
    // With the length before as a lower bound: the greater of the two.
    CHECK(longest_trail_length_at(standard(), roads, {}, standard().edge_between(0, 1), 4) == 4);
    CHECK(longest_trail_length_at(standard(), roads, {}, standard().edge_between(50, 51), 4) == 5);
    CHECK(longest_trail_length_at(standard(), roads, {}, standard().edge_between(50, 51), 7) == 7);
    CHECK(road_network_count(standard(), roads, {}) == 2);
    Trail trail = longest_trail(standard(), roads, {});
    CHECK(trail.vertices.front() == 47);
}

TEST_CASE("a road off the board is an input error", "[roads]") {
    EdgeSet roads;
    roads.set(72);
    CHECK_THROWS_AS(longest_trail_length(standard(), roads, {}), InputError);
    CHECK_THROWS_AS(longest_trail(standard(), roads, {}), InputError);
    CHECK_THROWS_AS(road_network_count(standard(), roads, {}), InputError);
}

// ---------------------------------------------------------------------------------------
// Awards

namespace {
constexpr int kRed = 0, kBlue = 1, kWhite = 2;

// Red's 6 roads along line 2 under hexes 3..5, used by the transfer scenarios:
//   16==17==18==19==20==21==22
EdgeSet red_line() {
    return walk({16, 17, 18, 19, 20, 21, 22});
}
// Blue's and white's chains of 5 along the bottom coast and the top coast.
EdgeSet blue_five() {
    return walk({47, 48, 49, 50, 51, 52});
}
EdgeSet white_five() {
    return walk({0, 1, 2, 3, 4, 5});
}
}  // namespace

TEST_CASE("longest road: first to 5 takes it, a tie does not move it, strictly longer does",
          "[roads][longest-road]") {
    CHECK(longest_road_holder(kNoPlayer, std::vector{4, 3, 0}) == kNoPlayer);
    CHECK(longest_road_holder(kNoPlayer, std::vector{5, 3, 0}) == kRed);
    CHECK(longest_road_holder(kRed, std::vector{5, 5, 0}) == kRed);
    CHECK(longest_road_holder(kRed, std::vector{6, 6, 0}) == kRed);
    CHECK(longest_road_holder(kRed, std::vector{6, 7, 0}) == kBlue);
    // set aside after a tie for longest: nobody takes it until one is uniquely longest
    CHECK(longest_road_holder(kNoPlayer, std::vector{5, 5, 0}) == kNoPlayer);
    CHECK(longest_road_holder(kNoPlayer, std::vector{5, 6, 0}) == kBlue);
    CHECK_THROWS_AS(longest_road_holder(3, std::vector{5, 5, 0}), InputError);
}

//   red:  16==17==18==X19==20==21==22     blue settles on 19 (coming up its road 9-19)
//   blue: 47==48==49==50==51==52
TEST_CASE("a chain cut in the middle into 3 + 3 while the challenger has 5: the card moves",
          "[roads][longest-road]") {
    EdgeSet red = red_line();
    EdgeSet blue = blue_five() | walk({9, 19});
    int holder = longest_road_holder(kNoPlayer, std::vector{length(red), 0});
    REQUIRE(holder == kRed);
    holder = longest_road_holder(holder, std::vector{length(red), length(blue)});
    REQUIRE(holder == kRed);  // 6 against 5
    int red_cut = length(red, at({19}));
    CHECK(red_cut == 3);
    CHECK(road_network_count(standard(), red, at({19})) == 2);
    CHECK(longest_road_holder(holder, std::vector{red_cut, length(blue, {})}) == kBlue);
}

//   red:   16==17==18==19==X20==21==22    blue settles on 20 (coming up its road 31-20)
//   blue:  47==48==49==50==51==52 (5)      white: 0==1==2==3==4==5 (5)
TEST_CASE("holder cut to 4 while two others tie at 5: nobody holds it", "[roads][longest-road]") {
    EdgeSet red = red_line();
    EdgeSet blue = blue_five() | walk({31, 20});
    EdgeSet white = white_five();
    int holder = longest_road_holder(kNoPlayer, std::vector{length(red), 0, 0});
    holder = longest_road_holder(holder, std::vector{length(red), length(blue), length(white)});
    REQUIRE(holder == kRed);
    int red_cut = length(red, at({20}));
    CHECK(red_cut == 4);
    CHECK(longest_road_holder(holder, std::vector{red_cut, length(blue), length(white)}) ==
          kNoPlayer);
}

//   red:   16==17==X18==19==20==21==22     (7 roads: the line plus 22-33)
//                                   |
//                                   33     blue settles on 18 (coming up its road 29-18)
//   blue:  47==48==49==50==51==52 (5)
TEST_CASE("holder cut but still tied with another: the holder keeps it", "[roads][longest-road]") {
    EdgeSet red = red_line() | walk({22, 33});
    EdgeSet blue = blue_five() | walk({29, 18});
    int holder = longest_road_holder(kNoPlayer, std::vector{length(red), 0});
    holder = longest_road_holder(holder, std::vector{length(red), length(blue)});
    REQUIRE(holder == kRed);
    CHECK(length(red) == 7);
    int red_cut = length(red, at({18}));
    CHECK(red_cut == 5);
    CHECK(longest_road_holder(holder, std::vector{red_cut, length(blue)}) == kRed);
    // cut once more (white settles on 21): red 2 + 3 + 2, so blue's 5 alone takes it
    CHECK(length(red, at({18, 21})) == 3);
    CHECK(longest_road_holder(holder, std::vector{length(red, at({18, 21})), length(blue)}) ==
          kBlue);
}

TEST_CASE("largest army: first to 3 takes it, 3 vs 3 the holder keeps, 4 moves it",
          "[roads][largest-army]") {
    int holder = kNoPlayer;
    holder = largest_army_holder(holder, std::vector{2, 2, 0});
    CHECK(holder == kNoPlayer);
    holder = largest_army_holder(holder, std::vector{3, 2, 0});
    CHECK(holder == kRed);
    holder = largest_army_holder(holder, std::vector{3, 3, 0});
    CHECK(holder == kRed);
    holder = largest_army_holder(holder, std::vector{3, 4, 0});
    CHECK(holder == kBlue);
    holder = largest_army_holder(holder, std::vector{4, 4, 0});
    CHECK(holder == kBlue);
    holder = largest_army_holder(holder, std::vector{4, 4, 5});
    CHECK(holder == kWhite);
    CHECK_THROWS_AS(largest_army_holder(-2, std::vector{0, 0}), InputError);
}

// ---------------------------------------------------------------------------------------
// Cross-check against a deliberately simple exhaustive search

namespace {

struct Brute {
    const Topology& t;
    std::vector<EdgeId> roads;
    VertexSet blocked;
    int best = 0;
    std::vector<EdgeId> best_edges;
    VertexId best_start = kNoId;

    // Every trail from v after `used`, by plain recursion over copies of the edge list.
    void walk_from(VertexId start, VertexId v, std::vector<EdgeId> used) {
        int len = static_cast<int>(used.size());
        if (len > best || (len == best && len > 0 &&
                           (used < best_edges || (used == best_edges && start < best_start)))) {
            best = len;
            best_edges = used;
            best_start = start;
        }
        if (len > 0 && blocked[static_cast<std::size_t>(v)]) return;
        for (EdgeId e : roads) {
            if (std::find(used.begin(), used.end(), e) != used.end()) continue;
            auto ends = t.edge_vertices(e);
            if (ends[0] != v && ends[1] != v) continue;
            std::vector<EdgeId> next = used;
            next.push_back(e);
            walk_from(start, t.other_end(e, v), next);
        }
    }

    void run() {
        for (VertexId v = 0; v < t.vertex_count(); ++v) walk_from(v, v, {});
    }
};

int simple_network_count(const Topology& t, const std::vector<EdgeId>& roads,
                         const VertexSet& blocked) {
    // roads are joined when they meet at an unblocked vertex; count the groups
    std::vector<int> group(roads.size());
    for (std::size_t i = 0; i < roads.size(); ++i) group[i] = static_cast<int>(i);
    bool changed = true;
    while (changed) {
        changed = false;
        for (std::size_t i = 0; i < roads.size(); ++i)
            for (std::size_t j = 0; j < roads.size(); ++j) {
                auto a = t.edge_vertices(roads[i]), b = t.edge_vertices(roads[j]);
                for (VertexId x : a)
                    for (VertexId y : b)
                        if (x == y && !blocked[static_cast<std::size_t>(x)] &&
                            group[i] != group[j]) {
                            group[i] = group[j] = std::min(group[i], group[j]);
                            changed = true;
                        }
            }
    }
    std::sort(group.begin(), group.end());
    return static_cast<int>(std::unique(group.begin(), group.end()) - group.begin());
}

// The roads of `roads` joined to road e through unblocked vertices (e's group above).
std::vector<EdgeId> simple_network_of(const Topology& t, const std::vector<EdgeId>& roads,
                                      const VertexSet& blocked, EdgeId e) {
    std::vector<EdgeId> network{e};
    bool changed = true;
    while (changed) {
        changed = false;
        for (EdgeId f : roads) {
            if (std::find(network.begin(), network.end(), f) != network.end()) continue;
            bool joined = false;
            for (EdgeId g : network)
                for (VertexId x : t.edge_vertices(f))
                    for (VertexId y : t.edge_vertices(g))
                        if (x == y && !blocked[static_cast<std::size_t>(x)]) joined = true;
            if (joined) {
                network.push_back(f);
                changed = true;
            }
        }
    }
    std::sort(network.begin(), network.end());
    return network;
}

// A random network of up to `max_roads` roads and a few blocked vertices on it. Three
// kinds, to cover long chains, forks and dense knots: grown from the roads already there
// (sometimes starting a new piece); grown preferring roads that close a ring; or roads
// picked among the sides of a few neighbouring hexes.
std::pair<EdgeSet, VertexSet> random_position(const Topology& t, Rng& rng, int max_roads) {
    EdgeSet roads;
    std::vector<EdgeId> list;
    const int kind = static_cast<int>(rng.below(3));
    int target = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(max_roads)));
    if (kind > 0) target = std::max(target, max_roads - static_cast<int>(rng.below(6)));
    auto touches = [&](VertexId v) {
        for (EdgeId e : t.vertex_edges(v))
            if (roads[static_cast<std::size_t>(e)]) return true;
        return false;
    };
    std::vector<EdgeId> pool;  // kind 2: the sides of a cluster of hexes
    if (kind == 2) {
        std::vector<HexId> hexes{
            static_cast<HexId>(rng.below(static_cast<std::uint32_t>(t.hex_count())))};
        int want = 2 + static_cast<int>(rng.below(3));
        for (int guard = 0; static_cast<int>(hexes.size()) < want && guard < 50; ++guard) {
            HexId h = hexes[rng.below(static_cast<std::uint32_t>(hexes.size()))];
            const auto& around = t.hex_neighbours(h);
            HexId n = around[rng.below(static_cast<std::uint32_t>(around.size()))];
            if (std::find(hexes.begin(), hexes.end(), n) == hexes.end()) hexes.push_back(n);
        }
        for (HexId h : hexes)
            for (EdgeId e : t.hex_edges(h))
                if (std::find(pool.begin(), pool.end(), e) == pool.end()) pool.push_back(e);
        target = std::min(target, static_cast<int>(pool.size()));
    }
    while (static_cast<int>(list.size()) < target) {
        EdgeId e;
        if (kind == 2) {
            e = pool[rng.below(static_cast<std::uint32_t>(pool.size()))];
        } else if (list.empty() || (kind == 0 && rng.chance(1, 12))) {
            e = static_cast<EdgeId>(rng.below(static_cast<std::uint32_t>(t.edge_count())));
        } else {
            EdgeId from = list[rng.below(static_cast<std::uint32_t>(list.size()))];
            VertexId v = t.edge_vertices(from)[rng.below(2)];
            const IdList3& around = t.vertex_edges(v);
            e = around[static_cast<int>(rng.below(static_cast<std::uint32_t>(around.size())))];
            // kind 1: a road that does not close a ring is kept only half of the time
            if (kind == 1 && !touches(t.other_end(e, v)) && rng.chance(1, 2)) continue;
        }
        if (roads[static_cast<std::size_t>(e)]) continue;
        roads.set(static_cast<std::size_t>(e));
        list.push_back(e);
    }
    VertexSet blocked;
    int cuts = static_cast<int>(rng.below(4));
    for (int i = 0; i < cuts; ++i) {
        EdgeId e = list[rng.below(static_cast<std::uint32_t>(list.size()))];
        blocked.set(static_cast<std::size_t>(t.edge_vertices(e)[rng.below(2)]));
    }
    return {roads, blocked};
}

void cross_check(const Topology& t, std::uint64_t seed, int positions, int max_roads) {
    Rng rng(seed);
    for (int i = 0; i < positions; ++i) {
        auto [roads, blocked] = random_position(t, rng, max_roads);
        Brute brute{t, {}, blocked, 0, {}, kNoId};
        for (EdgeId e = 0; e < t.edge_count(); ++e)
            if (roads[static_cast<std::size_t>(e)]) brute.roads.push_back(e);
        brute.run();
        int fast = longest_trail_length(t, roads, blocked);
        Trail trail = longest_trail(t, roads, blocked);
        INFO("seed " << seed << " position " << i << " roads "
                     << roads.to_string().substr(kMaxEdges - t.edge_count()) << " blocked "
                     << blocked.to_string().substr(kMaxVertices - t.vertex_count()));
        REQUIRE(fast == brute.best);
        REQUIRE(trail.length == brute.best);
        REQUIRE(trail.edges == brute.best_edges);  // the same tie-break: lowest edge sequence
        if (trail.length > 0) REQUIRE(trail.vertices.front() == brute.best_start);
        check_trail_shape(t, trail, roads, blocked);
        REQUIRE(road_network_count(t, roads, blocked) ==
                simple_network_count(t, brute.roads, blocked));
        // One road's network (what a road build recounts): the exhaustive search over the
        // roads joined to it.
        if (!brute.roads.empty()) {
            const EdgeId e = brute.roads[rng.below(static_cast<std::uint32_t>(brute.roads.size()))];
            Brute part{t, simple_network_of(t, brute.roads, blocked, e), blocked, 0, {}, kNoId};
            part.run();
            INFO("road " << e);
            REQUIRE(longest_trail_length_at(t, roads, blocked, e) == part.best);
            // With a length before (a lower bound), the greater of the two.
            const int before = static_cast<int>(rng.below(16));
            REQUIRE(longest_trail_length_at(t, roads, blocked, e, before) ==
                    std::max(before, part.best));
        }
    }
}

}  // namespace

TEST_CASE("fast search agrees with the exhaustive one on random networks (standard board)",
          "[roads][cross-check]") {
    cross_check(Topology::standard(), 20261129, 5000, 15);
}

TEST_CASE("fast search agrees with the exhaustive one on random networks (5-6 player board)",
          "[roads][cross-check]") {
    cross_check(Topology::extended(), 6, 2000, 15);
}

// More than 64 roads (the search by chains hands these to the search over single roads,
// with full edge sets as masks): a forest of paths, every intersection with at most two
// roads and no ring, so each network's longest trail is all of its roads.
TEST_CASE("more than 64 roads: a forest of paths counts its biggest path", "[roads]") {
    const Topology& t = Topology::extended();
    std::vector<int> root(static_cast<std::size_t>(t.vertex_count()));
    std::vector<int> degree(root.size(), 0);
    std::vector<int> size(root.size(), 0);  // roads per network, at its root
    for (std::size_t v = 0; v < root.size(); ++v) root[v] = static_cast<int>(v);
    auto find = [&](int v) {
        while (root[static_cast<std::size_t>(v)] != v) v = root[static_cast<std::size_t>(v)];
        return v;
    };
    EdgeSet roads;
    for (EdgeId e = 0; e < t.edge_count(); ++e) {
        const VertexId a = t.edge_vertices(e)[0], b = t.edge_vertices(e)[1];
        const int ra = find(a), rb = find(b);
        if (degree[static_cast<std::size_t>(a)] == 2 || degree[static_cast<std::size_t>(b)] == 2 ||
            ra == rb)
            continue;  // a third road at an intersection, or a ring
        roads.set(static_cast<std::size_t>(e));
        ++degree[static_cast<std::size_t>(a)];
        ++degree[static_cast<std::size_t>(b)];
        root[static_cast<std::size_t>(ra)] = rb;
        size[static_cast<std::size_t>(rb)] += size[static_cast<std::size_t>(ra)] + 1;
        size[static_cast<std::size_t>(ra)] = 0;
    }
    REQUIRE(roads.count() > 64);
    const int biggest = *std::max_element(size.begin(), size.end());
    CHECK(longest_trail_length(t, roads, {}) == biggest);
    CHECK(longest_trail(t, roads, {}).length == biggest);
    CHECK(road_network_count(t, roads, {}) ==
          static_cast<int>(std::count_if(size.begin(), size.end(), [](int n) { return n > 0; })));
}
