#pragma once
// Replay: drives the rules over a whole log and reports the verdict (DESIGN.md sections 4
// and 5): complete / unfinished / invalid, the violations, warnings, standings, and
// optional per-game statistics, or the state at a chosen point.

#include <array>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <catan/engine/event.hpp>
#include <catan/engine/rules.hpp>
#include <catan/engine/state.hpp>
#include <catan/io/log_format.hpp>
#include <catan/track/track.hpp>

namespace ctk {

struct ReplayOptions {
    bool keep_going = false;    // list every violation (apply each offending event anyway)
    bool strict_board = false;  // board-red-adjacent is a violation, not a warning
    bool stats = false;         // fill Verdict::stats
    // Stop after event N (0-based; the state after it is returned in Verdict::state).
    std::optional<int> stop_at_event;
    // Stop at the end of turn T (after its end_turn; 0 = the end of setup).
    std::optional<int> stop_at_turn;
    // Called after each event that replay applied (index 0-based, the state after it and
    // its claims were checked); not called for an event that replay refused (a violation
    // without keep_going). For observers such as the replay page (lib/catan/report/viewer.hpp).
    std::function<void(int index, const GameState& after)> on_event;
    // Hidden information (lib/catan/track/track.hpp): the bound on the belief's states.
    TrackOptions track;
    // Called after each event applied, with its index and the belief after it (--trace).
    std::function<void(int, const Belief&)> on_belief;
};

enum class Outcome : std::uint8_t { kComplete, kUnfinished, kInvalid };
std::string_view outcome_name(Outcome o);  // "complete", "unfinished", "invalid"

struct Warning {
    std::string rule_id;  // e.g. "board-red-adjacent"
    std::string message;
};

struct Standing {
    PlayerId player = kNoPlayer;
    int rank = 0;  // 1 = winner; equal VP share a rank
    int vp = 0;
    // Past the tracking bound, vp counts the VP cards the player surely holds and vp_max
    // those they may hold (track.hpp, vp_card_bounds); otherwise vp_max == vp.
    int vp_max = 0;
    int settlements = 0;  // VP from settlements (1 each)
    int cities = 0;       // VP from cities (2 each)
    int awards = 0;       // VP from longest road / largest army (2 each)
    int vp_cards = 0;     // VP from victory point cards (past the bound: held surely)
    bool resigned = false;
};

// Cards a player received and lost, by resource (RULES.md sources).
struct CardFlow {
    ResourceCounts production{}, setup{}, trade_bank{}, trade_player{}, steal{}, monopoly{},
        year_of_plenty{};
    ResourceCounts lost_to_robber{}, lost_to_discard{}, lost_to_monopoly{};
};

struct GameStats {
    std::array<int, 13> dice{};  // dice[sum] for sum 2..12
    int rolls = 0;               // expected count of sum s: rolls * dice_ways(s) / 36
    std::array<CardFlow, kMaxPlayers> cards{};
};

struct Verdict {
    std::string name;  // the log's name (file)
    Outcome outcome = Outcome::kUnfinished;
    std::vector<Violation> violations;  // the first only, unless keep_going
    std::vector<Warning> warnings;
    std::vector<Standing> standings;  // by seat order
    PlayerId longest_road = kNoPlayer;
    PlayerId largest_army = kNoPlayer;
    PlayerId winner = kNoPlayer;
    // Under hidden information the end is stated only when it holds in every state the
    // belief could not rule out (track.hpp, possible_ends). Otherwise decided is false,
    // winner kNoPlayer, possible_winners the players who have won in some state (seat
    // order), and outcome kComplete when every state has a winner, kUnfinished when some
    // state has none.
    bool decided = true;
    std::vector<PlayerId> possible_winners;
    int turns = 0;  // the last turn reached
    int rolls = 0;
    int events = 0;  // events replayed
    std::optional<GameStats> stats;
    // The state where replay stopped (stop_at_* or the end); under hidden information the
    // most probable state of the belief (lib/catan/track/track.hpp), whose VP and awards give the
    // outcome and the standings.
    std::optional<GameState> state;
    // The belief where replay stopped: one state for a full-information log.
    std::shared_ptr<const Belief> belief;
    // The events that broke a rule, by index (for messages when the log's events are not
    // held, as in replay_stream).
    std::vector<std::pair<int, Event>> violating_events;
};

// Replay one event at a time, for logs read as a stream (memory independent of the log's
// length): construct with the log's header (seats, options, board, unrecorded; its events
// are not used), feed() the events in order, then finish(). replay() below is this over a
// whole log. `header` must outlive the Replayer and the verdict's belief.
class Replayer {
  public:
    Replayer(const GameLog& header, const ReplayOptions& opt, std::string_view name);
    // Checks and applies the next event (index = the number fed before) in every state of
    // the belief. Does nothing once stopped().
    void feed(const Event& e);
    // True after the first violation (unless keep_going) or at the stop_at_* point.
    bool stopped() const { return stopped_; }
    // The verdict (call once).
    Verdict finish();

  private:
    ReplayOptions opt_;
    std::shared_ptr<Belief> belief_;
    // --stats: the state before the event being fed (allocated once, not per event).
    std::unique_ptr<GameState> before_;
    Verdict v_;
    int index_ = 0;
    bool stopped_ = false;
};

// Replays a log, tracking a belief over the complete states (lib/catan/track/track.hpp): a
// violation of a log that hides something is decided only when no possible state explains the event
// (its message says so). When the belief outgrows opt.track.max_states a warning
// "hidden-information" names the event from which it is no longer exact (and each event
// no kept state explained). --stats counts an event only while the belief is one state.
// Never throws for rule violations (they go into the verdict); the log was
// already read (read_log throws InputError for malformed input). The last state is always
// returned in Verdict::state.
Verdict replay(const GameLog& log, const ReplayOptions& opt = {}, std::string_view name = "");

// A log replayed as it is read (LogReader + Replayer): JSON Lines with memory that does
// not grow with the number of events. The whole input is read even after replay stopped,
// so a malformed line anywhere throws InputError as read_log does.
struct StreamedReplay {
    GameLog header;          // the log without its events
    std::size_t events = 0;  // events in the log
    Verdict verdict;
};
StreamedReplay replay_stream(std::istream& in, std::string_view name, const ReplayOptions& opt);

// A stream of logs (JSON Lines logs one after another, as catan-import writes several
// recordings and catan-sim several games) replayed game by game as it is read:
// each(game_name, replay) is called once per game, in order, when that game has been read.
// The games are named as GameStreamReader names them: `name` when the input holds one game
// (a JSON document included), "name#k" (k from 1) for the k-th of several. Throws InputError
// for a malformed line, after calling `each` for the games before it.
void replay_stream_games(std::istream& in, std::string_view name, const ReplayOptions& opt,
                         const std::function<void(const std::string&, StreamedReplay&&)>& each);

}  // namespace ctk
