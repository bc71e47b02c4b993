// The sample logs of samples/logs (written by scripts/make_samples.py): malformed logs are
// InputErrors whose message names the event index and the field at fault.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "event.hpp"
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

}  // namespace

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
        CHECK_THAT(message, Catch::Contains(expected.at("message_contains").get<std::string>()));
    }
}
