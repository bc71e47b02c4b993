#pragma once
// The invariants of a GameState after any legal event (state.hpp), checked from scratch:
// as a chess engine asserts its position's consistency after every move, the library
// asserts its laws after every legal event that replay and self-play apply in builds with
// CATAN_ASSERT_INVARIANTS (the CMake option of that name; on by default in Debug builds),
// and the invariant harness (tests/engine/invariants_test.cpp) checks all of them in every build.

#include <string>

#include <catan/engine/event.hpp>
#include <catan/engine/state.hpp>

namespace ctk {

// A description of the first broken invariant of s, or "" when all hold. The laws:
// - conservation: bank + hands = the bank's per-resource count for every resource; no
//   negative hand or bank (an unlimited bank may go below zero); deck + held + played =
//   the deck's count for every development card kind and in total;
// - pieces: on the board + left = the pieces of a player (roads, settlements, cities); the
//   road sets (GameState::road_owner) hold no edge twice; VP = buildings + awards + victory
//   point cards;
// - what apply keeps up to date equals a fresh computation: road lengths (a fresh longest
//   trail count) and the occupancy masks (occupied, distance rule, settlements, cities,
//   road ends, harbors).
// kLaws checks the conservation laws and the pieces only (a pass over the board per
// player); kAll also recomputes what apply keeps (a longest trail per player and the
// masks: several times the cost of applying an event).
enum class InvariantScope { kLaws, kAll };
std::string broken_invariant(const GameState& s, InvariantScope scope = InvariantScope::kAll);

// Aborts the process, naming the event (index, summary) and the law, when s (the state after
// event e) breaks a law (kLaws: cheap enough to run after every event of every test). For
// assertions (CATAN_ASSERT_INVARIANTS builds) only.
void abort_on_broken_invariant(const GameState& s, const Event& e, long index);

}  // namespace ctk
