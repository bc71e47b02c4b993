#pragma once
// Deterministic pseudo-random numbers, identical on every machine and compiler
// (DESIGN.md section 1: no std::*_distribution, no std::shuffle, whose results differ
// between standard libraries).
//
// Rng is xoshiro256** (Blackman and Vigna, 2018): 256 bits of state, period 2^256 - 1,
// seeded from one 64-bit seed through splitmix64 so that nearby seeds give unrelated
// streams. Bounded draws use Lemire's multiply-and-reject method, which is exactly
// unbiased; shuffle is the Fisher-Yates shuffle over those draws. Every value below is a
// pure function of the seed and the sequence of calls, so a seed reproduces a board, a
// game or a simulation byte for byte.
//
// Usage:
//   ctk::Rng rng(seed);
//   int die = 1 + static_cast<int>(rng.below(6));   // uniform 1..6
//   rng.shuffle(std::span(cards));                  // uniform permutation

#include <cstdint>
#include <span>
#include <utility>

namespace ctk {

class Rng {
  public:
    // Seeds the four state words with consecutive splitmix64 outputs of `seed` (any value,
    // 0 included: splitmix64 never yields the all-zero state from it).
    explicit Rng(std::uint64_t seed = 0);

    // The next 64 uniformly distributed bits.
    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform integer in [0, n), exactly unbiased. n must be >= 1 (n == 0 returns 0).
    // Consumes one next() value, more only with probability < n / 2^32.
    std::uint32_t below(std::uint32_t n) {
        std::uint64_t m = (next() >> 32) * n;
        auto low = static_cast<std::uint32_t>(m);
        if (low < n) {
            const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
            while (low < threshold) {
                m = (next() >> 32) * n;
                low = static_cast<std::uint32_t>(m);
            }
        }
        return static_cast<std::uint32_t>(m >> 32);
    }

    // Uniform integer in [lo, hi] (lo <= hi, hi - lo < 2^32).
    std::int64_t between(std::int64_t lo, std::int64_t hi) {
        return lo + static_cast<std::int64_t>(below(static_cast<std::uint32_t>(hi - lo + 1)));
    }

    // True with probability num / den (0 <= num <= den, den >= 1).
    bool chance(std::uint32_t num, std::uint32_t den) { return below(den) < num; }

    // Fisher-Yates: every permutation of v equally likely. Draws below(i + 1) for
    // i = size-1 down to 1, in that order.
    template <class T>
    void shuffle(std::span<T> v) {
        for (std::size_t i = v.size(); i > 1; --i) {
            std::size_t j = below(static_cast<std::uint32_t>(i));
            std::swap(v[i - 1], v[j]);
        }
    }

    // Partial Fisher-Yates: after the call v[0..k) is a uniformly random ordered sample of
    // k distinct elements of v (without replacement), and v[k..) holds the others. Draws
    // below(size - i) for i = 0 .. k-1. k must be <= v.size().
    template <class T>
    void sample_prefix(std::span<T> v, std::size_t k) {
        const std::size_t n = v.size();
        for (std::size_t i = 0; i < k; ++i) {
            std::size_t j = i + below(static_cast<std::uint32_t>(n - i));
            std::swap(v[i], v[j]);
        }
    }

    // The splitmix64 step (Steele, Lea and Flood), exposed for deriving sub-seeds:
    // advances `state` and returns the next output.
    static std::uint64_t splitmix64(std::uint64_t& state);

  private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

}  // namespace ctk
