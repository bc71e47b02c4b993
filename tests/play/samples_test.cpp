// The sample logs of samples/logs (written by scripts/make_samples.py), replayed through
// the replay API: every valid sample is valid with its outcome and winner; every invalid
// sample reports exactly its rule at exactly its event; every malformed log is an
// InputError naming the event index and the field at fault; and every rule id of RULES.md
// has a failing and a passing sample.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <catan/engine/event.hpp>
#include <catan/engine/rules.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/replay.hpp>
#include <catan/report/verdict_report.hpp>
#include "test_support.hpp"

using namespace ctk;
namespace fs = std::filesystem;

namespace {

// The log files (.json / .jsonl, not the .expected.json beside them) of a samples folder,
// sorted by name.
std::vector<fs::path> sample_logs(const std::string& folder) {
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(test::source_path("samples/logs/" + folder))) {
        std::string name = entry.path().filename().string();
        bool log = name.ends_with(".jsonl") ||
                   (name.ends_with(".json") && !name.ends_with(".expected.json"));
        if (entry.is_regular_file() && log) out.push_back(entry.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

// samples/logs/<folder>/<stem>.expected.json
nlohmann::json expected_for(const fs::path& log) {
    fs::path p = log.parent_path() / (log.stem().string() + ".expected.json");
    std::string text = test::read_file(p.string());
    REQUIRE_FALSE(text.empty());
    return nlohmann::json::parse(text);
}

GameLog read_sample(const fs::path& path) {
    return read_log(test::read_file(path.string()), path.filename().string());
}

std::string player_name(const GameLog& log, PlayerId p) {
    return p == kNoPlayer ? "" : log.seats[static_cast<std::size_t>(p)].name;
}

struct ValidSample {
    const char* file;
    Outcome outcome;
    const char* winner;  // "" = none
};

// Every file of samples/logs/valid with the outcome replay must find.
const std::vector<ValidSample> kValidSamples{
    {"all-roads.json", Outcome::kUnfinished, ""},
    {"bank-shortage.json", Outcome::kUnfinished, ""},
    {"complete-3p.json", Outcome::kComplete, "red"},
    {"dev-cards.json", Outcome::kUnfinished, ""},
    {"discard-limit-9.json", Outcome::kUnfinished, ""},
    {"friendly-robber.json", Outcome::kComplete, "red"},
    {"no-player-trades.json", Outcome::kUnfinished, ""},
    {"no-seven-rounds.json", Outcome::kComplete, "red"},
    {"no-seven-until-city.json", Outcome::kUnfinished, ""},
    {"resign-2p.json", Outcome::kComplete, "red"},
    {"resign-3p.jsonl", Outcome::kUnfinished, ""},
    {"robber-not-to-desert.json", Outcome::kComplete, "red"},
    {"special-building-any-order.json", Outcome::kUnfinished, ""},
    {"special-building-resign.json", Outcome::kUnfinished, ""},
    {"special-building-win.json", Outcome::kComplete, "red"},
    {"special-building.json", Outcome::kUnfinished, ""},
    {"trades.json", Outcome::kUnfinished, ""},
    {"unlimited-bank.json", Outcome::kUnfinished, ""},
    {"vp-to-win-15.json", Outcome::kUnfinished, ""},
    {"whole-deck.json", Outcome::kUnfinished, ""},
    {"win-when-turn-passes.json", Outcome::kComplete, "red"},
};

// The rule ids of RULES.md (plus "schema"), kept here so that the test notices a rule
// without samples; checked against the library's own list below.
const std::vector<std::string> kRuleIds{"board-red-adjacent",  "board-composition",
                                        "setup-order",         "setup-road-attached",
                                        "setup-resources",     "turn-order",
                                        "roll-first",          "roll-once",
                                        "production",          "bank-shortage",
                                        "discard-half",        "robber-move",
                                        "robber-steal",        "pending-seven",
                                        "one-dev-card",        "dev-card-age",
                                        "dev-card-held",       "maritime-rate",
                                        "bank-empty",          "domestic-trade",
                                        "trade-offer",         "insufficient-resources",
                                        "piece-limit",         "road-connected",
                                        "distance-rule",       "settlement-connected",
                                        "city-on-settlement",  "deck-empty",
                                        "progress-card",       "longest-road",
                                        "largest-army",        "win-on-own-turn",
                                        "game-over",           "resign",
                                        "special-building",    "no-seven-rounds",
                                        "no-seven-until-city", "robber-not-to-desert",
                                        "no-player-trades",    "claim-hand",
                                        "claim-bank",          "schema"};

// A passing sample of a rule: a valid sample and a text it holds that shows the rule at
// work (an event type, a claim) — the index of samples/logs/README.md.
struct Passing {
    const char* rule;
    const char* file;
    const char* shows;
};
const std::vector<Passing> kPassing{
    {"board-red-adjacent", "complete-3p.json", "\"format\""},  // beginner board, --strict
    {"board-composition", "resign-2p.json", "\"board\""},
    {"setup-order", "complete-3p.json", "place_settlement"},
    {"setup-road-attached", "complete-3p.json", "place_road"},
    {"setup-resources", "complete-3p.json",
     "\"place_settlement\", \"player\": \"red\", \"vertex\": 35, \"claims\""},
    {"turn-order", "trades.json", "trade_accept"},
    {"roll-first", "dev-cards.json", "\"play_knight\""},
    {"roll-once", "complete-3p.json", "\"roll\""},
    {"production", "complete-3p.json", "\"received\""},
    {"bank-shortage", "bank-shortage.json",
     "\"received\": {\"red\": {}, \"blue\": {}, \"white\": {}}"},
    {"bank-shortage", "unlimited-bank.json", "\"unlimited_bank\": true"},
    {"discard-half", "complete-3p.json", "\"discard\""},
    {"discard-half", "discard-limit-9.json", "\"discard_limit\": 9"},
    {"robber-move", "complete-3p.json", "\"move_robber\""},
    {"robber-move", "friendly-robber.json", "\"friendly_robber\": true"},
    {"robber-steal", "complete-3p.json", "\"stolen\""},
    {"robber-steal", "dev-cards.json", "\"hex\": 0}"},
    {"pending-seven", "complete-3p.json", "\"discard\""},
    {"one-dev-card", "dev-cards.json", "play_monopoly"},
    {"dev-card-age", "complete-3p.json", "play_knight"},
    {"dev-card-held", "dev-cards.json", "play_year_of_plenty"},
    {"maritime-rate", "trades.json", "\"give\": {\"wool\": 2}"},
    {"bank-empty", "trades.json", "trade_bank"},
    {"bank-empty", "unlimited-bank.json", "\"get\": {\"ore\": 1}"},
    {"claim-hand", "trades.json", "\"hands\": {\"red\""},
    {"claim-bank", "trades.json", "\"bank\": {"},
    {"domestic-trade", "trades.json", "trade_player"},
    {"trade-offer", "trades.json", "trade_cancel"},
    {"insufficient-resources", "complete-3p.json", "build_city"},
    {"piece-limit", "all-roads.json", "build_road"},
    {"road-connected", "all-roads.json", "build_road"},
    {"distance-rule", "complete-3p.json", "build_settlement"},
    {"settlement-connected", "complete-3p.json", "build_settlement"},
    {"city-on-settlement", "complete-3p.json", "build_city"},
    {"deck-empty", "whole-deck.json", "buy_dev_card"},
    {"progress-card", "dev-cards.json", "play_road_building"},
    {"longest-road", "complete-3p.json", "\"longest_road\": \"red\""},
    {"largest-army", "complete-3p.json", "\"largest_army\": \"red\""},
    {"win-on-own-turn", "complete-3p.json", "\"winner\": \"red\""},
    {"win-on-own-turn", "vp-to-win-15.json", "\"vp_to_win\": 15"},
    {"game-over", "complete-3p.json", "\"winner\": \"red\""},
    {"resign", "resign-2p.json", "\"resign\""},
    {"resign", "resign-3p.jsonl", "\"resign\""},
    {"special-building", "special-building.json", "\"special_build\""},
    {"special-building", "special-building-resign.json", "\"resign\""},
    {"special-building", "special-building-any-order.json", "\"special_building_any_order\": true"},
    {"dev-card-age", "special-building.json", "\"play_knight\""},
    {"win-on-own-turn", "special-building-win.json", "\"vp_to_win\": 3"},
    {"win-on-own-turn", "win-when-turn-passes.json", "\"winner\": \"red\""},
    {"game-over", "win-when-turn-passes.json", "\"win_when_turn_passes\": true"},
    {"no-seven-rounds", "no-seven-rounds.json", "\"no_seven_rounds\": 3"},
    {"no-seven-until-city", "no-seven-until-city.json", "\"dice\": [3, 4]"},
    {"robber-not-to-desert", "robber-not-to-desert.json", "\"move_robber\""},
    {"no-player-trades", "no-player-trades.json", "\"trade_bank\""},
    {"schema", "trades.json", "\"note\""},
};

}  // namespace

TEST_CASE("every valid sample replays as valid with its outcome and winner", "[samples][valid]") {
    std::vector<std::string> found;
    for (const auto& path : sample_logs("valid")) found.push_back(path.filename().string());
    std::vector<std::string> listed;
    for (const auto& v : kValidSamples) listed.push_back(v.file);
    CHECK(found == listed);  // a new sample needs its expected outcome here

    for (const auto& sample : kValidSamples) {
        INFO(sample.file);
        GameLog log = read_sample(test::source_path("samples/logs/valid/") + sample.file);
        ReplayOptions strict;
        strict.strict_board = true;
        Verdict v = replay(log, strict, sample.file);
        std::string texts;
        for (const auto& x : v.violations) texts += violation_text(x, log, sample.file) + "\n";
        INFO(texts);
        CHECK(v.violations.empty());
        CHECK(v.warnings.empty());
        CHECK(v.outcome == sample.outcome);
        CHECK(player_name(log, v.winner) == sample.winner);
        CHECK(v.events == static_cast<int>(log.events.size()));
    }
}

TEST_CASE("valid samples end in the states they were built for", "[samples][valid]") {
    auto run = [](const char* file) {
        GameLog log = read_sample(test::source_path("samples/logs/valid/") + file);
        return replay(log, {}, file);
    };
    SECTION("complete game: red 10 VP from 3 settlements, a city, both awards, a VP card") {
        Verdict v = run("complete-3p.json");
        REQUIRE(v.standings.size() == 3);
        const Standing& red = v.standings[0];
        CHECK(red.vp == 10);
        CHECK(red.settlements == 3);
        CHECK(red.cities == 2);
        CHECK(red.awards == 4);
        CHECK(red.vp_cards == 1);
        CHECK(red.rank == 1);
        CHECK(v.longest_road == 0);
        CHECK(v.largest_army == 0);
        CHECK(v.state->players[0].knights_played() == 3);
    }
    SECTION("all 15 roads of red on the board") {
        Verdict v = run("all-roads.json");
        CHECK(v.state->players[0].roads_left == 0);
    }
    SECTION("the whole deck drawn") {
        Verdict v = run("whole-deck.json");
        CHECK(v.state->deck_left == 0);
        CHECK(v.state->deck == std::array<int, kDevCardKinds>{0, 0, 0, 0, 0});
    }
    SECTION("the bank ran out of ore") {
        Verdict v = run("bank-shortage.json");
        CHECK(v.state->bank[static_cast<int>(Resource::kOre)] == 0);
    }
    SECTION("white resigned: hand back to the bank, turns skipped") {
        Verdict v = run("resign-3p.jsonl");
        CHECK(v.state->players[2].resigned);
        CHECK(v.state->players[2].hand_size() == 0);
        CHECK(v.standings[2].resigned);
    }
}

TEST_CASE("house-rule samples: the option changes the verdict", "[samples][variants]") {
    auto read = [](const char* file) {
        return read_sample(test::source_path("samples/logs/valid/") + file);
    };
    SECTION("vp_to_win 15: red's 10 VP do not end the game; under 10 its claim is wrong") {
        GameLog log = read("vp-to-win-15.json");
        Verdict v = replay(log, {}, "v");
        CHECK(v.outcome == Outcome::kUnfinished);
        CHECK(v.standings[0].vp == 10);
        CHECK(verdict_to_json(v, log).at("options").at("vp_to_win") == 15);
        log.options.vp_to_win = 10;
        Verdict base = replay(log, {}, "v");
        REQUIRE_FALSE(base.violations.empty());
        // The city (3 events before the end) claims no winner; under 10 red has won there.
        CHECK(base.violations.front().rule_id == "win-on-own-turn");
        CHECK(base.violations.front().event_index == static_cast<int>(log.events.size()) - 3);
    }
    SECTION("discard_limit 9: 9 cards keep all; 10 discard 5; under 7 the 9 owe 4") {
        GameLog log = read("discard-limit-9.json");
        Verdict v = replay(log, {}, "d");
        CHECK(v.violations.empty());
        int fives = 0;
        for (const auto& e : log.events)
            if (const auto* d = std::get_if<Discard>(&e.body)) fives += d->total() == 5;
        CHECK(fives >= 1);
        log.options.discard_limit = 7;
        Verdict base = replay(log, {}, "d");
        REQUIRE_FALSE(base.violations.empty());
        CHECK(base.violations.front().rule_id == "pending-seven");
        CHECK_THAT(base.violations.front().message, Catch::Contains("owes a discard of 4"));
    }
    SECTION("friendly robber: the base game's sample is the same game, valid either way") {
        GameLog log = read("friendly-robber.json");
        CHECK(log.options.friendly_robber);
        Verdict v = replay(log, {}, "f");
        CHECK(v.outcome == Outcome::kComplete);
        CHECK(verdict_to_json(v, log).at("options").at("friendly_robber") == true);
    }
}

TEST_CASE("house rules that forbid: each invalid sample is valid without its option",
          "[samples][variants]") {
    // The options only forbid moves: with the option off the same log is a legal game,
    // and the verdict echoes the option only while it is in force.
    struct Forbidding {
        const char* rule;
        void (*off)(GameOptions&);
        const char* key;
    };
    const std::vector<Forbidding> cases{
        {"no-seven-rounds", [](GameOptions& o) { o.no_seven_rounds = 0; }, "no_seven_rounds"},
        {"no-seven-until-city", [](GameOptions& o) { o.no_seven_until_city = false; },
         "no_seven_until_city"},
        {"robber-not-to-desert", [](GameOptions& o) { o.robber_not_to_desert = false; },
         "robber_not_to_desert"},
        {"no-player-trades", [](GameOptions& o) { o.no_player_trades = false; },
         "no_player_trades"},
    };
    for (const auto& c : cases) {
        INFO(c.rule);
        GameLog log = read_sample(test::source_path("samples/logs/invalid/") + c.rule + ".json");
        Verdict v = replay(log, {}, "f");
        REQUIRE_FALSE(v.violations.empty());
        CHECK(v.violations.front().rule_id == c.rule);
        CHECK(verdict_to_json(v, log).at("options").contains(c.key));
        c.off(log.options);
        Verdict without = replay(log, {}, "f");
        CHECK(without.violations.empty());
        CHECK_FALSE(verdict_to_json(without, log).at("options").contains(c.key));
    }
}

TEST_CASE("every invalid sample breaks exactly its rule at exactly its event",
          "[samples][invalid]") {
    auto logs = sample_logs("invalid");
    REQUIRE(logs.size() >= kRuleIds.size() - 1);
    for (const auto& path : logs) {
        std::string name = path.filename().string();
        INFO(name);
        auto expected = expected_for(path);
        GameLog log = read_sample(path);
        ReplayOptions opt;
        opt.strict_board = expected.value("strict", false);
        Verdict v = replay(log, opt, name);
        REQUIRE_FALSE(v.violations.empty());
        const Violation& first = v.violations.front();
        INFO(violation_text(first, log, name));
        CHECK(v.outcome == Outcome::kInvalid);
        CHECK(first.rule_id == expected.at("rule_id").get<std::string>());
        CHECK(first.event_index == expected.at("event_index").get<int>());
        CHECK_THAT(first.message,
                   Catch::Contains(expected.at("message_contains").get<std::string>()));
        // The offending event is the last one: everything before it is legal.
        if (first.event_index >= 0)
            CHECK(first.event_index == static_cast<int>(log.events.size()) - 1);
        // The file is named after the rule it breaks.
        CHECK(name.starts_with(first.rule_id));
    }
}

TEST_CASE("every rule id has a failing and a passing sample", "[samples][rules]") {
    std::vector<std::string> library(all_rule_ids().begin(), all_rule_ids().end());
    auto sorted = [](std::vector<std::string> v) {
        std::sort(v.begin(), v.end());
        return v;
    };
    CHECK(sorted(library) == sorted(kRuleIds));

    for (const auto& rule : kRuleIds) {
        INFO(rule);
        // Failing: invalid/<rule>.json; structural errors ("schema") are the malformed logs,
        // which read_log rejects before any rule runs.
        if (rule == "schema") {
            CHECK(test::file_exists(
                test::source_path("samples/logs/malformed/misspelled-field.json")));
        } else {
            CHECK(test::file_exists(test::source_path("samples/logs/invalid/" + rule + ".json")));
            CHECK(test::file_exists(
                test::source_path("samples/logs/invalid/" + rule + ".expected.json")));
        }
        int passing = 0;
        for (const auto& p : kPassing) {
            if (p.rule != rule) continue;
            ++passing;
            INFO(p.file);
            std::string text = test::read_file(test::source_path("samples/logs/valid/") + p.file);
            CHECK_THAT(text, Catch::Contains(p.shows));
        }
        CHECK(passing > 0);
    }
}

TEST_CASE("every malformed sample is an InputError naming the event and field",
          "[samples][malformed]") {
    auto logs = sample_logs("malformed");
    REQUIRE(logs.size() >= 12);
    for (const auto& path : logs) {
        std::string name = path.filename().string();
        INFO(name);
        auto expected = expected_for(path);
        std::string text = test::read_file(path.string());
        std::string message;
        try {
            (void)read_log(text, name);
        } catch (const InputError& e) {
            message = e.what();
        }
        REQUIRE_FALSE(message.empty());
        CHECK(message.starts_with(name + ": "));
        // "<file>: event 12: ..." or "<file>: event 12 (line 14): ..."
        if (const auto& index = expected.at("event_index"); !index.is_null()) {
            std::string event = fmt::format("{}: event {}", name, index.get<int>());
            CHECK((message.starts_with(event + ":") || message.starts_with(event + " (line ")));
        }
        CHECK_THAT(message, Catch::Contains(expected.at("message_contains").get<std::string>()));
    }
}

TEST_CASE("special building samples: parts, a card bought there, a win that waits",
          "[samples][variants]") {
    auto read = [](const char* file) {
        return read_sample(test::source_path("samples/logs/valid/") + file);
    };
    ReplayOptions opt;
    SECTION("blue's road and orange's knight in the phase; orange plays it on its own turn") {
        GameLog log = read("special-building.json");
        int parts = 0, old_knights = -1;
        PlayerId bought_in_part = kNoPlayer;
        opt.on_event = [&](int i, const GameState& after) {
            const EventBody& body = log.events[static_cast<std::size_t>(i)].body;
            parts += std::holds_alternative<SpecialBuild>(body);
            if (const auto* b = std::get_if<BuyDevCard>(&body);
                b && after.special.builder == b->player) {
                bought_in_part = b->player;
                old_knights = after.players[b->player].dev_old[0];
            }
        };
        Verdict v = replay(log, opt, "s");
        CHECK(v.violations.empty());
        CHECK(v.state->extension());
        CHECK(parts == 2);
        CHECK(bought_in_part == 3);  // orange
        CHECK(old_knights == 1);     // not new: playable on orange's next own turn
        CHECK(v.state->players[3].knights_played() == 1);
    }
    SECTION("the next player resigns in the phase: it goes on until the following roll") {
        GameLog log = read("special-building-resign.json");
        bool open_after_resign = false, open_before_roll = false, open_after_roll = true;
        PlayerId active_after_resign = kNoPlayer;
        opt.on_event = [&](int i, const GameState& after) {
            const EventBody& b = log.events[static_cast<std::size_t>(i)].body;
            if (std::holds_alternative<Resign>(b)) {
                open_after_resign = after.special.open();
                active_after_resign = after.active;
            }
            if (std::holds_alternative<EndTurn>(b) && event_player(b) == 3)
                open_before_roll = after.special.open();
            if (std::holds_alternative<Roll>(b) && after.turn >= 3)
                open_after_roll = after.special.open();
        };
        Verdict v = replay(log, opt, "r");
        CHECK(v.violations.empty());
        CHECK(open_after_resign);
        CHECK(active_after_resign == 2);  // white: blue's turns are skipped
        CHECK(open_before_roll);          // after orange's part
        CHECK_FALSE(open_after_roll);     // white's roll began white's turn
    }
    SECTION("vp_to_win 3: red's city in the phase makes 3 VP; red wins at its own roll") {
        GameLog log = read("special-building-win.json");
        int city_vp = 0;
        bool over_at_city = true;
        opt.on_event = [&](int i, const GameState& after) {
            if (std::holds_alternative<BuildCity>(log.events[static_cast<std::size_t>(i)].body)) {
                city_vp = after.vp(0);
                over_at_city = after.phase == Phase::kOver;
            }
        };
        Verdict v = replay(log, opt, "w");
        CHECK(v.outcome == Outcome::kComplete);
        CHECK(v.winner == 0);
        CHECK(city_vp == 3);
        CHECK_FALSE(over_at_city);
        CHECK(std::holds_alternative<Roll>(log.events.back().body));
        CHECK(event_player(log.events.back().body) == 0);
    }
}
