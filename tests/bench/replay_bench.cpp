// Replay throughput (issue: >= 10,000,000 events/s rules only, >= 500,000 events/s end to
// end from JSON Lines, one core). The game is the complete sample game of the repository
// (samples/logs/valid/complete-3p.json), replayed over and over; items = events.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include <catan/engine/event.hpp>
#include <catan/engine/rules.hpp>
#include <catan/engine/state.hpp>
#include <catan/play/replay.hpp>
#include <catan/io/log_format.hpp>

using namespace ctk;

namespace {

const GameLog& sample_game() {
    static const GameLog log = [] {
        std::ifstream in(std::string(CATAN_SOURCE_DIR) + "/samples/logs/valid/complete-3p.json");
        std::ostringstream ss;
        ss << in.rdbuf();
        return read_log(ss.str(), "complete-3p.json");
    }();
    return log;
}

// check + apply + check_claims over every event, from a fresh copy of the initial state.
void BM_RulesOnly(benchmark::State& st) {
    const GameLog& log = sample_game();
    const GameState initial = GameState::initial(log);
    const RuleContext ctx{&log.seats};
    std::int64_t events = 0;
    for (auto _ : st) {
        GameState s = initial;
        int i = 0;
        for (const Event& e : log.events) {
            if (check(s, e, i, ctx)) st.SkipWithError("violation in the sample game");
            apply(s, e);
            if (e.claims && check_claims(s, e, i, ctx)) st.SkipWithError("claim mismatch");
            ++i;
        }
        benchmark::DoNotOptimize(s.winner);
        events += static_cast<std::int64_t>(log.events.size());
    }
    st.SetItemsProcessed(events);
}
BENCHMARK(BM_RulesOnly);

// The library's replay() (verdict, standings) on an already parsed log.
void BM_Replay(benchmark::State& st) {
    const GameLog& log = sample_game();
    std::int64_t events = 0;
    for (auto _ : st) {
        Verdict v = replay(log);
        benchmark::DoNotOptimize(v.winner);
        events += static_cast<std::int64_t>(log.events.size());
    }
    st.SetItemsProcessed(events);
}
BENCHMARK(BM_Replay);

// Parse only: JSON Lines text -> GameLog.
void BM_ReadJsonl(benchmark::State& st) {
    const std::string text = write_log(sample_game(), LogFormat::kJsonl);
    std::int64_t events = 0;
    for (auto _ : st) {
        GameLog log = read_log(text, "bench.jsonl");
        benchmark::DoNotOptimize(log.events.data());
        events += static_cast<std::int64_t>(log.events.size());
    }
    st.SetItemsProcessed(events);
}
BENCHMARK(BM_ReadJsonl);

// End to end: JSON Lines text -> GameLog -> replay verdict.
void BM_EndToEndJsonl(benchmark::State& st) {
    const std::string text = write_log(sample_game(), LogFormat::kJsonl);
    std::int64_t events = 0;
    for (auto _ : st) {
        GameLog log = read_log(text, "bench.jsonl");
        Verdict v = replay(log);
        benchmark::DoNotOptimize(v.winner);
        events += static_cast<std::int64_t>(log.events.size());
    }
    st.SetItemsProcessed(events);
}
BENCHMARK(BM_EndToEndJsonl);

}  // namespace
