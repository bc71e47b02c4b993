// The players' speed (lib/catan/agent/): greedy self-play games per second on one core (4
// greedy players, beginner board, as catan-sim --policies greedy,greedy,greedy,greedy plays
// without logs) and the time of one search decision at 100 rollouts (the default budget),
// from positions of a game of greedy players, as seat red's agent sees it (its belief
// followed event by event). Run with --benchmark_repetitions to read the median.
// docs/catan-sim.md quotes both; tests/bench/agent_targets.sh measures the win rates.
#include <benchmark/benchmark.h>

#include <catan/agent/rollout.hpp>
#include <catan/agent/search.hpp>
#include <catan/play/sim.hpp>

using namespace ctk;

namespace {

void BM_GreedySelfPlay(benchmark::State& state) {
    SimOptions opt;
    opt.players = 4;
    opt.policies.assign(4, Policy::kGreedy);
    opt.record = false;
    opt.verify = false;
    std::int64_t games = 0, i = 0;
    for (auto _ : state) {
        SimGame g = play_game(1, ++i, opt);
        benchmark::DoNotOptimize(g.winner);
        ++games;
    }
    state.counters["games/s"] =
        benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_GreedySelfPlay)->Unit(benchmark::kMillisecond);

// A rollout of the whole game from its start by builder players (the win-probability step).
void BM_RolloutBuilder(benchmark::State& state) {
    const SimGame g = play_game(1, 1, SimOptions{});
    Rng rng(3);
    for (auto _ : state) {
        GameState s = GameState::initial(g.log);
        benchmark::DoNotOptimize(play_out(s, Policy::kBuilder, rng, 1000));
    }
}
BENCHMARK(BM_RolloutBuilder)->Unit(benchmark::kMicrosecond);

// One search decision (range(0) rollouts) of seat red at its decisions after the roll in a
// game of greedy players, cycling through them.
void BM_SearchDecision(benchmark::State& state) {
    SimOptions opt;
    opt.players = 4;
    opt.policies.assign(4, Policy::kGreedy);
    const SimGame g = play_game(1, 1, opt);
    SearchOptions so;
    so.rollouts = static_cast<int>(state.range(0));
    GameState s = GameState::initial(g.log);
    struct Position {
        std::size_t end;
        LegalSet moves;
    };
    std::vector<Position> positions;
    for (std::size_t k = 0; k < g.log.events.size(); ++k) {
        LegalSet moves;
        legal_set(s, moves);
        if (moves.player == 0 && s.rolled && moves.size() > 1 && !moves.has(LegalSet::kDiscards))
            positions.push_back({k, moves});
        apply(s, g.log.events[k]);
    }
    // The agents at each position (each followed the game to there).
    std::vector<std::unique_ptr<SearchAgent>> agents;
    for (const Position& p : positions) {
        auto copy = std::make_unique<SearchAgent>(g.log, 0, so, 5);
        GameState u = GameState::initial(g.log);
        for (std::size_t j = 0; j < p.end; ++j) {
            copy->observe(g.log.events[j], &u);
            apply(u, g.log.events[j]);
        }
        agents.push_back(std::move(copy));
    }
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(agents[i]->choose(positions[i].moves));
        i = (i + 1) % positions.size();
    }
    state.counters["positions"] = static_cast<double>(positions.size());
}
BENCHMARK(BM_SearchDecision)->Arg(100)->Unit(benchmark::kMillisecond);

}  // namespace
