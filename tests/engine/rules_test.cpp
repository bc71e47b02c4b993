// Unit tests of check/apply (lib/rules) on small in-memory positions of the beginner board,
// and of the log reader/writer (lib/event). Positions are set up by playing a short legal
// opening and then editing the state directly (hands, bank, turn), so each test shows
// exactly the situation its rule is about.
#include <catch2/catch.hpp>

#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/engine/event.hpp>
#include <catan/engine/rules.hpp>
#include <catan/engine/state.hpp>
#include <catan/io/event_json.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/replay.hpp>
#include <catan/report/state_report.hpp>
#include "test_support.hpp"

using namespace ctk;
using nlohmann::json;

namespace {

constexpr PlayerId kRed = 0, kBlue = 1, kWhite = 2;

// The opening of samples/logs/valid/trades.json (beginner board, red-blue-white):
//   red 19 + road 26, blue 13 + road 21, white 26 + road 32,
//   white 45 + road 60, blue 42 + road 57, red 35 + road 46.
const char* const kOpening[] = {
    R"({"type":"place_settlement","player":"red","vertex":19})",
    R"({"type":"place_road","player":"red","edge":26})",
    R"({"type":"place_settlement","player":"blue","vertex":13})",
    R"({"type":"place_road","player":"blue","edge":21})",
    R"({"type":"place_settlement","player":"white","vertex":26})",
    R"({"type":"place_road","player":"white","edge":32})",
    R"({"type":"place_settlement","player":"white","vertex":45})",
    R"({"type":"place_road","player":"white","edge":60})",
    R"({"type":"place_settlement","player":"blue","vertex":42})",
    R"({"type":"place_road","player":"blue","edge":57})",
    R"({"type":"place_settlement","player":"red","vertex":35})",
    R"({"type":"place_road","player":"red","edge":46})",
};

struct Table {
    GameLog log;
    GameState s;
    RuleContext ctx;

    static GameLog make_log() {
        GameLog l;
        l.seats = {{"red", "red", {}}, {"blue", "blue", {}}, {"white", "white", {}}};
        return l;
    }
    Table() : log(make_log()), s(GameState::initial(log)), ctx{&log.seats} {}

    Event ev(const std::string& text) const {
        return event_from_json(json::parse(text), log.seats, s.topology(), "event");
    }
    // The violation the event would cause, or nullopt.
    std::optional<Violation> try_event(const std::string& text) const {
        return check(s, ev(text), 0, ctx);
    }
    void play(const std::string& text) {
        auto v = try_event(text);
        INFO(text);
        INFO((v ? v->rule_id + ": " + v->message : std::string("ok")));
        REQUIRE(!v);
        apply(s, ev(text));
    }
    void opening(int to = 12, int from = 0) {
        for (int i = from; i < to; ++i) play(kOpening[i]);
    }
    // After the opening: red to roll on turn 1 with an empty hand for everyone.
    void turn_one_empty_hands() {
        opening();
        for (int p = 0; p < 3; ++p) s.players[p].hand = {};
        s.bank.fill(kBankPerResource);
    }
    // A build_road event for red on a free edge at vertex v.
    std::string road_at(VertexId v) const {
        for (EdgeId e : s.topology().vertex_edges(v))
            if (s.road_owner(e) == kNoPlayer)
                return fmt::format(R"({{"type":"build_road","player":"red","edge":{}}})", e);
        return "";
    }
    std::string rule(const std::string& text) const {
        auto v = try_event(text);
        return v ? v->rule_id : "ok";
    }
    std::string message(const std::string& text) const {
        auto v = try_event(text);
        return v ? v->message : "ok";
    }
};

}  // namespace

TEST_CASE("setup goes in snake order and the second settlement yields resources",
          "[rules][setup-order][setup-resources]") {
    Table t;
    t.opening(6);
    // Round two starts with the last player again: white, not blue.
    CHECK(t.rule(R"({"type":"place_settlement","player":"blue","vertex":42})") == "setup-order");
    CHECK(t.message(R"({"type":"place_settlement","player":"blue","vertex":42})") ==
          "it is white's setup placement (round 2), not blue's");
    // The first settlements yielded nothing.
    CHECK(t.s.players[kRed].hand == ResourceCounts{0, 0, 0, 0, 0});
    t.opening(12, 6);
    // Second settlements: white 45 (2 pasture), blue 42 (2 fields + mountains), red 35
    // (forest, pasture, mountains).
    CHECK(t.s.players[kWhite].hand == ResourceCounts{0, 0, 2, 0, 0});
    CHECK(t.s.players[kBlue].hand == ResourceCounts{0, 0, 0, 2, 1});
    CHECK(t.s.players[kRed].hand == ResourceCounts{0, 1, 1, 0, 1});
    CHECK(t.s.phase == Phase::kTurn);
    CHECK(t.s.turn == 1);
    CHECK(t.s.active == kRed);
}

TEST_CASE("setup road touches the settlement just placed", "[rules][setup-road-attached]") {
    Table t;
    t.play(kOpening[0]);
    CHECK(t.rule(R"({"type":"place_road","player":"red","edge":46})") == "setup-road-attached");
    CHECK(t.message(R"({"type":"place_road","player":"red","edge":46})") ==
          "edge 46 (vertices 34-35) does not touch the settlement just placed at 19");
    CHECK(t.rule(R"({"type":"place_settlement","player":"red","vertex":0})") == "setup-order");
}

TEST_CASE("distance rule names the neighbouring building", "[rules][distance-rule]") {
    Table t;
    t.opening(2);
    CHECK(t.message(R"({"type":"place_settlement","player":"blue","vertex":20})") ==
          "vertex 20 is next to red's settlement at 19");
    CHECK(t.message(R"({"type":"place_settlement","player":"blue","vertex":19})") ==
          "vertex 19 already holds red's settlement at 19");
}

TEST_CASE("a road cannot continue through an opponent's settlement", "[rules][road-connected]") {
    Table t;
    t.turn_one_empty_hands();
    t.play(R"({"type":"roll","player":"red","dice":[1,2]})");
    const Topology& topo = t.s.topology();
    // Red's road 26 runs from 19 to v; blue gets a settlement at v (set by hand).
    VertexId v = topo.other_end(26, 19);
    t.s.building[v] = Building::kSettlement;
    t.s.owner[v] = kBlue;
    refresh_derived(t.s);
    EdgeId beyond = kNoId;
    for (EdgeId e : topo.vertex_edges(v))
        if (e != 26 && t.s.road_owner(e) == kNoPlayer) beyond = e;
    REQUIRE(beyond != kNoId);
    t.s.players[kRed].hand = {1, 1, 0, 0, 0};
    std::string road = fmt::format(R"({{"type":"build_road","player":"red","edge":{}}})", beyond);
    CHECK(t.rule(road) == "road-connected");
    CHECK(
        t.message(road) ==
        fmt::format("edge {} joins red's road 26 only through blue's settlement at {}", beyond, v));
}

TEST_CASE("bank shortage: nobody gets a resource the bank cannot pay, unless one player is owed",
          "[rules][bank-shortage][production]") {
    Table t;
    t.turn_one_empty_hands();
    // Hex 3 is fields (12). Red settlement and blue city on two of its corners.
    const auto& corners = t.s.topology().hex_vertices(3);
    auto put = [&](VertexId v, PlayerId p, Building b) {
        t.s.building[static_cast<std::size_t>(v)] = b;
        t.s.owner[v] = static_cast<std::int8_t>(p);
        refresh_derived(t.s);  // pieces set by hand: rebuild the masks and production table
    };
    put(19, kNoPlayer, Building::kNone);  // red's opening settlement is on hex 3 too
    put(corners[0], kRed, Building::kSettlement);
    put(corners[3], kBlue, Building::kCity);
    const int grain = static_cast<int>(Resource::kGrain);
    t.s.bank[grain] = 3;
    CHECK(production(t.s, 12)[kRed][grain] == 1);
    CHECK(production(t.s, 12)[kBlue][grain] == 2);
    t.s.bank[grain] = 2;  // 3 owed, 2 in the bank, two players owed: nobody gets grain
    CHECK(production(t.s, 12)[kRed][grain] == 0);
    CHECK(production(t.s, 12)[kBlue][grain] == 0);
    put(corners[0], kNoPlayer, Building::kNone);
    t.s.bank[grain] = 1;  // only blue is owed: blue takes what remains
    CHECK(production(t.s, 12)[kBlue][grain] == 1);
    // The robber on the hex stops it altogether.
    t.s.robber = 3;
    refresh_derived(t.s);
    CHECK(production(t.s, 12)[kBlue][grain] == 0);
}

TEST_CASE("a 7 makes players above 7 cards discard exactly half, then the robber moves",
          "[rules][discard-half][pending-seven][robber-move]") {
    Table t;
    t.turn_one_empty_hands();
    t.s.players[kRed].hand = {2, 2, 2, 2, 1};   // 9 cards: owes 4
    t.s.players[kBlue].hand = {0, 0, 7, 0, 0};  // 7 cards: owes nothing
    t.play(R"({"type":"roll","player":"red","dice":[3,4]})");
    CHECK(t.s.discard_owed[kRed] == 4);
    CHECK(t.s.discard_owed[kBlue] == 0);
    CHECK(t.rule(R"({"type":"move_robber","player":"red","hex":4,"victim":"blue"})") ==
          "pending-seven");
    CHECK(t.message(R"({"type":"discard","player":"red","cards":{"brick":2,"ore":1}})") ==
          "red held 9 cards and must discard 4, not 3");
    CHECK(t.message(R"({"type":"discard","player":"blue","cards":{"wool":3}})") ==
          "blue holds 7 cards and owes no discard");
    CHECK(t.rule(R"({"type":"end_turn","player":"red"})") == "pending-seven");
    t.play(R"({"type":"discard","player":"red","cards":{"brick":2,"lumber":2}})");
    CHECK(t.rule(R"({"type":"discard","player":"red","cards":{"wool":2}})") == "discard-half");
    CHECK(t.message(R"({"type":"move_robber","player":"red","hex":9,"victim":null})") ==
          "the robber must move to a different hex; it is already on hex 9");
    // Blue's settlement 13 is on hex 4? Use a hex blue touches: blue has 13 and 42.
    HexId h = t.s.topology().vertex_hexes(13)[0];
    CHECK(t.rule(fmt::format(R"({{"type":"move_robber","player":"red","hex":{}}})", h)) ==
          "robber-steal");
    t.play(fmt::format(
        R"({{"type":"move_robber","player":"red","hex":{},"victim":"blue","stolen":"wool"}})", h));
    CHECK(t.s.players[kRed].hand == ResourceCounts{0, 0, 3, 2, 1});
    CHECK(t.s.players[kBlue].hand == ResourceCounts{0, 0, 6, 0, 0});
    CHECK(t.s.bank == ResourceCounts{21, 21, 19, 19, 19});  // hands were set by hand
    CHECK(!t.s.seven_pending());
}

TEST_CASE("maritime rate from the harbors the player touches", "[rules][maritime-rate]") {
    Table t;
    t.turn_one_empty_hands();
    t.play(R"({"type":"roll","player":"red","dice":[1,2]})");
    // The ore 2:1 harbor touches vertices 14 and 15: give red a settlement at 14.
    t.s.building[14] = Building::kSettlement;
    t.s.owner[14] = kRed;
    refresh_derived(t.s);
    t.s.players[kRed].hand = {2, 0, 0, 0, 4};
    CHECK(t.rule(R"({"type":"trade_bank","player":"red","give":{"ore":2},"get":{"brick":1}})") ==
          "ok");
    CHECK(t.rule(R"({"type":"trade_bank","player":"red","give":{"ore":4},"get":{"brick":2}})") ==
          "ok");
    // A worse rate the player is entitled to (4:1) is allowed.
    CHECK(t.rule(R"({"type":"trade_bank","player":"red","give":{"ore":4},"get":{"brick":1}})") ==
          "ok");
    CHECK(t.message(R"({"type":"trade_bank","player":"red","give":{"ore":3},"get":{"brick":1}})") ==
          "3 ore is not a whole number of bundles at red's rate 2:1");
    CHECK(t.message(R"({"type":"trade_bank","player":"red","give":{"brick":2},"get":{"ore":1}})") ==
          "2 brick is not a whole number of bundles at red's rate 4:1");
    CHECK(t.rule(R"({"type":"trade_bank","player":"red","give":{"ore":2},"get":{"ore":1}})") ==
          "maritime-rate");
    t.s.bank[0] = 0;
    CHECK(t.rule(R"({"type":"trade_bank","player":"red","give":{"ore":2},"get":{"brick":1}})") ==
          "bank-empty");
}

TEST_CASE("year of plenty takes exactly 2 cards the bank holds",
          "[rules][progress-card][bank-empty]") {
    Table t;
    t.turn_one_empty_hands();
    t.s.players[kRed].dev_old[static_cast<int>(DevCard::kYearOfPlenty)] = 1;
    t.s.deck[static_cast<int>(DevCard::kYearOfPlenty)] = 1;
    t.s.deck_left = 24;
    t.s.bank = {1, 19, 19, 19, 19};
    CHECK(t.rule(R"({"type":"play_year_of_plenty","player":"red","take":{"brick":2}})") ==
          "bank-empty");
    CHECK(t.rule(R"({"type":"play_year_of_plenty","player":"red","take":{"brick":1}})") ==
          "progress-card");
    // Before the roll is fine: any one development card may be played then.
    t.play(R"({"type":"play_year_of_plenty","player":"red","take":{"brick":1,"ore":1}})");
    CHECK(t.s.players[kRed].hand == ResourceCounts{1, 0, 0, 0, 1});
    CHECK(t.rule(R"({"type":"play_monopoly","player":"red","resource":"ore"})") == "one-dev-card");
}

TEST_CASE("a card bought this turn cannot be played, victory points never",
          "[rules][dev-card-age][dev-card-held]") {
    Table t;
    t.turn_one_empty_hands();
    t.play(R"({"type":"roll","player":"red","dice":[1,2]})");
    t.s.players[kRed].hand = {0, 0, 1, 1, 1};
    t.play(R"({"type":"buy_dev_card","player":"red","card":"knight"})");
    CHECK(t.message(R"({"type":"play_knight","player":"red"})") ==
          "red bought the knight card this turn and cannot play it yet");
    CHECK(t.message(R"({"type":"play_monopoly","player":"red","resource":"ore"})") ==
          "red holds no monopoly card");
    CHECK(t.s.deck[0] == 13);
    CHECK(t.s.deck_left == 24);
    t.play(R"({"type":"end_turn","player":"red"})");
    CHECK(t.s.players[kRed].dev_old[0] == 1);
}

TEST_CASE("road building places its 2 free roads at once", "[rules][progress-card]") {
    Table t;
    t.turn_one_empty_hands();
    t.s.players[kRed].dev_old[static_cast<int>(DevCard::kRoadBuilding)] = 1;
    t.play(R"({"type":"play_road_building","player":"red"})");
    CHECK(t.s.free_roads == 2);
    t.play(t.road_at(35));
    CHECK(t.rule(R"({"type":"roll","player":"red","dice":[1,2]})") == "progress-card");
    CHECK(t.s.players[kRed].hand == ResourceCounts{0, 0, 0, 0, 0});
}

TEST_CASE("an open offer is answered only by its addressee and withdrawn by other actions",
          "[rules][trade-offer][domestic-trade]") {
    Table t;
    t.turn_one_empty_hands();
    t.play(R"({"type":"roll","player":"red","dice":[1,2]})");
    t.s.players[kRed].hand = {1, 1, 1, 0, 0};
    t.s.players[kBlue].hand = {0, 0, 0, 0, 1};
    t.play(
        R"({"type":"trade_offer","player":"red","to":"blue","give":{"wool":1},"get":{"ore":1}})");
    CHECK(t.message(R"({"type":"trade_accept","player":"white"})") ==
          "red's offer is addressed to blue; white cannot answer it");
    CHECK(
        t.rule(
            R"({"type":"trade_player","player":"red","partner":"blue","give":{"wool":1},"get":{"ore":1}})") ==
        "trade-offer");
    // A trade with someone else withdraws the offer: allowed.
    t.s.players[kWhite].hand = {0, 0, 0, 0, 1};
    CHECK(
        t.rule(
            R"({"type":"trade_player","player":"red","partner":"white","give":{"wool":1},"get":{"ore":1}})") ==
        "ok");
    t.s.players[kWhite].hand = {};
    t.play(R"({"type":"trade_accept","player":"blue"})");
    CHECK(
        t.message(
            R"({"type":"trade_player","player":"red","partner":"blue","give":{"brick":1},"get":{"ore":1}})") ==
        "the trade differs from the accepted offer to blue (1 wool for 1 ore)");
    t.play(
        R"({"type":"trade_player","player":"red","partner":"blue","give":{"wool":1},"get":{"ore":1}})");
    CHECK(t.s.players[kRed].hand == ResourceCounts{1, 1, 0, 0, 1});
    t.play(
        R"({"type":"trade_offer","player":"red","to":"blue","give":{"ore":1},"get":{"wool":1}})");
    t.play(t.road_at(35));  // withdraws the offer
    CHECK(!t.s.offer.open);
    CHECK(t.message(R"({"type":"trade_accept","player":"blue"})") ==
          "trade_accept without an open offer");
    CHECK(
        t.message(
            R"({"type":"trade_player","player":"red","partner":"blue","give":{"ore":1},"get":{}})") ==
        "no gifts: red gives 1 ore and gets nothing");
    CHECK(
        t.message(
            R"({"type":"trade_player","player":"blue","partner":"red","give":{"ore":1},"get":{"wool":1}})") ==
        "it is red's turn (turn 1), not blue's");
}

TEST_CASE("a player reaching 10 VP on another's turn wins at the start of their own",
          "[rules][win-on-own-turn]") {
    Table t;
    t.turn_one_empty_hands();
    // White's turn, rolled; red gets 4 cities + 2 settlements (10 VP) by hand.
    t.s.active = kWhite;
    t.s.rolled = true;
    int placed = 0;
    for (VertexId v : {0, 3, 6, 9}) {
        t.s.building[v] = Building::kCity;
        t.s.owner[v] = kRed;
        ++placed;
    }
    refresh_derived(t.s);
    t.s.players[kRed].cities_left = 0;
    t.s.players[kRed].settlements_left = 3;  // 19 and 35 on the board
    CHECK(t.s.vp(kRed) == 10);
    t.play(
        R"({"type":"trade_offer","player":"white","to":"blue","give":{"wool":1},"get":{"ore":1}})");
    CHECK(t.s.phase == Phase::kTurn);
    CHECK(t.s.winner == kNoPlayer);
    t.play(R"({"type":"end_turn","player":"white"})");
    CHECK(t.s.phase == Phase::kOver);
    CHECK(t.s.winner == kRed);
    CHECK(t.rule(R"({"type":"roll","player":"red","dice":[1,2]})") == "game-over");
}

TEST_CASE("resigning returns the hand, skips the turns, the last one standing wins",
          "[rules][resign]") {
    Table t;
    t.turn_one_empty_hands();
    t.s.players[kBlue].hand = {1, 2, 0, 0, 0};
    t.s.bank = {18, 17, 19, 19, 19};
    t.play(R"({"type":"resign","player":"blue"})");
    CHECK(t.s.bank == ResourceCounts{19, 19, 19, 19, 19});
    CHECK(t.rule(R"({"type":"roll","player":"blue","dice":[1,2]})") == "resign");
    t.play(R"({"type":"roll","player":"red","dice":[1,2]})");
    t.play(R"({"type":"end_turn","player":"red"})");
    CHECK(t.s.active == kWhite);
    t.play(R"({"type":"resign","player":"white"})");
    CHECK(t.s.phase == Phase::kOver);
    CHECK(t.s.winner == kRed);
}

TEST_CASE("check never changes the state", "[rules]") {
    Table t;
    t.turn_one_empty_hands();
    json before = state_to_json(t.s, t.log.seats);
    for (const char* e : {R"({"type":"roll","player":"red","dice":[3,4]})",
                          R"({"type":"build_city","player":"red","vertex":19})",
                          R"({"type":"end_turn","player":"blue"})"})
        (void)t.try_event(e);
    CHECK(state_to_json(t.s, t.log.seats) == before);
}

TEST_CASE("claims are cross-checked against what the rules derive", "[rules][claims]") {
    Table t;
    t.opening(10);
    Event e = t.ev(
        R"({"type":"place_settlement","player":"red","vertex":35,"claims":{"received":{"red":{"lumber":1,"wool":1}}}})");
    REQUIRE(!check(t.s, e, 10, t.ctx));
    apply(t.s, e);
    auto v = check_claims(t.s, e, 10, t.ctx);
    REQUIRE(v);
    CHECK(v->rule_id == "setup-resources");
    CHECK(v->json_pointer == "/events/10/claims/received");
    CHECK(v->message ==
          "the log claims red received 1 lumber, 1 wool; the rules give 1 lumber, 1 wool, 1 ore");
}

TEST_CASE("every claim is checked, in the order of the claims' table", "[rules][claims]") {
    Table t;
    t.opening(10);
    Event e =
        t.ev(R"({"type":"place_settlement","player":"red","vertex":35,"claims":{)"
             R"("winner":"blue","bank":{"ore":1},"hands":{"red":{"ore":5}},"vp":{"red":9},)"
             R"("largest_army":"blue","longest_road":"blue","received":{"red":{"lumber":1}}}})");
    REQUIRE(!check(t.s, e, 10, t.ctx));
    apply(t.s, e);
    const std::vector<Violation> all = check_all_claims(t.s, e, 10, t.ctx);
    const std::vector<std::pair<std::string, std::string>> expected{
        {"setup-resources", "received"},  {"longest-road", "longest_road"},
        {"largest-army", "largest_army"}, {"win-on-own-turn", "vp"},
        {"claim-hand", "hands"},          {"claim-bank", "bank"},
        {"win-on-own-turn", "winner"}};
    REQUIRE(all.size() == expected.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        CHECK(all[i].rule_id == expected[i].first);
        CHECK(all[i].json_pointer == "/events/10/claims/" + expected[i].second);
    }
    CHECK(all[6].message ==
          fmt::format("the log claims blue won; the rules count {} VP for blue and nobody has won",
                      t.s.vp(kBlue)));
    // check_claims names the first of them.
    auto first = check_claims(t.s, e, 10, t.ctx);
    REQUIRE(first);
    CHECK(first->json_pointer == all[0].json_pointer);
    CHECK(first->message == all[0].message);
}

TEST_CASE("log reader: JSON Lines and document agree, errors name event, line and field",
          "[event]") {
    std::string text = test::read_file(test::source_path("samples/logs/valid/trades.json"));
    REQUIRE(!text.empty());
    GameLog doc = read_log(text, "trades.json");
    GameLog lines = read_log(write_log(doc, LogFormat::kJsonl), "trades.jsonl");
    REQUIRE(doc.events.size() == lines.events.size());
    for (std::size_t i = 0; i < doc.events.size(); ++i)
        CHECK(event_to_json(doc.events[i], doc.seats) ==
              event_to_json(lines.events[i], lines.seats));
    CHECK(lines.events[0].source_line == 2);
    CHECK(doc.events[0].source_line == 7);
    CHECK(doc.events[12].source_line == 19);
    GameLog again = read_log(write_log(doc, LogFormat::kJson), "again.json");
    CHECK(write_log(again, LogFormat::kJsonl) == write_log(doc, LogFormat::kJsonl));

    std::string head =
        R"({"format":"catan-log","version":1,"seats":[{"name":"red"},{"name":"blue"}]})";
    auto error = [&](const std::string& body) {
        try {
            read_log(head + "\n" + body, "g.jsonl");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(
        error("\n"
              R"({"type":"place_settlement","player":"red","vertx":3})") ==
        "g.jsonl: event 0 (line 3): events[0].vertex: missing (unknown field \"vertx\" instead?)");
    CHECK(error(R"({"type":"place_settlement","player":"red","vertex":3,"colour":1})") ==
          "g.jsonl: event 0 (line 2): events[0].colour: unknown field (expected type, player, "
          "vertex, claims, note)");
    CHECK(error(R"({"type":"place_settlement","player":"red","vertex":54})") ==
          "g.jsonl: event 0 (line 2): events[0].vertex: expected an integer 0..53, got 54");
    CHECK(error(R"({"type":"place_settlement","player":"green","vertex":5})") ==
          "g.jsonl: event 0 (line 2): events[0].player: \"green\" is not a seat of this log "
          "(seats: red, blue)");
    CHECK(error(R"({"type":"discard","player":"red","cards":{"bricks":1}})") ==
          "g.jsonl: event 0 (line 2): events[0].cards: unknown resource \"bricks\" (expected "
          "brick, lumber, wool, grain, ore)");
    CHECK(error(R"({"type":"roll","player":"red","dice":[3,)")
              .rfind("g.jsonl: event 0 (line 2): not valid JSON", 0) == 0);
    try {
        read_log(
            "{\"format\": \"catan-log\", \"seats\": [{\"name\": \"red\"}, {\"name\": "
            "\"blue\"}],\n \"events\": [\n  {\"type\": \"end_turn\", \"player\": \"red\"},\n"
            "  {\"type\": \"end_turn\", \"player\": \"rde\"}]}",
            "d.json");
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()) ==
              "d.json: event 1: events[1].player: \"rde\" is not a seat of this log "
              "(seats: red, blue)");
    }
    // The {"hex", "corner"} form names the same vertex.
    GameLog corner = read_log(
        head + "\n" +
            R"({"type":"place_settlement","player":"red","vertex":{"hex":0,"corner":"N"}})",
        "c.jsonl");
    CHECK(std::get<PlaceSettlement>(corner.events[0].body).vertex == 1);
}

TEST_CASE("replay of the valid samples", "[replay]") {
    std::string text = test::read_file(test::source_path("samples/logs/valid/complete-3p.json"));
    REQUIRE(!text.empty());
    GameLog log = read_log(text, "complete-3p.json");
    Verdict v = replay(log, {}, "complete-3p.json");
    CHECK(v.outcome == Outcome::kComplete);
    CHECK(v.winner == kRed);
    CHECK(v.standings[kRed].vp >= 10);
    CHECK(v.standings[kRed].rank == 1);
    ReplayOptions at;
    at.stop_at_event = 11;
    Verdict setup = replay(log, at, "complete-3p.json");
    CHECK(setup.state->phase == Phase::kTurn);
    CHECK(setup.state->turn == 1);
    CHECK(setup.events == 12);
}

TEST_CASE("the JSON Lines fast path reads every sample exactly as the document path", "[event]") {
    int files = 0;
    for (const char* dir : {"samples/logs/valid", "samples/logs/invalid"})
        for (const auto& entry : std::filesystem::directory_iterator(test::source_path(dir))) {
            std::string path = entry.path().string();
            if (path.find(".expected.") != std::string::npos) continue;
            GameLog a = read_log(test::read_file(path), path);
            std::string lines = write_log(a, LogFormat::kJsonl);
            GameLog b = read_log(lines, "lines");
            REQUIRE(a.events.size() == b.events.size());
            for (std::size_t i = 0; i < a.events.size(); ++i) {
                INFO(path << " event " << i);
                CHECK(event_to_json(a.events[i], a.seats) == event_to_json(b.events[i], b.seats));
            }
            ++files;
        }
    CHECK(files > 30);
}

TEST_CASE("house rules: discard limit and the friendly robber", "[rules][variants]") {
    SECTION("discard_limit 9: 9 cards owe nothing, 10 owe 5") {
        Table t;
        t.log.options.discard_limit = 9;
        t.s = GameState::initial(t.log);
        t.turn_one_empty_hands();
        t.s.players[kBlue].hand = {9, 0, 0, 0, 0};
        t.s.players[kWhite].hand = {0, 10, 0, 0, 0};
        t.s.bank = {10, 9, 19, 19, 19};
        t.play(R"({"type":"roll","player":"red","dice":[3,4]})");
        CHECK(t.s.discard_owed[kBlue] == 0);
        CHECK(t.s.discard_owed[kWhite] == 5);
        CHECK(t.message(R"({"type":"discard","player":"blue","cards":{"brick":4}})") ==
              "blue holds 9 cards and owes no discard (discard limit 9)");
    }
    SECTION("friendly robber: not next to a player with 2 VP; a desert when nothing is open") {
        Table t;
        t.log.options.friendly_robber = true;
        t.s = GameState::initial(t.log);
        t.turn_one_empty_hands();
        t.play(R"({"type":"roll","player":"red","dice":[3,4]})");
        // Hex 4 (hills 6) borders red's settlement at 19; red, the mover, has 2 VP.
        CHECK(t.rule(R"({"type":"move_robber","player":"red","hex":4})") == "robber-move");
        CHECK(t.message(R"({"type":"move_robber","player":"red","hex":4})") ==
              "the friendly robber may not go to hex 4: it borders red's settlement at 19 and "
              "red has 2 VP");
        // Hex 0 (mountains 10) borders nobody's building.
        CHECK(t.rule(R"({"type":"move_robber","player":"red","hex":0})") == "ok");
        // Every hex but the desert made to border blue (2 VP): the robber may only stay on
        // the desert, and blue there, holding cards, cannot be robbed.
        for (HexId h = 0; h < t.s.topology().hex_count(); ++h) {
            VertexId v = t.s.topology().hex_vertices(h)[0];
            if (t.s.owner[v] == kNoPlayer) {
                t.s.owner[v] = static_cast<std::int8_t>(kBlue);
                t.s.building[v] = Building::kSettlement;
            }
        }
        refresh_derived(t.s);
        t.s.players[kBlue].hand = {1, 0, 0, 0, 0};
        t.s.bank[0] -= 1;
        REQUIRE(t.s.public_vp(kBlue) == 2);
        auto open = robber_hexes(t.s);
        CHECK(open.count() == 1);
        CHECK(open.test(9));
        CHECK(t.rule(R"({"type":"move_robber","player":"red","hex":9})") == "ok");
        CHECK(t.message(R"({"type":"move_robber","player":"red","hex":0})") ==
              "the friendly robber may not go to hex 0: it borders blue's settlement at 1 and "
              "blue has 2 VP");
        CHECK(
            t.message(
                R"({"type":"move_robber","player":"red","hex":9,"victim":"blue","stolen":"brick"})") ==
            "the friendly robber steals only from a player with 3 or more VP; blue has 2");
    }
}

// Turn 1 after red's roll, every hand empty, red with a settlement on the wool 2:1 harbor.
static void red_on_wool_harbor_after_roll(Table& t) {
    t.turn_one_empty_hands();
    t.play(R"({"type":"roll","player":"red","dice":[1,1]})");
    t.s.owner[45] = static_cast<std::int8_t>(kRed);
    t.s.building[45] = Building::kSettlement;
    refresh_derived(t.s);
}

TEST_CASE("rule edge cases: bundle counts, setup resignations, the end a knight did not cause",
          "[rules][resign][maritime-rate][game-over]") {
    SECTION("maritime-rate: 47 bundles at 2:1 are counted; the hand is what is short") {
        Table t;
        red_on_wool_harbor_after_roll(t);
        t.s.players[kRed].hand = {0, 0, 2, 0, 0};
        t.s.bank[2] -= 2;
        const char* big =
            R"({"type":"trade_bank","player":"red","give":{"wool":94},"get":{"brick":19,"lumber":19,"grain":9}})";
        CHECK(t.rule(big) == "insufficient-resources");
        CHECK(t.message(big) == "red gives 94 wool but holds 2 wool");
        // 36 bundles at 2:1 with the cards in hand (the extension's bank of 24 allows it).
        t.s.players[kRed].hand = {0, 0, 72, 0, 0};
        t.s.bank = {19, 19, 0, 19, 19};
        CHECK(
            t.rule(
                R"({"type":"trade_bank","player":"red","give":{"wool":72},"get":{"brick":19,"lumber":17}})") ==
            "ok");
        CHECK(
            t.rule(
                R"({"type":"trade_bank","player":"red","give":{"wool":72},"get":{"brick":19,"lumber":18}})") ==
            "maritime-rate");
    }
    SECTION("maritime-rate: every count given at 2:1 and 4:1 against every count asked") {
        Table t;
        red_on_wool_harbor_after_roll(t);
        t.s.players[kRed].hand = {95, 0, 95, 0, 0};
        t.s.bank = {95, 95, 95, 95, 95};
        // The bundle counts of n cards in bundles of `rate` or 4, counted directly.
        auto allowed = [](int n, int rate, int got) {
            for (int a = 0; a * rate <= n; ++a)
                if ((n - a * rate) % 4 == 0 && a + (n - a * rate) / 4 == got) return true;
            return false;
        };
        int mismatches = 0, ok = 0;
        for (int n = 1; n <= 95; ++n)
            for (int got = 1; got <= 48; ++got) {
                const std::string wool = fmt::format(
                    R"({{"type":"trade_bank","player":"red","give":{{"wool":{}}},"get":{{"ore":{}}}}})",
                    n, got);
                const std::string brick = fmt::format(
                    R"({{"type":"trade_bank","player":"red","give":{{"brick":{}}},"get":{{"ore":{}}}}})",
                    n, got);
                const bool wool_ok = t.rule(wool) == "ok", brick_ok = t.rule(brick) == "ok";
                mismatches += (wool_ok != allowed(n, 2, got)) + (brick_ok != allowed(n, 4, got));
                ok += wool_ok + brick_ok;
            }
        CHECK(mismatches == 0);
        CHECK(ok == 599 + 23);  // 2:1: each even n, n/4 (rounded up) to n/2 bundles; 4:1: n/4
    }
    SECTION("resign during the setup: the seat's placements are skipped, the snake goes on") {
        Table t;
        t.opening(2);  // red 19 + road 26
        t.play(R"({"type":"resign","player":"blue"})");
        CHECK(t.s.active == kWhite);
        t.opening(8, 4);  // white 26 + 32, white 45 + 60
        // Blue's second placement is skipped: red places last, then red's turn 1.
        CHECK(t.s.active == kRed);
        t.opening(12, 10);  // red 35 + 46
        CHECK(t.s.phase == Phase::kTurn);
        CHECK(t.s.turn == 1);
        CHECK(t.s.active == kRed);
    }
    SECTION("resign during the setup: when all others resign, the one left wins") {
        Table t;
        t.opening(1);  // red's settlement at 19, its road due
        t.play(R"({"type":"resign","player":"red"})");
        CHECK(t.s.active == kBlue);
        CHECK_FALSE(t.s.setup_road_due);
        t.play(R"({"type":"resign","player":"white"})");
        CHECK(t.s.phase == Phase::kOver);
        CHECK(t.s.winner == kBlue);
    }
    SECTION("game-over: a knight's robber move after an end the knight did not cause") {
        Table t;
        t.turn_one_empty_hands();
        t.s.players[kRed].dev_old[0] = 1;
        t.s.deck[0] -= 1;
        t.s.deck_left -= 1;
        t.play(R"({"type":"play_knight","player":"red"})");
        t.play(R"({"type":"resign","player":"blue"})");
        t.play(R"({"type":"resign","player":"white"})");
        CHECK(t.s.winner == kRed);
        CHECK(t.rule(R"({"type":"move_robber","player":"red","hex":0})") == "game-over");
    }
    SECTION("game-over: a card played after the end leaves nothing due (--keep-going)") {
        // Red wins when the others resign; a road building card and a knight played after
        // that (game-over, applied by --keep-going) give no free road and no robber move:
        // each later road and robber move is game-over too.
        Table t;
        t.turn_one_empty_hands();
        t.s.players[kRed].dev_old[2] = 1;
        t.s.players[kRed].dev_old[0] = 1;
        t.play(R"({"type":"resign","player":"blue"})");
        t.play(R"({"type":"resign","player":"white"})");
        REQUIRE(t.s.winner == kRed);
        const std::string rb = R"({"type":"play_road_building","player":"red"})";
        CHECK(t.rule(rb) == "game-over");
        apply(t.s, t.ev(rb));
        CHECK(t.s.free_roads == 0);
        CHECK(t.rule(t.road_at(19)) == "game-over");
        const std::string knight = R"({"type":"play_knight","player":"red"})";
        CHECK(t.rule(knight) == "game-over");
        apply(t.s, t.ev(knight));
        CHECK(t.s.robber_due == RobberReason::kNone);
        CHECK(t.rule(R"({"type":"move_robber","player":"red","hex":0})") == "game-over");
    }
}

TEST_CASE("keep-going: a card played but not held is not counted as played",
          "[rules][progress-card][keep-going]") {
    // --keep-going applies an event that check refused. A card the player does not hold
    // cannot be taken from their hand, so it is not counted as played either: deck + held +
    // played stays 25 per kind and no knight that never existed counts towards the army.
    const auto conserved = [](const GameState& s) {
        for (int k = 0; k < kDevCardKinds; ++k) {
            int n = s.deck[k];
            for (int p = 0; p < s.player_count(); ++p)
                n += s.players[p].dev_old[k] + s.players[p].dev_new[k] + s.players[p].dev_played[k];
            if (n != s.deck_counts()[k]) return false;
        }
        return true;
    };
    for (const char* text : {R"({"type":"play_knight","player":"red"})",
                             R"({"type":"play_road_building","player":"red"})",
                             R"({"type":"play_year_of_plenty","player":"red","take":{"ore":2}})",
                             R"({"type":"play_monopoly","player":"red","resource":"ore"})"}) {
        INFO(text);
        Table t;
        t.turn_one_empty_hands();
        REQUIRE(conserved(t.s));
        CHECK(t.rule(text) == "dev-card-held");
        apply(t.s, t.ev(text));
        CHECK(conserved(t.s));
        for (int k = 0; k < kDevCardKinds; ++k) CHECK(t.s.players[kRed].dev_played[k] == 0);
        CHECK(t.s.players[kRed].knights_played() == 0);
    }
}

TEST_CASE("replay with keep_going lists every wrong claim of an event, without it the first",
          "[replay][claims]") {
    // The last event of a complete game claiming the longest road, the largest army and the
    // VP wrongly: three claims, three rule ids (issue: an end listed only longest-road).
    GameLog log = read_log(
        test::read_file(test::source_path("samples/logs/valid/complete-3p.json")), "c.json");
    Verdict truth = replay(log, {}, "c.json");
    REQUIRE(truth.state);
    const int n = static_cast<int>(log.seats.size());
    auto claims = std::make_shared<Claims>();
    claims->longest_road = (truth.state->longest_road + 1 + n) % n;
    claims->largest_army = (truth.state->largest_army + 1 + n) % n;
    std::vector<int> vp;
    for (int p = 0; p < n; ++p) vp.push_back(truth.state->vp(p) + 1);
    claims->vp = vp;
    log.events.back().claims = claims;

    ReplayOptions all;
    all.keep_going = true;
    Verdict v = replay(log, all, "c.json");
    std::vector<std::string> rules;
    for (const Violation& x : v.violations) rules.push_back(x.rule_id);
    CHECK(rules == std::vector<std::string>{"longest-road", "largest-army", "win-on-own-turn"});
    for (const Violation& x : v.violations)
        CHECK(x.event_index == static_cast<int>(log.events.size()) - 1);

    Verdict first = replay(log, {}, "c.json");
    REQUIRE(first.violations.size() == 1);
    CHECK(first.violations[0].rule_id == "longest-road");
}
