#pragma once
// What one catan-replay run may take: the tracking bound under hidden information
// (--max-states) and the memory it may take (--max-memory), the events of a replay page
// (--max-page-events), and a progress line on a terminal while tracking runs long. Included
// by catan-replay.cpp; catan-eval.cpp, which tracks the same belief, takes its tracking
// bound from here too.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>

#include <fmt/format.h>

#include <catan/play/replay.hpp>
#include <catan/track/track.hpp>
#include "cli_common.hpp"

namespace ctk {

// The tracking bound's options. A bound of N states may take N * kTrackBytesPerState bytes
// (track.hpp); a bound past --max-memory (MB, default 1024) is refused before any replay.
struct TrackingOptions {
    std::size_t max_memory_mb = 1024;

    void add(CLI::App& app, TrackOptions& track) {
        app.add_option("--max-states", track.max_states,
                       fmt::format("bound on the possible states tracked under hidden "
                                   "information (each may take {} bytes: see --max-memory)",
                                   kTrackBytesPerState))
            ->check(CLI::Range(1, 100000000));
        app.add_option("--max-memory", max_memory_mb,
                       "most memory in MB the tracking bound may take (--max-states times "
                       "about 1 KB); a larger bound is refused")
            ->check(CLI::Range(1, 1048576));
    }

    // Throws InputError when the bound may take more than --max-memory.
    void check(const TrackOptions& track) const {
        const std::size_t limit = max_memory_mb * 1024 * 1024;
        const std::size_t most = limit / kTrackBytesPerState;
        if (track.max_states <= most) return;
        throw InputError(fmt::format(
            "--max-states {} may take {} MB ({} bytes a state), past --max-memory {} MB: give "
            "--max-states {} or fewer, or raise --max-memory",
            track.max_states, (track.max_states * kTrackBytesPerState + (1 << 20) - 1) >> 20,
            kTrackBytesPerState, max_memory_mb, most));
    }
};

// The replay page (--html) holds every event: about 262 bytes an event beside 35 KB of page
// (measured: 66 KB for 129 events, 817 KB for 3,322, 23 MB for 88,000, which took 322 MB
// to write). A game of more events than --max-page-events (default 20,000: about 5 MB) is
// refused before it is replayed, naming the size it would take.
struct PageLimit {
    std::size_t max_events = 20000;

    static std::size_t page_kb(std::size_t events) { return 35 + (events * 262 + 1023) / 1024; }
    static std::string size_text(std::size_t kb) {
        return kb < 1024 ? fmt::format("{} KB", kb) : fmt::format("{} MB", (kb + 1023) / 1024);
    }

    void add(CLI::App& app) {
        app.add_option("--max-page-events", max_events,
                       "most events of a game that --html writes (default 20000, a page of "
                       "about 5 MB); a longer game is refused")
            ->check(CLI::Range(1, 100000000));
    }

    // Throws InputError when the game of `name` has more events than the limit.
    void check(const std::string& name, std::size_t events) const {
        if (events <= max_events) return;
        throw InputError(fmt::format(
            "{}: --html: the game has {} events, past --max-page-events {}: its page would take "
            "about {} (and about 4 KB an event of memory to write); give --max-page-events {} "
            "to write it",
            name, events, max_events, size_text(page_kb(events)), events));
    }
};

// A line on standard error while one game's tracking runs long: "\r<tool>: <name>: event I of
// N, S states" once a second, from the 3rd second (CATAN_PROGRESS_SECONDS sets when), ended
// by a newline. Only when standard error is a terminal; a pipe or file gets nothing.
class TrackingProgress {
  public:
    using Clock = std::chrono::steady_clock;

    TrackingProgress(std::string name, std::size_t events)
        : name_(std::move(name)), events_(events), start_(Clock::now()) {
        if (const char* s = std::getenv("CATAN_PROGRESS_SECONDS")) after_ = std::atof(s);
    }
    ~TrackingProgress() {
        if (shown_) std::fputc('\n', stderr);
    }
    TrackingProgress(const TrackingProgress&) = delete;
    TrackingProgress& operator=(const TrackingProgress&) = delete;

    // Whether progress can be shown: standard error is a terminal.
    static bool wanted() { return isatty(STDERR_FILENO) == 1; }

    // Chains onto opt's on_belief (kept and called first).
    void attach(ReplayOptions& opt) {
        opt.on_belief = [this, before = std::move(opt.on_belief)](int i, const Belief& b) {
            if (before) before(i, b);
            step(i, b);
        };
    }

  private:
    void step(int index, const Belief& b) {
        const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
        if (seconds < after_ || seconds < next_) return;
        next_ = seconds + 1.0;
        shown_ = true;
        std::string line = printable(fmt::format(
            "catan-replay: {}: event {} of {}, {} state{}{}, {:.0f} s", name_, index + 1, events_,
            b.size(), b.size() == 1 ? "" : "s", b.exact() ? "" : " (past the bound)", seconds));
        const std::size_t length = line.size();
        if (line.size() < shown_length_) line.append(shown_length_ - line.size(), ' ');
        shown_length_ = length;
        std::fputs(('\r' + line).c_str(), stderr);
        std::fflush(stderr);
    }

    std::string name_;
    std::size_t events_ = 0;
    Clock::time_point start_;
    double after_ = 3.0, next_ = 0.0;
    bool shown_ = false;
    std::size_t shown_length_ = 0;  // of the line shown last (a shorter one pads it out)
};

}  // namespace ctk
