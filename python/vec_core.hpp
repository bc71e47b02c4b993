#pragma once
// The batched environment behind catan.VecEnv, in plain C++ (no Python): n games of
// env_core.hpp stepped together, each step writing every game's row of caller-owned arrays
// (the numpy arrays of the VecEnv, allocated once) in place, with no allocation per step
// (a game's log keeps its buffer across episodes), optionally split over threads.
//
// Game i plays as EnvCore(seed + i, options), its random legal actions (sample) drawn by
// that game's own sampler (EnvCore::sample), so that the same seed gives the same actions
// and games whatever the number of threads.

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "env_core.hpp"

namespace ctk::py {

// The rows written by VecCore: each array has one row per game, C-contiguous.
struct VecRows {
    float* observations = nullptr;    // n x obs_size: the observation of the player to act
    std::uint8_t* masks = nullptr;    // n x action count: 1 where the action is legal
    float* rewards = nullptr;         // n: the reward of the player who acted
    bool* terminated = nullptr;       // n
    bool* truncated = nullptr;        // n
    std::int32_t* players = nullptr;  // n: the seat to act (0-based)
};

class VecCore {
  public:
    // Throws InputError for n < 1, threads < 0 (0: one a hardware thread) or what EnvCore
    // throws for the options. Threads beyond n are not started.
    VecCore(int n, std::uint64_t seed, const EnvOptions& opt, int threads = 1);
    ~VecCore();
    VecCore(const VecCore&) = delete;
    VecCore& operator=(const VecCore&) = delete;

    int size() const { return static_cast<int>(envs_.size()); }
    int threads() const { return threads_; }
    const EnvCore& env(int i) const { return *envs_[static_cast<std::size_t>(i)]; }

    // Where the rows go (the arrays must stay alive while this is used); writes every
    // game's row of observations, masks and players, and clears rewards and done flags.
    void attach(const VecRows& rows);
    // Starts the next episode of every game and writes its rows.
    void reset();
    // Throws InputError naming the first game whose action is not legal now (nothing is
    // stepped then).
    void check_actions(const std::int64_t* actions) const;
    // Plays actions[i] in game i (all legal: check_actions), writes rewards, terminated and
    // truncated; a finished game restarts at once (its next episode's first observation,
    // mask and player written, its done flag set for this step). Split over the threads.
    void step(const std::int64_t* actions);
    // Writes a uniformly random legal action of each game into out[i] (EnvCore::sample).
    void sample(std::int64_t* out);

  private:
    void write(std::size_t i);
    // Runs fn(begin, end) over [0, n) split into threads() contiguous ranges, one on this
    // thread and one on each worker; rethrows the first exception of any range.
    void parallel(const std::function<void(std::size_t, std::size_t)>& fn);
    void work(std::size_t k);

    std::vector<std::unique_ptr<EnvCore>> envs_;
    VecRows rows_;

    int threads_ = 1;
    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable start_, done_;
    std::uint64_t generation_ = 0;
    std::size_t pending_ = 0;
    bool stop_ = false;
    const std::function<void(std::size_t, std::size_t)>* job_ = nullptr;
    std::exception_ptr error_;
};

}  // namespace ctk::py
