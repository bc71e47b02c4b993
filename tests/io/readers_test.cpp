// Readers against malformed input: every offset and slice stays inside the text (issue
// 11), so a last line without a final newline, NUL bytes or a cut mid-record gives a
// result or an InputError naming the input — never a read past the end.
#include <functional>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <catan/board/board.hpp>
#include <catan/engine/event.hpp>
#include <catan/io/board_json.hpp>
#include <catan/io/board_stream.hpp>
#include <catan/io/event_json.hpp>
#include <catan/io/log_format.hpp>
#include "test_support.hpp"

using namespace ctk;

namespace {
const std::string kHeader =
    R"({"format":"catan-log","version":1,"seats":[{"name":"red"},{"name":"blue"}]})";

std::string read_error(const std::string& text, const std::string& name) {
    try {
        (void)read_log(text, name);
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}
}  // namespace

TEST_CASE("log reader: a JSON Lines header without a final newline is a log of no events",
          "[event][readers]") {
    // Before the fix the reader's position passed the end of the text here.
    GameLog log = read_log(kHeader, "h.jsonl");
    CHECK(log.seats.size() == 2);
    CHECK(log.events.empty());
    GameLog with_event = read_log(
        kHeader + "\n" + R"({"type":"place_settlement","player":"red","vertex":3})", "e.jsonl");
    REQUIRE(with_event.events.size() == 1);
    CHECK(with_event.events[0].source_line == 2);
    CHECK(read_log(kHeader + "\n\n  \n", "blank.jsonl").events.empty());
}

TEST_CASE("log reader: a NUL byte is an error, not the end of the text", "[event][readers]") {
    // nlohmann's parser stops at a NUL byte: the header alone was read, the rest ignored.
    CHECK(read_error(kHeader + std::string("\0\0\0x", 4), "n.jsonl") ==
          "n.jsonl: not valid JSON: line 1, column " + std::to_string(kHeader.size() + 1) +
              ": a NUL byte (JSON has none)");
    CHECK(read_error(kHeader + "\n{\"type\":\"end_turn\",\"player\":\"red\"}" +
                         std::string("\0", 1) + "\n",
                     "n2.jsonl") ==
          "n2.jsonl: not valid JSON: line 2, column 35: a NUL byte (JSON has none)");
}

TEST_CASE("log stream: events are handed out one line at a time, a bad line names itself",
          "[event][readers]") {
    std::istringstream in(kHeader + "\n" +
                          R"({"type":"place_settlement","player":"red","vertex":3})" + "\n\n" +
                          R"({"type":"place_road","player":"red","edge":3})" + "\n" +
                          R"({"type":"roll","player":"red","dice":[3,)" + "\nnot read\n");
    LogReader reader(in, "s.jsonl");
    CHECK(reader.header().seats.size() == 2);
    auto first = reader.next();
    REQUIRE(first);
    CHECK(first->source_line == 2);
    auto second = reader.next();
    REQUIRE(second);
    CHECK(second->source_line == 4);
    try {
        (void)reader.next();
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()).rfind("s.jsonl: event 2 (line 5): not valid JSON", 0) == 0);
    }
    // A JSON document is read whole and handed out the same way.
    std::istringstream doc(test::read_file(test::source_path("samples/logs/valid/trades.json")));
    LogReader from_doc(doc, "trades.json");
    std::size_t n = 0;
    while (from_doc.next()) ++n;
    CHECK(n == read_log(test::read_file(test::source_path("samples/logs/valid/trades.json")),
                        "trades.json")
                   .events.size());
    CHECK(n > 10);
}

TEST_CASE(
    "log stream: a malformed document gives read_log's message, with or without a "
    "final newline",
    "[event][readers]") {
    // The stream reader used to add a newline after the first line of a document, so a
    // one-line file without one was reported at "line 2, column 0", and to write the blank
    // lines before a document as bare newlines, so a message quoted other bytes, and gave
    // its own message for a first byte 0xEF that starts no byte-order mark, and it
    // removed a byte-order mark before handing the document on, so a message's column
    // on the first line was 3 less than read_log's; a mark alone was "empty input" for
    // it and a parse error for read_log.
    auto stream_error = [](const std::string& text) {
        std::istringstream in(text);
        try {
            LogReader reader(in, "d.json");
            while (reader.next()) {
            }
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    for (const std::string& text :
         {std::string("\"\xCE"), std::string("\"\xCE\n"),
          std::string("\n\n{\"format\": \"catan-log\", \"events\": ["),
          std::string("{\"format\": \"catan-log\",\n\"events\": [\n"), std::string("\r\nd\r\""),
          std::string("\xEF\xEF\x84{}\n"), std::string("\xEF\xBB\xBF[1,"),
          std::string("\xEF\xBB\xBF\n {\"events\": x}\n"), std::string("\xEF\xBB\xBF"),
          std::string("\xEF\xBB\xBF \r\n\n")}) {
        INFO(text);
        CHECK(stream_error(text) == read_error(text, "d.json"));
    }
    // The column of the byte that is not UTF-8 itself (nlohmann named the one after it).
    CHECK(read_error("\"\xCE", "d.json").find("line 1, column 2: byte \xCE is not UTF-8") !=
          std::string::npos);
    CHECK(read_error("\xEF\xBB\xBF[1,", "d.json").find("line 1, column 7") != std::string::npos);
    // A byte-order mark and nothing else: empty, for both readers (read_log used to hand
    // the mark to the JSON parser, "unexpected end of input").
    CHECK(read_error("\xEF\xBB\xBF \r\n\n", "d.json") ==
          "d.json: empty input (expected a catan-log)");
}

TEST_CASE("log stream: lines across the reader's blocks are read as read_log reads them",
          "[event][readers]") {
    // The stream is read in blocks of 64 KiB (grown to the longest line): events straddle
    // the block ends at every offset of a 37-byte blank run, one event line is longer
    // than a block (a 150,000-byte note), lines end in CRLF, the file starts with a
    // byte-order mark and its last line has no newline.
    const std::string place = R"({"type":"place_settlement","player":"red","vertex":3})";
    const std::string end_turn = R"({"type":"end_turn","player":"red"})";
    std::string text = "\xEF\xBB\xBF" + kHeader + "\r\n" + place + "\n";
    for (int i = 0; text.size() < 400000; ++i) {
        text += std::string(static_cast<std::size_t>(i % 37), ' ') + "\n";
        text += R"({"type":"place_road","player":"red","edge":3})";
        text += i % 5 == 0 ? "\r\n" : "\n";
        if (i == 3000)
            text += R"({"type":"roll","player":"red","dice":[3,4],"note":")" +
                    std::string(150000, 'n') + "\"}\n";
    }
    text += end_turn;
    const GameLog whole = read_log(text, "b.jsonl");
    std::istringstream in(text);
    LogReader reader(in, "b.jsonl");
    GameLog header = whole;
    header.events.clear();
    CHECK(write_log(reader.header(), LogFormat::kJsonl) == write_log(header, LogFormat::kJsonl));
    std::size_t n = 0;
    while (auto e = reader.next()) {
        REQUIRE(n < whole.events.size());
        CHECK(e->source_line == whole.events[n].source_line);
        CHECK(event_to_json(*e, whole.seats) == event_to_json(whole.events[n], whole.seats));
        ++n;
    }
    CHECK(n == whole.events.size());
    CHECK(n > 3000);
    CHECK(whole.events.back().source_line > 6000);
}

// ---------------------------------------------------------------- board reader

namespace {
std::string board_error(const nlohmann::json& j) {
    try {
        (void)board_from_json(j);
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}
}  // namespace

TEST_CASE("board reader: a field the format does not have is an error at every level",
          "[board][readers]") {
    const nlohmann::json good = board_to_json(Board::beginner());
    CHECK(board_error(good) == "no error");
    auto with = [&](const std::function<void(nlohmann::json&)>& change) {
        nlohmann::json j = good;
        change(j);
        return board_error(j);
    };
    // Before: the robber stayed on the desert, the board had no harbors, the typo was lost.
    CHECK(with([](auto& j) { j["robbber"] = 4; }) ==
          "robbber: unknown field (expected format, version, kind, hexes, harbors, robber)");
    CHECK(with([](auto& j) {
              j["harbours"] = j["harbors"];
              j.erase("harbors");
          }) == "harbours: unknown field (expected format, version, kind, hexes, harbors, robber)");
    CHECK(with([](auto& j) { j["hexes"][3]["tokne"] = 5; }) ==
          "hexes[3].tokne: unknown field (expected id, q, r, terrain, token)");
    CHECK(with([](auto& j) {
              j["hexes"][0]["terain"] = "hills";
              j["hexes"][0].erase("terrain");
          }) == "hexes[0].terrain: missing (unknown field \"terain\" instead?)");
    CHECK(with([](auto& j) { j["harbors"][2]["kind"] = "ore"; }) ==
          "harbors[2].kind: unknown field (expected hex, side, edge, vertices, type)");
    CHECK(with([](auto& j) { j["version"] = 2; }) == "version: expected 1, got number 2");
    CHECK(with([](auto& j) { j["kind"] = "huge"; }) ==
          "kind: unknown board kind \"huge\" (expected standard, extended, custom)");
    CHECK(with([](auto& j) {
              j["harbors"][0]["vertices"] = {0, 2};
          }) == "harbors[0].vertices: hex 0 side NW has vertices 0 and 1, not [0,2]");
}

// ---------------------------------------------------------------- board streams

namespace {
const std::string kBoardLine = board_to_json(Board::beginner()).dump();

// "board" or the record's error, for each record of the stream.
std::vector<std::string> records(const std::string& text, const std::string& name = "s") {
    std::istringstream in(text);
    BoardStream stream(in, name);
    std::vector<std::string> out;
    while (auto r = stream.next()) out.push_back(r->board ? "board " + r->where : r->error);
    return out;
}
}  // namespace

TEST_CASE("board stream: JSON Lines keep every good record, the bad one names its line",
          "[board][readers]") {
    // Before: the board before a malformed line was dropped (emitted only after the next
    // line parsed).
    auto r = records(kBoardLine + "\n" + kBoardLine + "\n{\"hexes\": [\n" + kBoardLine + "\n");
    REQUIRE(r.size() == 4);
    CHECK(r[0] == "board s:1");
    CHECK(r[1] == "board s:2");
    CHECK(r[2].rfind("s:3: not JSON: [json.exception.parse_error.101]", 0) == 0);
    CHECK(r[3] == "board s:4");
    CHECK(records(kBoardLine + "\n\n" + R"({"hexes": [], "robbber": 1})" + "\n") ==
          std::vector<std::string>{"board s:1",
                                   "s:3: robbber: unknown field (expected format, version, kind, "
                                   "hexes, harbors, robber)"});
    // One line, with or without a final newline: named like a document.
    CHECK(records(kBoardLine) == std::vector<std::string>{"board s"});
    CHECK(records("\n" + kBoardLine + "\n\n") == std::vector<std::string>{"board s"});
    CHECK(records("\xEF\xBB\xBF" + kBoardLine + "\n") == std::vector<std::string>{"board s"});
    CHECK(records("") == std::vector<std::string>{"s: no board in the input"});
    CHECK(records(" \n\n") == std::vector<std::string>{"s: no board in the input"});
    CHECK(records(kBoardLine + "\n" + std::string("{\"a\":1}\0{", 9) + "\n") ==
          std::vector<std::string>{"board s:1", "s:2: not JSON: a NUL byte at byte 8"});
}

TEST_CASE("board stream: a JSON array is read element by element", "[board][readers]") {
    const std::string pretty = board_to_json(Board::beginner()).dump(2);
    CHECK(records("[" + kBoardLine + ",\n" + pretty + "]\n") ==
          std::vector<std::string>{"board s[0]", "board s[1]"});
    CHECK(records(" [ ]") == std::vector<std::string>{"s: no board in the input"});
    // Cut off: the boards before the cut are kept, the cut is named.
    auto cut = records("[\n" + kBoardLine + ",\n" + kBoardLine + ",\n" + kBoardLine.substr(0, 50));
    REQUIRE(cut.size() == 3);
    CHECK(cut[1] == "board s[1]");
    CHECK(cut[2] == "s[2] (line 4): the array is cut off: the input ends before its closing ']'");
    CHECK(records("[" + kBoardLine + ", 7, " + kBoardLine + "] x") ==
          std::vector<std::string>{"board s[0]", "s[1]: board: expected an object, got number 7",
                                   "s: text after the array's closing ']' (line 1)"});
    // A string holding brackets and an escaped quote does not end the element.
    auto odd = records(R"([{"hexes": "],\"}[", "q": 1}, )" + kBoardLine + "]");
    REQUIRE(odd.size() == 2);
    CHECK(odd[0] ==
          "s[0]: q: unknown field (expected format, version, kind, hexes, harbors, "
          "robber)");
    CHECK(odd[1] == "board s[1]");
    // One document over several lines.
    CHECK(records(pretty + "\n") == std::vector<std::string>{"board s"});
    CHECK(records(pretty.substr(0, pretty.size() - 3))[0].rfind("s: not JSON: ", 0) == 0);
}

TEST_CASE("read_one_board: a stream of several boards is an error, found without reading on",
          "[board][readers]") {
    std::istringstream one(kBoardLine + "\n");
    CHECK(read_one_board(one, "b.json").kind() == BoardKind::kStandard);
    std::istringstream three(kBoardLine + "\n" + kBoardLine + "\nthe rest\n");
    try {
        (void)read_one_board(three, "b.jsonl");
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()) ==
              "b.jsonl: holds more than one board (the next is "
              "b.jsonl:2); give one board");
    }
    std::string rest;
    std::getline(three, rest);
    CHECK(rest == "the rest");  // the stream was read no further than line 2
}
