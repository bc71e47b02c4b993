#include <catan/board/rng.hpp>

namespace ctk {

std::uint64_t Rng::splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

Rng::Rng(std::uint64_t seed) {
    for (auto& w : s_) w = splitmix64(seed);
}

}  // namespace ctk
