// Rollouts (rollout.hpp).
#include <catan/agent/rollout.hpp>

#include <algorithm>
#include <stdexcept>

#include <catan/agent/value.hpp>
#include <catan/engine/legal.hpp>
#include <catan/engine/rules.hpp>

namespace ctk {

bool game_over(const GameState& s, int turn_cap) {
    return s.phase == Phase::kOver || s.turn > turn_cap ||
           (win_due(s) != kNoPlayer && s.special.builder == kNoPlayer);
}

PlayerId play_out(GameState& s, const std::array<Policy, kMaxPlayers>& seats, Rng& rng,
                  int turn_cap) {
    for (PlayerId p = 0; p < s.player_count(); ++p)
        if (seats[p] == Policy::kSearch)
            throw std::invalid_argument("play_out: search is not a rollout policy");
    LegalSet moves;
    Event e{EndTurn{0}, nullptr, 0};
    while (!game_over(s, turn_cap)) {
        legal_set(s, moves);
        drop_empty_special_builds(s, moves);
        if (moves.empty()) break;  // (never under the rules: a decision has a move)
        const PlayerId who = decider(s, moves);
        const Policy policy = seats[who];
        move_event(moves.at(choose_move(policy, s, moves, who, rng)), e.body);
        if (auto* d = std::get_if<Discard>(&e.body))
            d->cards = choose_discard(policy, s, d->player, rng);
        else
            fill_chance(s, e.body, rng);
        apply(s, e);
    }
    return winner_at_end(s);
}

PlayerId play_out(GameState& s, Policy policy, Rng& rng, int turn_cap) {
    std::array<Policy, kMaxPlayers> seats;
    seats.fill(policy);
    return play_out(s, seats, rng, turn_cap);
}

std::vector<double> cumulative_weights(const Belief& b) {
    std::vector<double> c(b.size());
    Weight largest = b.weight(0);
    for (std::size_t i = 1; i < b.size(); ++i) largest = std::max(largest, b.weight(i));
    double sum = 0;
    for (std::size_t i = 0; i < b.size(); ++i) {
        using Ratio = boost::multiprecision::cpp_rational;
        sum += Ratio(b.weight(i), largest).convert_to<double>();
        c[i] = sum;
    }
    return c;
}

std::size_t draw_state(const std::vector<double>& cumulative, Rng& rng) {
    const double x = static_cast<double>(rng.next() >> 11) * 0x1.0p-53 * cumulative.back();
    const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), x);
    return static_cast<std::size_t>(std::min<std::ptrdiff_t>(
        it - cumulative.begin(), static_cast<std::ptrdiff_t>(cumulative.size()) - 1));
}

}  // namespace ctk
