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

#include "event.hpp"
#include "replay.hpp"
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
