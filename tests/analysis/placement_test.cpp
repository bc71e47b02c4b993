// Opening placements: pips per vertex worked out by hand from the beginner board, the
// robber and the desert, scarcity, the distance rule, pair scores, the exact production
// odds (Markov chain) against hand-solved values, the draft, weights files and the
// catanstats table.
#include <cmath>
#include <memory>
#include <numeric>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <catan/analysis/placement.hpp>
#include "test_support.hpp"

using namespace ctk;

namespace {
constexpr std::size_t kB = 0, kL = 1, kW = 2, kG = 3, kO = 4;  // brick lumber wool grain ore

VertexId at(const Board& b, HexId h, Corner c) {
    return b.topology().vertex_id({h, c});
}

// The small test board: three forests 8, 6, 12 around one vertex, at axial (0,0), (1,0)
// and (0,1) (hex 0's SE corner is the vertex all three share), plus a desert at (1,1)
// that holds the robber.
//     (0,0) forest 8   (1,0) forest 6
//          (0,1) forest 12   (1,1) desert      the vertex: where 8, 6 and 12 meet
Board three_forests() {
    auto topo =
        std::make_shared<const Topology>(std::vector<Axial>{{0, 0}, {1, 0}, {0, 1}, {1, 1}});
    Board b(topo);
    b.set_hex(*topo->hex_at({0, 0}), Terrain::kForest, 8);
    b.set_hex(*topo->hex_at({1, 0}), Terrain::kForest, 6);
    b.set_hex(*topo->hex_at({0, 1}), Terrain::kForest, 12);
    b.set_hex(*topo->hex_at({1, 1}), Terrain::kDesert, 0);
    b.set_robber(*topo->hex_at({1, 1}));
    return b;
}
}  // namespace

// Beginner board (README drawing), the hexes used below:
//   #4 hills 6 (5 pips)   #8 forest 11 (2)   #9 desert        #10 forest 3 (2)
//   #11 mountains 8 (5)   #15 pasture 5 (4)  #0 mountains 10 (3)   #3 fields 12 (1)
//   #7 fields 9 (4)       #12 forest 8 (5)
TEST_CASE("beginner board: hand-computed pips of named vertices", "[placement]") {
    Board b = Board::beginner();
    // vertex 35 = hex 10 SE: forest 3 (2) + mountains 8 (5) + pasture 5 (4) = 11
    REQUIRE(at(b, 10, Corner::kSE) == 35);
    auto p = vertex_production(b, 35);
    CHECK(p.pips == ResourceCounts{0, 2, 4, 0, 5});
    CHECK(p.total_pips == 11);
    CHECK(p.numbers == 3);
    CHECK(p.resources == 3);
    CHECK(p.start_hand == ResourceCounts{0, 1, 1, 0, 1});
    // vertex 20 = hex 4 S: hills 6 (5) + forest 11 (2) + desert (0) = 7; the desert gives
    // nothing, not even a starting card
    REQUIRE(at(b, 4, Corner::kS) == 20);
    p = vertex_production(b, 20);
    CHECK(p.pips == ResourceCounts{5, 2, 0, 0, 0});
    CHECK(p.total_pips == 7);
    CHECK(p.start_hand == ResourceCounts{1, 1, 0, 0, 0});
    // vertex 9 = hex 0 S: mountains 10 (3) + fields 12 (1) + hills 6 (5) = 9
    REQUIRE(at(b, 0, Corner::kS) == 9);
    CHECK(vertex_production(b, 9).pips == ResourceCounts{5, 0, 0, 1, 3});
    // vertex 29 = hex 7 SE: fields 9 (4) + forest 11 (2) + forest 8 (5): both forests
    // count, 7 lumber pips, 11 in all, 2 resources, 3 numbers
    REQUIRE(at(b, 7, Corner::kSE) == 29);
    p = vertex_production(b, 29);
    CHECK(p.pips == ResourceCounts{0, 7, 0, 4, 0});
    CHECK(p.total_pips == 11);
    CHECK(p.resources == 2);
    CHECK(p.numbers == 3);
    // vertex 3 = hex 1 N, on the coast: pasture 2 only (1 pip)
    CHECK(vertex_production(b, 3).total_pips == 1);
}

TEST_CASE("beginner board: the top vertices by total pips", "[placement]") {
    // No three hexes around one vertex reach 12 pips on this board; 11 is reached at
    // 29 (9+11+8: 4+2+5), 35 (3+8+5: 2+5+4), 40 (hex 12 SE: 8+3+5: 5+2+4) and
    // 41 (hex 13 S: 3+5+6: 2+4+5); 10 at 13 (9+4+10), 24 (10+3+8), 42 (3+4+6), 43 (4+6+11).
    Board b = Board::beginner();
    std::vector<int> by_pips[13];
    for (VertexId v = 0; v < 54; ++v) by_pips[vertex_production(b, v).total_pips].push_back(v);
    for (int k = 12; k < 13; ++k) CHECK(by_pips[k].empty());
    CHECK(by_pips[11] == std::vector<int>{29, 35, 40, 41});
    CHECK(by_pips[10] == std::vector<int>{13, 24, 42, 43});
}

TEST_CASE("scarcity from the board's resource totals", "[placement]") {
    // brick: hills 6, 10, 5 = 5+3+4 = 12; lumber: forest 9, 11, 3, 8 = 4+2+2+5 = 13;
    // wool: pasture 2, 4, 5, 11 = 1+3+4+2 = 10; grain: fields 12, 9, 4, 6 = 1+4+3+5 = 13;
    // ore: mountains 10, 8, 3 = 3+5+2 = 10. Mean 58/5 = 11.6.
    Board b = Board::beginner();
    PlacementModel m(b, {});
    CHECK(m.board_pips() == ResourceCounts{12, 13, 10, 13, 10});
    CHECK(m.scarcity()[kB] == Approx(11.6 / 12));
    CHECK(m.scarcity()[kO] == Approx(1.16));
    // W(35) = 2 * 11.6/13 + 4 * 1.16 + 5 * 1.16
    CHECK(m.weighted_pips(35) == Approx(2 * 11.6 / 13 + 9 * 1.16));
    PlacementWeights flat;
    flat.scarcity = 0;
    PlacementModel f(b, {}, flat);
    CHECK(f.scarcity()[kB] == 1.0);
    CHECK(f.weighted_pips(35) == 11.0);
}

TEST_CASE("three lumber hexes 8/6/12 around one vertex give 11 lumber pips", "[placement]") {
    Board b = three_forests();
    VertexId v = at(b, 0, Corner::kSE);
    REQUIRE(b.topology().vertex_hexes(v).size() == 3);
    auto p = vertex_production(b, v);
    CHECK(p.pips == ResourceCounts{0, 11, 0, 0, 0});  // 5 + 5 + 1
    CHECK(p.total_pips == 11);
    CHECK(p.numbers == 3);
    CHECK(p.resources == 1);
    CHECK(p.start_hand == ResourceCounts{0, 3, 0, 0, 0});
    // the robber on the 8: 5 pips fewer while it stands there
    b.set_robber(0);
    CHECK(vertex_production(b, v).pips == ResourceCounts{0, 6, 0, 0, 0});
    CHECK(vertex_production(b, v).numbers == 2);
}

TEST_CASE("a vertex on a robbed 8 loses those 5 pips", "[placement]") {
    Board b = Board::beginner();
    CHECK(vertex_production(b, 35).total_pips == 11);
    b.set_robber(11);  // mountains 8
    auto p = vertex_production(b, 35);
    CHECK(p.total_pips == 6);
    CHECK(p.pips[kO] == 0);
    CHECK(p.numbers == 2);
    CHECK(p.resources == 2);
    CHECK(p.start_hand == ResourceCounts{0, 1, 1, 0, 1});  // setup-resources ignores the robber
    // and the board's ore total loses them too: 10 - 5
    PlacementModel m(b, {});
    CHECK(m.board_pips()[kO] == 5);
    // the odds no longer see the 8
    std::array<VertexId, 1> v{35};
    auto o = production_odds(b, v, {});
    CHECK(o.ways[8] == 5);
    CHECK(o.pips[kO] == 0);
    CHECK(o.any_card_ways == 2 + 4);  // 3 and 5
}

TEST_CASE("the distance rule excludes the taken vertices and their neighbours", "[placement]") {
    Board b = Board::beginner();
    // 35 (hex 10 SE) touches 24 above it and 34, 36 on its zigzag line (hex 10 S, hex 11 S)
    std::vector<VertexId> taken{35};
    PlacementModel m(b, taken);
    CHECK(m.legal_vertices().size() == 50);
    for (VertexId v : {35, 24, 34, 36}) CHECK_FALSE(m.is_legal(v));
    for (VertexId v : {23, 25, 33, 37, 45, 46}) CHECK(m.is_legal(v));  // two roads away
    // 9 (hex 0 S) adds itself and 8, 10, 19
    taken.push_back(9);
    PlacementModel m2(b, taken);
    CHECK(m2.legal_vertices().size() == 46);
    std::vector<VertexId> illegal;
    for (VertexId v = 0; v < 54; ++v)
        if (!m2.is_legal(v)) illegal.push_back(v);
    CHECK(illegal == std::vector<VertexId>{8, 9, 10, 19, 24, 34, 35, 36});
    auto ranked = m2.rank_vertices();
    CHECK(ranked.size() == 46);
    for (const auto& s : ranked) CHECK(m2.is_legal(s.vertex));
    // an empty board: all 54 (DESIGN.md golden count)
    CHECK(PlacementModel(b, {}).legal_vertices().size() == 54);
    std::vector<VertexId> bad{54};
    CHECK_THROWS_WITH(PlacementModel(b, bad), "taken: vertex 54 is not on the board (0..53)");
}

TEST_CASE("expansion vertices are two roads away and legal", "[placement]") {
    Board b = Board::beginner();
    PlacementModel m(b, {});
    auto s = m.score_vertex(35);
    // 35 (hex 10 SE = 11 SW = 15 N) has neighbours 24 (10 NE), 34 (10 S = 14 NE) and
    // 36 (11 S = 15 NE). Two roads away: via 24 -> 23, 25; via 34 -> 33, 44; via 36 -> 37,
    // 46. Best W first: 44 (hex 14 SE: fields 4, pastures 5 and 11: 3 * 0.89 + 6 * 1.16 = 9.64),
    // 25 (hills 10, mountains 8: 8.70), 23 (8.17); then 37 (5.80), 46, 33.
    CHECK(s.expansion == std::vector<VertexId>{44, 25, 23});
    CHECK(s.expansion_value == Approx(m.weighted_pips(44)));
    std::vector<VertexId> taken{45};  // hex 15 S: blocks its neighbours 44 and 46
    PlacementModel m2(b, taken);
    CHECK(m2.score_vertex(35).expansion == std::vector<VertexId>{25, 23, 37});
}

TEST_CASE("score is the weighted sum of its documented parts", "[placement]") {
    Board b = Board::beginner();
    PlacementModel m(b, {});
    auto s = m.score_vertex(35);
    CHECK(s.parts.pips == Approx(m.weighted_pips(35)));
    CHECK(s.parts.resources == 3.0);
    CHECK(s.parts.numbers == 1.5);
    CHECK(s.parts.harbor == 0.0);
    CHECK(s.score == Approx(m.weighted_pips(35) + 3 + 1.5 + 0.25 * m.weighted_pips(44)));
    // harbor value: vertex 26 (hex 11 NE) touches the 3:1 harbor and mountains 8 only:
    // 5 pips / 12
    auto h = m.score_vertex(26);
    REQUIRE(h.harbor == HarborKind::kGeneric);
    CHECK(h.harbor_value == Approx(5.0 / 12));
    // vertex 15 (hex 6 NE) on the ore harbor produces no ore: worth 0
    auto o = m.score_vertex(15);
    REQUIRE(o.harbor == HarborKind::kOre);
    CHECK(o.harbor_value == 0.0);
    // the ranking is sorted by score, ties by id
    auto ranked = m.rank_vertices();
    REQUIRE(ranked.size() == 54);
    CHECK(ranked[0].vertex == 35);
    for (std::size_t i = 1; i < ranked.size(); ++i)
        CHECK((ranked[i - 1].score > ranked[i].score || (ranked[i - 1].score == ranked[i].score &&
                                                         ranked[i - 1].vertex < ranked[i].vertex)));
}

TEST_CASE("pair scores: coverage, starting hand, harbor on the pair's production", "[placement]") {
    Board b = Board::beginner();
    PlacementModel m(b, {});
    // 9 (mountains 10, fields 12, hills 6) + 35 (forest 3, mountains 8, pasture 5)
    auto p = m.score_pair(9, 35);
    CHECK(p.pips == ResourceCounts{5, 2, 4, 1, 8});
    CHECK(p.total_pips == 20);
    CHECK(p.resources == 5);
    CHECK(p.numbers == 6);  // 10, 12, 6, 3, 8, 5
    CHECK(p.covers_roads);
    CHECK(p.covers_cities);
    CHECK(p.start_hand == ResourceCounts{0, 1, 1, 0, 1});  // from the second, 35
    CHECK(p.parts.start_hand == 1.5);
    CHECK(p.parts.roads == 2.0);
    CHECK(p.parts.cities == 2.0);
    // 26 on the 3:1 harbor with 35: the harbor is valued on the pair's 16 pips... 26 and
    // 35 share hex 11 (8): 5 + 11 = 16 pips -> 16/12
    auto q = m.score_pair(26, 35);
    CHECK(q.total_pips == 16);
    CHECK(q.harbor_value == Approx(16.0 / 12));
    // best second for each first: never the first or its neighbour, always legal
    for (const auto& bp : m.best_pairs()) {
        CHECK(bp.first != bp.second);
        CHECK(b.topology().edge_between(bp.first, bp.second) == kNoId);
        CHECK(m.is_legal(bp.second));
    }
    auto best = m.best_second(35);
    REQUIRE(best);
    CHECK(best->second == 41);
}

TEST_CASE("exact expected rolls, solved by hand", "[placement][odds]") {
    // Road = brick + lumber. Brick only on a 6, lumber only on an 8, 5 ways each out of
    // 36, never together. E[lumber only] = 36/5 = 7.2. With both missing, a roll ends
    // one of them with 10/36: E = (36 + 5*7.2 + 5*7.2) / 10 = 10.8.
    std::array<ResourceCounts, 13> gain{};
    gain[6][kB] = 1;
    gain[8][kL] = 1;
    auto road = build_cost(BuildTarget::kRoad);
    CHECK(*expected_rolls_until(gain, {}, road) == Approx(10.8));
    CHECK(*expected_rolls_until(gain, {1, 0, 0, 0, 0}, road) == Approx(7.2));
    CHECK(*expected_rolls_until(gain, {1, 1, 0, 0, 0}, road) == 0.0);
    CHECK_FALSE(expected_rolls_until(gain, {}, build_cost(BuildTarget::kCity)));
    // Two ore per 8 (two settlements on it): 3 ore need two 8s: 2 * 36/5 = 14.4
    std::array<ResourceCounts, 13> g2{};
    g2[8][kO] = 2;
    CHECK(*expected_rolls_until(g2, {}, {0, 0, 0, 0, 3}) == Approx(14.4));
    CHECK(*expected_rolls_until(g2, {0, 0, 0, 0, 1}, {0, 0, 0, 0, 3}) == Approx(7.2));

    // On the beginner board, first 9, second 35 (hand lumber, wool, ore).
    // road: brick from hex 4 (6): 36/5 = 7.2.
    // settlement: brick (5 ways) and grain (hex 3, 12: 1 way) missing:
    //   (36 + 5 * 36 + 1 * 7.2) / 6 = 37.2.
    // dev card: grain missing only: 36.
    Board b = Board::beginner();
    PlacementModel m(b, {});
    auto o = m.pair_odds(m.score_pair(9, 35));
    REQUIRE(o.rolls_until[0]);
    CHECK(*o.rolls_until[0] == Approx(7.2));
    CHECK(*o.rolls_until[1] == Approx(37.2));
    CHECK(*o.rolls_until[3] == Approx(36.0));
    REQUIRE(o.rolls_until[2]);
}

TEST_CASE("production odds: probabilities sum to 1", "[placement][odds]") {
    Board b = Board::beginner();
    PlacementModel m(b, {});
    for (const auto& p : m.best_pairs()) {
        auto o = m.pair_odds(p);
        CHECK(std::accumulate(o.ways.begin(), o.ways.end(), 0) == 36);
        CHECK(std::accumulate(o.cards_ways.begin(), o.cards_ways.end(), 0) == 36);
        double sum = 0;
        for (int w : o.cards_ways) sum += w / 36.0;
        CHECK(sum == Approx(1.0));
        CHECK(o.cards_ways[0] + o.any_card_ways == 36);
        // expected cards per roll = pips / 36, both ways of counting
        double expected = 0;
        for (std::size_t k = 0; k < o.cards_ways.size(); ++k)
            expected += k * o.cards_ways[k] / 36.0;
        CHECK(expected == Approx(p.total_pips / 36.0));
        CHECK(o.pips == p.pips);
    }
    // 9 + 35: tokens 10, 12, 6, 3, 8, 5 -> 3+1+5+2+5+4 = 20 ways give a card; the 7 and
    // 2, 4, 9, 11 give none: 16 ways
    auto o = m.pair_odds(m.score_pair(9, 35));
    CHECK(o.any_card_ways == 20);
    CHECK(o.cards_ways == std::vector<int>{16, 20});
    CHECK(o.p_any_card == Approx(20.0 / 36));
}

TEST_CASE("simulation agrees with the exact odds", "[placement][odds]") {
    Board b = Board::beginner();
    std::array<VertexId, 2> vs{9, 35};
    auto sim = simulate_rolls_until(b, vs, {0, 1, 1, 0, 1}, 4000, 7);
    auto sim2 = simulate_rolls_until(b, vs, {0, 1, 1, 0, 1}, 4000, 7);
    CHECK(sim == sim2);  // deterministic for a seed
    REQUIRE(sim[0]);
    CHECK(*sim[0] == Approx(7.2).epsilon(0.05));
    CHECK(*sim[1] == Approx(37.2).epsilon(0.05));
}

TEST_CASE("the greedy draft is deterministic and legal", "[placement][draft]") {
    Board b = Board::beginner();
    auto d1 = draft_setup(b, {}, 4);
    auto d2 = draft_setup(b, {}, 4);
    REQUIRE(d1.size() == 8);
    std::vector<VertexId> v1, v2;
    std::vector<int> seats;
    for (const auto& p : d1) {
        v1.push_back(p.vertex);
        seats.push_back(p.seat);
    }
    for (const auto& p : d2) v2.push_back(p.vertex);
    CHECK(v1 == v2);
    CHECK(seats == std::vector<int>{0, 1, 2, 3, 3, 2, 1, 0});
    CHECK(v1 == std::vector<VertexId>{35, 13, 40, 10, 29, 44, 42, 19});
    for (std::size_t i = 0; i < v1.size(); ++i)
        for (std::size_t j = i + 1; j < v1.size(); ++j) {
            CHECK(v1[i] != v1[j]);
            CHECK(b.topology().edge_between(v1[i], v1[j]) == kNoId);
        }
    CHECK_THROWS_WITH(draft_setup(b, {}, 7), "seats: 7 is not a number of players (1..6)");
}

TEST_CASE("weights from JSON, with errors naming the field", "[placement]") {
    auto w = placement_weights_from_json(nlohmann::json{{"expansion", 0}, {"harbor", 2.5}});
    CHECK(w.expansion == 0.0);
    CHECK(w.harbor == 2.5);
    CHECK(w.pips == 1.0);
    CHECK_THROWS_WITH(
        placement_weights_from_json(nlohmann::json{{"expansoin", 1}}),
        Catch::StartsWith("weights.expansoin: unknown weight (expected pips, scarcity,"));
    CHECK_THROWS_WITH(placement_weights_from_json(nlohmann::json{{"pips", "high"}}),
                      "weights.pips: expected a number, got string \"high\"");
    CHECK_THROWS_WITH(placement_weights_from_json(nlohmann::json{{"scarcity", -1}}),
                      "weights.scarcity: must be between 0 and 10");
    CHECK_THROWS_AS(placement_weights_from_json(nlohmann::json::array()), InputError);
    auto round = placement_weights_from_json(placement_weights_to_json(w));
    CHECK(round.harbor == 2.5);
}

TEST_CASE("catanstats rows: pips of the six opening hexes", "[placement][catanstats]") {
    std::string csv =
        "gameNum,player,points,me,settlement1,settlement1_resource1,settlement1_num2,"
        "settlement1_resource2,settlement1_num3,settlement1_resource3,settlement2,"
        "settlement2_resource1,settlement2_num2,settlement2_resource2,settlement2_num3,"
        "settlement2_resource3,production\n"
        "1,1,5,,6,L,3,C,11,C,9,L,10,W,11,O,38\n"   // 5+2+2 + 4+3+2 = 18
        "1,2,10,1,8,O,0,3G,0,D,6,W,6,W,5,S,48\n"   // 5 + 5+5+4 = 19
        "2,1,10,,0,B,2,2S,12,S,4,C,9,L,8,O,30\n"   // harbour 2S gives nothing: 1 + 3+4+5 = 13
        "2,2,5,,6,L,3,C,11,C,9,L,10,W,11,O,38\n";  // 18, as line 2
    auto rows = read_catanstats(csv);
    REQUIRE(rows.size() == 4);
    CHECK(rows[0].total_pips == 18);
    CHECK(rows[0].pips == ResourceCounts{4, 9, 0, 3, 2});
    CHECK(rows[1].total_pips == 19);
    CHECK(rows[1].pips[kG] == 10);
    CHECK(rows[2].total_pips == 13);
    CHECK(rows[2].resources == 4);
    auto s = summarize_catanstats(rows);
    CHECK(s.games == 2);
    CHECK(s.winner_mean_pips == Approx(16.0));  // 19 and 13
    CHECK(s.others_mean_pips == Approx(18.0));  // 18 and 18
    CHECK_THROWS_WITH(read_catanstats("gameNum,player,points,production,settlement1\n1,1,x,3,4\n"),
                      "line 2: points: expected a whole number, got \"x\"");
    // A byte-order mark before the header is skipped: the same rows.
    CHECK(read_catanstats("\xEF\xBB\xBF" + csv).size() == 4);
    // A row with a cell missing or one too many (its cells shifted) is refused.
    std::string short_row = csv;
    short_row.replace(short_row.find("1,2,10,1,"), 9, "1,2,10,");
    CHECK_THROWS_WITH(read_catanstats(short_row),
                      "line 3: 16 cells, expected 17 (one per column of the header)");
    CHECK_THROWS_WITH(read_catanstats(csv + "3,1,5,,6,L,3,C,11,C,9,L,10,W,11,O,38,7\n"),
                      "line 6: 18 cells, expected 17 (one per column of the header)");
    // The rows of a game agree: 2..6 players numbered once each from 1.
    CHECK_THROWS_WITH(read_catanstats(csv + "3,1,5,,6,L,3,C,11,C,9,L,10,W,11,O,38\n"),
                      "line 6: game 3 has 1 player (expected 2..6)");
    std::string twice = csv;
    twice.replace(twice.find("2,2,5,"), 6, "2,1,5,");
    CHECK_THROWS_WITH(read_catanstats(twice),
                      "line 5: player 1: a second row of game 2 (the first is line 4)");
    std::string beyond = csv;
    beyond.replace(beyond.find("2,2,5,"), 6, "2,3,5,");
    CHECK_THROWS_WITH(read_catanstats(beyond), "line 5: player 3: expected 1..2");
    std::string bad = csv;
    bad.replace(bad.find("11,O"), 4, "11,Q");
    CHECK_THROWS_WITH(
        read_catanstats(bad),
        Catch::StartsWith("line 2: settlement2_resource3: unknown resource code \"Q\""));
}

TEST_CASE("catanstats.csv of the shared data", "[placement][catanstats]") {
    std::string text = test::read_file(test::data_dir() + "/catanstats/catanstats.csv");
    if (text.empty()) {
        WARN("shared data not found at " << test::data_dir() << "; skipping");
        return;
    }
    auto rows = read_catanstats(text);
    REQUIRE(rows.size() == 200);
    // game 1, player 1: 6 L, 3 C, 11 C | 9 L, 10 W, 11 O = 5+2+2 + 4+3+2
    CHECK(rows[0].total_pips == 18);
    auto s = summarize_catanstats(rows);
    CHECK(s.games == 50);
    int n = 0;
    for (const auto& b : s.buckets) n += b.count;
    CHECK(n == 200);
}

TEST_CASE("rating a setup: the greedy draft's picks are all rank 1", "[placement][draft]") {
    Board b = Board::beginner();
    auto picks = draft_setup(b, {}, 4);
    std::vector<SetupPlacement> setup;
    for (const auto& p : picks) setup.push_back({p.seat, p.vertex});
    auto rated = rate_setup(b, setup);
    REQUIRE(rated.size() == 8);
    for (std::size_t i = 0; i < rated.size(); ++i) {
        CHECK(rated[i].legal);
        CHECK(rated[i].rank == 1);
        CHECK(rated[i].best == picks[i].vertex);
        CHECK(rated[i].score == Approx(picks[i].score));
        CHECK(rated[i].round == (i < 4 ? 1 : 2));
    }
    // choices shrink as the board fills: 54 at first; vertex 35 takes out itself + 3
    CHECK(rated[0].choices == 54);
    CHECK(rated[1].choices == 50);
    // a settlement next to an occupied one is illegal and gets rank 0
    std::vector<SetupPlacement> bad{{0, 35}, {1, 36}};
    auto r = rate_setup(b, bad);
    CHECK_FALSE(r[1].legal);
    CHECK(r[1].rank == 0);
    std::vector<SetupPlacement> out_of_range{{0, 54}};
    CHECK_THROWS_AS(rate_setup(b, out_of_range), InputError);
}
