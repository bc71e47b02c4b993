// The C++ step of the Python module's environments (python/env_core.hpp), without Python:
// one game of 4 players on the beginner board under uniformly random legal actions, a
// finished game restarted at once, as catan.VecEnv steps each of its games. The argument
// says what each step also writes, as VecEnv.step does: 0 nothing (the legal actions are
// listed all the same), 1 the action mask, 2 the mask and the observation of the player to
// act. Counter: steps/s. BM_VecStep: catan.VecEnv's loop. docs/performance.md "Python" quotes them
// beside the figures from Python (scripts/bench_python.py), whose difference is the Python
// overhead.
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include <env_core.hpp>
#include <vec_core.hpp>

using namespace ctk;

namespace {

void BM_EnvStep(benchmark::State& state) {
    const auto writes = state.range(0);
    py::EnvCore env(1, py::EnvOptions{});
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(env.space().size()));
    std::vector<float> obs(static_cast<std::size_t>(env.obs_size()));
    std::int64_t steps = 0;
    for (auto _ : state) {
        env.step(env.sample());
        if (env.done()) env.reset();
        if (writes >= 1) env.mask(mask.data());
        if (writes >= 2) {
            const PlayerId p = env.current_player();
            env.observe(p == kNoPlayer ? 0 : p, obs.data());
        }
        ++steps;
    }
    benchmark::DoNotOptimize(mask.data());
    benchmark::DoNotOptimize(obs.data());
    state.counters["steps/s"] =
        benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_EnvStep)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kNanosecond);

// VecEnv's C++ loop: n games (the second argument), random legal actions drawn by sample() then
// step(), rows written into arrays allocated once; the first argument is the number of threads (the
// steps/s counter is per second of wall time: UseRealTime).
void BM_VecStep(benchmark::State& state) {
    const auto n = static_cast<int>(state.range(1));
    py::VecCore vec(n, 1, py::EnvOptions{}, static_cast<int>(state.range(0)));
    const auto rows = static_cast<std::size_t>(n);
    std::vector<float> obs(rows * static_cast<std::size_t>(vec.env(0).obs_size()));
    std::vector<std::uint8_t> masks(rows * static_cast<std::size_t>(vec.env(0).space().size()));
    std::vector<float> rewards(rows);
    std::unique_ptr<bool[]> terminated(new bool[rows]), truncated(new bool[rows]);
    std::vector<std::int32_t> players(rows);
    std::vector<std::int64_t> actions(rows);
    vec.attach({obs.data(), masks.data(), rewards.data(), terminated.get(), truncated.get(),
                players.data()});
    std::int64_t steps = 0;
    for (auto _ : state) {
        vec.sample(actions.data());
        vec.step(actions.data());
        steps += n;
    }
    benchmark::DoNotOptimize(obs.data());
    state.counters["steps/s"] =
        benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_VecStep)
    ->Args({1, 256})
    ->Args({2, 256})
    ->Args({1, 16})
    ->Args({1, 64})
    ->Args({1, 1024})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace
