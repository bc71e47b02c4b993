// Reading JSON Lines records (issue "Speed", item 1): one board record (about 1.6 KB) and
// one event line, by the simdjson fast path, by the precise nlohmann reader, and
// simdjson's bare parse of the same text (the floor). Items = records.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include <simdjson.h>
#include <nlohmann/json.hpp>

#include <catan/board/board.hpp>
#include <catan/board/generate.hpp>
#include <catan/board/rng.hpp>
#include <catan/engine/event.hpp>
#include <catan/io/detail/board_fast.hpp>
#include <catan/io/detail/event_fast.hpp>
#include <catan/play/sim.hpp>
#include <catan/io/board_json.hpp>
#include <catan/io/event_json.hpp>

using namespace ctk;

namespace {

// 1,000 generated boards as JSON Lines records.
const std::vector<std::string>& board_records() {
    static const std::vector<std::string> v = [] {
        std::vector<std::string> out;
        Generator g(BoardRecipe::standard(), Constraints{});
        Rng rng(1);
        RawBoard raw;
        for (int i = 0; i < 1000; ++i) {
            g.generate(rng, raw);
            out.push_back(board_to_json(g.to_board(raw)).dump());
        }
        return out;
    }();
    return v;
}

// The event lines of one self-play game (4 players, no claims).
struct Lines {
    GameLog head;
    std::vector<std::string> lines;
};
const Lines& event_lines() {
    static const Lines v = [] {
        SimOptions opt;
        opt.claims = false;
        SimGame g = play_game(1, 1, opt);
        Lines out;
        for (const Event& e : g.log.events)
            out.lines.push_back(event_to_json(e, g.log.seats).dump());
        g.log.events.clear();
        out.head = std::move(g.log);
        return out;
    }();
    return v;
}

template <class F>
void over(benchmark::State& st, const std::vector<std::string>& records, F&& f) {
    std::size_t i = 0;
    std::int64_t bytes = 0;
    for (auto _ : st) {
        bytes += static_cast<std::int64_t>(records[i].size());
        f(records[i]);
        if (++i == records.size()) i = 0;
    }
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations()));
    st.SetBytesProcessed(bytes);
}

void BM_BoardRecordFast(benchmark::State& st) {
    over(st, board_records(), [](const std::string& r) {
        auto b = detail::read_board_fast(r);
        benchmark::DoNotOptimize(b);
    });
}
BENCHMARK(BM_BoardRecordFast);

void BM_BoardRecordPrecise(benchmark::State& st) {
    over(st, board_records(), [](const std::string& r) {
        Board b = board_from_json(nlohmann::json::parse(r));
        benchmark::DoNotOptimize(b);
    });
}
BENCHMARK(BM_BoardRecordPrecise);

// simdjson's DOM parse alone (the text copied into a padded buffer, as the fast path does).
void BM_BoardRecordBareParse(benchmark::State& st) {
    simdjson::dom::parser parser;
    std::string padded;
    over(st, board_records(), [&](const std::string& r) {
        padded.reserve(r.size() + simdjson::SIMDJSON_PADDING);
        padded.assign(r);
        simdjson::dom::element doc;
        benchmark::DoNotOptimize(parser.parse(padded.data(), padded.size(), false).get(doc));
    });
}
BENCHMARK(BM_BoardRecordBareParse);

void BM_EventLineFast(benchmark::State& st) {
    const Lines& l = event_lines();
    const Topology& t = log_board(l.head).topology();
    over(st, l.lines, [&](const std::string& r) {
        auto e = detail::read_event_fast(r, l.head.seats, t);
        benchmark::DoNotOptimize(e);
    });
}
BENCHMARK(BM_EventLineFast);

// The two readers of the fast path alone: the direct scan of the written shape, and
// simdjson's DOM (what the fast path uses for any other spelling).
void BM_EventLineScan(benchmark::State& st) {
    const Lines& l = event_lines();
    const Topology& t = log_board(l.head).topology();
    over(st, l.lines, [&](const std::string& r) {
        auto e = detail::read_event_scan(r, l.head.seats, t);
        benchmark::DoNotOptimize(e);
    });
}
BENCHMARK(BM_EventLineScan);

void BM_EventLineDom(benchmark::State& st) {
    const Lines& l = event_lines();
    const Topology& t = log_board(l.head).topology();
    over(st, l.lines, [&](const std::string& r) {
        auto e = detail::read_event_dom(r, l.head.seats, t);
        benchmark::DoNotOptimize(e);
    });
}
BENCHMARK(BM_EventLineDom);

void BM_EventLinePrecise(benchmark::State& st) {
    const Lines& l = event_lines();
    const Topology& t = log_board(l.head).topology();
    over(st, l.lines, [&](const std::string& r) {
        Event e = event_from_json(nlohmann::json::parse(r), l.head.seats, t, "events[0]");
        benchmark::DoNotOptimize(e);
    });
}
BENCHMARK(BM_EventLinePrecise);

void BM_EventLineBareParse(benchmark::State& st) {
    simdjson::dom::parser parser;
    std::string padded;
    over(st, event_lines().lines, [&](const std::string& r) {
        padded.reserve(r.size() + simdjson::SIMDJSON_PADDING);
        padded.assign(r);
        simdjson::dom::element doc;
        benchmark::DoNotOptimize(parser.parse(padded.data(), padded.size(), false).get(doc));
    });
}
BENCHMARK(BM_EventLineBareParse);

}  // namespace
