// Random boards per second (README "Random boards"): in memory (the compact RawBoard the
// generator fills) and as JSON Lines text, for the default constraint and a stricter set.
#include <string>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <catan/board/generate.hpp>
#include <catan/board/rng.hpp>
#include <catan/io/board_json.hpp>

using namespace ctk;

namespace {

void BM_GenerateInMemory(benchmark::State& state) {
    Generator g(state.range(0) ? BoardRecipe::extended() : BoardRecipe::standard(), {});
    Rng rng(1);
    RawBoard b;
    for (auto _ : state) {
        g.generate(rng, b);
        benchmark::DoNotOptimize(b);
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["tries_per_board"] =
        static_cast<double>(g.tries()) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_GenerateInMemory)->Arg(0)->Arg(1)->ArgName("five_six");

void BM_GenerateStrict(benchmark::State& state) {
    Constraints c;
    c.no_equal_adjacent = true;
    c.no_2_12_adjacent = true;
    c.max_vertex_pips = 12;
    Generator g(BoardRecipe::standard(), c);
    Rng rng(1);
    RawBoard b;
    for (auto _ : state) {
        g.generate(rng, b);
        benchmark::DoNotOptimize(b);
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["tries_per_board"] =
        static_cast<double>(g.tries()) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_GenerateStrict);

// Generation plus the JSON line (the hand-written writer), as `generate --format jsonl`.
void BM_GenerateJsonl(benchmark::State& state) {
    Generator g(BoardRecipe::standard(), {});
    Rng rng(1);
    RawBoard b;
    std::string out;
    for (auto _ : state) {
        g.generate(rng, b);
        out.clear();
        g.append_json(b, out);
        out += '\n';
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(out.size()));
}
BENCHMARK(BM_GenerateJsonl);

// The same line through a Board and an nlohmann document, for comparison.
void BM_GenerateJsonDocument(benchmark::State& state) {
    Generator g(BoardRecipe::standard(), {});
    Rng rng(1);
    RawBoard b;
    for (auto _ : state) {
        g.generate(rng, b);
        std::string line = board_to_json(g.to_board(b)).dump();
        benchmark::DoNotOptimize(line.data());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GenerateJsonDocument);

}  // namespace
