// colonist.io importer (lib/import/colonist): the coordinate mapping, the sample game in
// samples/real, the four shared replays (../shared/data/colonist) replayed with the final
// VP of their endGameState, clear errors for bad input, and malformed replays (truncated,
// byte-flipped, field-mutated) that must give an InputError naming the place, never a
// crash or another exception. Run time: about 2 s in Release (CATAN_TEST_SCALE scales the
// malformed-replay share).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <catan/board/rng.hpp>
#include <catan/import/colonist.hpp>
#include <catan/import/import.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/replay.hpp>
#include "test_support.hpp"

using namespace ctk;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const char* kSample = "samples/real/colonist-1v1-210696208.json";

std::string sample_text() {
    std::string t = test::read_file(test::source_path(kSample));
    REQUIRE(!t.empty());
    return t;
}

std::string error_of(const std::string& text) {
    try {
        import_colonist(text, "c.json");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

int count_type(const GameLog& log, std::string_view type) {
    return static_cast<int>(
        std::count_if(log.events.begin(), log.events.end(),
                      [&](const Event& e) { return event_type_name(e.body) == type; }));
}

double test_scale() {
    const char* s = std::getenv("CATAN_TEST_SCALE");
    double f = s && *s ? std::atof(s) : 1.0;
    return f > 0 ? f : 1.0;
}

// Replays with keep_going, so that every broken rule would be listed; the colonist games
// play under their house rules (vp_to_win, discard_limit, friendly robber) and break none.
Verdict replay_all(const GameLog& log) {
    ReplayOptions opt;
    opt.keep_going = true;
    return replay(log, opt, "c.json");
}
std::set<std::string> rules_broken(const Verdict& v) {
    std::set<std::string> out;
    for (const Violation& x : v.violations) out.insert(x.rule_id);
    return out;
}
std::vector<int> vp_by_seat(const Verdict& v) {
    std::vector<int> vp(v.standings.size());
    for (const Standing& s : v.standings) vp[static_cast<std::size_t>(s.player)] = s.vp;
    return vp;
}

// What a shared replay must give: its seats, the final VP of its endGameState by seat, the
// winner claimed (kNoPlayer when the site's winner has too few VP), the rolls (the sum of
// endGameState.diceStats) and the status written into the log's source.
struct CorpusGame {
    const char* file;
    std::vector<std::string> seats;
    std::vector<int> vp;
    PlayerId winner;
    int rolls;
    const char* status;
};

// Every replay of ../shared/data/<folder> imports and replays as `expect` says, and the
// folder holds no other.
void check_corpus_folder(const char* folder, const std::vector<CorpusGame>& expect) {
    fs::path dir = fs::path(test::data_dir()) / folder;
    if (!fs::is_directory(dir)) {
        if (std::getenv("CI")) FAIL("the shared corpus is missing in CI: " << dir.string());
        WARN("skipped: the shared corpus is not at " << dir.string());
        return;
    }
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() == ".json") ++files;
    CHECK(files == static_cast<int>(expect.size()));
    for (const CorpusGame& e : expect) {
        INFO(e.file);
        GameLog log =
            import_log(test::read_file((dir / e.file).string()), e.file, ImportFormat::kColonist);
        std::vector<std::string> seats;
        for (const Seat& s : log.seats) seats.push_back(s.name);
        CHECK(seats == e.seats);
        REQUIRE(log.events.back().claims);
        CHECK(log.events.back().claims->vp == e.vp);
        CHECK(log.events.back().claims->winner == e.winner);
        CHECK_THAT(log.source, Catch::Contains(e.status));
        Verdict v = replay_all(log);
        CHECK(rules_broken(v).empty());
        CHECK(v.outcome != Outcome::kInvalid);
        CHECK(vp_by_seat(v) == e.vp);
        CHECK(v.rolls == e.rolls);
        CHECK(v.winner == e.winner);
    }
}

}  // namespace

TEST_CASE("colonist corners and edges map to our vertices and edges", "[import][colonist]") {
    const Topology& t = Topology::standard();
    // Hex 9 is (0, 0): corner z 0 is its N corner, z 1 its S corner; edge z 0 its NW side,
    // 1 its W side, 2 its SW side.
    CHECK(colonist_vertex(0, 0, 0) == t.vertex_id({9, Corner::kN}));
    CHECK(colonist_vertex(0, 0, 1) == t.vertex_id({9, Corner::kS}));
    CHECK(colonist_edge(0, 0, 0) == t.edge_id({9, Side::kNW}));
    CHECK(colonist_edge(0, 0, 1) == t.edge_id({9, Side::kW}));
    CHECK(colonist_edge(0, 0, 2) == t.edge_id({9, Side::kSW}));
    // A corner named from a sea hex: the N corner of (-3, 3) is the SW corner of hex 16.
    CHECK(colonist_vertex(-3, 3, 0) == t.vertex_id({16, Corner::kSW}));
    CHECK(colonist_vertex(0, 0, 2) == std::nullopt);
    CHECK(colonist_vertex(5, 5, 0) == std::nullopt);
    // Every land vertex and edge has exactly one colonist coordinate.
    std::vector<int> vhits(static_cast<std::size_t>(t.vertex_count())),
        ehits(static_cast<std::size_t>(t.edge_count()));
    for (int x = -4; x <= 4; ++x)
        for (int y = -4; y <= 4; ++y)
            for (int z = 0; z < 3; ++z) {
                if (auto v = colonist_vertex(x, y, z)) ++vhits[static_cast<std::size_t>(*v)];
                if (auto e = colonist_edge(x, y, z)) ++ehits[static_cast<std::size_t>(*e)];
            }
    CHECK(std::count(vhits.begin(), vhits.end(), 1) == 54);
    CHECK(std::count(ehits.begin(), ehits.end(), 1) == 72);
}

TEST_CASE("colonist: the sample game imports with its seats, options, board and events",
          "[import][colonist]") {
    std::string text = sample_text();
    CHECK(detect_import_format(text) == ImportFormat::kColonist);
    GameLog log = import_colonist(text, "g.json");
    // playOrder [5, 1]: colour 5 is player_a, colour 1 player_b.
    REQUIRE(log.seats.size() == 2);
    CHECK(log.seats[0].name == "player_a");
    CHECK(log.seats[0].source_seat == 5);
    CHECK(log.seats[1].name == "player_b");
    CHECK(log.seats[1].source_seat == 1);
    CHECK(log.options.vp_to_win == 15);
    CHECK(log.options.discard_limit == 9);
    CHECK(log.options.friendly_robber);
    CHECK_THAT(log.source, Catch::Contains("diceSetting=1"));
    CHECK_THAT(log.source, Catch::Contains("complete: player_b wins"));
    REQUIRE(log.board);
    CHECK(log.board->harbors().size() == 9);
    CHECK(check_composition(*log.board).empty());
    CHECK(count_type(log, "roll") == 64);  // the sum of endGameState.diceStats
    CHECK(count_type(log, "place_settlement") == 4);
    CHECK(count_type(log, "place_road") == 4);
    CHECK(count_type(log, "play_year_of_plenty") == 1);
    // Setup roads touch the settlement placed just before them.
    const Topology& t = Topology::standard();
    for (std::size_t i = 0; i + 1 < log.events.size(); ++i)
        if (auto* s = std::get_if<PlaceSettlement>(&log.events[i].body)) {
            auto* r = std::get_if<PlaceRoad>(&log.events[i + 1].body);
            REQUIRE(r);
            auto ends = t.edge_vertices(r->edge);
            CHECK((ends[0] == s->vertex || ends[1] == s->vertex));
        }
    // Every steal is known (both views merged) and the last event claims the final VP.
    for (const Event& e : log.events)
        if (auto* m = std::get_if<MoveRobber>(&e.body); m && m->victim != kNoPlayer)
            CHECK(m->stolen.has_value());
    REQUIRE(log.events.back().claims);
    CHECK(log.events.back().claims->vp == std::vector<int>{14, 15});
    CHECK(log.events.back().claims->winner == 1);
    // The native log reads back equal.
    GameLog again = read_log(write_log(log, LogFormat::kJsonl), "g.jsonl");
    CHECK(write_log(again, LogFormat::kJsonl) == write_log(log, LogFormat::kJsonl));
}

TEST_CASE("colonist: the sample game replays with the site's final VP", "[import][colonist]") {
    GameLog log = import_colonist(sample_text(), "g.json");
    Verdict v = replay_all(log);
    CHECK(rules_broken(v).empty());
    CHECK(v.outcome == Outcome::kComplete);
    CHECK(vp_by_seat(v) == std::vector<int>{14, 15});
    CHECK(v.rolls == 64);
}

TEST_CASE("corpus: every colonist.io replay replays with the final VP of its endGameState",
          "[corpus][colonist]") {
    check_corpus_folder("colonist",
                        {
                            {"colonist-1v1-208170376.json",
                             {"player_b", "player_a"},
                             {15, 12},
                             0,
                             95,
                             "complete: player_b wins"},
                            {"colonist-1v1-210696208.json",
                             {"player_a", "player_b"},
                             {14, 15},
                             1,
                             64,
                             "complete: player_b wins"},
                            {"colonist-1v1-212917487.json",
                             {"player_a", "player_b"},
                             {8, 15},
                             1,
                             68,
                             "complete: player_b wins"},
                            {"colonist-1v1-214191014.json",
                             {"player_b", "player_a"},
                             {3, 5},
                             kNoPlayer,
                             43,
                             "unfinished: the site declared player_a the winner with 5 VP of 16"},
                        });
}

TEST_CASE("colonist: bad input names the JSON path and the event", "[import][colonist]") {
    CHECK(error_of("{\"data\": {\"eventHistory\": ") == "c.json: not valid JSON");
    CHECK(error_of("[]") == "c.json: expected a JSON object (a colonist.io replay)");
    std::string text = sample_text();
    json doc = json::parse(text);
    auto with = [&](const std::function<void(json&)>& change) {
        json d = doc;
        change(d);
        return error_of(d.dump());
    };
    json& events = doc["data"]["eventHistory"]["events"];
    CHECK(with([](json& d) { d["data"]["gameSettings"]["scenarioSetting"] = 2; }) ==
          "c.json: data.gameSettings.scenarioSetting: scenarioSetting = 2 changes the game "
          "beyond the base game on the standard map; only 0 can be imported");
    CHECK(with([](json& d) { d["data"]["gameSettings"]["mapSetting"] = 1; }) ==
          "c.json: data.gameSettings.mapSetting: mapSetting = 1 changes the game beyond the "
          "base game on the standard map; only 0 can be imported");
    CHECK(with([](json& d) { d["data"]["gameSettings"]["victoryPointsToWin"] = 0; }) ==
          "c.json: data.gameSettings.victoryPointsToWin: expected an integer 3..30, got 0");
    // A corner moved onto another corner's place: the mapping check names it.
    CHECK_THAT(
        with([](json& d) {
            auto& c =
                d["data"]["eventHistory"]["initialState"]["mapState"]["tileCornerStates"]["5"];
            c["x"] = 0;
            c["y"] = 0;
            c["z"] = 0;
        }),
        Catch::Matches("c\\.json: data\\.eventHistory\\.initialState\\.mapState\\."
                       "tileCornerStates\\.5: maps to vertex [0-9]+ like corner [0-9]+"));
    // A harbor off the standard frame's slots.
    CHECK_THAT(with([](json& d) {
                   auto& p =
                       d["data"]["eventHistory"]["initialState"]["mapState"]["portEdgeStates"]["0"];
                   p["x"] = 0;
                   p["y"] = 0;
                   p["z"] = 0;
               }),
               Catch::Contains("portEdgeStates.0: harbor edge (0, 0, 0) is not a coastal edge"));
    // Find the first bank trade and the first road built after the setup.
    std::size_t trade = 0, road = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const json log = events[i]["stateChange"].value("gameLogState", json::object());
        for (const auto& [k, g] : log.items()) {
            if (g.is_null()) continue;
            int type = g["text"]["type"];
            if (type == 116 && !trade) trade = i;
            if (type == 5 && !road && g["text"]["pieceEnum"] == 0) road = i;
        }
    }
    REQUIRE(trade > 0);
    REQUIRE(road > 0);
    CHECK_THAT(
        with([&](json& d) {
            for (auto& [k, g] :
                 d["data"]["eventHistory"]["events"][trade]["stateChange"]["gameLogState"].items())
                if (g["text"]["type"] == 116) g["text"]["receivedCardEnums"] = {7};
        }),
        Catch::Matches(fmt::format("c\\.json: data\\.eventHistory\\.events\\[{}\\]\\."
                                   "stateChange\\.gameLogState\\.[0-9]+\\.text\\."
                                   "receivedCardEnums\\[0\\]: unknown resource code 7 "
                                   "\\(expected 1\\.\\.5\\)",
                                   trade)));
    // A road built with no new road in its stateChange; a new road with no log entry.
    CHECK_THAT(with([&](json& d) {
                   d["data"]["eventHistory"]["events"][road]["stateChange"].erase("mapState");
               }),
               Catch::Contains(fmt::format("events[{}].stateChange.gameLogState", road)) &&
                   Catch::Contains("a road with no new road of that player"));
    CHECK_THAT(
        with([&](json& d) {
            d["data"]["eventHistory"]["events"][road]["stateChange"].erase("gameLogState");
        }),
        Catch::Contains(fmt::format("events[{}].stateChange.mapState.tileEdgeStates", road)) &&
            Catch::Contains("a new piece with no log entry that builds it"));
    // The dice statistics disagree with the rolls.
    CHECK_THAT(
        with([](json& d) { d["data"]["eventHistory"]["endGameState"]["diceStats"][5] = 99; }),
        Catch::EndsWith("data.eventHistory.endGameState.diceStats[5]: 99 rolls of 7, but "
                        "the events hold 7"));
}

TEST_CASE("colonist: malformed replays give an InputError naming the place, never a crash",
          "[import][colonist][fuzz]") {
    // The sample (the site's own replay) and a game of the public dataset (playerId names,
    // colour 4, entries 16, 64, 117, 118): the paths of both versions of the format.
    const std::string which = GENERATE(as<std::string>{}, "sample", "dataset");
    INFO(which);
    std::string text = which == "sample"
                           ? sample_text()
                           : test::read_file((fs::path(test::data_dir()) / "colonist-dataset" /
                                              "colonist-4p-137073668.json")
                                                 .string());
    if (text.empty()) {
        WARN("skipped: the shared corpus is not at " << test::data_dir());
        return;
    }
    json doc = json::parse(text);
    Rng rng(20260214);
    int rounds = std::max(10, static_cast<int>(120 * test_scale()));
    int errors = 0, imported = 0;
    auto attempt = [&](const std::string& input, bool expect_path) {
        try {
            GameLog log = import_colonist(input, "m.json");
            ++imported;
            ReplayOptions opt;
            opt.keep_going = true;
            replay(log, opt, "m.json");  // never throws for rule violations
        } catch (const InputError& e) {
            ++errors;
            std::string what = e.what();
            INFO(what);
            CHECK(what.rfind("m.json: ", 0) == 0);
            if (expect_path) CHECK(what.find("data") != std::string::npos);
        }
    };
    // Truncated anywhere: never valid JSON.
    for (int i = 0; i < rounds; ++i) {
        std::size_t cut =
            static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(text.size())));
        try {
            import_colonist(text.substr(0, cut), "m.json");
            FAIL("a truncated replay imported");
        } catch (const InputError& e) {
            CHECK(std::string(e.what()) == "m.json: not valid JSON");
        }
    }
    // Byte-flipped: an error naming the place, or an import that replays.
    for (int i = 0; i < rounds; ++i) {
        std::string t = text;
        for (int k = 0; k < 3; ++k)
            t[rng.below(static_cast<std::uint32_t>(t.size()))] = static_cast<char>(rng.below(256));
        attempt(t, false);
    }
    // Field-mutated: a random value of the document replaced or removed.
    std::vector<json::json_pointer> pointers;
    std::function<void(const json&, const json::json_pointer&)> walk =
        [&](const json& j, const json::json_pointer& p) {
            pointers.push_back(p);
            if (j.is_object())
                for (auto it = j.begin(); it != j.end(); ++it) walk(*it, p / it.key());
            else if (j.is_array())
                for (std::size_t k = 0; k < j.size(); ++k) walk(j[k], p / k);
        };
    walk(doc, json::json_pointer());
    const std::vector<json> replacements{
        nullptr, -1, 0, 7, 99, 100000, 1.5, "x", json::array(), json::object(), true};
    for (int i = 0; i < rounds * 4; ++i) {
        json d = doc;
        const json::json_pointer& p = pointers[static_cast<std::size_t>(
            rng.below(static_cast<std::uint32_t>(pointers.size())))];
        if (p.empty()) continue;
        if (rng.below(5) == 0) {
            json& parent = d.at(p.parent_pointer());
            if (parent.is_object())
                parent.erase(p.back());
            else
                d.at(p) = nullptr;
        } else {
            d.at(p) = replacements[static_cast<std::size_t>(
                rng.below(static_cast<std::uint32_t>(replacements.size())))];
        }
        attempt(d.dump(), true);
    }
    CHECK(errors > rounds);
    CHECK(imported > 0);  // some mutations change nothing the importer reads
}

namespace {

// A game of the public colonist.io dataset (../shared/data/colonist-dataset), parsed; when
// the shared corpus is missing, std::nullopt and a warning (a failure when CI is set), as
// for the other corpus tests.
std::optional<json> dataset_game(const char* file) {
    fs::path p = fs::path(test::data_dir()) / "colonist-dataset" / file;
    std::string text = test::read_file(p.string());
    if (text.empty()) {
        if (std::getenv("CI")) FAIL("the shared corpus is missing in CI: " << p.string());
        WARN("skipped: the shared corpus is not at " << p.string());
        return std::nullopt;
    }
    return json::parse(text);
}

// Calls f(entry) for every gameLogState entry of every stateChange, with the event's index.
void for_each_entry(json& game, const std::function<void(std::size_t, json&, json&)>& f) {
    json& events = game["data"]["eventHistory"]["events"];
    for (std::size_t i = 0; i < events.size(); ++i) {
        json& sc = events[i]["stateChange"];
        if (!sc.contains("gameLogState") || !sc["gameLogState"].is_object()) continue;
        json& log = sc["gameLogState"];
        for (auto it = log.begin(); it != log.end(); ++it)
            if (it->is_object()) f(i, log, *it);
    }
}

GameLog import_game(const json& game, const char* name = "d.json") {
    return import_colonist(game.dump(), name);
}

}  // namespace

TEST_CASE("corpus: every game of the colonist.io dataset replays with its endGameState",
          "[corpus][colonist]") {
    check_corpus_folder("colonist-dataset",
                        {
                            {"colonist-2p-194290052.json",
                             {"player_a", "player_b"},
                             {9, 15},
                             1,
                             55,
                             "complete: player_b wins"},
                            {"colonist-2p-194320018.json",
                             {"player_b", "player_a"},
                             {9, 6},
                             kNoPlayer,
                             63,
                             "unfinished: the site declared player_b the winner with 9 VP of 15"},
                            {"colonist-4p-137073668.json",
                             {"player_c", "player_d", "player_a", "player_b"},
                             {10, 7, 8, 4},
                             0,
                             65,
                             "complete: player_c wins"},
                            {"colonist-4p-138142744.json",
                             {"player_d", "player_c", "player_b", "player_a"},
                             {6, 7, 5, 10},
                             3,
                             51,
                             "complete: player_a wins"},
                            {"colonist-4p-144393857.json",
                             {"player_d", "player_b", "player_c", "player_a"},
                             {10, 4, 3, 5},
                             0,
                             49,
                             "passed over: 6 entries of types 23, 26, 27, 34, 36, 72; "
                             "complete: player_d wins"},
                            {"colonist-4p-153722407.json",
                             {"player_c", "player_d", "player_a", "player_b"},
                             {8, 10, 4, 3},
                             1,
                             50,
                             "complete: player_d wins"},
                            {"colonist-4p-193454032.json",
                             {"player_b", "player_d", "player_a", "player_c"},
                             {10, 5, 4, 7},
                             0,
                             57,
                             "complete: player_b wins"},
                        });
}

TEST_CASE("colonist: the winner from endGameState when the log has no entry 45",
          "[import][colonist]") {
    auto loaded = dataset_game("colonist-4p-137073668.json");
    if (!loaded) return;
    json& game = *loaded;
    int removed = 0;
    for_each_entry(game, [&](std::size_t, json&, json& entry) {
        if (entry["text"]["type"] == 45) {
            entry = nullptr;  // a null entry: as if the site never wrote it
            ++removed;
        }
    });
    REQUIRE(removed == 1);
    GameLog log = import_game(game);
    CHECK(log.events.back().claims->winner == 0);
    CHECK_THAT(log.source, Catch::Contains("complete: player_c wins"));
    Verdict v = replay_all(log);
    CHECK(rules_broken(v).empty());
    CHECK(v.winner == 0);
    CHECK(v.outcome == Outcome::kComplete);
}

TEST_CASE("colonist: entry 45 and endGameState naming different winners is an error",
          "[import][colonist]") {
    auto loaded = dataset_game("colonist-4p-137073668.json");
    if (!loaded) return;
    json& game = *loaded;
    json& players = game["data"]["eventHistory"]["endGameState"]["players"];
    players["2"]["winningPlayer"] = false;  // entry 45 declares colour 2
    players["3"]["winningPlayer"] = true;
    CHECK(error_of(game.dump()) ==
          "c.json: data.eventHistory.endGameState.players: the winning player is colour 3, but "
          "log entry 45 declared colour 2");
}

namespace {

// A step of its own (a stateChange) holding one log entry of `type`, inserted before event
// `at`; `deltas` are merged into its stateChange.
void insert_step(json& game, std::size_t at, int type, const json& deltas = json::object()) {
    json step = {{"stateChange", deltas}};
    step["stateChange"]["gameLogState"]["99999"] = {{"text", {{"type", type}, {"playerColor", 1}}}};
    json& events = game["data"]["eventHistory"]["events"];
    events.insert(events.begin() + static_cast<std::ptrdiff_t>(at), step);
}

// The verdict of a replay, as the corpus tests compare it.
struct ReplayResult {
    std::vector<int> vp;
    PlayerId winner;
    int rolls;
    bool operator==(const ReplayResult&) const = default;
};
ReplayResult outcome_of(const GameLog& log) {
    Verdict v = replay_all(log);
    CHECK(rules_broken(v).empty());
    return {vp_by_seat(v), v.winner, v.rolls};
}

}  // namespace

TEST_CASE("colonist: an entry of an unknown type whose step changes nothing is passed over",
          "[import][colonist]") {
    auto loaded = dataset_game("colonist-2p-194290052.json");
    if (!loaded) return;
    json& game = *loaded;
    const GameLog before = import_game(game);
    insert_step(game, 30, 977);
    insert_step(game, 60, 978, json{{"playerStates", {{"1", {{"isConnected", false}}}}}});
    insert_step(game, 61, 977);
    GameLog log = import_game(game);
    CHECK(log.events.size() == before.events.size());
    CHECK_THAT(log.source, Catch::Contains("; passed over: 3 entries of types 977, 978; "
                                           "complete: player_b wins"));
    CHECK(outcome_of(log) == outcome_of(before));
    CHECK(outcome_of(log) == ReplayResult{{9, 15}, 1, 55});
}

TEST_CASE(
    "colonist: an entry of an unknown type whose step changes what no event explains "
    "is refused, naming the delta",
    "[import][colonist]") {
    auto loaded = dataset_game("colonist-2p-194290052.json");
    if (!loaded) return;
    json& game = *loaded;
    // Cards appear in a hand: player_a's (colour 1) hand as the step before states it, plus
    // one ore.
    std::size_t at = 40;
    json hand;
    for (std::size_t i = 0; i < at; ++i) {
        const json& sc = game["data"]["eventHistory"]["events"][i]["stateChange"];
        if (sc.contains("playerStates") && sc["playerStates"].contains("1") &&
            sc["playerStates"]["1"].contains("resourceCards"))
            hand = sc["playerStates"]["1"]["resourceCards"]["cards"];
    }
    REQUIRE(hand.is_array());
    json more = hand;
    more.push_back(5);
    insert_step(game, at, 977,
                json{{"playerStates", {{"1", {{"resourceCards", {{"cards", more}}}}}}}});
    CHECK(error_of(game.dump()) ==
          fmt::format("c.json: data.eventHistory.events[{}].stateChange.playerStates.1."
                      "resourceCards.cards: the resource cards of seat 1 (colour 1) change "
                      "from [{}] to [{}], and no event of this step explains it (its log "
                      "entries: gameLogState.99999 type 977)",
                      at, fmt::join(hand.get<std::vector<int>>(), ", "),
                      fmt::join(more.get<std::vector<int>>(), ", ")));
    // The robber moves with no entry that moves it: the site's move for the player whose
    // turn it is, as if they had moved it (entry 58 in the public dataset).
    auto robber = dataset_game("colonist-4p-137073668.json");
    int renamed = 0;
    for_each_entry(*robber, [&](std::size_t, json&, json& entry) {
        if (entry["text"]["type"] == 11 && renamed++ == 0) entry["text"]["type"] = 958;
    });
    REQUIRE(renamed > 1);
    GameLog log = import_game(*robber);
    CHECK_THAT(log.source, Catch::Contains("passed over: 1 entry of type 958; complete"));
    CHECK(outcome_of(log) == outcome_of(import_game(*dataset_game("colonist-4p-137073668.json"))));
}

TEST_CASE("colonist: a setup settlement the site placed for a player out of time is theirs",
          "[import][colonist]") {
    // Entry 87 of the public dataset: the settlement and its road appear in the map delta
    // with an entry this importer does not know.
    auto loaded = dataset_game("colonist-4p-138142744.json");
    if (!loaded) return;
    json& game = *loaded;
    const GameLog before = import_game(game);
    int renamed = 0;
    for_each_entry(game, [&](std::size_t, json&, json& entry) {
        if (entry["text"]["type"] == 4 && entry["text"]["pieceEnum"] == 2 && renamed < 2) {
            entry["text"]["type"] = 87;
            ++renamed;
        }
    });
    REQUIRE(renamed == 2);
    GameLog log = import_game(game);
    CHECK(count_type(log, "place_settlement") == 8);
    CHECK_THAT(log.source, Catch::Contains("passed over: 2 entries of type 87; complete"));
    CHECK(outcome_of(log) == outcome_of(before));
}

TEST_CASE("colonist: the site's result is a claim the events must reach, whatever is missing",
          "[import][colonist]") {
    auto loaded = dataset_game("colonist-4p-137073668.json");
    if (!loaded) return;
    REQUIRE((*loaded)["data"]["eventHistory"]["events"].size() > 40);
    for (std::size_t keep : {std::size_t{0}, std::size_t{1}, std::size_t{40}}) {
        INFO(keep);
        json game = *loaded;
        json& ev = game["data"]["eventHistory"]["events"];
        ev.erase(ev.begin() + static_cast<std::ptrdiff_t>(keep), ev.end());
        CHECK_THAT(error_of(game.dump()),
                   Catch::StartsWith("c.json: data.eventHistory.endGameState.diceStats"));
        // With the dice statistics gone too, the points are still claimed.
        game["data"]["eventHistory"]["endGameState"].erase("diceStats");
        CHECK_THAT(error_of(game.dump()),
                   Catch::Matches("c\\.json: data\\.eventHistory\\.endGameState\\.players\\.[0-9]"
                                  "\\.victoryPoints\\.[01]: [0-9]+ (settlements|cities), but the "
                                  "events leave seat [1-4] \\(colour [0-9]\\) with [0-9]+"));
    }
}

TEST_CASE("colonist: players with neither username nor playerId are named by their colour",
          "[import][colonist]") {
    auto loaded = dataset_game("colonist-4p-138142744.json");
    if (!loaded) return;
    json& game = *loaded;
    for (json& u : game["data"]["playerUserStates"]) u.erase("playerId");
    GameLog log = import_game(game);
    std::vector<std::string> seats;
    for (const Seat& s : log.seats) seats.push_back(s.name);
    CHECK(seats == std::vector<std::string>{"colour-4", "colour-3", "colour-2", "colour-1"});
    CHECK(replay_all(log).outcome == Outcome::kComplete);
}

TEST_CASE("colonist: a steal seen only by the other players keeps its victim, the card hidden",
          "[import][colonist]") {
    // The replay of a seat that was neither thief nor victim holds only entry 16 (card
    // backs): the victim is known, the card is not.
    auto loaded = dataset_game("colonist-4p-137073668.json");
    if (!loaded) return;
    json& game = *loaded;
    int dropped = 0;
    for_each_entry(game, [&](std::size_t, json&, json& entry) {
        const int type = entry["text"]["type"];
        if (type == 14 || type == 15) {
            entry = nullptr;
            ++dropped;
        }
    });
    REQUIRE(dropped == 30);
    // The hands the stateChanges state would tell the card: keep only the public sizes.
    for (json& ev : game["data"]["eventHistory"]["events"])
        if (ev["stateChange"].contains("playerStates"))
            for (auto& [c, ps] : ev["stateChange"]["playerStates"].items())
                if (ps.contains("resourceCards"))
                    for (json& card : ps["resourceCards"]["cards"]) card = 0;
    GameLog log = import_game(game);
    int hidden_steals = 0;
    for (const Event& e : log.events)
        if (const auto* m = std::get_if<MoveRobber>(&e.body); m && m->victim != kNoPlayer) {
            CHECK(!m->stolen);
            ++hidden_steals;
        }
    CHECK(hidden_steals == 15);
    Verdict v = replay_all(log);
    CHECK(rules_broken(v).empty());
    CHECK(v.outcome == Outcome::kComplete);
    CHECK(v.winner == 0);
}

TEST_CASE("colonist: a game abandoned during the setup is valid and unfinished",
          "[import][colonist]") {
    // The events up to the first roll (the whole setup), the site's end for a player who
    // left: the other declared the winner with the 2 VP of the setup.
    auto loaded = dataset_game("colonist-2p-194320018.json");
    if (!loaded) return;
    json& game = *loaded;
    json& events = game["data"]["eventHistory"]["events"];
    std::size_t first_roll = 0;
    for_each_entry(game, [&](std::size_t i, json&, json& entry) {
        if (entry["text"]["type"] == 10 && first_roll == 0) first_roll = i;
    });
    REQUIRE(first_roll > 0);
    events.erase(events.begin() + static_cast<std::ptrdiff_t>(first_roll), events.end());
    json& end = game["data"]["eventHistory"]["endGameState"];
    end["diceStats"] = json::array({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
    for (auto& [c, p] : end["players"].items()) p["victoryPoints"] = json{{"0", 2}};
    GameLog log = import_game(game);
    CHECK(count_type(log, "place_settlement") == 4);
    CHECK(count_type(log, "roll") == 0);
    CHECK_THAT(
        log.source,
        Catch::Contains("unfinished: the site declared player_b the winner with 2 VP of 15"));
    Verdict v = replay_all(log);
    CHECK(rules_broken(v).empty());
    CHECK(v.outcome == Outcome::kUnfinished);
}

TEST_CASE("a name longer than 256 bytes is refused by every reader", "[import][colonist][limits]") {
    // A megabyte of name would be written into every event line of the log.
    auto loaded = dataset_game("colonist-4p-137073668.json");
    if (!loaded) return;
    json& game = *loaded;
    game["data"]["playerUserStates"][1]["playerId"] = std::string(1 << 20, 'x');
    try {
        import_log(game.dump(), "big.json", ImportFormat::kColonist);
        FAIL("a megabyte name imported");
    } catch (const InputError& e) {
        // playOrder [2, 4, 3, 1]: colour 1 (playerUserStates[1]) sits fourth
        CHECK(std::string(e.what()) ==
              "big.json: the name of seat 4 is 1048576 bytes, longer than the 256 a name may have");
    }
    // The native log reader, both paths (a document and JSON Lines).
    GameLog log = import_log(test::read_file((fs::path(test::data_dir()) / "colonist-dataset" /
                                              "colonist-4p-137073668.json")
                                                 .string()),
                             "d.json", ImportFormat::kColonist);
    log.seats[2].color = std::string(257, 'c');
    CHECK_THROWS_WITH(read_log(write_log(log, LogFormat::kJsonl), "long.log"),
                      "long.log: header (line 1): seats[2].color: 257 bytes, longer than the 256 "
                      "a color may have");
    CHECK_THROWS_WITH(read_log(write_log(log, LogFormat::kJson), "long.log"),
                      Catch::StartsWith("long.log: ") &&
                          Catch::EndsWith("seats[2].color: 257 bytes, longer than the 256 a "
                                          "color may have"));
    log.seats[2].color = std::string(256, 'c');  // at the limit: read
    CHECK(read_log(write_log(log, LogFormat::kJsonl), "ok.log").seats[2].color.size() == 256);
}
