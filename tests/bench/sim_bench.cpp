// Random-play throughput (lib/catan/play/sim.hpp): one core, 4 players on the beginner board, the
// default 1000-turn cap, as catan-sim plays (generated events applied without a re-check);
// BM_SelfPlayVerify re-checks every event with the rules' check first (catan-sim --verify).
// Counters: games/s and events/s. The README's "Self-play" and "Speed" sections quote them.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <catan/engine/event.hpp>
#include <catan/play/sim.hpp>
#include <catan/io/log_format.hpp>

using namespace ctk;

namespace {

// No logs: the events are not even kept.
void self_play(benchmark::State& state, bool verify) {
    SimOptions opt;
    opt.players = static_cast<int>(state.range(0));
    opt.record = false;
    opt.verify = verify;
    std::int64_t games = 0, events = 0, i = 0;
    for (auto _ : state) {
        SimGame g = play_game(1, ++i, opt);
        benchmark::DoNotOptimize(g.winner);
        ++games;
        events += g.events;
    }
    state.counters["games/s"] =
        benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
    state.counters["events/s"] =
        benchmark::Counter(static_cast<double>(events), benchmark::Counter::kIsRate);
    state.counters["events/game"] = static_cast<double>(events) / static_cast<double>(games);
}
void BM_SelfPlay(benchmark::State& state) {
    self_play(state, false);
}
void BM_SelfPlayVerify(benchmark::State& state) {
    self_play(state, true);
}
BENCHMARK(BM_SelfPlay)->Arg(4)->Arg(3)->Arg(2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SelfPlayVerify)->Arg(4)->Unit(benchmark::kMicrosecond);

// Each game written as a JSONL log file (as catan-sim --format jsonl --out DIR does).
void BM_SelfPlayJsonl(benchmark::State& state) {
    SimOptions opt;
    opt.verify = false;
    const auto path = std::filesystem::temp_directory_path() / "catan_sim_bench.jsonl";
    std::int64_t games = 0, events = 0, bytes = 0, i = 0;
    for (auto _ : state) {
        SimGame g = play_game(1, ++i, opt);
        std::string text = write_log(g.log, LogFormat::kJsonl);
        std::ofstream out(path, std::ios::binary);
        out << text;
        ++games;
        events += g.events;
        bytes += static_cast<std::int64_t>(text.size());
    }
    std::filesystem::remove(path);
    state.counters["games/s"] =
        benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
    state.counters["events/s"] =
        benchmark::Counter(static_cast<double>(events), benchmark::Counter::kIsRate);
    state.SetBytesProcessed(bytes);
}
BENCHMARK(BM_SelfPlayJsonl)->Unit(benchmark::kMicrosecond);

}  // namespace
