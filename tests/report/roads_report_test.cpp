// catan-roads' library side (lib/roads_report): reading positions and states, the report
// and its agreement with the replayed game state.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <catan/engine/state.hpp>
#include <catan/play/sim.hpp>
#include <catan/report/roads_report.hpp>
#include <catan/report/state_report.hpp>
#include "test_support.hpp"

using namespace ctk;
using nlohmann::json;

namespace {

Position sample(const std::string& name) {
    return position_from_json(
        json::parse(test::read_file(test::source_path("samples/positions/" + name))));
}

std::string error_of(const json& j) {
    try {
        position_from_json(j);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a position sample: ids and {hex, side} forms, holders, the report",
          "[roads][roads-report]") {
    Position p = sample("ring-spur.json");
    REQUIRE(p.players.size() == 2);
    // the ring of hex 9 written side by side plus edge 20
    EdgeSet want;
    for (EdgeId e : {20, 27, 28, 35, 36, 43, 44}) want.set(static_cast<std::size_t>(e));
    CHECK(p.players[0].roads == want);
    CHECK(p.players[1].settlements.count() == 1);
    CHECK(p.players[1].settlements[35]);  // hex 10 SE
    CHECK(p.longest_road == kNoPlayer);
    RoadsReport r = roads_report(p);
    CHECK(r.players[0].trail.length == 7);
    CHECK(r.players[0].trail.vertices == std::vector<VertexId>{11, 21, 20, 31, 32, 33, 22, 21});
    CHECK(r.players[0].networks == 1);
    CHECK(r.players[1].trail.length == 2);
    CHECK(r.longest_road == 0);
    CHECK(r.largest_army == kNoPlayer);
}

TEST_CASE("the award holders move by the rules from the position's holders",
          "[roads][roads-report]") {
    Position p = sample("cut-transfer.json");
    CHECK(p.longest_road == 0);
    CHECK(p.largest_army == 0);
    RoadsReport r = roads_report(p);
    CHECK(r.players[0].trail.length == 3);  // red cut at 19 into 3 + 3
    CHECK(r.players[0].networks == 2);
    CHECK(r.players[1].trail.length == 5);
    CHECK(r.longest_road == 1);  // blue
    CHECK(r.largest_army == 0);  // 3 against 3: red keeps it
    json j = roads_report_to_json(p, r);
    CHECK(j["longest_road"] == "blue");
    CHECK(j["players"][0]["trail"]["edges"] == json::array({23, 24, 25}));
    // a resigned holder loses the card; a resigned player's length does not count
    p.players[1].resigned = true;
    r = roads_report(p);
    CHECK(r.longest_road == kNoPlayer);
    p.players[0].resigned = true;
    p.players[1].resigned = false;
    r = roads_report(p);
    CHECK(r.longest_road == 1);
    CHECK(r.largest_army == 1);  // red resigned: blue's 3 alone is the largest army
}

TEST_CASE("malformed positions name the field", "[roads][roads-report]") {
    CHECK(error_of({{"format", "catan-position"}, {"players", json::array()}}) ==
          "players: expected 1..6 players, got 0");
    CHECK(error_of({{"format", "catan-position"},
                    {"players",
                     {{{"name", "red"}, {"roads", {0, 1}}},
                      {{"name", "blue"}, {"roads", {{{"hex", 0}, {"side", "NW"}}}}}}}}) ==
          "players[1].roads[0]: edge 0 already has a road of red");
    CHECK(error_of({{"format", "catan-position"},
                    {"players",
                     {{{"name", "red"}, {"settlements", {{{"hex", 0}, {"corner", "X"}}}}}}}}) ==
          "players[0].settlements[0].corner: expected a corner (N, NE, SE, S, SW, NW), got \"X\"");
    CHECK(error_of({{"format", "catan-position"},
                    {"players", {{{"name", "red"}}, {{"name", "red"}}}}}) ==
          "players[1].name: duplicate player name \"red\"");
    CHECK(error_of({{"format", "catan-positon"}, {"players", json::array()}}) ==
          "format: expected \"catan-position\" (or a state or a log), got \"catan-positon\"");
    CHECK(error_of({{"players", json::array()}}).find("expected a position") != std::string::npos);
    CHECK(error_of(json::array()) == "(top): expected an object, got array");
    json many = json::array();
    for (int e = 0; e < 16; ++e) many.push_back(e);
    CHECK(error_of(
              {{"format", "catan-position"}, {"players", {{{"name", "red"}, {"roads", many}}}}}) ==
          "players[0].roads[15]: red has more than 15 roads (piece-limit)");
}

// The state JSON that catan-replay prints reads back as the same position, and the report
// on a replayed state agrees with the state's own road lengths and award holders.
TEST_CASE("self-play states: state JSON round trip, lengths and holders agree",
          "[roads][roads-report]") {
    const std::vector<Seat> seats = sim_seats(4);
    int checked = 0;
    for (int game = 1; game <= 20; ++game) {
        SelfPlay play(game_seed(77, game));
        int step = 0;
        while (!play.over()) {
            play.step();
            if (++step % 25 != 0 && !play.over()) continue;
            const GameState& s = play.state();
            Position a = position_from_state(s, seats);
            Position b = position_from_json(state_to_json(s, seats));
            REQUIRE(a.players.size() == b.players.size());
            for (std::size_t i = 0; i < a.players.size(); ++i) {
                CHECK(a.players[i].roads == b.players[i].roads);
                CHECK(a.players[i].settlements == b.players[i].settlements);
                CHECK(a.players[i].cities == b.players[i].cities);
                CHECK(a.players[i].knights == b.players[i].knights);
            }
            CHECK(a.longest_road == b.longest_road);
            CHECK(a.largest_army == b.largest_army);
            RoadsReport r = roads_report(a);
            for (int p = 0; p < s.player_count(); ++p)
                CHECK(r.players[static_cast<std::size_t>(p)].trail.length ==
                      s.players[p].road_length);
            CHECK(r.longest_road == s.longest_road);
            CHECK(r.largest_army == s.largest_army);
            ++checked;
        }
    }
    CHECK(checked > 100);
}
