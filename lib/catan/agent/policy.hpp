#pragma once
// Players (DESIGN.md section 1, catan-sim --policies): policies that choose one event among
// the legal moves of a decision (lib/catan/engine/legal.hpp's LegalSet), so that a policy
// never plays an illegal move. Every choice is a function of the state, the moves and the
// RNG handed in: the same seed gives the same games.
//
//   random   uniform among the moves (today's self-play: lib/catan/play/sim.hpp); a discard
//            uniform among the player's distinct discards;
//   builder  random, weighted toward building as catanatron's weighted random player is:
//            a city 10,000, a settlement 1,000, a development card 100, any other move 1;
//   greedy   one move ahead with the value function of value.hpp (the position as the
//            deciding player sees it); see choose_greedy;
//   search   flat Monte Carlo over the moves with rollouts (search.hpp): it needs the
//            game's history (a SearchAgent per seat), not only the state.
// The discards of builder, greedy and search: keep_discard (below).
//
// Chance (dice, the stolen card, the bought card) is never a policy's: fill_chance draws it
// from the game's RNG.

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include <catan/board/rng.hpp>
#include <catan/engine/legal.hpp>
#include <catan/engine/state.hpp>

namespace ctk {

enum class Policy : std::uint8_t { kRandom, kBuilder, kGreedy, kSearch };
inline constexpr int kPolicyCount = 4;
inline constexpr std::array<std::string_view, kPolicyCount> kPolicyNames{"random", "builder",
                                                                         "greedy", "search"};
std::string_view policy_name(Policy p);
// A policy by name; throws InputError "policy: expected random, builder, greedy or search,
// got \"x\"".
Policy parse_policy(std::string_view name);
// A comma-separated list of policy names, one per seat ("greedy,random,random,random"):
// 2..kMaxPlayers names (InputError otherwise, naming the count or the bad name).
std::vector<Policy> parse_policy_list(std::string_view list);

// The player who decides a decision of `moves`: the first player owing a discard while
// discards are owed, else the player of the moves (LegalSet::player), else (special
// building parts to open and nothing else) the active player.
PlayerId decider(const GameState& s, const LegalSet& moves);

// Self-play's rule for the special building phase (5-6 players): drops the special_build of
// every player who could then only end the part (a part of end_turn alone is never opened).
void drop_empty_special_builds(const GameState& s, LegalSet& moves);

// The index (0 <= i < moves.size()) of the move chosen. While discards are owed, 0: the
// first discarder's placeholder (its cards are then chosen by random_discard or
// keep_discard). Precondition: !moves.empty().
std::size_t choose_random(const LegalSet& moves, Rng& rng);
std::size_t choose_builder(const LegalSet& moves, Rng& rng);

// The discard of player p owing s.discard_owed[p] cards (discard-half): uniform among its
// distinct discards (random), or the cards it needs least (keep_discard: one card at a
// time from the resource held most above what a city and a settlement need, 1 1 1 2 3;
// ties to the lower resource). Precondition: s.discard_owed[p] > 0.
ResourceCounts random_discard(const GameState& s, PlayerId p, Rng& rng);
ResourceCounts keep_discard(const GameState& s, PlayerId p);

// The fast policies' choice (random, builder, greedy: every player but search), the one
// dispatch self-play and rollouts share: the index of the move `policy` chooses for a
// decision of `who` (decider()) among `moves` (choose_random, choose_builder or
// choose_greedy), and the discard of player p by that policy (random_discard for random,
// keep_discard for the others). Throws std::invalid_argument for search, which needs a
// game's history (search.hpp).
std::size_t choose_move(Policy policy, const GameState& s, const LegalSet& moves, PlayerId who,
                        Rng& rng);
ResourceCounts choose_discard(Policy policy, const GameState& s, PlayerId p, Rng& rng);

// Fills the chance fields of a generated event of s from the game's RNG: a roll's dice
// (1 + below(6) each; rolled again while a 7 is not allowed yet: seven_allowed, the house
// rules no-seven-rounds and no-seven-until-city), a robber move's stolen card (uniform among the
// victim's cards) and a bought card (uniform among the cards left in the deck); other events
// unchanged.
void fill_chance(const GameState& s, EventBody& e, Rng& rng);

}  // namespace ctk
