#pragma once
// Seeded self-play (DESIGN.md section 1, catan-sim): games of random legal moves for tests,
// studies and benchmarks. Every event is chosen from lib/catan/engine/legal.hpp's generator and
// applied with the rules' apply(); with SimOptions::verify (the default here; catan-sim --verify)
// it is first re-checked by the rules' check() (a generator bug throws, it never yields an
// invalid log).
//
// Policy (game length, and so games/s, depend on it): each seat plays the policy
// SimOptions::policies gives it (lib/catan/agent/policy.hpp: random, builder, greedy,
// search), every one choosing among legal_events(state) only (legal.hpp: no domestic trades,
// maritime trades of one bundle, no resign). The default, every seat random:
//   - at each decision, one event uniformly among legal_events(state);
//   - the special building phase (5-6 players): special_build is among the choices only
//     for a player who can then build something (a part of end_turn alone is never
//     opened); in a part, one event uniformly among its builds and its end_turn;
//   - discards after a 7: the players who owe one discard in seat order, each choosing
//     uniformly among its distinct discards (multisets of cards, legal.hpp discard_at);
//   - chance by the game's RNG (lib/catan/board/rng.hpp): two dice 1 + below(6) each, rolled
//   again while they make a 7 that the house rules do not allow yet (seven_allowed, as
//   JSettlers2 does under N7 and N7C); the stolen card
//     uniformly among the victim's cards (each card equally likely); the bought card
//     uniformly among the cards left in the deck (each card equally likely);
//   - the other policies draw their choices from an RNG of their seat's own
//     (Rng(seat_seed(game seed, seat))), the search player also its rollouts; chance is
//     always the game's RNG;
//   - a turn cap (default 1000 turns): a game still running when turn cap+1 would start
//     ends there, recorded as unfinished (a valid log without a winner).
// Game i (1-based) of a run with seed S uses Rng(game_seed(S, i)); with a random board, the
// game's RNG first draws the board (lib/catan/board/generate.hpp, the rulebook's constraints), then
// plays. Same seed and options, same games, byte for byte, on every machine.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <catan/agent/policy.hpp>
#include <catan/agent/search.hpp>
#include <catan/board/board.hpp>
#include <catan/board/rng.hpp>
#include <catan/engine/event.hpp>
#include <catan/engine/legal.hpp>
#include <catan/engine/state.hpp>

namespace ctk {

struct SimOptions {
    // 2..6; seats red, blue, white, orange, green, brown in turn order. 5 and 6 play the
    // 5-6 player extension on a random extended board (random_board is then implied).
    int players = 4;
    int turn_cap = 1000;        // >= 1: the last turn a game may play
    GameOptions options;        // the house rules (vp_to_win, discard_limit, friendly_robber)
    bool random_board = false;  // draw a random standard board per game
    std::shared_ptr<const Board> board;  // the fixed board when not random (null: beginner)
    bool record = true;                  // keep the events in SimGame::log
    bool claims = true;  // the last event claims every VP, the awards and the winner
    // Re-check every chosen event with the rules' check before applying it; a failure (a
    // generator bug) throws std::logic_error. Off, the generator is trusted: the tests
    // prove that it lists exactly the events check accepts (tests/engine/legal_test.cpp), and the
    // games are the same event for event either way (tests/engine/invariants_test.cpp). On in
    // every test; catan-sim turns it off unless --verify.
    bool verify = true;
    // The policy of each seat (the first `players` entries are read; a shorter list leaves
    // the other seats random); empty: every seat random, today's games.
    std::vector<Policy> policies;
    // The seats' policies rotate from game to game (catan-sim --rotate): game i (1-based)
    // gives seat p the policy policies[(p + i - 1) mod players], so over `players` games
    // every policy plays every seat once.
    bool rotate = false;
    SearchOptions search;  // the search player's budget and rollouts
};

// One finished (won or capped) game.
struct SimGame {
    GameLog log;                     // seats, board, source; events only when SimOptions::record
    std::optional<GameState> state;  // the final state
    PlayerId winner = kNoPlayer;     // kNoPlayer: unfinished (turn cap)
    int turns = 0;                   // turns played (the last turn with an event)
    std::int64_t events = 0;         // events played
    std::vector<Policy> policies;    // the policy of each seat in this game
};

// The seed of game `index` of a run seeded with `seed` (splitmix64 of both).
std::uint64_t game_seed(std::uint64_t seed, std::int64_t index);

// The policies of the seats in game `index` (1-based) of a run with options opt (rotated
// when opt.rotate; random where opt.policies says nothing): opt.players entries.
std::vector<Policy> game_policies(const SimOptions& opt, std::int64_t index);

// The seed of the RNG of seat p's policy in a game seeded with `game` (splitmix64).
std::uint64_t seat_seed(std::uint64_t game, PlayerId p);

// The seats of a self-play game: red, blue, white, orange, green, brown (first `players`
// of them). Throws InputError for players outside 2..6.
std::vector<Seat> sim_seats(int players);

// Throws InputError for players outside 2..6, 5-6 players on a given board that is not the
// extended one, or turn_cap < 1; returns `opt`.
const SimOptions& validate_sim_options(const SimOptions& opt);

// The board of a game: drawn from `rng` (the rulebook's constraints, Generator) when
// opt.random_board or 5-6 players without a board, a function of the RNG's state alone;
// else opt.board, or the beginner board.
std::shared_ptr<const Board> sim_board(const SimOptions& opt, Rng& rng);

// Fills in the chance of a generated event (legal.hpp leaves it empty) as random self-play
// draws it from `rng`: a discard's cards (uniform among the distinct discards of the
// discarder's hand: random_discard), else fill_chance (lib/catan/agent/policy.hpp: the dice,
// the stolen card, the bought card); other events unchanged. `s` is the state before the
// event.
void fill_random_chance(const GameState& s, EventBody& e, Rng& rng);

// One game, step by step: the invariant tests look at the state after every event.
class SelfPlay {
  public:
    // Throws InputError for players outside 2..6, 5-6 players on a given board that is not
    // the extended one, or turn_cap < 1.
    SelfPlay(std::uint64_t seed, const SimOptions& opt = {});
    ~SelfPlay();

    // True once the game is won or the turn cap is reached.
    bool over() const;
    // Chooses one event by the policy, fills in chance, checks it with the rules' check
    // when SimOptions::verify (throws std::logic_error naming the event and the violation
    // if it fails: a generator bug), applies it and records it. Precondition: !over().
    const EventBody& step();
    const GameState& state() const { return state_; }
    const GameLog& log() const { return log_; }
    std::int64_t events() const { return events_; }
    // Plays to the end and returns the game (moves the log and state out).
    SimGame finish();

  private:
    SimOptions opt_;
    Rng rng_;
    GameLog log_;
    GameState state_;
    std::array<Policy, kMaxPlayers> policy_{};         // per seat
    std::vector<Rng> seat_rng_;                        // per seat: its policy's choices
    std::vector<std::unique_ptr<SearchAgent>> agent_;  // per seat: the search player, or null
    LegalSet moves_;                                   // the legal moves of the decision
    Event ev_;  // the last event chosen (step returns its body)
    std::int64_t events_ = 0;
};

// Plays game `index` (1-based) of a run seeded with `seed`.
SimGame play_game(std::uint64_t seed, std::int64_t index, const SimOptions& opt = {});

// One policy's totals over the seats it played.
struct PolicyTally {
    std::int64_t seats = 0;  // seats played (a game counts once per seat it held)
    std::int64_t wins = 0;   // of them, won
    std::int64_t vp = 0;     // sum of the final VP
    std::int64_t turns = 0;  // sum of the lengths (turns) of the games of those seats
};

// Totals over many games (catan-sim's summary).
struct SimSummary {
    std::int64_t games = 0;
    std::int64_t complete = 0;    // won
    std::int64_t unfinished = 0;  // stopped by the turn cap
    std::int64_t turns = 0;       // sum over games
    std::int64_t events = 0;      // sum over games
    int min_turns = 0, max_turns = 0;
    std::array<std::int64_t, kMaxPlayers> wins{};      // by seat
    std::array<PolicyTally, kPolicyCount> policies{};  // by Policy
    void add(const SimGame& g);
};

}  // namespace ctk
