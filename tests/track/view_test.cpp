// Views (lib/catan/track/view.hpp): a full-information real game re-expressed as a spectator,
// one seat and a spectator without discards has exactly the expected hidden fields, the
// claims that would reveal them are dropped, and each view round-trips through the log
// writer and reader.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include <catan/io/event_json.hpp>
#include <catan/io/log_format.hpp>
#include <catan/track/view.hpp>
#include "test_support.hpp"

using namespace ctk;

namespace {

GameLog human_game() {
    std::string path = test::source_path("samples/real/human-game-1.json");
    return read_log(test::read_file(path), "human-game-1.json");
}

struct Hidden {
    int stolen = 0;       // move_robber with a victim and stolen null
    int stolen_seen = 0;  // move_robber with a victim and the card known
    int bought = 0;       // buy_dev_card with card null
    int bought_seen = 0;
    int discards = 0;  // discard with cards null
    int discards_seen = 0;
};

Hidden count_hidden(const GameLog& log) {
    Hidden h;
    for (const Event& e : log.events) {
        if (const auto* m = std::get_if<MoveRobber>(&e.body); m && m->victim != kNoPlayer)
            ++(m->stolen ? h.stolen_seen : h.stolen);
        if (const auto* b = std::get_if<BuyDevCard>(&e.body))
            ++(b->card ? h.bought_seen : h.bought);
        if (const auto* d = std::get_if<Discard>(&e.body))
            ++(d->hidden ? h.discards : h.discards_seen);
    }
    return h;
}

PlayerId seat_named(const GameLog& log, const std::string& name) {
    for (std::size_t p = 0; p < log.seats.size(); ++p)
        if (log.seats[p].name == name) return static_cast<PlayerId>(p);
    return kNoPlayer;
}

}  // namespace

// human-game-1: 16 steals, all with a victim (player_a takes part in 9 of them: 4 as the
// thief, 5 as the victim), 11 cards bought (player_a 1, player_b 7, player_c 3), 2
// discards of 4 cards each (player_a grain 3 + wool 1, player_c lumber 2 + wool 2).
TEST_CASE("views of a real game hide exactly the cards each viewer does not see", "[view]") {
    const GameLog full = human_game();
    Hidden f = count_hidden(full);
    CHECK(f.stolen_seen == 16);
    CHECK(f.stolen == 0);
    CHECK(f.bought_seen == 11);
    CHECK(f.discards_seen == 2);

    SECTION("spectator") {
        Hidden h = count_hidden(make_view(full, View::spectator()));
        CHECK(h.stolen == 16);
        CHECK(h.stolen_seen == 0);
        CHECK(h.bought == 11);
        CHECK(h.bought_seen == 0);
        CHECK(h.discards == 0);
        CHECK(h.discards_seen == 2);
    }
    SECTION("seat player_a") {
        GameLog v = make_view(full, View::of_seat(seat_named(full, "player_a")));
        Hidden h = count_hidden(v);
        CHECK(h.stolen == 7);
        CHECK(h.stolen_seen == 9);
        CHECK(h.bought == 10);
        CHECK(h.bought_seen == 1);
        CHECK(h.discards_seen == 2);
        // the seen steals are exactly those with player_a as thief or victim
        PlayerId a = seat_named(full, "player_a");
        for (const Event& e : v.events)
            if (const auto* m = std::get_if<MoveRobber>(&e.body))
                CHECK(m->stolen.has_value() == (m->player == a || m->victim == a));
    }
    SECTION("seat player_b sees its 7 draws") {
        Hidden h = count_hidden(make_view(full, View::of_seat(seat_named(full, "player_b"))));
        CHECK(h.bought_seen == 7);
        CHECK(h.bought == 4);
    }
    SECTION("spectator without discards: cards hidden, counts kept") {
        GameLog v = make_view(full, View::spectator_no_discards());
        Hidden h = count_hidden(v);
        CHECK(h.stolen == 16);
        CHECK(h.bought == 11);
        CHECK(h.discards == 2);
        for (const Event& e : v.events)
            if (const auto* d = std::get_if<Discard>(&e.body)) {
                CHECK(d->count == 4);
                CHECK(d->cards == ResourceCounts{});
            }
    }
}

TEST_CASE("a view changes nothing but the hidden fields and the source", "[view]") {
    const GameLog full = human_game();
    GameLog v = make_view(full, View::spectator());
    CHECK(v.source == full.source + "; view: spectator");
    REQUIRE(v.events.size() == full.events.size());
    int changed = 0;
    for (std::size_t i = 0; i < v.events.size(); ++i) {
        CHECK(v.events[i].source_line == full.events[i].source_line);
        CHECK(event_type_name(v.events[i].body) == event_type_name(full.events[i].body));
        if (event_to_json(v.events[i], v.seats) != event_to_json(full.events[i], full.seats))
            ++changed;
    }
    // the steals and the purchases hidden, the monopoly's haul stated; nothing else
    CHECK(changed == 16 + 11 + 1);
    // the 60 production claims and the final vp / winner claims are public and stay
    CHECK(event_to_json(v.events.back(), v.seats) == event_to_json(full.events.back(), full.seats));
}

TEST_CASE("views round-trip through the log writer and reader", "[view]") {
    const GameLog full = human_game();
    for (const View& view :
         {View::spectator(), View::spectator_no_discards(), View::of_seat(0), View::of_seat(2)}) {
        GameLog v = make_view(full, view);
        for (LogFormat fmt : {LogFormat::kJson, LogFormat::kJsonl}) {
            std::string text = write_log(v, fmt);
            GameLog back = read_log(text, "view.json");
            CHECK(write_log(back, fmt) == text);
            CHECK(count_hidden(back).stolen == count_hidden(v).stolen);
            CHECK(count_hidden(back).discards == count_hidden(v).discards);
        }
    }
}

// A made-up log: red robs blue (received claim names the card), a mid-game vp claim,
// hands of both, the bank; a discard; the last event claims vp and the winner.
TEST_CASE("claims that would reveal hidden cards are dropped", "[view]") {
    GameLog log;
    log.seats = {{"red", "red", std::nullopt},
                 {"blue", "blue", std::nullopt},
                 {"white", "white", std::nullopt}};
    auto claims = [](Claims c) { return std::make_shared<const Claims>(std::move(c)); };
    ResourceCounts one_ore{0, 0, 0, 0, 1}, two_brick{2, 0, 0, 0, 0};
    Claims steal;
    steal.received = std::vector<ResourceCounts>{one_ore, {}, {}};
    steal.hands = std::vector<std::optional<ResourceCounts>>{one_ore, two_brick, std::nullopt};
    steal.bank = ResourceCounts{19, 19, 19, 19, 18};
    steal.vp = std::vector<int>{2, 2, 2};
    steal.largest_army = kNoPlayer;
    Claims last;
    last.vp = std::vector<int>{10, 2, 2};
    last.winner = 0;
    log.events = {
        Event{MoveRobber{0, 4, 1, Resource::kOre}, claims(steal), 1},
        Event{Discard{2, two_brick, false, 0}, claims([&] {
                  Claims c;
                  c.bank = ResourceCounts{21, 19, 19, 19, 18};
                  return c;
              }()),
              2},
        Event{EndTurn{0}, claims(last), 3},
    };

    SECTION("spectator: the steal's received and the hands go, bank and awards stay") {
        GameLog v = make_view(log, View::spectator());
        const Claims& c = *v.events[0].claims;
        CHECK_FALSE(c.received);
        CHECK_FALSE(c.hands);
        CHECK_FALSE(c.vp);
        CHECK(c.bank == steal.bank);
        CHECK(c.largest_army == kNoPlayer);
        CHECK(v.events[1].claims->bank);
        CHECK(v.events[2].claims->vp == last.vp);
        CHECK(v.events[2].claims->winner == 0);
    }
    SECTION("the victim's seat keeps the received claim and its own hand only") {
        GameLog v = make_view(log, View::of_seat(1));
        const Claims& c = *v.events[0].claims;
        CHECK(c.received == steal.received);
        REQUIRE(c.hands);
        CHECK((*c.hands)[0] == std::nullopt);
        CHECK((*c.hands)[1] == two_brick);
        CHECK((*c.hands)[2] == std::nullopt);
        CHECK(std::get<MoveRobber>(v.events[0].body).stolen == Resource::kOre);
    }
    SECTION("a seat whose hand is not claimed keeps no hands claim") {
        GameLog v = make_view(log, View::of_seat(2));
        CHECK_FALSE(v.events[0].claims->hands);
        CHECK_FALSE(v.events[0].claims->received);
        CHECK(std::get<MoveRobber>(v.events[0].body).stolen == std::nullopt);
    }
    SECTION("spectator without discards: the bank after the discard goes; no claim left = null") {
        GameLog v = make_view(log, View::spectator_no_discards());
        CHECK(v.events[1].claims == nullptr);
        CHECK_FALSE(v.events[0].claims->bank);
        const auto& d = std::get<Discard>(v.events[1].body);
        CHECK(d.hidden);
        CHECK(d.count == 2);
    }
}

TEST_CASE("view names: spectator, spectator-no-discards, a seat by name or colour", "[view]") {
    std::vector<Seat> seats{{"player_c", "red", 3}, {"player_a", "blue", 0}};
    CHECK(parse_view("spectator", seats) == View::spectator());
    CHECK(parse_view("spectator-no-discards", seats) == View::spectator_no_discards());
    CHECK(parse_view("player_a", seats) == View::of_seat(1));
    CHECK(parse_view("red", seats) == View::of_seat(0));
    CHECK(view_name(View::of_seat(1), seats) == "seat player_a");
    try {
        parse_view("green", seats);
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()) ==
              "--view: expected spectator, spectator-no-discards or a seat (player_c, "
              "player_a), got \"green\"");
    }
}

TEST_CASE("a view states a monopoly's haul only from hands it knows", "[view]") {
    const GameLog full = human_game();
    constexpr std::size_t kAt = 139;  // player_b's monopoly on grain: 4 from player_a
    REQUIRE(std::holds_alternative<PlayMonopoly>(full.events[kAt].body));
    const GameLog seen = make_view(full, View::spectator());
    CHECK(std::get<PlayMonopoly>(seen.events[kAt].body).given == SeatCounts{0, 4, 0, 0, 0, 0});
    // A log that hides its discards itself and states no haul: the hands are not known past
    // its first hidden discard, so the view states no haul there.
    GameLog hidden = make_view(full, View::spectator_no_discards());
    std::get<PlayMonopoly>(hidden.events[kAt].body).given.reset();
    bool discard_before = false;
    for (std::size_t i = 0; i < kAt; ++i)
        if (const auto* d = std::get_if<Discard>(&hidden.events[i].body))
            discard_before |= d->hidden;
    REQUIRE(discard_before);
    CHECK_FALSE(
        std::get<PlayMonopoly>(make_view(hidden, View::spectator()).events[kAt].body).given);
}
