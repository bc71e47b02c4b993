#pragma once
// The summary of a self-play run (catan-sim): what was played, the outcomes, the game
// lengths, the wins by seat and the speed, as text or as JSON. The games themselves are
// lib/catan/play/sim.hpp.

#include <cstdint>
#include <string>

#include <catan/play/sim.hpp>

namespace ctk {

// What a run was, beside its SimSummary: the options it played with and how long it took.
struct SimRun {
    std::uint64_t seed = 1;
    SimOptions options;  // players, turn cap, house rules, board
    std::string board;   // the board in words: a file name, "beginner board", ...
    double seconds = 0;  // wall time
    double cpu = 0;      // CPU seconds of the process
    std::string logs;    // where the logs went ("stdout", a folder), empty: not written
};

// The board of a run in words: `board_file` when given, else "random extended boards" (5-6
// players), "random boards" or "beginner board".
std::string sim_board_name(const SimOptions& opt, const std::string& board_file);

// The summary as text: six lines (the run; games complete and unfinished; turns average,
// min, max; events; winners by seat and "none" for the unfinished; speed, wall and CPU,
// games and events per CPU second, and where the logs went); when the run named policies
// (SimOptions::policies), after the winners a line "policies:" (" (seats rotated)" with
// --rotate) and one line per policy played: seats, wins, win rate with its 95% Wilson
// interval, mean final VP, mean game length in turns. `sum` must hold at least one game.
// Ends with a newline.
std::string sim_summary_text(const SimSummary& sum, const SimRun& run);

// The summary as a JSON document (indented by 2, ending with a newline): seed, games,
// players, board, turn_cap, options, complete, unfinished, turns {total, average, min, max},
// events {total, average}, wins by seat name, seconds, games_per_second,
// events_per_second; averages and seconds rounded as the text prints them; when the run
// named policies, "rotate" and "policies": {NAME: {seats, wins, win_rate, ci95 [lo, hi],
// mean_vp, mean_turns}} for each policy played (rates to 4 decimals, means to 2). `sum`
// must hold at least one game.
std::string sim_summary_json(const SimSummary& sum, const SimRun& run);

// The run marker of a folder of logs (catan-sim --out DIR writes it as DIR/.catan-sim-run,
// a dot file that `DIR/*` leaves out): one JSON line {"format": "catan-sim-run", "seed",
// "players", "board" (the fixed board as JSON, or "random boards", "random extended boards",
// "beginner board"), "turn_cap", "options", "log_format" ("json" or "jsonl")}: what decides
// the games and their files. The number of games and --first are not in it: the parts of one
// run (--first) share a folder.
std::string sim_run_marker(const SimRun& run, const std::string& log_format);

// Makes `dir` the folder of this run's logs, before any game is played: creates it (and its
// parents) when missing and writes `marker` (sim_run_marker) as dir/.catan-sim-run. A folder
// holding the marker of the same run is taken as it is (its logs are this run's: the same
// games again, or another part). Throws InputError, writing nothing, for a folder that holds
// logs of another run:
//   "<dir>: holds the logs of another run (its <field> is <theirs>, this run's <ours>); give
//    a new or empty folder"
//   "<dir>: holds game logs (<first file>) but no run marker: an earlier run's; give a new
//    or empty folder"
// and "<dir>: cannot create directory: <reason>", "<dir>/.catan-sim-run: not a run marker
// (<what>)". A file `dir/.catan-sim-run` that cannot be written throws OutputError.
void claim_sim_folder(const std::string& dir, const std::string& marker);

}  // namespace ctk
