#pragma once
// Fast rollouts (the search player's, and win probabilities'): a state played forward to the
// end by simple policies, in place, with no log and no allocation per event.

#include <array>
#include <cstddef>
#include <vector>

#include <catan/agent/policy.hpp>
#include <catan/board/rng.hpp>
#include <catan/engine/state.hpp>
#include <catan/track/track.hpp>

namespace ctk {

// True when the game of s has ended, as self-play ends it: won (phase over, or a win due
// as the turn passes with no special building part open) or past `turn_cap` (s.turn >
// turn_cap).
bool game_over(const GameState& s, int turn_cap);

// Plays s forward until game_over(s, turn_cap): each decision by the policy of its decider
// (decider(), policy.hpp) from `seats` (random, builder or greedy: std::invalid_argument for
// search, which needs a game's history), discards by random_discard for random and
// keep_discard for the others, every choice and all chance from `rng`, special building
// parts as self-play opens them (drop_empty_special_builds). Returns the winner
// (winner_at_end: kNoPlayer when the turn cap ended it). s must be a state the rules reach
// (every card known: a sampled belief state serves). Cost: a game of builder players from
// the start, about 0.1 ms (docs/catan-sim.md).
PlayerId play_out(GameState& s, const std::array<Policy, kMaxPlayers>& seats, Rng& rng,
                  int turn_cap);
// The same with one policy for every seat.
PlayerId play_out(GameState& s, Policy policy, Rng& rng, int turn_cap);

// Drawing a rollout's start from a belief (the search player's and catan-eval's): the
// states' weights as cumulative doubles, each relative to the largest weight (exact enough
// to draw by: a state's share is kept to about 1e-16 of the largest), in holdings order;
// and the index of a state drawn by its probability with one value of `rng` (always one,
// whatever the size).
std::vector<double> cumulative_weights(const Belief& b);
std::size_t draw_state(const std::vector<double>& cumulative, Rng& rng);

}  // namespace ctk
