#pragma once
// Win probabilities of a recorded game (catan-eval): at each position, each player's
// probability of winning from there, estimated by games played on from it to the end by a
// rollout policy (lib/catan/agent/rollout.hpp play_out).
//
// Where a position comes from a log that hides cards (a spectator's or one seat's view, a
// colonist.io or catanlog recording), each rollout starts from a complete state drawn
// from the replay's belief (lib/catan/track/track.hpp) by its probability: the hidden
// hands, development cards and deck are sampled, never guessed. Past the tracker's bound
// the draw is among the kept states by their weights. In a full-information log the belief
// is the true state; what no log knows (the order of the deck, the dice to come) is drawn
// in the rollout (fill_chance).
//
// The estimate: rollout i of a position draws its start state and plays from a random
// stream seeded by (seed, the position's event, i) alone, so the numbers are the same for
// any number of threads. A rollout scores 1 for its winner; one that reaches the turn cap
// unfinished scores 1/k for each of the k players then ahead on victory points (true VP,
// hidden cards included). p[i] = the mean score of player i (the players' p sum to 1),
// se[i] = sqrt(p[i] (1 - p[i]) / rollouts), its standard error. A position whose game is over
// in every state gives its winner 1.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <catan/agent/policy.hpp>
#include <catan/board/board.hpp>
#include <catan/engine/event.hpp>
#include <catan/engine/state.hpp>
#include <catan/play/replay.hpp>
#include <catan/track/track.hpp>

namespace ctk {

struct ForecastOptions {
    int rollouts = 500;               // 1..1,000,000 games played on from each position
    Policy policy = Policy::kGreedy;  // every seat's rollout policy: random, builder or greedy
    std::uint64_t seed = 1;
    int threads = 1;           // >= 1: rollouts of a position split among them
    bool every_event = false;  // a position after every event; else one per turn (below)
    // Only the positions at the end of these turns (when not empty; every_event aside): a
    // turn T >= 0, or a share of the game, -f for f in (0, 1] of the last turn reached
    // (rounded to the nearest turn: -0.5 is the middle of the game).
    std::vector<double> turns;
    // Turns a rollout may play past its position before it ends unfinished (>= 1).
    int turn_cap = 300;
    // The replay's options: its tracking bound (track.max_states) for logs that hide cards.
    ReplayOptions replay;
    // Called after each position with the positions done and the total (a progress line).
    std::function<void(std::size_t done, std::size_t total)> progress;
};

// One position: the state after event `event` (0-based) of the log.
struct ForecastPosition {
    int event = 0;
    int turn = 0;  // the turn it ends (0: the setup); with every_event the state's turn
    std::vector<double> p, se;    // per player, seat order: P(win) and its standard error
    std::vector<int> vp;          // per player: public victory points (hidden VP cards left out)
    std::vector<int> production;  // per player: pips of every hex next to their buildings
                                  // (a city twice, the robber's hex left out)
    std::size_t states = 1;       // the states the belief held (1: nothing hidden)
};

// An event (or a turn) that moved a player's probability: `player` went from `before` to
// `after` between the position before it and the position after it; `what` says what
// happened (the turn's moves in words) and `text` the whole sentence ("turn 23: orange
// moves the robber to the fields (6) and steals 1 ore from blue; blue 41% -> 27%").
struct TurningPoint {
    int event = 0;  // the position's event
    int turn = 0;
    PlayerId player = kNoPlayer;
    double before = 0, after = 0;
    std::string what, text;
};

struct Forecast {
    std::vector<ForecastPosition> positions;   // in event order
    std::vector<TurningPoint> turning_points;  // the largest moves first (at most 5)
    Verdict verdict;                           // the replay's (its winner, standings)
    int rollouts = 0;
    Policy policy = Policy::kGreedy;
    std::uint64_t seed = 0;
};

// The positions of `log`: one per turn (the state after the event that ends it: its
// end_turn, or for turn 0 the setup's last placement; and the log's last event), those of
// opt.turns, or after every event (opt.every_event), up
// to where replay
// stops (the first violation: the verdict says it). Throws InputError for options out of
// range (naming the option). Cost: opt.rollouts rollouts per position; a greedy rollout
// from the middle of a 4-player game takes about half a millisecond (docs/catan-eval.md).
Forecast forecast(const GameLog& log, const ForecastOptions& opt, std::string_view name = "");

// A move of the player to act with its estimated win probability (rank_moves).
struct RankedMove {
    Event event;               // the move (its chance part drawn in each rollout)
    std::string text;          // in words (event_text)
    double p = 0, se = 0;      // the mover's P(win) after it
    std::size_t rollouts = 0;  // the rollouts from states where the move is legal
    bool played = false;       // the move the log plays next (the same event, chance aside)
};

// What should the player to act have done after event `at` of `log`: the legal moves of the
// decision there (in the belief's most probable state: under hidden information the moves
// of the acting player's cards there), each estimated by `opt.rollouts` rollouts from
// states of the belief in which it is legal (the move played, its chance drawn, then every
// seat by opt.policy), best first (ties: legal order). At most `candidates` moves: those
// of highest greedy value (lib/catan/agent/value.hpp), the move played always among them.
// Throws InputError when `at` is past the log's last event or replay stops before it.
std::vector<RankedMove> rank_moves(const GameLog& log, int at, const ForecastOptions& opt,
                                   int candidates = 10, std::string_view name = "");

// The value of an opening (catan-place --evaluate): the first seat's share of wins over
// `games` games on `board` with `players` seats, every seat playing opt.policy, where the
// first seat's first settlement is `first` and, when `second` is not kNoId, its second
// settlement `second` (the other placements, and every road, the policy's). Game i plays
// from the random stream seeded by (opt.seed, i), so the openings of one call are compared
// on the same dice (common random numbers) and `first` = kNoId gives the baseline: the
// first seat opening by the policy itself. The other seats leave `second` open (it and its
// neighbours are dropped from their setup choices while any other spot is left); a game
// where it was taken all the same does not count. Scores as forecast's rollouts (a win 1, a
// game past opt.turn_cap shared by the leaders). Throws InputError for a vertex not on the
// board or not a legal first placement.
struct OpeningValue {
    int games = 0;    // the games that counted
    double wins = 0;  // the first seat's score summed over them
    double rate() const { return games ? wins / games : 0.0; }
    double se() const;  // sqrt(rate (1 - rate) / games)
};
OpeningValue opening_value(const Board& board, int players, VertexId first, VertexId second,
                           const ForecastOptions& opt, int games);

}  // namespace ctk
