// Importers (lib/import): JSettlers v1 coordinates, soclog and catanatron conversion, their
// error messages, and the real games in samples/real replayed end to end. The whole shared
// corpus is replayed by corpus_test.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include <catan/import/catanatron.hpp>
#include <catan/import/import.hpp>
#include <catan/import/soclog.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/replay.hpp>
#include "test_support.hpp"

using namespace ctk;

namespace {

const Topology& topo() {
    return Topology::standard();
}

std::string error_of(const std::string& text, ImportFormat f,
                     const std::string& name = "t.soclog") {
    try {
        import_log(text, name, f);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

const std::string kStamp = "2012:06:06:20:04:25:319:+0100:";

int count_type(const GameLog& log, std::string_view type) {
    return static_cast<int>(
        std::count_if(log.events.begin(), log.events.end(),
                      [&](const Event& e) { return event_type_name(e.body) == type; }));
}

}  // namespace

TEST_CASE("JSettlers v1 hex coordinates map to our axial hexes", "[import]") {
    CHECK(soclog_hex(0x77) == 9);             // the centre, axial (0, 0)
    CHECK(soclog_hex(0x37) == 0);             // top-left land hex (0, -2)
    CHECK(soclog_hex(0x59) == 1);             // east of it: +0x22
    CHECK(soclog_hex(0x35) == 3);             // (-1, -1)
    CHECK(soclog_hex(0x53) == 12);            // (-2, 1)
    CHECK(soclog_hex(0xB7) == 18);            // bottom-right (0, 2)
    CHECK(soclog_hex(0x17) == std::nullopt);  // sea ring
    CHECK(soclog_hex(0x78) == std::nullopt);  // not a hex coordinate (even digit)
}

TEST_CASE("JSettlers v1 nodes and edges map to our vertices and edges", "[import]") {
    // Corners of hex 0x77: N +0x01, NE +0x12, SE +0x21, S +0x10, SW -0x01, NW -0x10.
    CHECK(soclog_vertex(0x78) == topo().vertex_id({9, Corner::kN}));
    CHECK(soclog_vertex(0x89) == topo().vertex_id({9, Corner::kNE}));
    CHECK(soclog_vertex(0x98) == topo().vertex_id({9, Corner::kSE}));
    CHECK(soclog_vertex(0x87) == topo().vertex_id({9, Corner::kS}));
    CHECK(soclog_vertex(0x76) == topo().vertex_id({9, Corner::kSW}));
    CHECK(soclog_vertex(0x67) == topo().vertex_id({9, Corner::kNW}));
    // Sides: NE +0x01, E +0x11, SE +0x10, SW -0x01, W -0x11, NW -0x10.
    CHECK(soclog_edge(0x78) == topo().edge_id({9, Side::kNE}));
    CHECK(soclog_edge(0x88) == topo().edge_id({9, Side::kE}));
    CHECK(soclog_edge(0x87) == topo().edge_id({9, Side::kSE}));
    CHECK(soclog_edge(0x76) == topo().edge_id({9, Side::kSW}));
    CHECK(soclog_edge(0x66) == topo().edge_id({9, Side::kW}));
    CHECK(soclog_edge(0x67) == topo().edge_id({9, Side::kNW}));
    // Every land vertex and edge has exactly one v1 coordinate.
    std::vector<int> vhits(static_cast<std::size_t>(topo().vertex_count())),
        ehits(static_cast<std::size_t>(topo().edge_count()));
    for (int c = 0; c < 256; ++c) {
        if (auto v = soclog_vertex(c)) ++vhits[static_cast<std::size_t>(*v)];
        if (auto e = soclog_edge(c)) ++ehits[static_cast<std::size_t>(*e)];
    }
    CHECK(std::count(vhits.begin(), vhits.end(), 1) == 54);
    CHECK(std::count(ehits.begin(), ehits.end(), 1) == 72);
    CHECK(soclog_vertex(0x00) == std::nullopt);  // far off the board
}

TEST_CASE("soclog: bad input names the source line", "[import]") {
    SECTION("an unknown message type") {
        std::string text = kStamp + "SOCSetSeatLock:game=3|playerNumber=0|state=false\n" + kStamp +
                           "SOCTeleport:game=3|playerNumber=0\n";
        CHECK(error_of(text, ImportFormat::kSoclog) ==
              "t.soclog:2: unknown message type \"SOCTeleport\"");
    }
    SECTION("a node off the board") {
        std::string text =
            kStamp + "SOCGameState:game=3|state=5\n" + kStamp +
            "SOCPutPiece:game=3|playerNumber=3|pieceType=1|coord=11\n" + kStamp +
            "SOCGameTextMsg:game=3|nickname=Server|text=player_c built a settlement.\n";
        CHECK(error_of(text, ImportFormat::kSoclog) ==
              "t.soclog:2: SOCPutPiece: node 0x11 is not a corner of the board");
    }
    SECTION("a robber on a sea hex") {
        std::string text = kStamp + "SOCMoveRobber:game=3|playerNumber=3|coord=17\n";
        CHECK(error_of(text, ImportFormat::kSoclog) ==
              "t.soclog:1: SOCMoveRobber: hex 0x17 is not a land hex of the board");
    }
    SECTION("a line that is no record") {
        std::string text = kStamp + "SOCGameState:game=3|state=5\n\nhello world\n";
        CHECK(error_of(text, ImportFormat::kSoclog) ==
              "t.soclog:3: not a soclog record (no timestamp): \"hello world\"");
    }
    SECTION("a JSettlers 2.x event log given as a soclog points to its importer") {
        std::string text =
            "SOC game event log: type=F, version=2500, created_at=1, now=1, game_name=x\n";
        CHECK(error_of(text, ImportFormat::kSoclog) ==
              "t.soclog:1: a JSettlers 2.x game event log (\"SOC game event log\" header), not "
              "a STAC / JSettlers 1.x soclog: read it with --from jsettlers");
    }
    SECTION("no board") {
        CHECK(error_of(kStamp + "SOCGameState:game=3|state=0\n", ImportFormat::kSoclog) ==
              "t.soclog:1: the log ends without a SOCBoardLayout: not a recorded game");
    }
}

TEST_CASE("format detection", "[import]") {
    CHECK(detect_import_format(kStamp + "SOCJoinGame:nickname=a|game=3\n") ==
          ImportFormat::kSoclog);
    CHECK(detect_import_format("SOC game event log: type=F, version=2500\n") ==
          ImportFormat::kJsettlers);
    CHECK(detect_import_format("# a comment\n\nSOC game event log: type=C, version=2700\n") ==
          ImportFormat::kJsettlers);
    // entries without the header: the soclog importer refuses them naming the line
    CHECK(detect_import_format("# c\nall:SOCVersion:2500|str=2.5.00\n") == ImportFormat::kSoclog);
    CHECK(detect_import_format("  {\"tiles\": [], \"action_records\": []}") ==
          ImportFormat::kCatanatron);
    // a native log (catan-import --view re-expresses any log); a board is no log
    CHECK(detect_import_format("{\"format\": \"catan-log\"}") == ImportFormat::kNative);
    CHECK(detect_import_format("{\"format\":\"catan-log\",\"seats\":[]}\n{\"type\":\"roll\"}") ==
          ImportFormat::kNative);
    CHECK(detect_import_format("{\"format\": \"catan-board\"}") == std::nullopt);
    CHECK(detect_import_format("hello") == std::nullopt);
}

TEST_CASE("catanatron: bad input names the JSON path", "[import]") {
    // Where and why (it said only "not valid JSON").
    CHECK(
        error_of("{\"action_records\": [", ImportFormat::kCatanatron, "g.json")
            .starts_with("g.json: not valid JSON: [json.exception.parse_error.101] parse error at "
                         "line 1, column 21: syntax error while parsing value - unexpected end "
                         "of input"));
    std::string text =
        test::read_file(test::source_path("samples/real/catanatron-road-through-settlement.json"));
    REQUIRE(!text.empty());
    std::string bad = text;
    bad.replace(bad.find("\"BUILD_CITY\""), 12, "\"BUILD_CASTLE\"");
    CHECK_THAT(error_of(bad, ImportFormat::kCatanatron, "g.json"),
               Catch::Matches(
                   "g\\.json: action_records\\[[0-9]+\\]\\[0\\]\\[1\\]: unsupported action type "
                   "\"BUILD_CASTLE\""));
}

TEST_CASE("the first human STAC game replays valid with the points its log states", "[import]") {
    std::string text = test::read_file(test::source_path("samples/real/human-game-1.soclog"));
    REQUIRE(!text.empty());
    GameLog log = import_soclog(text, "human-game-1.soclog");
    // Seats 3, 0, 1 play (seat 2 is empty), in the order of the setup.
    REQUIRE(log.seats.size() == 3);
    CHECK(log.seats[0].name == "player_c");
    CHECK(log.seats[0].source_seat == 3);
    CHECK(log.seats[1].source_seat == 0);
    CHECK(log.seats[2].source_seat == 1);
    CHECK(log.events.size() == 235);
    CHECK(count_type(log, "roll") == 69);
    CHECK(count_type(log, "place_settlement") == 6);
    CHECK(count_type(log, "trade_player") > 0);
    // Every setup road touches the settlement placed just before it.
    for (std::size_t i = 0; i + 1 < log.events.size(); ++i)
        if (auto* s = std::get_if<PlaceSettlement>(&log.events[i].body)) {
            auto* r = std::get_if<PlaceRoad>(&log.events[i + 1].body);
            REQUIRE(r);
            auto ends = topo().edge_vertices(r->edge);
            CHECK((ends[0] == s->vertex || ends[1] == s->vertex));
        }
    Verdict v = replay(log, {}, "human-game-1");
    CHECK(v.violations.empty());
    CHECK(v.outcome == Outcome::kComplete);
    // 4, 10, 0, 5 by source seat: seat 0 (player_a) 4, seat 1 (player_b) 10, seat 3 (player_c) 5.
    std::vector<int> vp(3);
    for (const Standing& s : v.standings) vp[static_cast<std::size_t>(s.player)] = s.vp;
    CHECK(vp == std::vector<int>{5, 4, 10});
    CHECK(v.winner == 2);
}

TEST_CASE("the converted sample equals a fresh import", "[import]") {
    std::string text = test::read_file(test::source_path("samples/real/human-game-1.soclog"));
    GameLog fresh = import_soclog(text, "human-game-1.soclog");
    GameLog stored = read_log(test::read_file(test::source_path("samples/real/human-game-1.json")),
                              "human-game-1.json");
    CHECK(write_log(stored, LogFormat::kJsonl) == write_log(fresh, LogFormat::kJsonl));
}

// catanatron deviates from RULES.md; each kind shows as a violation at the event where it
// happens (data README, "Known caveats"). The rules are never relaxed for them.
TEST_CASE("catanatron deviation: a road continued through an opponent's settlement", "[import]") {
    std::string text =
        test::read_file(test::source_path("samples/real/catanatron-road-through-settlement.json"));
    GameLog log = import_catanatron(text, "g.json");
    Verdict v = replay(log, {}, "g.json");
    REQUIRE(v.violations.size() == 1);
    CHECK(v.violations[0].rule_id == "road-connected");
    CHECK(v.violations[0].event_index == 116);
    // action 37: red road [6, 7]; action 93: blue settlement on node 6; action 116: red road [6,
    // 23].
    auto* road = std::get_if<BuildRoad>(&log.events[116].body);
    REQUIRE(road);
    auto* blue = std::get_if<BuildSettlement>(&log.events[93].body);
    REQUIRE(blue);
    auto ends = topo().edge_vertices(road->edge);
    CHECK((ends[0] == blue->vertex || ends[1] == blue->vertex));
}

TEST_CASE("catanatron deviation: longest road undercounted", "[import]") {
    std::string text =
        test::read_file(test::source_path("samples/real/catanatron-longest-road-undercount.json"));
    GameLog log = import_catanatron(text, "g.json");
    Verdict v = replay(log, {}, "g.json");
    REQUIRE(v.violations.size() == 1);
    CHECK(v.violations[0].rule_id == "longest-road");
    CHECK(v.violations[0].event_index == 204);
    // Both roads are 7 long by RULES.md; blue had the card first and keeps it on a tie.
    // catanatron counted blue 6, gave the card to red and declared red the winner at 10.
    CHECK(v.longest_road == 0);
    CHECK(v.winner == kNoPlayer);
}

TEST_CASE("soclog: a file cut off mid-record imports up to the cut, unfinished", "[import]") {
    std::string text = test::read_file(test::source_path("samples/real/human-game-1.soclog"));
    REQUIRE(text.size() > 150000);
    std::string cut = text.substr(0, 150000);  // ends in the middle of a line
    REQUIRE(cut.back() != '\n');
    GameLog log = import_soclog(cut, "cut.soclog");
    CHECK(log.source.find("unfinished") != std::string::npos);
    Verdict v = replay(log);
    CHECK(v.outcome == Outcome::kUnfinished);
    CHECK(v.violations.empty());
    CHECK(v.events == 103);
    // The whole line before the cut is still an error when it is not the last one.
    std::string bad = cut.substr(0, cut.rfind('\n') + 1) + "no timestamp here\n" + "x";
    CHECK_THROWS_AS(import_soclog(bad, "bad.soclog"), InputError);
}

TEST_CASE("soclog: a player name that is not UTF-8 is written with U+FFFD, not a crash",
          "[import]") {
    // A name in Latin-1 (0xE9 = e acute) or with stray bytes is kept as far as JSON allows:
    // every byte that is not UTF-8 becomes U+FFFD in the written log, which reads back.
    std::string text = test::read_file(test::source_path("samples/real/human-game-1.soclog"));
    const std::string from = "player_c", to = "Ren\xE9\xF8";
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    GameLog log = import_soclog(text, "latin1.soclog");
    REQUIRE(log.seats[0].name == to);
    for (LogFormat f : {LogFormat::kJsonl, LogFormat::kJson}) {
        GameLog back = read_log(write_log(log, f), "latin1.json");
        CHECK(back.seats[0].name == "Ren\xEF\xBF\xBD\xEF\xBF\xBD");
        CHECK(back.events.size() == log.events.size());
    }
}

TEST_CASE("soclog: an action before the log says whose turn it is names its line", "[import]") {
    // Found by fuzzing: a development card bought before any SOCTurn was imported with no
    // player, a log that write_log wrote and read_log refused.
    std::string text = test::read_file(test::source_path("samples/real/human-game-1.soclog"));
    const std::string anchor = "SOCSitDown:game=3|nickname=player_a|playerNumber=0";
    std::size_t at = text.find(anchor);
    REQUIRE(at != std::string::npos);
    at = text.find('\n', at) + 1;
    const int line =
        static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n')) + 1;
    text.insert(at, kStamp +
                        "SOCGameTextMsg:game=3|nickname=Server|text=player_a bought a "
                        "development card.\n");
    CHECK(error_of(text, ImportFormat::kSoclog) ==
          fmt::format("t.soclog:{}: an action before the log says whose turn it is", line));
}

TEST_CASE("soclog: JSettlers' special building phase becomes special_build parts", "[import]") {
    // JSettlers' special building phase (game state 100, 5-6 player games): after a turn
    // ends, the server gives the turn to each player who asked to build, then to the next
    // player. Inserted into a real game after player_b's (seat 1) end of turn: the parts of
    // player_c (seat 3, the next player) and player_a (seat 0), or player_c's alone.
    const std::string text = test::read_file(test::source_path("samples/real/human-game-1.soclog"));
    const std::string end_turn = kStamp + "SOCEndTurn:game=3\n";
    const std::string at = "2012:06:06:20:08:55:522:+0100:SOCEndTurn:game=3\n";
    const std::size_t pos = text.find(at);
    REQUIRE(pos != std::string::npos);
    auto part = [&](int seat, const std::string& nick) {
        return kStamp + "SOCGameState:game=3|state=100\n" + kStamp +
               "SOCTurn:game=3|playerNumber=" + std::to_string(seat) + "\n" + kStamp +
               "SOCGameTextMsg:game=3|nickname=Server|text=Special building phase: " + nick +
               "'s turn to place.\n" + end_turn;
    };
    auto types_after_end_turn = [](const GameLog& log, std::size_t from, std::size_t n) {
        std::vector<std::string> out;
        for (std::size_t i = from; i < from + n && i < log.events.size(); ++i)
            out.push_back(
                std::string(event_type_name(log.events[i].body)) + " " +
                log.seats[static_cast<std::size_t>(event_player(log.events[i].body))].name);
        return out;
    };
    const GameLog plain = import_soclog(text, "plain.soclog");
    // The event index of player_b's end of turn there (their first turn): the same in
    // every variant.
    std::size_t first = 0;
    while (first < plain.events.size() &&
           types_after_end_turn(plain, first, 1) != std::vector<std::string>{"end_turn player_b"})
        ++first;
    REQUIRE(types_after_end_turn(plain, first, 2) ==
            std::vector<std::string>{"end_turn player_b", "roll player_c"});

    std::string two = text;
    two.insert(pos + at.size(), part(3, "player_c") + part(0, "player_a"));
    GameLog log = import_soclog(two, "sbp.soclog");
    CHECK(log.events.size() == plain.events.size() + 4);
    CHECK(types_after_end_turn(log, first, 6) ==
          std::vector<std::string>{"end_turn player_b", "special_build player_c",
                                   "end_turn player_c", "special_build player_a",
                                   "end_turn player_a", "roll player_c"});
    // The part of the player whose own turn comes next ends before that turn begins.
    std::string one = text;
    one.insert(pos + at.size(), part(3, "player_c"));
    GameLog log1 = import_soclog(one, "sbp1.soclog");
    CHECK(types_after_end_turn(log1, first, 4) ==
          std::vector<std::string>{"end_turn player_b", "special_build player_c",
                                   "end_turn player_c", "roll player_c"});
    // On the 4-player board the phase is outside the rules (RULES.md special-building:
    // the 5-6 player extension): replay says so at the first part.
    Verdict v = replay(log);
    REQUIRE(!v.violations.empty());
    CHECK(v.violations.front().rule_id == "special-building");
    CHECK(v.violations.front().event_index == static_cast<int>(first) + 1);
}

TEST_CASE("soclog: a board in JSettlers' later layout encoding is named, not misread", "[import]") {
    CHECK(error_of(kStamp + "SOCBoardLayout2:game=3|layout=HL=[0, 1]\n", ImportFormat::kSoclog) ==
          "t.soclog:1: SOCBoardLayout2: a board in JSettlers' later layout encoding (the 6-player "
          "or the sea board), which this importer does not read (it reads the 4-player board of "
          "SOCBoardLayout)");
}

TEST_CASE("an imported log always reads back: a value no log can hold fails the import",
          "[import]") {
    // Found by fuzzing: a soclog production gain of 1210 brick was imported as a claim the
    // native reader refuses (0..95), so catan-import wrote a log catan-replay could not read.
    const std::string name = "crash-gain-past-any-log.soclog";
    std::string text = test::read_file(test::source_path("tests/fuzz_corpus/soclog/" + name));
    REQUIRE(!text.empty());
    CHECK(error_of(text, ImportFormat::kSoclog, name) ==
          name +
              ": event 12: events[12].claims.received.player_a.brick: expected an integer "
              "0..95, got 1210 (as imported: the recording holds a value no game log can)");
}
