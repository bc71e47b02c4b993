// Legal-move generation (lib/catan/engine/legal.hpp): one call listing every legal move of a state,
// the unit the issue "Speed" compares with fastCatan's mask (compute_mask).
//   *Hot:        the first state after the roll, past turn 20, with 10 or more legal moves
//                (no seven pending, no free roads), repeated: the state in cache.
//   *States:     the decision states of 40 self-play games (4 players, beginner board)
//                in turn, about 40,000 states: the state out of cache.
// BM_LegalSet* compute the set of legal moves (legal_set: a bit per move in masks per
// kind, with the count per kind; what self-play computes per decision, then builds only
// the chosen move), BM_LegalMoves* list them as small codes (legal_moves: the set expanded
// into a MoveList), BM_LegalEvents* as events (legal_events, the compact form).
// Counters: legal = moves in the hot state; states = decision states cycled.
#include <benchmark/benchmark.h>

#include <vector>

#include <catan/engine/legal.hpp>
#include <catan/play/sim.hpp>

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

std::size_t hot_state() {
    const auto& v = states40();
    std::vector<EventBody> moves;
    for (std::size_t i = 0; i < v.size(); ++i) {
        legal_events(v[i], moves, false);
        if (v[i].phase == Phase::kTurn && v[i].rolled && !v[i].seven_pending() &&
            v[i].free_roads == 0 && v[i].turn >= 20 && moves.size() >= 10)
            return i;
    }
    return 0;
}

void list(const GameState& s, std::vector<EventBody>& out) {
    legal_events(s, out, false);
}
void list(const GameState& s, MoveList& out) {
    legal_moves(s, out);
}
void list(const GameState& s, LegalSet& out) {
    legal_set(s, out);
}

// The list a benchmark fills: a vector of events, or the fixed list of codes.
template <class Move>
struct ListOf {
    using type = std::vector<Move>;
};
template <>
struct ListOf<MoveCode> {
    using type = MoveList;
};
template <>
struct ListOf<LegalSet> {
    using type = LegalSet;
};

template <class Move>
void BM_LegalHot(benchmark::State& st) {
    const GameState s = states40()[hot_state()];
    typename ListOf<Move>::type moves;
    for (auto _ : st) {
        benchmark::DoNotOptimize(&s);
        list(s, moves);
        benchmark::DoNotOptimize(&moves);
    }
    st.counters["legal"] = static_cast<double>(moves.size());
}
BENCHMARK_TEMPLATE(BM_LegalHot, EventBody)->Name("BM_LegalEventsHot");
BENCHMARK_TEMPLATE(BM_LegalHot, MoveCode)->Name("BM_LegalMovesHot");
BENCHMARK_TEMPLATE(BM_LegalHot, LegalSet)->Name("BM_LegalSetHot");

template <class Move>
void BM_LegalStates(benchmark::State& st) {
    const auto& v = states40();
    typename ListOf<Move>::type moves;
    std::size_t i = 0;
    for (auto _ : st) {
        list(v[i], moves);
        benchmark::DoNotOptimize(&moves);
        if (++i == v.size()) i = 0;
    }
    st.counters["states"] = static_cast<double>(v.size());
}
BENCHMARK_TEMPLATE(BM_LegalStates, EventBody)->Name("BM_LegalEventsStates");
BENCHMARK_TEMPLATE(BM_LegalStates, MoveCode)->Name("BM_LegalMovesStates");
BENCHMARK_TEMPLATE(BM_LegalStates, LegalSet)->Name("BM_LegalSetStates");

}  // namespace
