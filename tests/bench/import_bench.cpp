// Import + replay of the whole shared corpus (../shared/data: the STAC soclogs and the
// catanatron records), as catan-import | catan-replay would do it, files read beforehand.
// Target: under 1 s per iteration on one core. Skips (with a message) when the corpus is
// not there.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <catan/import/import.hpp>
#include <catan/play/replay.hpp>
#include "test_support.hpp"

namespace {

using Corpus = std::vector<std::pair<std::string, ctk::ImportFormat>>;

const Corpus& corpus() {
    static const Corpus texts = [] {
        Corpus out;
        namespace fs = std::filesystem;
        auto add = [&](const std::string& sub, const std::string& ext, ctk::ImportFormat f) {
            fs::path dir = fs::path(ctk::test::data_dir()) / sub;
            if (!fs::is_directory(dir)) return;
            std::vector<fs::path> paths;
            for (const auto& e : fs::recursive_directory_iterator(dir))
                if (e.is_regular_file() && e.path().extension() == ext) paths.push_back(e.path());
            std::sort(paths.begin(), paths.end());
            for (const auto& p : paths) out.emplace_back(ctk::test::read_file(p.string()), f);
        };
        add("stac", ".soclog", ctk::ImportFormat::kSoclog);
        add("catanatron", ".json", ctk::ImportFormat::kCatanatron);
        return out;
    }();
    return texts;
}

void run(benchmark::State& state, bool do_replay) {
    const Corpus& c = corpus();
    if (c.empty()) {
        state.SkipWithError("the shared corpus is missing (set CATAN_DATA_DIR)");
        return;
    }
    std::int64_t events = 0;
    for (auto _ : state) {
        for (const auto& [text, format] : c) {
            ctk::GameLog log = ctk::import_log(text, "bench", format);
            events += static_cast<std::int64_t>(log.events.size());
            if (do_replay) {
                ctk::Verdict v = ctk::replay(log);
                benchmark::DoNotOptimize(v.events);
            }
        }
    }
    state.counters["games"] = static_cast<double>(c.size());
    state.counters["events/s"] =
        benchmark::Counter(static_cast<double>(events), benchmark::Counter::kIsRate);
}

void BM_ImportCorpus(benchmark::State& state) {
    run(state, false);
}
void BM_ImportAndReplayCorpus(benchmark::State& state) {
    run(state, true);
}

}  // namespace

BENCHMARK(BM_ImportCorpus)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImportAndReplayCorpus)->Unit(benchmark::kMillisecond);
