// Replay under hidden-card tracking against full-information replay on the same games
// (README "Hidden information", issue: at most 10x slower at the median): every
// full-information game of the shared corpus (../shared/data: STAC soclogs, catanatron,
// colonist.io), imported once, replayed as recorded (BM_TrackFull/<game>) and as a
// spectator saw it (BM_TrackSpectator/<game>, catan-import --view spectator). items =
// events. tests/bench/track_bench.sh runs them and prints the median ratio.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <catan/import/import.hpp>
#include <catan/play/replay.hpp>
#include <catan/track/view.hpp>

using namespace ctk;
namespace fs = std::filesystem;

namespace {

std::string data_dir() {
    if (const char* d = std::getenv("CATAN_DATA_DIR"); d && *d) return d;
    return CATAN_DATA_DIR;
}

struct Game {
    std::string name;
    GameLog full, spectator, no_discards;
};

void run(benchmark::State& st, const GameLog* log) {
    for (auto _ : st) {
        Verdict v = replay(*log);
        benchmark::DoNotOptimize(v.winner);
    }
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations()) *
                         static_cast<std::int64_t>(log->events.size()));
}

// Registers the benchmarks of every shared game at start-up (none when the corpus is
// missing).
const bool registered = [] {
    static std::vector<std::unique_ptr<Game>> games;
    const std::pair<const char*, ImportFormat> sources[] = {
        {"stac", ImportFormat::kSoclog},
        {"catanatron", ImportFormat::kCatanatron},
        {"colonist", ImportFormat::kColonist}};
    for (const auto& [sub, format] : sources) {
        const fs::path dir = fs::path(data_dir()) / sub;
        if (!fs::is_directory(dir)) continue;
        std::vector<fs::path> paths;
        for (const auto& e : fs::recursive_directory_iterator(dir))
            if (e.is_regular_file() &&
                e.path().extension() == (format == ImportFormat::kSoclog ? ".soclog" : ".json"))
                paths.push_back(e.path());
        std::sort(paths.begin(), paths.end());
        for (const fs::path& p : paths) {
            std::ifstream in(p, std::ios::binary);
            std::ostringstream ss;
            ss << in.rdbuf();
            auto g = std::make_unique<Game>();
            g->name = std::string(sub) + "/" + p.filename().string();
            g->full = import_log(ss.str(), p.filename().string(), format);
            if (g->full.events.empty()) continue;
            g->spectator = make_view(g->full, View::spectator());
            benchmark::RegisterBenchmark(("BM_TrackFull/" + g->name).c_str(), run, &g->full);
            benchmark::RegisterBenchmark(("BM_TrackSpectator/" + g->name).c_str(), run,
                                         &g->spectator);
            // (every discard unrecorded too: the largest beliefs)
            g->no_discards = make_view(g->full, View::spectator_no_discards());
            benchmark::RegisterBenchmark(("BM_TrackNoDiscards/" + g->name).c_str(), run,
                                         &g->no_discards);
            games.push_back(std::move(g));
        }
    }
    return true;
}();

}  // namespace
