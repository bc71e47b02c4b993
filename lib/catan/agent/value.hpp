#pragma once
// The greedy player's value of a position (policy.hpp "greedy"), as one player sees it: only
// what that player may know is read (its own hand and development cards; the board, the
// pieces, the bank, the awards, the other players' public VP and hand sizes). In cards: a
// card in hand is worth 1.
//
//   victory points      25 each (own VP cards included: the player knows them); a won
//                       position 10,000 more;
//   production          1.2 per pip (the ways of 36 to roll the number) of every hex next to
//                       the player's buildings, a city twice, nothing from the robber's hex;
//                       a 2:1 harbor adds a quarter of its resource's production, a 3:1 harbor a
//                       tenth of all; 2 per resource produced at all (diversity);
//   next settlement     the best spot the player can build on now (0.6 per pip) and the best
//                       one a road away (0.3 per pip), while it has settlements left;
//   hand                1 per card; 0.5 per card toward a city (and a settlement while it has
//                       a spot); 4 when it pays for a city, 3 when it pays for a settlement
//                       with a spot to build on; past the discard limit 1 per card over
//                       and 2 (the half a 7 would take);
//   roads and army      0.5 per road of the longest trail, 2 per knight played;
//   development cards   3 per card held that is not a VP card; 3 per free road and 2 for a
//                       robber move owed to the player (a card played, its effect to come);
//   the others          minus 0.15 x (25 per public VP + 1.2 per production pip) of each.
// Deterministic, no allocation; about a microsecond.

#include <vector>

#include <catan/engine/legal.hpp>
#include <catan/engine/state.hpp>

namespace ctk {

// The value of s for player p (0 <= p < s.player_count()).
double position_value(const GameState& s, PlayerId p);

// Production of player p in pips per resource (robber's hex excluded, a city twice).
ResourceCounts production_pips(const GameState& s, PlayerId p);

// The greedy choice among `moves` (a decision of `seat`; policy.hpp "greedy"): the move
// whose position has the highest position_value for the seat, and the move that passes
// (end_turn, or the roll before it) unless another gains more than 0.01. Moves with a
// chance outcome by expectation: a development card bought over the kinds the seat cannot
// rule out (the deck less its own cards and the cards played), a robber move as the
// robber's new hex plus one card stolen (worth 1.5) from a victim; the roll is the pass.
// Ties: the first move in legal order. While discards are owed, 0 (keep_discard chooses
// the cards). Reads only what the seat may know (the truth of a monopoly's haul is
// public: the cards of a resource outside the bank and the seat's hand).
std::size_t choose_greedy(const GameState& s, const LegalSet& moves, PlayerId seat);

// The values choose_greedy compares, one per move of `list` (a decision of `seat`, the
// moves of legal_moves): the pass's is the position's value plus 0.01; a discard's and
// another player's special_build's kNotChosen. `values` is resized to list.size().
inline constexpr double kNotChosen = -1e300;
void greedy_values(const GameState& s, const MoveList& list, PlayerId seat,
                   std::vector<double>& values);

}  // namespace ctk
