// The JSON Lines fast paths (simdjson) against the precise readers (nlohmann), record by
// record, for events and boards: whatever the fast path accepts, the precise reader
// accepts too and reads as the same value; everything else is left to the precise reader,
// whose messages are the reference. Inputs: every sample log and board, the fuzz corpora,
// records with one field changed, and single-byte mutations of sample records (deleted,
// doubled and replaced bytes), so the two parsers' edge cases (numbers, escapes, duplicate
// keys, trailing text, truncation) are compared directly.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <catan/board/board.hpp>
#include <catan/engine/event.hpp>
#include <catan/import/detail/catanatron_detail.hpp>
#include <catan/import/import.hpp>
#include <catan/io/board_json.hpp>
#include <catan/io/detail/board_fast.hpp>
#include <catan/io/detail/event_fast.hpp>
#include <catan/io/event_json.hpp>
#include <catan/io/event_write.hpp>
#include <catan/io/json_util.hpp>
#include <catan/io/log_format.hpp>
#include "test_support.hpp"

using namespace ctk;
namespace fs = std::filesystem;

namespace {

// The precise reader's event for one line, or nullopt when it rejects the line.
std::optional<Event> precise_event(const std::string& line, const GameLog& head) {
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded()) return std::nullopt;
    try {
        return event_from_json(j, head.seats, log_board(head).topology(), "events[0]");
    } catch (const InputError&) {
        return std::nullopt;
    }
}

struct Tally {
    int fast = 0;     // lines the fast path read (and the precise reader read alike)
    int precise = 0;  // lines left to the precise reader
    int scan = 0;     // lines of `fast` that the direct scan read (the others: simdjson)
};

// Compares the paths on one line: the direct scan and simdjson's DOM each against the
// precise reader (whatever either accepts, the precise reader accepts alike), and the fast
// path, which is the scan, else the DOM; returns false (with a Catch failure) on a
// difference.
void compare(const std::string& line, const GameLog& head, Tally& t) {
    const Topology& topology = log_board(head).topology();
    std::optional<Event> fast = detail::read_event_fast(line, head.seats, topology);
    std::optional<Event> scan = detail::read_event_scan(line, head.seats, topology);
    std::optional<Event> dom = detail::read_event_dom(line, head.seats, topology);
    INFO("line: " << line);
    REQUIRE(fast.has_value() == (scan || dom));
    // The scan of the line where it starts in a block of input (more lines after it) reads
    // the same event and finds where the line ends.
    std::size_t length = 0;
    std::optional<Event> in_block =
        detail::read_event_scan_line(line + "\n" + line + "\n", head.seats, topology, length);
    if (line.find('\n') == std::string::npos) {
        REQUIRE(in_block.has_value() == scan.has_value());
        if (scan) {
            CHECK(length == line.size());
            CHECK(event_to_json(*in_block, head.seats) == event_to_json(*scan, head.seats));
        }
    }
    if (!fast) {
        ++t.precise;
        return;
    }
    ++t.fast;
    std::optional<Event> precise = precise_event(line, head);
    REQUIRE(precise.has_value());
    const nlohmann::json want = event_to_json(*precise, head.seats);
    CHECK(event_to_json(*fast, head.seats) == want);
    if (scan) {
        ++t.scan;
        CHECK(event_to_json(*scan, head.seats) == want);
    }
    if (dom) CHECK(event_to_json(*dom, head.seats) == want);
}

std::vector<std::string> sample_logs() {
    std::vector<std::string> paths;
    for (const char* dir : {"samples/logs/valid", "samples/logs/invalid"})
        for (const auto& entry : fs::directory_iterator(test::source_path(dir))) {
            std::string path = entry.path().string();
            if (path.find(".expected.") == std::string::npos) paths.push_back(path);
        }
    std::sort(paths.begin(), paths.end());
    return paths;
}

// The header of a log and its event lines as JSON Lines.
std::pair<GameLog, std::vector<std::string>> as_lines(const std::string& path) {
    GameLog log = read_log(test::read_file(path), path);
    std::vector<std::string> lines;
    for (const Event& e : log.events) lines.push_back(event_to_json(e, log.seats).dump());
    log.events.clear();
    return {std::move(log), std::move(lines)};
}

}  // namespace

TEST_CASE("the simdjson fast path reads every sample event line as the precise reader",
          "[event][fast-path]") {
    Tally t;
    int files = 0;
    for (const auto& path : sample_logs()) {
        auto [head, lines] = as_lines(path);
        for (const auto& line : lines) compare(line, head, t);
        ++files;
    }
    CHECK(files > 30);
    // Lines with claims (what a roll gave, the awards, the VP) take the precise reader; the
    // others are fast, and as written (keys sorted, no blanks) read by the direct scan.
    CHECK(t.fast > 1000);
    CHECK(t.scan == t.fast);
    CHECK(t.precise > 100);
}

TEST_CASE("the fast path and the precise reader agree on every fuzz corpus line",
          "[event][fast-path][fuzz]") {
    Tally t;
    int logs = 0;
    for (const auto& entry : fs::directory_iterator(test::source_path("tests/fuzz_corpus"))) {
        if (!entry.is_regular_file() || entry.path().filename() == "README.md") continue;
        std::string text = test::read_file(entry.path().string());
        // The header: the first non-blank line, when it is one (JSON Lines logs only).
        std::size_t pos = 0;
        std::string first;
        while (pos < text.size() && first.find_first_not_of(" \t\r") == std::string::npos) {
            std::size_t end = std::min(text.find('\n', pos), text.size());
            first = text.substr(pos, end - pos);
            pos = end + 1;
        }
        std::optional<GameLog> head;
        try {
            head = read_log(first + "\n", "header");
        } catch (const InputError&) {
        }
        if (!head || first.find("\"events\"") != std::string::npos) continue;
        ++logs;
        while (pos < text.size()) {
            std::size_t end = std::min(text.find('\n', pos), text.size());
            std::string line = text.substr(pos, end - pos);
            pos = end + 1;
            if (line.find('\0') == std::string::npos) compare(line, *head, t);
        }
    }
    CHECK(logs >= 10);  // most of the corpus are documents
    CHECK(t.fast > 0);
    CHECK(t.precise > 0);
}

TEST_CASE("the fast path and the precise reader agree on single-byte mutations of events",
          "[event][fast-path]") {
    auto [head, lines] = as_lines(test::source_path("samples/logs/valid/complete-3p.json"));
    // One line of each event type in the sample, plus hand-made lines for the rest.
    std::vector<std::string> picked;
    std::vector<std::string> types;
    for (const auto& line : lines) {
        std::string type = nlohmann::json::parse(line).value("type", "");
        if (std::find(types.begin(), types.end(), type) == types.end() &&
            line.find("claims") == std::string::npos) {
            types.push_back(type);
            picked.push_back(line);
        }
    }
    for (
        const char* extra :
        {R"({"type":"move_robber","player":"red","hex":4,"victim":"blue","stolen":"ore"})",
         R"({"type":"move_robber","player":"red","hex":4,"victim":null,"stolen":null})",
         R"({"type":"discard","player":"blue","cards":{"brick":2,"ore":2}})",
         R"({"type":"buy_dev_card","player":"red","card":null})",
         R"({"type":"play_monopoly","player":"red","resource":"wool"})",
         R"({"type":"trade_player","player":"red","partner":"blue","give":{"ore":1},"get":{"wool":2}})",
         R"({"type":"roll","player":"white","dice":[6,1]})"})
        picked.push_back(extra);
    REQUIRE(picked.size() >= 12);
    Tally t;
    const std::string replacements = "0123456789\"{}[],:-+.eE \\nutrl\x01\xff";
    for (const auto& line : picked) {
        for (std::size_t i = 0; i < line.size(); ++i) {
            std::string deleted = line;
            deleted.erase(i, 1);
            compare(deleted, head, t);
            std::string doubled = line;
            doubled.insert(i, 1, line[i]);
            compare(doubled, head, t);
            for (char c : replacements) {
                std::string replaced = line;
                replaced[i] = c;
                compare(replaced, head, t);
            }
        }
        compare(line + " x", head, t);
        compare(line + line, head, t);
    }
    CHECK(t.fast > 100);
    CHECK(t.scan > 100);
    CHECK(t.fast > t.scan);  // blanks, escapes and the like: simdjson's parser
    CHECK(t.precise > 1000);
}

TEST_CASE("the direct scan leaves every other spelling of an event to simdjson",
          "[event][fast-path]") {
    auto [head, lines] = as_lines(test::source_path("samples/logs/valid/complete-3p.json"));
    const Topology& topology = log_board(head).topology();
    auto scan = [&](const std::string& line) {
        return detail::read_event_scan(line, head.seats, topology).has_value();
    };
    auto dom = [&](const std::string& line) {
        return detail::read_event_dom(line, head.seats, topology).has_value();
    };
    const std::string plain = R"({"dice":[3,4],"player":"red","type":"roll"})";
    REQUIRE(scan(plain));
    // Valid JSON of a valid event that the scan does not read: simdjson reads it.
    for (const char* line : {R"({"dice":[3,4],"player":"r\u0065d","type":"roll"})",
                             R"({"dice":[3,4],"player":"red","type":"roll"} )",
                             "{\"dice\":[3,4],\"player\":\"red\",\"type\":\"roll\"}\r",
                             R"({ "dice":[3,4],"player":"red","type":"roll"})",
                             R"({"edge":-0,"player":"red","type":"build_road"})"}) {
        INFO(line);
        CHECK_FALSE(scan(line));
        CHECK(dom(line));
    }
    // Not JSON, or not an event the precise reader accepts: neither reads it.
    for (const char* line : {R"({"dice":[3,04],"player":"red","type":"roll"})",
                             R"({"dice":[3,4.0],"player":"red","type":"roll"})",
                             R"({"dice":[3,4e0],"player":"red","type":"roll"})",
                             R"({"dice":[3,4],"player":"red","type":"roll"}x)",
                             "{\"dice\":[3,4],\"player\":\"r\x01"
                             "d\",\"type\":\"roll\"}",
                             R"({"dice":[3,4],"player":"red","type":"roll","type":"roll"})",
                             R"({"dice":[3,7],"player":"red","type":"roll"})",
                             R"({"dice":[3,4],"player":"red","type":"roll")",
                             R"({"edge":1234567890,"player":"red","type":"build_road"})"}) {
        INFO(line);
        CHECK_FALSE(scan(line));
        CHECK_FALSE(dom(line));
    }
}

namespace {

// The precise reader's board for one record, or nullopt when it rejects the record.
std::optional<Board> precise_board(const std::string& text) {
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded()) return std::nullopt;
    try {
        return board_from_json(j);
    } catch (const InputError&) {
        return std::nullopt;
    }
}

void compare_board(const std::string& text, Tally& t) {
    std::optional<Board> fast = detail::read_board_fast(text);
    if (!fast) {
        ++t.precise;
        return;
    }
    ++t.fast;
    std::optional<Board> precise = precise_board(text);
    INFO("record: " << text);
    REQUIRE(precise.has_value());
    CHECK(*fast == *precise);
    CHECK(board_to_json(*fast) == board_to_json(*precise));
}

}  // namespace

TEST_CASE("the board fast path reads boards as the precise reader", "[board][fast-path]") {
    Tally t;
    std::vector<std::string> records;
    for (const char* dir : {"samples/boards", "samples/boards/invalid", "tests/fuzz_corpus/board"})
        for (const auto& entry : fs::directory_iterator(test::source_path(dir)))
            if (entry.is_regular_file()) records.push_back(test::read_file(entry.path().string()));
    for (const auto& text : records) compare_board(text, t);
    // Generated boards of both sizes, and their records with one field changed.
    std::string beginner = board_to_json(Board::beginner()).dump();
    for (const char* edit :
         {R"("robber":9)", R"("robber":4)", R"("robber":19)", R"("token":7)", R"("token":null)",
          R"("terrain":"desert")", R"("side":"E")", R"("edge":1)", R"("vertices":[1,0])",
          R"("vertices":[0,2])", R"("id":3)", R"("q":3)", R"("kind":"custom")", R"("kind":"huge")",
          R"("version":2)", R"("type":"3:1")"}) {
        std::string key = std::string(edit).substr(0, std::string(edit).find(':') + 1);
        for (std::size_t at = beginner.find(key); at != std::string::npos;
             at = beginner.find(key, at + 1)) {
            std::size_t end = beginner.find_first_of(",}", at);
            if (beginner[end - 1] == '[') end = beginner.find(']', at) + 1;
            std::string changed = beginner.substr(0, at) + edit + beginner.substr(end);
            compare_board(changed, t);
        }
    }
    // Single-byte mutations of the beginner board's record.
    for (std::size_t i = 0; i < beginner.size(); i += 7)
        for (char c : std::string("0123456789\"{}[],:- x")) {
            std::string replaced = beginner;
            replaced[i] = c;
            compare_board(replaced, t);
        }
    CHECK(t.fast > 100);
    CHECK(t.precise > 100);
}

namespace {

// Both catanatron importers on one record: when the fast path reads it, the precise
// reader reads it too, as the same log (board, seats, events, claims and source, compared
// as the native log they write). Returns whether the precise reader accepts the record.
bool compare_catanatron(const std::string& text, Tally& t) {
    std::optional<GameLog> fast = detail::import_catanatron_fast(text, "r.json");
    std::optional<GameLog> precise;
    try {
        precise = detail::import_catanatron_precise(text, "r.json");
    } catch (const InputError&) {
    }
    if (!fast) {
        ++t.precise;
        return precise.has_value();
    }
    ++t.fast;
    INFO("record of " << text.size() << " bytes: " << text.substr(0, 300));
    REQUIRE(precise.has_value());
    CHECK(write_log(*fast, LogFormat::kJson) == write_log(*precise, LogFormat::kJson));
    return true;
}

std::vector<std::string> catanatron_records() {
    std::vector<std::string> paths;
    for (const auto& entry : fs::directory_iterator(test::source_path("samples/real")))
        if (entry.path().filename().string().starts_with("catanatron-"))
            paths.push_back(entry.path().string());
    for (const auto& entry :
         fs::directory_iterator(test::source_path("tests/fuzz_corpus/catanatron")))
        paths.push_back(entry.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

}  // namespace

TEST_CASE("the catanatron fast path reads every record as the precise importer",
          "[import][catanatron][fast-path]") {
    Tally t;
    int accepted = 0;
    std::vector<std::string> paths = catanatron_records();
    // The shared corpus too, when it is there (corpus_test.cpp requires it in CI).
    fs::path shared = fs::path(test::data_dir()) / "catanatron";
    if (fs::is_directory(shared))
        for (const auto& e : fs::recursive_directory_iterator(shared))
            if (e.is_regular_file() && e.path().extension() == ".json")
                paths.push_back(e.path().string());
    for (const auto& path : paths) {
        INFO(path);
        accepted += compare_catanatron(test::read_file(path), t);
    }
    // Samples and fuzz seeds: 3 whole records and one cut off; every whole one is fast.
    CHECK(paths.size() >= 4);
    CHECK(accepted == static_cast<int>(paths.size()) - 1);
    CHECK(t.fast == accepted);
}

TEST_CASE("the catanatron fast path and the precise importer agree on changed records",
          "[import][catanatron][fast-path]") {
    const std::string record =
        test::read_file(test::source_path("samples/real/catanatron-road-through-settlement.json"));
    REQUIRE(record.size() > 40000);
    Tally t;
    auto replace_first = [&](const std::string& what, const std::string& by) {
        std::size_t at = record.find(what);
        REQUIRE(at != std::string::npos);
        return record.substr(0, at) + by + record.substr(at + what.size());
    };
    // Left to the precise importer, which accepts or refuses them itself: a field repeated
    // (nlohmann keeps the last value, simdjson's lookup would find the first), an escape no
    // JSON string may hold and a number past double in fields the importer does not read,
    // text after the record, a cut record, unknown names, a node key written otherwise.
    const std::string close = record.substr(0, record.rfind('}'));
    for (const std::string& changed :
         {close + R"(,"colors":["RED","BLUE"]})", close + R"(,"winning_color":null})",
          close + R"(,"extra":"\ud800"})", close + R"(,"extra":1e999})", record + " x",
          record + "{}", record.substr(0, record.size() / 2),
          replace_first("\"BRICK\"", "\"CLAY\""), replace_first("\"NORTH\"", "\"NORTHNORTH\""),
          replace_first("\"ROLL\"", "\"ROLL2\""),
          replace_first("\"nodes\": {\"0\"", "\"nodes\": {\"00\""),
          replace_first("\"nodes\": {\"0\"", "\"nodes\": {\"1\""),
          replace_first("\"action_records\"", "\"action_record\"")})
        compare_catanatron(changed, t);
    CHECK(t.fast == 0);
    CHECK(t.precise == 13);
    // Single-byte mutations spread over the record (structure, numbers, names): whatever
    // the fast path reads, the precise importer reads alike.
    double scale = 1.0;  // CATAN_TEST_SCALE (the sanitizer pass sets 0.1)
    if (const char* e = std::getenv("CATAN_TEST_SCALE"); e && *e) scale = std::atof(e);
    const int scale_steps = std::max(1, static_cast<int>(50 * scale));
    const std::size_t step = record.size() / static_cast<std::size_t>(scale_steps);
    int accepted = 0;
    for (std::size_t i = 0; i < record.size(); i += step)
        for (char c : std::string("0\"}],- 7")) {
            std::string changed = record;
            changed[i] = c;
            accepted += compare_catanatron(changed, t);
        }
    CHECK(t.fast == accepted);
    CHECK(t.fast > 0);
    CHECK(t.precise > 0);
}

namespace {

// Both header readers on one JSON Lines header line: when the fast path reads it, the
// precise reader reads it too, as the same header.
void compare_header(const std::string& line, Tally& t) {
    std::optional<GameLog> fast = detail::read_header_fast(line);
    if (!fast) {
        ++t.precise;
        return;
    }
    ++t.fast;
    INFO("header: " << line.substr(0, 400));
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    REQUIRE(!j.is_discarded());
    std::optional<GameLog> precise;
    try {
        precise = detail::read_header_precise(j);
    } catch (const InputError& e) {
        FAIL("the precise reader refuses it: " << e.what());
    }
    CHECK(write_log(*fast, LogFormat::kJsonl) == write_log(*precise, LogFormat::kJsonl));
    CHECK(fast->version == precise->version);
    CHECK(fast->options == precise->options);
    CHECK(fast->unrecorded.discards == precise->unrecorded.discards);
    CHECK(fast->board.has_value() == precise->board.has_value());
    if (fast->board && precise->board) CHECK(*fast->board == *precise->board);
}

}  // namespace

TEST_CASE("the header fast path reads log headers as the precise reader", "[event][fast-path]") {
    Tally t;
    std::vector<std::string> headers;
    for (const auto& path : sample_logs()) {
        const GameLog log = read_log(test::read_file(path), path);
        std::string text = write_log(log, LogFormat::kJsonl);
        headers.push_back(text.substr(0, text.find('\n')));
    }
    for (const char* extra :
         {R"({"format":"catan-log","version":1,"seats":[{"name":"red"},{"name":"blue"}]})",
          R"({"format":"catan-log","options":{"vp_to_win":12,"discard_limit":9,)"
          R"("friendly_robber":true},"seats":[{"name":"a","color":"red","source_seat":3},)"
          R"({"name":"b"}],"unrecorded":["discards"],"source":"x \u00e9","version":1})",
          R"({"format":"catan-log","seats":[{"name":"a"},{"name":"a"}]})",
          R"({"format":"catan-log","seats":[{"name":"a"},{"name":""}]})",
          R"({"format":"catan-log","seats":[{"name":"a"}]})",
          R"({"format":"catan-log","seats":[{"name":"a"},{"name":"b"},{"name":"c"},)"
          R"({"name":"d"},{"name":"e"}]})",
          R"({"format":"catan-log","seats":[{"name":"a"},{"name":"b"}],"events":[]})",
          R"({"seats":[{"name":"a"},{"name":"b"}]})",
          R"({"format":"catan-log","version":1.0,"seats":[{"name":"a"},{"name":"b"}]})",
          R"({"format":"catan-log","options":{"vp_to_win":2},"seats":[{"name":"a"},{"name":"b"}]})",
          R"({"format":"catan-log","unrecorded":["discard"],"seats":[{"name":"a"},{"name":"b"}]})",
          R"({"format":"catan-log","seats":[{"name":"a"},{"name":"b"}],"format":"catan-log"})"})
        headers.push_back(extra);
    for (const auto& line : headers) compare_header(line, t);
    CHECK(t.fast >= 30);
    CHECK(t.precise == 10);
    // Single-byte mutations of a header with a board, options and every seat field.
    const std::string base = headers.front();
    double scale = 1.0;  // CATAN_TEST_SCALE (the sanitizer pass sets 0.1)
    if (const char* e = std::getenv("CATAN_TEST_SCALE"); e && *e) scale = std::atof(e);
    const std::size_t step = std::max<std::size_t>(1, static_cast<std::size_t>(2 / scale));
    for (const auto& line : {base, headers[headers.size() - 11]})
        for (std::size_t i = 0; i < line.size(); i += step)
            for (char c : std::string("0\"}],:- 7a")) {
                std::string changed = line;
                changed[i] = c;
                compare_header(changed, t);
            }
    // Counts in proportion to the share run (step 2 at scale 1).
    CHECK(t.fast > static_cast<int>(200 / step));
    CHECK(t.precise > static_cast<int>(2000 / step));
}

namespace {

// The writer's text for one event against nlohmann's dump of event_to_json; returns
// whether the writer took the event.
bool compare_written(const Event& e, const std::vector<Seat>& seats) {
    const detail::EventWriter writer(seats);
    std::string out = "x";
    if (!writer.append(out, e)) {
        CHECK(out == "x");
        return false;
    }
    std::string expected = "x";
    expected += json_util::dump(event_to_json(e, seats));
    CHECK(out == expected);
    return true;
}

}  // namespace

TEST_CASE("the event writer writes every event as event_to_json does", "[event][fast-path]") {
    int written = 0, left = 0;
    auto all = [&](const GameLog& log) {
        for (const Event& e : log.events) (compare_written(e, log.seats) ? written : left) += 1;
    };
    for (const auto& path : sample_logs()) all(read_log(test::read_file(path), path));
    // Every sample recording as imported, and their spectator-like views (hidden values).
    for (const auto& entry : fs::directory_iterator(test::source_path("samples/real"))) {
        const std::string path = entry.path().string();
        const std::string text = test::read_file(path);
        auto format = detect_import_format(text);
        REQUIRE(format.has_value());
        all(import_log(text, path, *format));
    }
    CHECK(written > 2500);
    CHECK(left > 100);  // events with claims
    // Every shape by hand: sums without dice, hidden discards, nobody as victim or
    // partner, unknown cards, negative and zero counts; names that need escaping.
    std::vector<Seat> seats{{"red", "red", {}}, {"blue", "blue", {}}};
    ResourceCounts some{};
    some[static_cast<std::size_t>(Resource::kWool)] = 2;
    some[static_cast<std::size_t>(Resource::kBrick)] = -1;
    some[static_cast<std::size_t>(Resource::kOre)] = 11;
    std::vector<EventBody> bodies{PlaceSettlement{0, 53},
                                  PlaceRoad{1, 71},
                                  Roll{0, 6, 6},
                                  Roll{0, 0, 9},
                                  Discard{1, some},
                                  Discard{1, {}, true, 4},
                                  MoveRobber{0, 18, 1, Resource::kGrain},
                                  MoveRobber{0, 3, kNoPlayer, std::nullopt},
                                  TradeBank{0, some, {}},
                                  TradeOffer{0, kNoPlayer, some, some},
                                  TradeAccept{1},
                                  TradeReject{1},
                                  TradeCancel{0},
                                  TradePlayer{0, 1, {}, some},
                                  BuildRoad{0, 0},
                                  BuildSettlement{1, 0},
                                  BuildCity{kNoPlayer, 7},
                                  BuyDevCard{0, DevCard::kVictoryPoint},
                                  BuyDevCard{0, std::nullopt},
                                  PlayKnight{0},
                                  PlayRoadBuilding{1},
                                  PlayYearOfPlenty{0, some},
                                  PlayMonopoly{1, Resource::kLumber, std::nullopt},
                                  EndTurn{0},
                                  Resign{1},
                                  SpecialBuild{0}};
    for (const EventBody& b : bodies) CHECK(compare_written(Event{b, nullptr, 0}, seats));
    for (const char* name : {"r\"ed", "r\\ed", "r\ted",
                             "r\xc3\xa9"
                             "d",
                             "r\x7f"}) {
        std::vector<Seat> odd{{name, "red", {}}, {"blue", "blue", {}}};
        CHECK_FALSE(compare_written(Event{EndTurn{0}, nullptr, 0}, odd));
    }
    CHECK_FALSE(compare_written(Event{EndTurn{5}, nullptr, 0}, seats));  // not a seat
}
