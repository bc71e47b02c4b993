// The JSON Lines fast paths (simdjson) against the precise readers (nlohmann), record by
// record, for events and boards: whatever the fast path accepts, the precise reader
// accepts too and reads as the same value; everything else is left to the precise reader,
// whose messages are the reference. Inputs: every sample log and board, the fuzz corpora,
// records with one field changed, and single-byte mutations of sample records (deleted,
// doubled and replaced bytes), so the two parsers' edge cases (numbers, escapes, duplicate
// keys, trailing text, truncation) are compared directly.
#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "board.hpp"
#include "board_fast.hpp"
#include "event.hpp"
#include "event_fast.hpp"
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
};

// Compares both paths on one line; returns false (with a Catch failure) on a difference.
void compare(const std::string& line, const GameLog& head, Tally& t) {
    std::optional<Event> fast =
        detail::read_event_fast(line, head.seats, log_board(head).topology());
    if (!fast) {
        ++t.precise;
        return;
    }
    ++t.fast;
    std::optional<Event> precise = precise_event(line, head);
    INFO("line: " << line);
    REQUIRE(precise.has_value());
    CHECK(event_to_json(*fast, head.seats) == event_to_json(*precise, head.seats));
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
    // others are fast.
    CHECK(t.fast > 1000);
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
    CHECK(t.precise > 1000);
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
