// Opening placements (lib/catan/analysis/placement.hpp) on the beginner board, nothing taken: the
// whole per-board analysis of catan-place. Targets (issue 7): <= 1 ms per board for ranking all
// vertices plus the best pair of every first choice; <= 20 ms with the exact production
// odds of the top 10 pairs. The README section "Opening placements" quotes the figures.
#include <benchmark/benchmark.h>

#include <catan/analysis/placement.hpp>

using namespace ctk;

namespace {

// Model (production, scarcity, legality, expansions) + rank all 54 vertices + the best
// second for each of the 54 first choices (about 54 x 45 pair scores).
void BM_PlaceRankAndPairs(benchmark::State& state) {
    Board b = Board::beginner();
    for (auto _ : state) {
        PlacementModel m(b, {});
        auto ranked = m.rank_vertices();
        auto pairs = m.best_pairs();
        benchmark::DoNotOptimize(ranked.data());
        benchmark::DoNotOptimize(pairs.data());
    }
}
BENCHMARK(BM_PlaceRankAndPairs)->Unit(benchmark::kMicrosecond);

// The same plus the exact odds (Markov chains for road, settlement, city, dev card) of the
// top 10 pairs.
void BM_PlaceWithOddsTop10(benchmark::State& state) {
    Board b = Board::beginner();
    for (auto _ : state) {
        PlacementModel m(b, {});
        auto ranked = m.rank_vertices();
        auto pairs = m.best_pairs();
        for (std::size_t i = 0; i < 10 && i < pairs.size(); ++i) {
            auto o = m.pair_odds(pairs[i]);
            benchmark::DoNotOptimize(o.rolls_until.data());
        }
        benchmark::DoNotOptimize(ranked.data());
    }
}
BENCHMARK(BM_PlaceWithOddsTop10)->Unit(benchmark::kMicrosecond);

// A 4-seat greedy draft: 8 picks, each a fresh model and a pair search.
void BM_PlaceDraft4(benchmark::State& state) {
    Board b = Board::beginner();
    for (auto _ : state) {
        auto picks = draft_setup(b, {}, 4);
        benchmark::DoNotOptimize(picks.data());
    }
}
BENCHMARK(BM_PlaceDraft4)->Unit(benchmark::kMicrosecond);

}  // namespace
