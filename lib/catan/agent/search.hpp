#pragma once
// The search player (policy.hpp "search"): flat Monte Carlo over the moves of a decision,
// with rollouts by a fast policy, that never reads what its seat cannot know.
//
// Hidden information: the agent follows the game event by event as its seat would have
// recorded it (lib/catan/track/view.hpp, view_event: the other players' bought cards and
// the steals it neither made nor suffered hidden), and keeps the seat's belief over it
// (lib/catan/track/track.hpp, the tracker catan-replay --hands uses). Every rollout starts
// from a complete state drawn from that belief by its probability: the other hands, the
// deck and the cards bought are sampled, never taken from the true state, which the agent
// is never given (only the moves of its decision, which depend on what the seat knows).
// Past the tracker's bound (SearchOptions::max_states) the belief keeps its most probable
// states and the draw is among them by their weights.
//
// A decision: with one move, that move. Otherwise the `candidates` moves of highest greedy
// value (value.hpp, on the belief's most probable state) are
// each played `rollouts / candidates` times (at least once), every candidate from the same
// sampled states with the same rollout seeds (common random numbers): the move, its chance
// drawn, then `horizon` more turns by the rollout policy for every seat (rollout.hpp
// play_out). A rollout scores 1 when the seat wins, 0 when another does, else
// 0.5 + 0.5 tanh(d / 50) with d the seat's position_value (value.hpp) less the best
// other player's. The move of highest mean wins (ties: the first
// in legal order). Deterministic for a seed.

#include <cstdint>
#include <memory>
#include <vector>

#include <catan/agent/policy.hpp>
#include <catan/engine/event.hpp>
#include <catan/engine/legal.hpp>
#include <catan/track/track.hpp>
#include <catan/track/view.hpp>

namespace ctk {

struct SearchOptions {
    int rollouts = 100;                // >= 1: rollouts per decision (catan-sim --rollouts)
    int horizon = 4;                   // >= 1: turns a rollout plays past the decision's
    int candidates = 5;                // >= 1: moves explored
    Policy rollout = Policy::kGreedy;  // random, builder or greedy
    std::size_t max_states = 2000;     // the belief's bound (TrackOptions::max_states)
};

class SearchAgent {
  public:
    // The agent of `seat` in the game of `game`'s header (seats, board, options; its events
    // are not read), its rollouts seeded with `seed`. Throws InputError for a seat that is
    // not the game's or options out of range.
    SearchAgent(const GameLog& game, PlayerId seat, const SearchOptions& opt, std::uint64_t seed);
    ~SearchAgent();
    SearchAgent(const SearchAgent&) = delete;
    SearchAgent& operator=(const SearchAgent&) = delete;

    // The game's next event, as played (every card known); the agent keeps only the seat's
    // view of it. `before`, the full state the event applies to, states a monopoly's haul
    // (public: every player sees what each hand gives) when the event leaves it out.
    void observe(const Event& e, const GameState* before = nullptr);
    // The move chosen among `moves`, the legal moves of a decision of the seat in the game
    // observed so far (0 <= result < moves.size(); 0 while discards are owed).
    std::size_t choose(const LegalSet& moves);
    // The seat's discard (keep_discard on its own hand, which it knows).
    ResourceCounts discard() const;
    PlayerId seat() const { return seat_; }
    const Belief& belief() const { return *belief_; }

  private:
    GameLog header_;  // the seat's view: the header only (the belief reads its seats)
    View view_;
    PlayerId seat_;
    SearchOptions opt_;
    Rng rng_;
    std::unique_ptr<Belief> belief_;
    int index_ = 0;  // events observed
    // A state of the belief drawn by its probability.
    GameState sample(const std::vector<double>& cumulative);
};

}  // namespace ctk
