// Legal-move generation (lib/legal.hpp): one call listing every legal move of a state,
// the unit the issue "Speed" compares with fastCatan's mask (compute_mask).
//   LegalHot:    the first state after the roll, past turn 20, with 10 or more legal moves
//                (no seven pending, no free roads), repeated: the state in cache.
//   LegalStates: the decision states of 40 self-play games (4 players, beginner board)
//                in turn, about 40,000 states: the state out of cache.
// Counters: legal = moves in the hot state; states = decision states cycled.
#include <benchmark/benchmark.h>

#include <vector>

#include "legal.hpp"
#include "sim.hpp"

using namespace ctk;

namespace {

const std::vector<GameState>& states40() {
    static const std::vector<GameState> v = [] {
        std::vector<GameState> out;
        SimOptions opt;
        opt.record = false;
        for (int game = 1; game <= 40; ++game) {
            SelfPlay play(game_seed(40, game), opt);
            while (!play.over()) {
                out.push_back(play.state());
                play.step();
            }
        }
        return out;
    }();
    return v;
}

void BM_LegalHot(benchmark::State& st) {
    const auto& v = states40();
    std::size_t at = 0;
    std::vector<EventBody> moves;
    moves.reserve(256);
    for (std::size_t i = 0; i < v.size(); ++i) {
        legal_events(v[i], moves, false);
        if (v[i].phase == Phase::kTurn && v[i].rolled && !v[i].seven_pending() &&
            v[i].free_roads == 0 && v[i].turn >= 20 && moves.size() >= 10) {
            at = i;
            break;
        }
    }
    const GameState s = v[at];
    for (auto _ : st) {
        benchmark::DoNotOptimize(&s);
        legal_events(s, moves, false);
        benchmark::DoNotOptimize(moves.data());
    }
    st.counters["legal"] = static_cast<double>(moves.size());
}
BENCHMARK(BM_LegalHot);

void BM_LegalStates(benchmark::State& st) {
    const auto& v = states40();
    std::vector<EventBody> moves;
    moves.reserve(256);
    std::size_t i = 0;
    for (auto _ : st) {
        legal_events(v[i], moves, false);
        benchmark::DoNotOptimize(moves.data());
        if (++i == v.size()) i = 0;
    }
    st.counters["states"] = static_cast<double>(v.size());
}
BENCHMARK(BM_LegalStates);

}  // namespace
