// Topology: golden ids of the standard board (DESIGN.md section 3), counts, symmetry and
// id round trips on the standard, 5-6 player and tiny boards.
#include <algorithm>
#include <set>

#include <boost/graph/connected_components.hpp>
#include <catch2/catch.hpp>

#include <catan/board/topology.hpp>

using namespace ctk;

namespace {
// Golden table: per hex its vertices (N, NE, SE, S, SW, NW) and edges (NE, E, SE, SW, W,
// NW). Spot-checked by hand against the drawing in the README: hex 0's corners are the
// first three vertices of line 0 (NW 0, N 1, NE 2) and, on line 1, the N corners of hexes
// 3 and 4 (8, 10) with vertex 9 between them; hex 18's S side is the last row of edges.
struct Golden {
    std::array<int, 6> v, e;
};
constexpr std::array<Golden, 19> kGolden{{
    {{1, 2, 10, 9, 8, 0}, {1, 7, 12, 11, 6, 0}},
    {{3, 4, 12, 11, 10, 2}, {3, 8, 14, 13, 7, 2}},
    {{5, 6, 14, 13, 12, 4}, {5, 9, 16, 15, 8, 4}},
    {{8, 9, 19, 18, 17, 7}, {11, 19, 25, 24, 18, 10}},
    {{10, 11, 21, 20, 19, 9}, {13, 20, 27, 26, 19, 12}},
    {{12, 13, 23, 22, 21, 11}, {15, 21, 29, 28, 20, 14}},
    {{14, 15, 25, 24, 23, 13}, {17, 22, 31, 30, 21, 16}},
    {{17, 18, 29, 28, 27, 16}, {24, 34, 40, 39, 33, 23}},
    {{19, 20, 31, 30, 29, 18}, {26, 35, 42, 41, 34, 25}},
    {{21, 22, 33, 32, 31, 20}, {28, 36, 44, 43, 35, 27}},
    {{23, 24, 35, 34, 33, 22}, {30, 37, 46, 45, 36, 29}},
    {{25, 26, 37, 36, 35, 24}, {32, 38, 48, 47, 37, 31}},
    {{29, 30, 40, 39, 38, 28}, {41, 50, 55, 54, 49, 40}},
    {{31, 32, 42, 41, 40, 30}, {43, 51, 57, 56, 50, 42}},
    {{33, 34, 44, 43, 42, 32}, {45, 52, 59, 58, 51, 44}},
    {{35, 36, 46, 45, 44, 34}, {47, 53, 61, 60, 52, 46}},
    {{40, 41, 49, 48, 47, 39}, {56, 63, 67, 66, 62, 55}},
    {{42, 43, 51, 50, 49, 41}, {58, 64, 69, 68, 63, 57}},
    {{44, 45, 53, 52, 51, 43}, {60, 65, 71, 70, 64, 59}},
}};

void check_invariants(const Topology& t) {
    for (VertexId v = 0; v < t.vertex_count(); ++v) {
        INFO("vertex " << v);
        CHECK(t.vertex_neighbours(v).size() >= 2);
        CHECK(t.vertex_neighbours(v).size() <= 3);
        CHECK(t.vertex_hexes(v).size() >= 1);
        CHECK(t.vertex_edges(v).size() == t.vertex_neighbours(v).size());
        for (VertexId n : t.vertex_neighbours(v)) {
            CHECK(t.vertex_neighbours(n).contains(v));  // symmetric
            EdgeId e = t.edge_between(v, n);
            REQUIRE(e != kNoId);
            CHECK(t.edge_between(n, v) == e);
        }
        HexCorner hc = t.vertex_corner(v);
        CHECK(t.vertex_id(hc) == v);
        CHECK(hc.hex == t.vertex_hexes(v)[0]);  // lowest touching hex
    }
    for (EdgeId e = 0; e < t.edge_count(); ++e) {
        INFO("edge " << e);
        auto [a, b] = t.edge_vertices(e);
        CHECK(a < b);
        CHECK(t.vertex_edges(a).contains(e));
        CHECK(t.vertex_edges(b).contains(e));
        HexSide hs = t.edge_side(e);
        CHECK(t.edge_id(hs) == e);
        CHECK(hs.hex == t.edge_hexes(e)[0]);
    }
    for (HexId h = 0; h < t.hex_count(); ++h)
        for (HexId n : t.hex_neighbours(h))
            CHECK(std::count(t.hex_neighbours(n).begin(), t.hex_neighbours(n).end(), h) == 1);
    // Consecutive ids on a zigzag line are neighbours: every vertex but the last of its
    // line has the next id as a neighbour.
    int breaks = 0;
    for (VertexId v = 0; v + 1 < t.vertex_count(); ++v)
        if (!t.vertex_neighbours(v).contains(v + 1)) ++breaks;
    CHECK(breaks <= 7);  // one per line boundary at most
    CHECK(boost::num_vertices(t.graph()) == static_cast<std::size_t>(t.vertex_count()));
    CHECK(boost::num_edges(t.graph()) == static_cast<std::size_t>(t.edge_count()));
}
}  // namespace

TEST_CASE("standard board: golden ids", "[topology]") {
    const Topology& t = Topology::standard();
    REQUIRE(t.hex_count() == 19);
    for (HexId h = 0; h < 19; ++h) {
        INFO("hex " << h);
        CHECK(t.hex_vertices(h) == kGolden[h].v);
        CHECK(t.hex_edges(h) == kGolden[h].e);
    }
    CHECK(t.hex_axial(9) == Axial{0, 0});
    CHECK(t.hex_axial(0) == Axial{0, -2});
    CHECK(t.hex_axial(18) == Axial{0, 2});
    CHECK(t.hex_axial(7) == Axial{-2, 0});
}

TEST_CASE("standard board: counts", "[topology]") {
    const Topology& t = Topology::standard();
    CHECK(t.vertex_count() == 54);
    CHECK(t.edge_count() == 72);
    CHECK(t.coastal_hexes().size() == 12);
    CHECK(t.coastal_edges().size() == 30);
    CHECK(t.coastal_vertices().size() == 30);
    // vertices per zigzag line: 7, 9, 11, 11, 9, 7
    std::vector<int> line_sizes;
    int size = 1;
    for (VertexId v = 1; v < t.vertex_count(); ++v) {
        if (t.vertex_point(v).y - t.vertex_point(v - 1).y > 1 ||
            t.vertex_point(v).x < t.vertex_point(v - 1).x) {
            line_sizes.push_back(size);
            size = 0;
        }
        ++size;
    }
    line_sizes.push_back(size);
    CHECK(line_sizes == std::vector<int>{7, 9, 11, 11, 9, 7});
    // edges per midpoint row: 6, 4, 8, 5, 10, 6, 10, 5, 8, 4, 6
    std::vector<int> row_sizes;
    int prev = INT32_MIN, n = 0;
    for (EdgeId e = 0; e < t.edge_count(); ++e) {
        auto [a, b] = t.edge_vertices(e);
        int y = t.vertex_point(a).y + t.vertex_point(b).y;
        if (y != prev && n) {
            row_sizes.push_back(n);
            n = 0;
        }
        prev = y;
        ++n;
    }
    row_sizes.push_back(n);
    CHECK(row_sizes == std::vector<int>{6, 4, 8, 5, 10, 6, 10, 5, 8, 4, 6});
    int three = 0;
    for (VertexId v = 0; v < 54; ++v) three += t.vertex_hexes(v).size() == 3;
    CHECK(three == 24);
    check_invariants(t);
}

TEST_CASE("hex corner and side forms", "[topology]") {
    const Topology& t = Topology::standard();
    CHECK(t.vertex_id({9, Corner::kN}) == 21);
    CHECK(t.vertex_id({4, Corner::kSE}) == 21);               // hex 4 (0, -1) sits up-left of hex 9
    CHECK(t.vertex_corner(21) == HexCorner{4, Corner::kSE});  // lowest hex: 4 (hexes 4, 5, 9)
    CHECK(t.edge_id({9, Side::kW}) == 35);
    CHECK(t.edge_id({8, Side::kE}) == 35);
    CHECK(t.edge_side(35) == HexSide{8, Side::kE});
    CHECK_THROWS_AS(t.vertex_id({19, Corner::kN}), InputError);
    CHECK(parse_corner("SW") == Corner::kSW);
    CHECK(!parse_corner("E"));
    CHECK(parse_side("E") == Side::kE);
    CHECK(!parse_side("N"));
}

TEST_CASE("5-6 player board: counts by hand", "[topology]") {
    // Rows of 3-4-5-6-5-4-3 hexes: zigzag lines of 7, 9, 11, 13, 13, 11, 9, 7 = 80 vertices.
    // Euler (V - E + F = 2, F = 30 hexes + outside): E = 80 + 31 - 2 = 109. Each hex has 6
    // sides: 180 = 2 * inner + coastal and inner + coastal = 109, so 38 coastal edges, and the
    // coast is one cycle, so 38 coastal vertices. Inner hexes: 2 + 3 + 4 + 3 + 2 = 14, so 16
    // on the coast.
    const Topology& t = Topology::extended();
    CHECK(t.hex_count() == 30);
    CHECK(t.vertex_count() == 80);
    CHECK(t.edge_count() == 109);
    CHECK(t.coastal_edges().size() == 38);
    CHECK(t.coastal_vertices().size() == 38);
    CHECK(t.coastal_hexes().size() == 16);
    check_invariants(t);
    std::vector<int> comp(static_cast<std::size_t>(t.vertex_count()));
    CHECK(boost::connected_components(t.graph(), comp.data()) == 1);
}

TEST_CASE("tiny boards", "[topology]") {
    Topology one({{0, 0}});
    CHECK(one.vertex_count() == 6);
    CHECK(one.edge_count() == 6);
    CHECK(one.coastal_edges().size() == 6);
    check_invariants(one);
    // vertex ids: line 0 holds NW, N, NE (0, 1, 2); line 1 holds SW, S, SE (3, 4, 5)
    CHECK(one.hex_vertices(0) == std::array<int, 6>{1, 2, 5, 4, 3, 0});

    Topology two({{1, 0}, {0, 0}});  // any order: ids follow the row-by-row rule
    CHECK(two.hex_axial(0) == Axial{0, 0});
    CHECK(two.vertex_count() == 10);
    CHECK(two.edge_count() == 11);
    CHECK(two.coastal_edges().size() == 10);
    check_invariants(two);

    CHECK_THROWS_AS(Topology({}), InputError);
    CHECK_THROWS_WITH(Topology({{0, 0}, {0, 0}}), "hex (q 0, r 0) is listed twice");
}
