// Longest road (lib/catan/engine/roads.hpp): time per player recompute on positions from real
// recorded games (../shared/data, imported and replayed), from self-play, from random growth, and
// on the worst knot found. The targets: <= 1 us median per player, <= 100 us worst.
//
// Each benchmark loops over its positions round-robin, so Google Benchmark's time is the
// MEAN per player. The counters give the distribution: every position is timed alone (a
// batch of calls, steady_clock) and median_ns / p99_ns / max_ns are taken over positions.
// The README's "catan-roads" section quotes these figures.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catan/board/rng.hpp>
#include <catan/engine/event.hpp>
#include <catan/engine/roads.hpp>
#include <catan/engine/rules.hpp>
#include <catan/engine/state.hpp>
#include <catan/import/import.hpp>
#include <catan/play/sim.hpp>

using namespace ctk;
namespace fs = std::filesystem;

namespace {

struct Position {
    EdgeSet roads;
    VertexSet blocked;
};

// Every distinct (roads, blocked) of any player with a road, after every event.
class Collector {
  public:
    void add(const GameState& s) {
        for (int p = 0; p < s.player_count(); ++p) {
            const EdgeSet& roads = s.players[p].roads;
            if (roads.none()) continue;
            VertexSet blocked = s.blocked_for(p);
            if (seen_.insert(roads.to_string() + blocked.to_string()).second)
                positions.push_back({roads, blocked});
        }
    }
    std::vector<Position> positions;

  private:
    std::set<std::string> seen_;
};

std::vector<Position> selfplay_positions() {
    Collector c;
    for (int game = 1; game <= 40; ++game) {
        SimOptions opt;
        opt.record = false;
        SelfPlay play(game_seed(2026, game), opt);
        while (!play.over()) {
            play.step();
            c.add(play.state());
        }
    }
    return c.positions;
}

std::string read_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Recorded games of other software from the shared corpus, imported and replayed up to
// the first event the rules refuse (a partial recording).
std::vector<Position> real_positions() {
    Collector c;
    const fs::path data = CATAN_DATA_DIR;
    for (const char* sub : {"stac", "catanatron/quick5", "catanatron/local_test"}) {
        std::error_code ec;
        if (!fs::is_directory(data / sub, ec)) continue;
        std::vector<fs::path> files;
        for (const auto& f : fs::directory_iterator(data / sub, ec))
            if (f.is_regular_file()) files.push_back(f.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            try {
                std::string text = read_text(f);
                auto format = detect_import_format(text);
                if (!format) continue;
                GameLog log = import_log(text, f.filename().string(), *format);
                GameState s = GameState::initial(log);
                RuleContext ctx{&log.seats};
                for (std::size_t i = 0; i < log.events.size(); ++i) {
                    if (check(s, log.events[i], static_cast<int>(i), ctx)) break;
                    apply(s, log.events[i]);
                    c.add(s);
                }
            } catch (const std::exception&) {
                continue;  // an import the importer refuses: not a position source
            }
        }
    }
    return c.positions;
}

// Connected networks of up to 15 roads grown at random, with up to 3 opponents on them.
std::vector<Position> random_positions() {
    const Topology& t = Topology::standard();
    Rng rng(15);
    std::vector<Position> out;
    for (int i = 0; i < 4000; ++i) {
        Position p;
        std::vector<EdgeId> list;
        int target = 1 + static_cast<int>(rng.below(15));
        while (static_cast<int>(list.size()) < target) {
            EdgeId e;
            if (list.empty()) {
                e = static_cast<EdgeId>(rng.below(static_cast<std::uint32_t>(t.edge_count())));
            } else {
                EdgeId from = list[rng.below(static_cast<std::uint32_t>(list.size()))];
                const IdList3& around = t.vertex_edges(t.edge_vertices(from)[rng.below(2)]);
                e = around[static_cast<int>(rng.below(static_cast<std::uint32_t>(around.size())))];
            }
            if (p.roads[static_cast<std::size_t>(e)]) continue;
            p.roads.set(static_cast<std::size_t>(e));
            list.push_back(e);
        }
        for (int k = static_cast<int>(rng.below(4)); k > 0; --k)
            p.blocked.set(static_cast<std::size_t>(t.edge_vertices(
                list[rng.below(static_cast<std::uint32_t>(list.size()))])[rng.below(2)]));
        out.push_back(p);
    }
    return out;
}

// The slowest 15-road network found by a hill-climbing search over connected networks of
// 15 roads on the standard board (timing each candidate): the two rings of hexes 7 and 8
// with four spurs, 6 vertices of three roads, no trail through all 15.
//
//        17      19
//      /    \  /    \.
//    16      18      20 === 21
//    |  #7   |   #8   |
//    27      29      31
//      \    /  \    /   \\.
//        28      30      32
//        ||      ||
//        38      40
std::vector<Position> knot_positions() {
    Position p;
    for (EdgeId e : {23, 24, 25, 26, 27, 33, 34, 35, 39, 40, 41, 42, 43, 49, 50})
        p.roads.set(static_cast<std::size_t>(e));
    return {p};
}

const std::vector<Position>& positions(int set) {
    static std::map<int, std::vector<Position>> cache;
    auto it = cache.find(set);
    if (it != cache.end()) return it->second;
    std::vector<Position> v = set == 0   ? real_positions()
                              : set == 1 ? selfplay_positions()
                              : set == 2 ? random_positions()
                                         : knot_positions();
    return cache.emplace(set, std::move(v)).first->second;
}

const char* set_name(int set) {
    static const char* kNames[] = {"real", "selfplay", "random", "knot"};
    return kNames[set];
}

template <class F>
void distribution(benchmark::State& state, const std::vector<Position>& ps, F&& f) {
    const Topology& t = Topology::standard();
    std::vector<double> ns;
    for (const Position& p : ps) {
        constexpr int kReps = 64;
        double best = 1e300;
        for (int round = 0; round < 3; ++round) {  // the fastest of 3 batches: less noise
            auto t0 = std::chrono::steady_clock::now();
            for (int r = 0; r < kReps; ++r) benchmark::DoNotOptimize(f(t, p));
            auto t1 = std::chrono::steady_clock::now();
            best =
                std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count() / kReps);
        }
        ns.push_back(best);
    }
    std::sort(ns.begin(), ns.end());
    auto at = [&](double q) {
        return ns[static_cast<std::size_t>(q * static_cast<double>(ns.size() - 1))];
    };
    state.counters["positions"] = static_cast<double>(ns.size());
    state.counters["median_ns"] = at(0.5);
    state.counters["p99_ns"] = at(0.99);
    state.counters["max_ns"] = ns.back();
}

void BM_LongestTrailLength(benchmark::State& state) {
    const int set = static_cast<int>(state.range(0));
    const auto& ps = positions(set);
    state.SetLabel(set_name(set));
    if (ps.empty()) {
        state.SkipWithError("no positions (shared corpus missing?)");
        return;
    }
    const Topology& t = Topology::standard();
    std::size_t i = 0;
    for (auto _ : state) {
        const Position& p = ps[i];
        benchmark::DoNotOptimize(longest_trail_length(t, p.roads, p.blocked));
        if (++i == ps.size()) i = 0;
    }
    distribution(state, ps, [](const Topology& tt, const Position& p) {
        return longest_trail_length(tt, p.roads, p.blocked);
    });
}
BENCHMARK(BM_LongestTrailLength)->DenseRange(0, 3)->Unit(benchmark::kNanosecond);

// The trail itself (catan-roads), with its two small vectors.
void BM_LongestTrail(benchmark::State& state) {
    const int set = static_cast<int>(state.range(0));
    const auto& ps = positions(set);
    state.SetLabel(set_name(set));
    if (ps.empty()) {
        state.SkipWithError("no positions (shared corpus missing?)");
        return;
    }
    const Topology& t = Topology::standard();
    std::size_t i = 0;
    for (auto _ : state) {
        const Position& p = ps[i];
        benchmark::DoNotOptimize(longest_trail(t, p.roads, p.blocked).length);
        if (++i == ps.size()) i = 0;
    }
    distribution(state, ps, [](const Topology& tt, const Position& p) {
        return longest_trail(tt, p.roads, p.blocked).length;
    });
}
BENCHMARK(BM_LongestTrail)->DenseRange(0, 3)->Unit(benchmark::kNanosecond);

void BM_RoadNetworkCount(benchmark::State& state) {
    const auto& ps = positions(1);
    const Topology& t = Topology::standard();
    std::size_t i = 0;
    for (auto _ : state) {
        const Position& p = ps[i];
        benchmark::DoNotOptimize(road_network_count(t, p.roads, p.blocked));
        if (++i == ps.size()) i = 0;
    }
}
BENCHMARK(BM_RoadNetworkCount)->Unit(benchmark::kNanosecond);

}  // namespace
