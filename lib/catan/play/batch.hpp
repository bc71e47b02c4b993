#pragma once
// Work over many inputs (DESIGN.md section 9): the list of inputs (--files-from), streams
// of many games in one JSON Lines text, and threads over inputs with the results in input
// order (-j N). No scheduler of our own beyond that: across processes and hosts the tools
// are driven by GNU parallel (docs/catan-stats.md).

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <catan/io/log_format.hpp>

namespace ctk {

// The input names of a --files-from list: one per line (a trailing '\r' is dropped), or
// NUL-separated when nul_separated; empty entries are skipped. Names are kept verbatim
// ("-" means standard input, as on the command line).
std::vector<std::string> parse_file_list(std::string_view text, bool nul_separated);

// The number of threads for -j N: N itself for N >= 1; for 0 every core the machine
// reports (std::thread::hardware_concurrency, at least 1). Negative N is clamped to 1.
int resolve_threads(int j);

// One game's text cut from an input: `name` is the input's name, or "<input>#k" (k =
// 1, 2, ... in stream order) when the input holds several games.
struct GameText {
    std::string name;
    std::string text;
};

// Reads games from an input one at a time, holding only the current game in memory (a
// stream of a million self-play games goes through in constant memory).
//
// The input is a JSON Lines stream when its first non-blank line is a header line (see
// is_log_header_line); each header line then starts a new game, and the lines up to the
// next header belong to it. Any other input (a JSON document, or text that is neither) is
// one game: the whole text, for the log reader to accept or reject with its own message.
// A single-game input is named `name`; in a stream of several, game k is "name#k" (the
// first game gets "#1" once a second header is seen; the reader looks one line ahead).
// The games' texts, in order, are the input's bytes, none dropped (the first game holds
// the blank lines before its header), so line numbers in read_log's messages are the
// input's for a one-game input and, in a stream of several, count from each game's
// first line.
class GameStreamReader {
  public:
    GameStreamReader(std::istream& in, std::string name);
    // The next game, or std::nullopt at the end of the input.
    std::optional<GameText> next();

  private:
    bool read_line(std::string& line);
    std::istream& in_;
    std::string name_;
    bool started_ = false, stream_ = false, done_ = false;
    int index_ = 0;
    // The text that starts the next game: its header line (for the first game, with the
    // blank lines before it).
    std::optional<std::string> pending_header_;
};

// Runs work(i) for every i in [0, n) on `threads` threads and calls emit(i, result) on the
// calling thread in increasing order of i, so the output is the same as with one thread.
// Work proceeds in batches of 64 items per thread (the results of one batch are held in
// memory at a time). An exception thrown by work(i) is rethrown from this function when
// item i's turn to be emitted comes (items before it have been emitted). threads <= 1
// runs everything on the calling thread, interleaving work and emit.
template <class Result>
void ordered_parallel_for(std::size_t n, int threads,
                          const std::function<Result(std::size_t)>& work,
                          const std::function<void(std::size_t, Result&&)>& emit) {
    if (threads <= 1 || n <= 1) {
        for (std::size_t i = 0; i < n; ++i) emit(i, work(i));
        return;
    }
    const std::size_t batch = 64 * static_cast<std::size_t>(threads);
    std::vector<std::optional<Result>> results;
    std::vector<std::exception_ptr> errors;
    for (std::size_t start = 0; start < n; start += batch) {
        const std::size_t end = std::min(n, start + batch);
        results.assign(end - start, std::nullopt);
        errors.assign(end - start, nullptr);
        std::atomic<std::size_t> next{start};
        auto worker = [&] {
            for (std::size_t i = next++; i < end; i = next++) {
                try {
                    results[i - start].emplace(work(i));
                } catch (...) {
                    errors[i - start] = std::current_exception();
                }
            }
        };
        std::vector<std::thread> pool;
        const std::size_t count =
            std::min<std::size_t>(static_cast<std::size_t>(threads), end - start);
        for (std::size_t t = 1; t < count; ++t) pool.emplace_back(worker);
        worker();
        for (auto& t : pool) t.join();
        for (std::size_t i = start; i < end; ++i) {
            if (errors[i - start]) std::rethrow_exception(errors[i - start]);
            emit(i, std::move(*results[i - start]));
        }
    }
}

}  // namespace ctk
