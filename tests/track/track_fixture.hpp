// Shared by the tests of the belief (tests/track/): a two-player position on the beginner
// board, cards given by hand, the belief's states made whole with their weights, and how
// the views tests compare states and beliefs.
#pragma once

#include <utility>
#include <vector>

#include <catan/engine/rules.hpp>
#include <catan/track/track.hpp>

namespace ctk::test {

// a and b equal in everything but the cards received from the last event (history only:
// merged states forget it).
inline bool same_state(GameState a, GameState b) {
    for (auto& r : a.last_received) r.fill(0);
    for (auto& r : b.last_received) r.fill(0);
    return a == b;
}

// The same states in the same order with the same weights.
inline bool same_belief(const Belief& a, const Belief& b) {
    if (a.size() != b.size() || a.exact() != b.exact()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!(a.state(i) == b.state(i)) || a.weight(i) != b.weight(i)) return false;
    return true;
}

constexpr PlayerId kRed = 0, kBlue = 1;

inline Probability q(int num, int den) {
    return Probability(num, den);
}

// A two-player game on the beginner board (red, blue) in turn 5.
inline GameLog two_player_log() {
    GameLog log;
    log.seats = {{"red", "red", {}}, {"blue", "blue", {}}};
    return log;
}

//   hex 0 (mountains, 10): red settles on its first corner, blue on its fourth (the
//   opposite one); the robber is on the desert (hex 9). `active` has rolled a 7 and must
//   move the robber when seven is true.
inline GameState position(const GameLog& log, PlayerId active, bool seven) {
    GameState s = GameState::initial(log);
    s.phase = Phase::kTurn;
    s.turn = 5;
    s.active = active;
    s.rolled = true;
    s.last_roll = seven ? 7 : 5;
    s.robber_due = seven ? RobberReason::kSeven : RobberReason::kNone;
    const auto& corners = s.topology().hex_vertices(0);
    for (auto [p, v] : {std::pair{kRed, corners[0]}, std::pair{kBlue, corners[3]}}) {
        s.building[v] = Building::kSettlement;
        s.owner[v] = static_cast<std::int8_t>(p);
        --s.players[p].settlements_left;
    }
    refresh_derived(s);
    return s;
}

inline void give(GameState& s, PlayerId p, const ResourceCounts& cards) {
    for (int r = 0; r < kResourceCount; ++r) {
        s.players[p].hand[r] += cards[r];
        s.bank[r] -= cards[r];
    }
}

inline Event ev(EventBody b) {
    return Event{std::move(b), nullptr, 0};
}

// Every state of the belief made whole, with its weight (in the belief's order).
struct WeightedState {
    GameState state;
    Weight weight;
};
inline std::vector<WeightedState> states_of(const Belief& b) {
    std::vector<WeightedState> out;
    b.for_each_state([&](const GameState& s, const Weight& w) { out.push_back({s, w}); });
    return out;
}

// The probability the belief gives p's hand h (0 when impossible).
inline Probability hand_probability(const Belief& b, PlayerId p, const ResourceCounts& h) {
    Weight sum = 0;
    b.for_each_state([&](const GameState& s, const Weight& w) {
        if (s.players[p].hand == h) sum += w;
    });
    return b.probability(sum);
}

// Blue to move the robber after a 7, red holding 2 brick + 1 ore, blue 2 grain + 2 ore: the
// position of the 2/3 steal golden cases.
inline GameState steal_position(const GameLog& log) {
    GameState s = position(log, kBlue, true);
    give(s, kRed, {2, 0, 0, 0, 1});
    give(s, kBlue, {0, 0, 0, 2, 2});
    return s;
}

}  // namespace ctk::test
