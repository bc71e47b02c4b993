// The log-format fields for house rules and hidden information (DESIGN.md sections 4 and 8):
// header options and "unrecorded", sum-only rolls, hidden discards, hand and bank claims.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/board/topology.hpp>
#include <catan/engine/event.hpp>
#include <catan/io/detail/event_fast.hpp>
#include <catan/io/event_json.hpp>
#include <catan/io/json_util.hpp>
#include <catan/io/log_format.hpp>

using namespace ctk;

namespace {

const std::string kHeader =
    R"({"format": "catan-log", "version": 1, "seats": [{"name": "red"}, {"name": "blue"}]})";

GameLog read_jsonl(const std::string& header_extra, const std::string& events) {
    std::string h = kHeader;
    h.insert(h.size() - 1, header_extra);
    return read_log(h + "\n" + events, "t.jsonl");
}

std::string error_of(const std::string& header_extra, const std::string& events) {
    try {
        (void)read_jsonl(header_extra, events);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("header options and unrecorded are read, written back and checked", "[log][format]") {
    GameLog log = read_jsonl(
        R"(, "options": {"vp_to_win": 15, "discard_limit": 9, "friendly_robber": true}, "unrecorded": ["discards"])",
        "");
    CHECK(log.options.vp_to_win == 15);
    CHECK(log.options.discard_limit == 9);
    CHECK(log.options.friendly_robber);
    CHECK(log.unrecorded.discards);
    GameLog again = read_log(write_log(log, LogFormat::kJsonl), "again.jsonl");
    CHECK(again.options.discard_limit == 9);
    CHECK(again.options.friendly_robber);
    CHECK(again.unrecorded.discards);

    GameLog base = read_jsonl("", "");
    CHECK(base.options.discard_limit == 7);
    CHECK_FALSE(base.options.friendly_robber);
    CHECK_FALSE(base.unrecorded.discards);
    // Options at their default are not written (vp_to_win always is).
    CHECK(log_header_to_json(base).at("options").dump() == R"({"vp_to_win":10})");
    CHECK_FALSE(log_header_to_json(base).contains("unrecorded"));

    CHECK(error_of(R"(, "options": {"discard_limt": 9})", "") ==
          "t.jsonl: header (line 1): options.discard_limt: unknown option (expected vp_to_win, "
          "discard_limit, friendly_robber, unlimited_bank, special_building_any_order, "
          "win_when_turn_passes, no_seven_rounds, no_seven_until_city, "
          "robber_not_to_desert, no_player_trades)");
    CHECK(
        error_of(R"(, "options": {"friendly_robber": 1})", "") ==
        "t.jsonl: header (line 1): options.friendly_robber: expected true or false, got number 1");
    CHECK(error_of(R"(, "unrecorded": ["steals"])", "") ==
          "t.jsonl: header (line 1): unrecorded[0]: unknown name \"steals\" (expected discards)");
    CHECK(error_of(R"(, "options": {"unlimited_bank": "yes"})", "") ==
          "t.jsonl: header (line 1): options.unlimited_bank: expected true or false, got string "
          "\"yes\"");
}

TEST_CASE("the readings of other engines are header options, written only when set",
          "[log][format]") {
    GameLog log = read_jsonl(
        R"(, "options": {"unlimited_bank": true, "special_building_any_order": true, "win_when_turn_passes": false})",
        "");
    CHECK(log.options.unlimited_bank);
    CHECK(log.options.special_building_any_order);
    CHECK_FALSE(log.options.win_when_turn_passes);
    CHECK(log_header_to_json(log).at("options").dump() ==
          R"({"special_building_any_order":true,"unlimited_bank":true,"vp_to_win":10})");
    GameLog again = read_log(write_log(log, LogFormat::kJsonl), "again.jsonl");
    CHECK(again.options == log.options);
    // The fast reader agrees with the precise one (a log it cannot read goes to the latter).
    GameLog doc = read_log(write_log(log, LogFormat::kJson), "again.json");
    CHECK(doc.options == log.options);
    CHECK(options_text(log.options, true) ==
          "unlimited bank, special building in any order, 5-6 player extension");
    CHECK(options_to_json(log.options, false).dump() ==
          R"({"discard_limit":7,"extension":false,"friendly_robber":false,)"
          R"("special_building_any_order":true,"unlimited_bank":true,"vp_to_win":10,)"
          R"("win_when_turn_passes":false})");
}

TEST_CASE("every option of the options' table is read by both header readers within its range",
          "[log][format]") {
    for (const OptionSpec& o : kGameOptions) {
        INFO(o.key);
        std::vector<std::pair<std::string, bool>> values;  // a JSON value, whether it is read
        if (o.number)
            values = {{std::to_string(o.min), true},
                      {std::to_string(o.max), true},
                      {std::to_string(o.min - 1), false},
                      {std::to_string(o.max + 1), false},
                      {"true", false}};
        else
            values = {{"true", true}, {"false", true}, {"1", false}};
        for (const auto& [value, read] : values) {
            INFO(value);
            const std::string line = fmt::format(
                R"({{"format":"catan-log","options":{{"{}":{}}},"seats":[{{"name":"a"}},)"
                R"({{"name":"b"}}]}})",
                o.key, value);
            const std::optional<GameLog> fast = detail::read_header_fast(line);
            CHECK(fast.has_value() == read);
            if (!read) {
                CHECK_THROWS_WITH(detail::read_header_precise(nlohmann::json::parse(line)),
                                  Catch::StartsWith(fmt::format("options.{}: ", o.key)));
                continue;
            }
            const GameLog precise = detail::read_header_precise(nlohmann::json::parse(line));
            CHECK(fast->options == precise.options);
            if (o.number) CHECK(precise.options.*o.number == std::stoi(value));
            if (o.flag) CHECK(precise.options.*o.flag == (value == "true"));
            CHECK(read_log(write_log(precise, LogFormat::kJsonl), "again.jsonl").options ==
                  precise.options);
        }
    }
    CHECK(error_of(R"(, "options": {"robber": true})", "") ==
          "t.jsonl: header (line 1): options.robber: unknown option (expected vp_to_win, "
          "discard_limit, friendly_robber, unlimited_bank, special_building_any_order, "
          "win_when_turn_passes, no_seven_rounds, no_seven_until_city, "
          "robber_not_to_desert, no_player_trades)");
    GameOptions o;
    o.vp_to_win = 12;
    o.discard_limit = 9;
    o.friendly_robber = true;
    o.win_when_turn_passes = true;
    CHECK(options_text(o, false) ==
          "vp_to_win 12, discard_limit 9, friendly robber, win when the turn passes");
}

TEST_CASE("a card count is at most kMaxCardCount in both event readers", "[log][format]") {
    const std::vector<Seat> seats{{"red", "red", std::nullopt}, {"blue", "blue", std::nullopt}};
    for (int n : {kMaxCardCount, kMaxCardCount + 1}) {
        INFO(n);
        const std::string line =
            fmt::format(R"({{"type": "discard", "player": "blue", "cards": {{"ore": {}}}}})", n);
        CHECK(detail::read_event_fast(line, seats, Topology::standard()).has_value() ==
              (n <= kMaxCardCount));
        const std::string error = error_of("", line + "\n");
        if (n <= kMaxCardCount)
            CHECK(error == "");
        else
            CHECK(error == fmt::format("t.jsonl: event 0 (line 2): events[0].cards.ore: expected "
                                       "an integer 0..{}, got {}",
                                       kMaxCardCount, n));
    }
}

TEST_CASE("a roll may give only its sum, a discard may hide its cards", "[log][format]") {
    GameLog log =
        read_jsonl("", R"({"type": "roll", "player": "red", "sum": 8})"
                       "\n"
                       R"({"type": "discard", "player": "blue", "cards": null, "count": 4})"
                       "\n"
                       R"({"type": "discard", "player": "red", "cards": {"ore": 2, "wool": 1}})"
                       "\n");
    REQUIRE(log.events.size() == 3);
    const auto& roll = std::get<Roll>(log.events[0].body);
    CHECK_FALSE(roll.pair_known());
    CHECK(roll.sum() == 8);
    const auto& hidden = std::get<Discard>(log.events[1].body);
    CHECK(hidden.hidden);
    CHECK(hidden.total() == 4);
    const auto& known = std::get<Discard>(log.events[2].body);
    CHECK_FALSE(known.hidden);
    CHECK(known.total() == 3);

    const std::string out = write_log(log, LogFormat::kJsonl);
    CHECK(out.find(R"({"player":"red","sum":8,"type":"roll"})") != std::string::npos);
    CHECK(out.find(R"({"cards":null,"count":4,"player":"blue","type":"discard"})") !=
          std::string::npos);

    CHECK(error_of("", R"({"type": "discard", "player": "red", "cards": null})") ==
          "t.jsonl: event 0 (line 2): events[0].count: missing (a discard with hidden cards "
          "says how many)");
    CHECK(error_of("", R"({"type": "roll", "player": "red", "sum": 13})") ==
          "t.jsonl: event 0 (line 2): events[0].sum: expected an integer 2..12, got 13");
    CHECK(error_of("", R"({"type": "roll", "player": "red", "sum": 7, "dice": [3, 4]})") ==
          "t.jsonl: event 0 (line 2): events[0].sum: give either dice or sum, not both");
    CHECK(
        error_of("", R"({"type": "discard", "player": "red", "cards": {"ore": 2}, "count": 3})") ==
        "t.jsonl: event 0 (line 2): events[0].count: expected 2 (the number of cards given), "
        "got 3");
}

TEST_CASE("hand and bank claims are read and written", "[log][format]") {
    GameLog log = read_jsonl(
        "",
        R"({"type": "end_turn", "player": "red", "claims": {"hands": {"blue": {"ore": 1}}, "bank": {"brick": 19, "ore": 18}}})"
        "\n");
    const Claims& c = *log.events[0].claims;
    REQUIRE(c.hands);
    CHECK_FALSE((*c.hands)[0]);
    CHECK((*c.hands)[1] == ResourceCounts{0, 0, 0, 0, 1});
    CHECK(c.bank == ResourceCounts{19, 0, 0, 0, 18});
    CHECK(claims_to_json(c, log.seats).dump() ==
          R"({"bank":{"brick":19,"ore":18},"hands":{"blue":{"ore":1}}})");
}

TEST_CASE("a monopoly may state its haul, one count per seat", "[log][format]") {
    GameLog log = read_jsonl(
        "", R"({"type": "play_monopoly", "player": "blue", "resource": "ore", "given": [3, 0]})"
            "\n");
    REQUIRE(log.events.size() == 1);
    const auto& m = std::get<PlayMonopoly>(log.events[0].body);
    REQUIRE(m.given);
    CHECK(*m.given == SeatCounts{3, 0, 0, 0, 0, 0});
    const std::string text = write_log(log, LogFormat::kJsonl);
    CHECK_THAT(text,
               Catch::Contains(
                   R"({"given":[3,0],"player":"blue","resource":"ore","type":"play_monopoly"})"));
    CHECK(write_log(read_log(text, "again.jsonl"), LogFormat::kJsonl) == text);
    CHECK(write_log(read_log(write_log(log, LogFormat::kJson), "again.json"), LogFormat::kJsonl) ==
          text);
    CHECK(error_of(
              "",
              R"({"type": "play_monopoly", "player": "blue", "resource": "ore", "given": [3]})") ==
          "t.jsonl: event 0 (line 2): events[0].given: expected 2 counts, one per seat in turn "
          "order, got an array of 1");
    CHECK(
        error_of(
            "",
            R"({"type": "play_monopoly", "player": "blue", "resource": "ore", "given": [3, 1]})") ==
        "t.jsonl: event 0 (line 2): events[0].given[1]: expected 0: the monopolist gives nothing "
        "to "
        "itself");
    CHECK(
        error_of(
            "",
            R"({"type": "play_monopoly", "player": "blue", "resource": "ore", "given": [96, 0]})") ==
        "t.jsonl: event 0 (line 2): events[0].given[0]: expected an integer 0..95, got 96");
}
