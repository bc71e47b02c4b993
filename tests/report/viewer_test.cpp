// The replay page's data (lib/catan/report/viewer.hpp): the per-event changes, applied in order as
// the page's script does, give the library's own state after every event; violations and the point
// where replay stopped are marked; the page of a 1,000-event game stays below 1 MB; text from the
// log cannot end the page's script. The page in a real browser: tests/cli/browser_test.py (CTest
// browser.replay_page).
#include <cmath>
#include <map>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <catan/import/import.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/replay.hpp>
#include <catan/play/sim.hpp>
#include <catan/report/viewer.hpp>
#include <catan/track/view.hpp>
#include "test_support.hpp"

using namespace ctk;
using nlohmann::json;

namespace {

// What the page's script keeps: buildings, roads, robber, player records.
struct PageState {
    std::map<int, std::pair<int, int>> buildings;  // vertex -> (player, 1 settlement | 2 city)
    std::map<int, int> roads;                      // edge -> player
    int robber = -1;
    json players;
};

PageState page_state_at(const json& d, int i) {
    PageState s;
    s.robber = d["initial"]["robber"];
    s.players = d["initial"]["players"];
    for (int k = 0; k <= i; ++k) {
        const json& e = d["events"][static_cast<std::size_t>(k)];
        if (e.contains("n")) continue;
        if (e.contains("b"))
            for (const auto& b : e["b"]) {
                if (b[2] == 0)
                    s.buildings.erase(b[0]);
                else
                    s.buildings[b[0]] = {b[1], b[2]};
            }
        if (e.contains("r"))
            for (const auto& r : e["r"]) s.roads[r[0]] = r[1];
        if (e.contains("rb")) s.robber = e["rb"];
        if (e.contains("pl"))
            for (const auto& p : e["pl"]) s.players[p[0].get<std::size_t>()] = p[1];
    }
    return s;
}

// Compares the page's state after event i with replay stopped at i.
void check_against_library(const GameLog& log, const json& d, int i) {
    ReplayOptions opt;
    opt.stop_at_event = i;
    const GameState st = *replay(log, opt).state;
    const PageState s = page_state_at(d, i);
    INFO("event " << i);
    std::map<int, std::pair<int, int>> buildings;
    std::map<int, int> roads;
    for (int v = 0; v < st.topology().vertex_count(); ++v)
        if (st.building[v] != Building::kNone)
            buildings[v] = {st.owner[v], st.building[v] == Building::kCity ? 2 : 1};
    for (int e = 0; e < st.topology().edge_count(); ++e)
        if (st.road_owner(e) != kNoPlayer) roads[e] = st.road_owner(e);
    CHECK(s.buildings == buildings);
    CHECK(s.roads == roads);
    CHECK(s.robber == st.robber);
    for (int p = 0; p < st.player_count(); ++p) {
        const json& rec = s.players[static_cast<std::size_t>(p)];
        CHECK(rec["vp"] == st.vp(p));
        CHECK(rec["cards"] == st.players[p].hand_size());
        CHECK(rec["hand"] ==
              json(std::vector<int>(st.players[p].hand.begin(), st.players[p].hand.end())));
        CHECK(rec["kn"] == st.players[p].knights_played());
        CHECK(rec["rl"] == st.players[p].road_length);
        CHECK(rec["trail"].size() == static_cast<std::size_t>(st.players[p].road_length));
        const json& src = rec["src"];
        CHECK(src[0].get<int>() + src[1].get<int>() + src[2].get<int>() + src[3].get<int>() +
                  src[4].get<int>() ==
              st.vp(p));
        CHECK(src[2] == (st.longest_road == p ? 2 : 0));
        CHECK(src[3] == (st.largest_army == p ? 2 : 0));
    }
}

GameLog read(const std::string& rel) {
    return read_log(test::read_file(test::source_path(rel)), rel);
}

}  // namespace

TEST_CASE("page data rebuilds the library's state after every event", "[viewer]") {
    const GameLog log = read("samples/logs/valid/complete-3p.json");
    const json d = replay_page_data(log, {}, "complete-3p.json");
    REQUIRE(d["events"].size() == log.events.size());
    CHECK(d["verdict"]["outcome"] == "complete");
    CHECK(d["verdict"]["applied"] == static_cast<int>(log.events.size()));
    CHECK(d["players"].size() == 3);
    CHECK(d["players"][0]["colour"] == "#d62728");  // "red"
    CHECK(d["geometry"]["vertices"].size() == 54);
    CHECK(d["geometry"]["edges"].size() == 72);
    CHECK(d["events"][2]["x"] ==
          "blue places a settlement between the forest (9), the pasture (4) and the hills (10) "
          "[vertex 13]");
    for (int i = 0; i < static_cast<int>(log.events.size()); ++i) check_against_library(log, d, i);
}

TEST_CASE("page data of an imported real game", "[viewer][corpus]") {
    const std::string path = test::source_path("samples/real/human-game-1.soclog");
    const GameLog log =
        import_log(test::read_file(path), "human-game-1.soclog", ImportFormat::kSoclog);
    const json d = replay_page_data(log, {}, "-");
    CHECK(d["title"] == "catan-import --from soclog human-game-1.soclog");  // not -
    const int n = static_cast<int>(log.events.size());
    REQUIRE(n == 235);
    int rolls = 0;
    for (const auto& e : d["events"]) rolls += e.contains("d");
    CHECK(rolls == 69);
    for (int i = 0; i < n; i += 13) check_against_library(log, d, i);
    check_against_library(log, d, n - 1);
}

TEST_CASE("page data marks the violation and where replay stopped", "[viewer]") {
    const GameLog log = read("samples/logs/invalid/distance-rule.json");
    const json d = replay_page_data(log, {}, "distance-rule.json");
    CHECK(d["verdict"]["outcome"] == "invalid");
    CHECK(d["verdict"]["applied"] == 2);
    REQUIRE(d["verdict"]["violations"].size() == 1);
    CHECK(d["verdict"]["violations"][0]["event"] == 2);
    CHECK(d["verdict"]["violations"][0]["rule"] == "distance-rule");
    CHECK(d["events"][2]["v"] == json::array({0}));
    CHECK(d["events"][2]["n"] == 1);                      // refused, so not applied
    CHECK(d["events"][2]["ib"] == json::array({20, 1}));  // the illegal settlement, drawn red
    CHECK(!d["events"][1].contains("ib"));
    CHECK(!d["events"][1].contains("n"));
    for (std::size_t i = 3; i < d["events"].size(); ++i) CHECK(d["events"][i]["n"] == 1);
    // the state shown after the stop is the state where replay stopped
    check_against_library(log, d, static_cast<int>(log.events.size()) - 1);

    ReplayOptions keep;
    keep.keep_going = true;
    const json k = replay_page_data(log, keep, "distance-rule.json");
    CHECK(k["verdict"]["applied"] == static_cast<int>(log.events.size()));
    CHECK(!k["events"][2].contains("n"));
}

TEST_CASE("the page of a 1,000-event game stays below 1 MB", "[viewer]") {
    SimGame g = play_game(1, 6);  // seed 1, game 6: 1026 events (catan-sim --seed 1)
    REQUIRE(g.log.events.size() >= 1000);
    const ReplayPage page = replay_page(g.log, {}, "game-000006.json");
    CHECK(page.verdict.outcome == Outcome::kComplete);
    CHECK(page.html.size() < 1'000'000);
    CHECK(page.html.size() > 100'000);  // the events are all there
    CHECK(page.html.find("{{") == std::string::npos);
    // its spectator's copy: the tracker's figures for many events add about 30%
    const ReplayPage hidden =
        replay_page(make_view(g.log, View::spectator()), {}, "game-000006-spectator.json");
    CHECK(hidden.verdict.outcome == Outcome::kComplete);
    CHECK(hidden.html.size() < 1'000'000);
    CHECK(hidden.html.size() > page.html.size());  // the possible hands are there
}

TEST_CASE("text from the log cannot end the page's script", "[viewer]") {
    GameLog log = read("samples/logs/valid/trades.json");
    log.seats[0].name = "</script><script>alert(1)</script>";
    log.seats[0].color = "\"><b>";  // not a plain colour: the seat's palette colour
    const ReplayPage page = replay_page(log, {}, "a <b> & c.json");
    auto count = [&](const std::string& what) {
        int n = 0;
        for (auto p = page.html.find(what); p != std::string::npos; p = page.html.find(what, p + 1))
            ++n;
        return n;
    };
    CHECK(count("</script>") == 2);  // the data block and the script
    CHECK(count("<b>") == 0);
    CHECK(count("<title>a &lt;b&gt; &amp; c.json</title>") == 1);
    const json d = replay_page_data(log, {}, "x");
    CHECK(d["players"][0]["colour"] == "#d62728");
}

TEST_CASE("under hidden information the page carries the tracker's figures, never a guess",
          "[viewer][track]") {
    // A spectator's copy of complete-3p: steals and bought cards hidden (null).
    const GameLog log = read("samples/logs/hidden/complete-3p-spectator.json");
    const json d = replay_page_data(log, {}, "complete-3p-spectator.json");
    CHECK(d["verdict"]["outcome"] == "complete");
    int uncertain_seen = 0;
    for (int i : {63, 64, 97, 106, 114, static_cast<int>(log.events.size()) - 1}) {
        INFO("event " << i);
        ReplayOptions opt;
        opt.stop_at_event = i;
        const Verdict v = replay(log, opt);
        const Belief& b = *v.belief;
        const PageState s = page_state_at(d, i);
        const json& ev = d["events"][static_cast<std::size_t>(i)];
        if (b.size() > 1)
            CHECK(ev["st"] == b.size());
        else
            CHECK(!ev.contains("st"));
        const auto beliefs = player_beliefs(b);
        for (std::size_t p = 0; p < beliefs.size(); ++p) {
            const PlayerBelief& pb = beliefs[p];
            const json& rec = s.players[p];
            if (pb.hands.size() == 1) {
                CHECK(!rec.contains("ph"));
                CHECK(rec["hand"] ==
                      json(std::vector<int>(pb.hands[0].hand.begin(), pb.hands[0].hand.end())));
                continue;
            }
            ++uncertain_seen;
            CHECK(!rec.contains("hand"));  // the most probable state's hand is not shown
            const std::size_t listed = std::min<std::size_t>(pb.hands.size(), 4);
            REQUIRE(rec["ph"].size() == listed);
            Probability rest = 0;
            for (std::size_t k = 0; k < pb.hands.size(); ++k) {
                const double pct =
                    std::floor(pb.hands[k].probability.convert_to<double>() * 1000 + 0.5) / 10;
                if (k < listed) {
                    CHECK(rec["ph"][k][0].get<double>() == pct);
                    CHECK(rec["ph"][k][1] ==
                          json(std::vector<int>(pb.hands[k].hand.begin(), pb.hands[k].hand.end())));
                } else {
                    rest += pb.hands[k].probability;
                }
            }
            if (pb.hands.size() > listed)
                CHECK(rec["prest"].get<double>() ==
                      std::floor(rest.convert_to<double>() * 1000 + 0.5) / 10);
            else
                CHECK(!rec.contains("prest"));
            CHECK(rec["hmin"] == json(std::vector<int>(pb.min.begin(), pb.min.end())));
            CHECK(rec["hmax"] == json(std::vector<int>(pb.max.begin(), pb.max.end())));
        }
    }
    CHECK(uncertain_seen >= 4);
}
