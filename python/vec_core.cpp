// n games stepped together, split over threads (vec_core.hpp).
#include "vec_core.hpp"

#include <algorithm>

#include <fmt/format.h>

#include <catan/play/sim.hpp>

namespace ctk::py {

VecCore::VecCore(int n, std::uint64_t seed, const EnvOptions& opt, int threads) {
    if (n < 1) throw InputError(fmt::format("n: expected at least 1, got {}", n));
    if (threads < 0)
        throw InputError(fmt::format("threads: expected 0 (one a core) or more, got {}", threads));
    envs_.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const std::uint64_t s = seed + static_cast<std::uint64_t>(i);
        envs_.push_back(std::make_unique<EnvCore>(s, opt));
        envs_.back()->share_board_part(*envs_.front());
    }
    if (threads == 0) threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    threads_ = std::min(threads, n);
    for (int k = 1; k < threads_; ++k)
        workers_.emplace_back([this, k] { work(static_cast<std::size_t>(k)); });
}

VecCore::~VecCore() {
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    start_.notify_all();
    for (std::thread& t : workers_) t.join();
}

void VecCore::attach(const VecRows& rows) {
    rows_ = rows;
    const std::size_t n = envs_.size();
    std::fill_n(rows_.rewards, n, 0.0F);
    std::fill_n(rows_.terminated, n, false);
    std::fill_n(rows_.truncated, n, false);
    for (std::size_t i = 0; i < n; ++i) write(i);
}

void VecCore::write(std::size_t i) {
    const EnvCore& e = *envs_[i];
    const PlayerId p = e.current_player();
    e.observe(p == kNoPlayer ? 0 : p,
              rows_.observations + i * static_cast<std::size_t>(e.obs_size()));
    e.mask(rows_.masks + i * static_cast<std::size_t>(e.space().size()));
    rows_.players[i] = p;
}

void VecCore::reset() {
    parallel([this](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            envs_[i]->reset();
            rows_.rewards[i] = 0.0F;
            rows_.terminated[i] = false;
            rows_.truncated[i] = false;
            write(i);
        }
    });
}

void VecCore::check_actions(const std::int64_t* actions) const {
    for (std::size_t i = 0; i < envs_.size(); ++i) {
        const std::int64_t a = actions[i];
        if (a < 0 || a >= envs_[i]->space().size() || !envs_[i]->legal(static_cast<int>(a)))
            throw InputError(
                fmt::format("actions[{}]: action {} is not legal now (see masks)", i, a));
    }
}

void VecCore::step(const std::int64_t* actions) {
    parallel([this, actions](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            if (i + 1 < end) envs_[i + 1]->prefetch();
            EnvCore& e = *envs_[i];
            rows_.rewards[i] = e.step(static_cast<int>(actions[i]));
            rows_.terminated[i] = e.terminated();
            rows_.truncated[i] = e.truncated();
            if (rows_.terminated[i] || rows_.truncated[i]) e.reset();
            write(i);
        }
    });
}

void VecCore::sample(std::int64_t* out) {
    for (std::size_t i = 0; i < envs_.size(); ++i) out[i] = envs_[i]->sample();
}

void VecCore::parallel(const std::function<void(std::size_t, std::size_t)>& fn) {
    const std::size_t n = envs_.size();
    const auto t = static_cast<std::size_t>(threads());
    if (t == 1) {
        fn(0, n);
        return;
    }
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        job_ = &fn;
        pending_ = t - 1;
        error_ = nullptr;
        ++generation_;
    }
    start_.notify_all();
    std::exception_ptr mine;
    try {
        fn(0, n / t);
    } catch (...) {
        mine = std::current_exception();
    }
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    job_ = nullptr;
    if (mine) std::rethrow_exception(mine);
    if (error_) std::rethrow_exception(error_);
}

// Worker k runs range k of each job: [n k / t, n (k + 1) / t).
void VecCore::work(std::size_t k) {
    const std::size_t n = envs_.size();
    const auto t = static_cast<std::size_t>(threads());
    std::uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        start_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_;
        const auto* job = job_;
        lock.unlock();
        std::exception_ptr failed;
        try {
            (*job)(n * k / t, n * (k + 1) / t);
        } catch (...) {
            failed = std::current_exception();
        }
        lock.lock();
        if (failed && !error_) error_ = failed;
        if (--pending_ == 0) done_.notify_one();
    }
}

}  // namespace ctk::py
