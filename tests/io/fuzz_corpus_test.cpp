// The inputs kept from fuzzing the log reader (tests/fuzz/log_reader_fuzz.cpp): inputs
// that reached new code, named after what they reach, and crashers. Each must either be
// read or be rejected with ctk::InputError — and when read, replay (first violation, and
// --keep-going with statistics) must finish without any other exception. Under the
// sanitizer build of CI this also catches memory errors.
// Fixed crashers are kept here as crash-*: numbers beyond a double (1e999) once escaped
// as nlohmann's out_of_range instead of InputError.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <sstream>

#include <nlohmann/json.hpp>

#include <catan/board/board.hpp>
#include <catan/engine/event.hpp>
#include <catan/import/import.hpp>
#include <catan/io/board_json.hpp>
#include <catan/io/board_stream.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/batch.hpp>
#include <catan/play/replay.hpp>
#include <catan/render/render.hpp>
#include <catan/report/roads_report.hpp>
#include "log_differential.hpp"
#include "test_support.hpp"

using namespace ctk;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> inputs_in(const std::string& folder) {
    std::vector<fs::path> inputs;
    if (!fs::is_directory(test::source_path(folder))) return inputs;
    for (const auto& e : fs::directory_iterator(test::source_path(folder)))
        if (e.is_regular_file() && e.path().filename() != "README.md") inputs.push_back(e.path());
    std::sort(inputs.begin(), inputs.end());
    return inputs;
}

// Reads one input and replays it when it is read; returns true when it was read. Any
// exception other than InputError fails the check that wraps the call.
bool read_and_replay(const fs::path& path) {
    std::string name = path.filename().string();
    GameLog log;
    try {
        log = read_log(test::read_file(path.string()), name);
    } catch (const InputError& e) {
        // An error message names the input it is about.
        CHECK_THAT(std::string(e.what()), Catch::StartsWith(name));
        return false;
    }
    (void)replay(log, {}, "fuzz");
    ReplayOptions keep_going;
    keep_going.keep_going = true;
    keep_going.stats = true;
    (void)replay(log, keep_going, "fuzz");
    return true;
}

}  // namespace

TEST_CASE("the stream reader agrees with read_log on every kept fuzz input and sample",
          "[fuzz][event][readers]") {
    // The fuzz target's two differential checks (log_differential.hpp) over what it kept
    // and over every file under samples/ (logs, boards, positions: any bytes will do):
    // LogReader hands out read_log's header and events or throws its message, and a log
    // read is written again, in both formats, to text that reads back the same.
    std::vector<fs::path> inputs = inputs_in("tests/fuzz_corpus");
    for (const auto& e : fs::recursive_directory_iterator(test::source_path("samples")))
        if (e.is_regular_file()) inputs.push_back(e.path());
    int read = 0, rejected = 0;
    for (const auto& path : inputs) {
        INFO(path.string());
        const std::string text = test::read_file(path.string());
        GameLog log;
        std::optional<test::Disagreement> d;
        bool was_read = true;
        try {
            log = read_log(text, "fuzz");
        } catch (const InputError& x) {
            was_read = false;
            ++rejected;
            d = test::stream_disagreement(text, nullptr, x.what());
        }
        if (was_read) {
            ++read;
            d = test::stream_disagreement(text, &log, "");
            if (!d) d = test::written_disagreement(log);
        }
        if (d)
            FAIL_CHECK(d->what << "\n--- read_log:\n"
                               << d->reference << "\n--- other:\n"
                               << d->other);
    }
    CHECK(read > 50);
    CHECK(rejected > 50);
}

TEST_CASE(
    "the game stream reader cuts every kept fuzz input and sample into games that "
    "rebuild it byte for byte",
    "[fuzz][stats][readers]") {
    // catan-stats reads its inputs through GameStreamReader and hands each game's text to
    // read_log: the texts, in order, must be the input's bytes, none lost, none added, so
    // that a one-game input gets read_log's verdict and message on the whole input (its
    // line numbers included), as catan-replay gives them.
    std::vector<std::string> texts;
    std::vector<fs::path> inputs = inputs_in("tests/fuzz_corpus");
    for (const auto& e : fs::recursive_directory_iterator(test::source_path("samples")))
        if (e.is_regular_file()) inputs.push_back(e.path());
    for (const auto& path : inputs) texts.push_back(test::read_file(path.string()));
    // Streams of two games, with blank lines (CR LF among them) and a byte-order mark
    // before the first header, and without a final newline.
    const std::string one =
        test::read_file(test::source_path("samples/logs/valid/resign-3p.jsonl"));
    for (const char* lead : {"", "\n\n", " \r\n\t\n", "\xEF\xBB\xBF"}) {
        texts.push_back(std::string(lead) + one + one);
        texts.push_back(std::string(lead) + one + one.substr(0, one.size() - 1));
    }
    for (const std::string& text : texts) {
        INFO(text.substr(0, 200));
        std::istringstream in(text);
        GameStreamReader reader(in, "in");
        std::string rebuilt;
        int games = 0;
        while (auto game = reader.next()) {
            rebuilt += game->text;
            ++games;
        }
        CHECK(games >= 1);
        CHECK(rebuilt == text);
    }
}

TEST_CASE("every kept fuzz input is read or rejected with InputError, never a crash",
          "[fuzz][event][replay]") {
    auto inputs = inputs_in("tests/fuzz_corpus");
    REQUIRE(inputs.size() >= 10);
    int read = 0, rejected = 0;
    for (const auto& path : inputs) {
        INFO(path.filename().string());
        bool was_read = false;
        CHECK_NOTHROW(was_read = read_and_replay(path));
        (was_read ? read : rejected) += 1;
    }
    // The corpus holds both kinds, so both paths stay covered.
    CHECK(read > 0);
    CHECK(rejected > 0);
}

// The corpora of the other readers' fuzz targets (tests/fuzz: board_reader_fuzz,
// position_reader_fuzz, soclog_fuzz, catanatron_fuzz, colonist_fuzz, catanlog_fuzz), one
// folder each: every input is read or rejected with an InputError (a malformed board
// record with its error) that names the input, and what is read goes through what the
// fuzz target runs on it.
TEST_CASE(
    "every kept fuzz input of the board, position and import readers is read or "
    "rejected by name",
    "[fuzz][board][import][roads]") {
    int read = 0, rejected = 0;
    auto rejected_by_name = [&](const std::string& what, const std::string& name) {
        CHECK_THAT(what, Catch::StartsWith(name));
        ++rejected;
    };
    for (const auto& path : inputs_in("tests/fuzz_corpus/board")) {
        std::string name = path.filename().string();
        INFO(name);
        std::istringstream in(test::read_file(path.string()));
        BoardStream stream(in, name);
        CHECK_NOTHROW([&] {
            while (auto r = stream.next()) {
                if (!r->board) {
                    rejected_by_name(r->error, name);
                    continue;
                }
                ++read;
                (void)check_composition(*r->board);
                (void)render_ascii(*r->board, {});
                (void)board_from_json(board_to_json(*r->board));
            }
        }());
    }
    for (const auto& path : inputs_in("tests/fuzz_corpus/position")) {
        std::string name = path.filename().string();
        INFO(name);
        auto j = nlohmann::json::parse(test::read_file(path.string()), nullptr, false);
        if (j.is_discarded()) continue;
        try {
            Position p = position_from_json(j);
            (void)roads_report_to_text(p, roads_report(p));
            ++read;
        } catch (const InputError&) {
            ++rejected;
        }
    }
    for (auto [folder, format] : {std::pair{"soclog", ImportFormat::kSoclog},
                                  std::pair{"catanatron", ImportFormat::kCatanatron},
                                  std::pair{"colonist", ImportFormat::kColonist},
                                  std::pair{"catanlog", ImportFormat::kCatanlog},
                                  std::pair{"jsettlers", ImportFormat::kJsettlers}}) {
        int folder_read = 0, folder_rejected = 0;
        for (const auto& path : inputs_in(std::string("tests/fuzz_corpus/") + folder)) {
            std::string name = path.filename().string();
            INFO(name);
            CHECK_NOTHROW([&] {
                try {
                    GameLog log = import_log(test::read_file(path.string()), name, format);
                    GameLog back = read_log(write_log(log, LogFormat::kJsonl), name);
                    ReplayOptions keep_going;
                    keep_going.keep_going = true;
                    (void)replay(back, keep_going, name);
                    ++read;
                    ++folder_read;
                } catch (const InputError& e) {
                    rejected_by_name(e.what(), name);
                    ++folder_rejected;
                }
            }());
        }
        // Each importer's seeds hold a game it reads whole (past the sniffing, through
        // replay) and one it rejects.
        INFO(folder);
        CHECK(folder_read >= 1);
        CHECK(folder_rejected >= 1);
    }
    CHECK(read >= 8);
    CHECK(rejected >= 8);
}
