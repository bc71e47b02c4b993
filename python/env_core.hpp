#pragma once
// The reinforcement-learning environment behind catan.Env and catan.VecEnv, in plain C++
// (no Python): one game played one action at a time, its fixed action space, its legal
// action mask and each seat's observation (docs/python.md "The action space" and "The
// observation" describe both, and must change with them).
//
// The moves are the engine's legal-move generator's (engine/legal.hpp), applied with the
// rules' apply (engine/rules.hpp) after their check, as self-play does (play/sim.cpp):
// chance (dice, the stolen card, the bought card, the discarded cards) is drawn from the
// game's own random numbers, so the same seed and actions give the same game.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <catan/board/board.hpp>
#include <catan/board/rng.hpp>
#include <catan/engine/event.hpp>
#include <catan/engine/legal.hpp>
#include <catan/engine/state.hpp>

namespace ctk::py {

// What a game of the environment is played with.
struct EnvOptions {
    int players = 4;            // 2..6; 5 and 6 play the 5-6 player extension (random board)
    int turn_cap = 1000;        // >= 1: a game reaching turn cap+1 is truncated
    GameOptions options;        // house rules (vp_to_win, discard_limit, friendly_robber, ...)
    bool random_board = false;  // draw a board per game from the game's random numbers
    std::shared_ptr<const Board> board;  // the fixed board when not random (null: beginner)
};

// The fixed action space of a board and a number of players: one index per (kind,
// parameters), the kinds in this order, each a block of consecutive indices.
class ActionSpace {
  public:
    enum Kind : int {
        kPlaceSettlement,  // vertex
        kPlaceRoad,        // edge
        kRoll,
        kDiscard,          // the environment draws the cards
        kMoveRobber,       // hex x (nobody, player 0, ..., player P-1)
        kTradeBank,        // give x get (5 x 5; the best rate the player has)
        kBuildRoad,        // edge
        kBuildSettlement,  // vertex
        kBuildCity,        // vertex
        kBuyDevCard,
        kPlayKnight,
        kPlayRoadBuilding,
        kPlayYearOfPlenty,  // first card x second card (5 x 5, first <= second)
        kPlayMonopoly,      // resource
        kEndTurn,
        kSpecialBuild,  // player
        kKindCount
    };
    ActionSpace() = default;
    ActionSpace(const Board& board, int players);
    int size() const { return offset_[kKindCount]; }
    int offset(Kind k) const { return offset_[k]; }
    int block(Kind k) const { return offset_[k + 1] - offset_[k]; }
    // The index of a legal move (engine/legal.hpp's MoveCode).
    int index(const MoveCode& m) const;
    // The kind of an index (0 <= i < size()).
    Kind kind_of(int i) const;

  private:
    int players_ = 0;
    int offset_[kKindCount + 1] = {};
};

// The observation's size for a board and a number of players (docs/python.md).
int observation_size(const Board& board, int players);

// One game.
class EnvCore {
  public:
    // Throws InputError for players outside 2..6, 5-6 players on a board that is not the
    // extended one, or turn_cap < 1.
    EnvCore(std::uint64_t seed, const EnvOptions& opt);

    // Starts the next game (episode k uses the random numbers of game_seed(seed, k), k from
    // 1): the first reset after construction or after reseed, or a reset before any step,
    // gives the same episode again.
    void reset();
    // Restarts with a new seed at episode 1.
    void reseed(std::uint64_t seed);

    const GameState& state() const { return *state_; }
    const GameLog& log() const { return log_; }
    const ActionSpace& space() const { return space_; }
    int obs_size() const { return obs_size_; }
    std::uint64_t seed() const { return seed_; }
    std::int64_t episode() const { return episode_; }
    std::int64_t steps() const { return steps_; }
    // Games started by this object (construction, reset and reseed each start one): tells a
    // follower of the game (a search policy) that the game it followed was replaced.
    std::uint64_t starts() const { return starts_; }

    bool terminated() const;  // won
    bool truncated() const;   // the turn cap reached without a winner
    bool done() const { return terminated() || truncated(); }
    // The player to act: the player of the decision's first legal move (a discarder, the
    // active player, a special builder), kNoPlayer when the game is over.
    PlayerId current_player() const;
    // The legal moves of the decision (a discard owed: only the first discarder's).
    const MoveList& moves() const { return moves_; }
    // The legal action indices, distinct, in the order of their first move (as many as the
    // mask has ones; none once the game is over).
    const std::int16_t* actions() const { return actions_.data(); }
    int action_count() const { return action_count_; }
    // Writes the legal action mask (space().size() bytes, 1 = legal).
    void mask(std::uint8_t* out) const;
    // Whether action index `a` is legal now.
    bool legal(int a) const;
    // A legal action index drawn uniformly among the legal ones (one below() call) by the
    // game's own action sampler, Rng(game_seed(seed, 0)) — a stream the games' chance never
    // uses (their episodes start at 1), seeded at construction and by reseed, not by reset;
    // -1 once the game is over.
    int sample() {
        return action_count_ == 0
                   ? -1
                   : actions_[sampler_.below(static_cast<std::uint32_t>(action_count_))];
    }
    // Plays action index `a`: fills in chance, checks the event with the rules' check and
    // applies it. Returns the reward of the player who acted: 1 when the action wins the
    // game, else 0. Throws InputError when `a` is out of range or not legal, or the game is
    // over. A discard's cards are drawn uniformly among the distinct discards unless
    // `discard` gives them (a policy's choice, policy.hpp choose_discard: they must be a
    // discard the rules accept, std::logic_error otherwise).
    float step(int a, const ResourceCounts* discard = nullptr);
    // Uses the observation's board part of `other`, a game on an equal fixed board (one copy
    // in memory for a batch of games); nothing when either plays random boards.
    void share_board_part(const EnvCore& other);
    // Asks the processor to bring the game's state into the cache (a batch steps its games
    // in turn: the next one's state is fetched while this one steps).
    void prefetch() const {
        const auto* p = reinterpret_cast<const char*>(&*state_);
        for (std::size_t b = 0; b < sizeof(GameState); b += 64) __builtin_prefetch(p + b);
    }
    // Writes seat's observation (obs_size() floats): only what that seat may see.
    void observe(PlayerId seat, float* out) const;
    // The winner, kNoPlayer while nobody has won.
    PlayerId winner() const;

  private:
    void start();
    void list_moves();

    EnvOptions opt_;
    std::uint64_t seed_;
    std::int64_t episode_ = 1;
    std::int64_t steps_ = 0;
    std::uint64_t starts_ = 0;
    Rng rng_;
    Rng sampler_;  // sample()'s
    GameLog log_;
    std::optional<GameState> state_;
    ActionSpace space_;
    int obs_size_ = 0;
    MoveList moves_;
    std::vector<std::int16_t> slot_;  // action index -> move index, -1 when not legal
    std::array<std::int16_t, kMaxMoves> actions_{};  // the legal action indices
    int action_count_ = 0;
    // The observation's board part (terrain, pips, harbors), the same for every state of a
    // game (of every game on a fixed board): copied by observe().
    std::shared_ptr<const std::vector<float>> board_obs_;
    Event ev_;
};

}  // namespace ctk::py
