#pragma once
// The win probabilities of a game (catan-eval; lib/catan/analysis/forecast.hpp) for people
// and programs: a text table, JSON (schemas/eval.schema.json), CSV, the graph as SVG, and
// the moves of one position ranked.
//
// Text escapes names with `printable` (lib/catan/io/output.hpp); JSON and CSV hold them as
// they are (CSV quoted where needed).

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include <catan/analysis/forecast.hpp>
#include <catan/io/log_format.hpp>

namespace ctk {

// {"file", "players": [names, seat order], "rollouts", "policy", "seed",
//  "positions": [{"event", "turn", "p": [...], "se": [...], "vp": [...], "production": [...],
//  "states"}], "turning_points": [{"event", "turn", "player", "before", "after", "what",
//  "text"}], "winner": name or null, "outcome", "decided"}; probabilities to 4 decimals.
nlohmann::json forecast_to_json(const Forecast& f, const GameLog& log, std::string_view name);

// The table: a title line (the file, the rollouts, the policy, the seed), then one row per
// position — the turn, the event, and each player's win probability in percent with its
// standard error ("41% ±2") —, the turning points in words, and the end ("red won" /
// "unfinished"). Ends with a newline.
std::string forecast_text(const Forecast& f, const GameLog& log, std::string_view name);

// One row per position and player: file,event,turn,player,p,se,vp,production (a header line
// first). Ends with a newline.
std::string forecast_csv(const Forecast& f, const GameLog& log, std::string_view name);

// The graph: each player's win probability over the turns (x: the turn, or the event with
// every_event), a band of one standard error, the turning points marked.
std::string forecast_svg(const Forecast& f, const GameLog& log, std::string_view name);

// The ranked moves after event `at` (rank_moves): text (one line per move, best first, the
// move played marked "(played)"; a move no rollout counted, the mover's cards allowing it in
// no state drawn, without a probability) and JSON {"file", "event", "player", "moves": [{"move"
// (the event as the log writes it), "text", "p", "se", "rollouts", "played"}]}.
std::string ranked_moves_text(const std::vector<RankedMove>& moves, const GameLog& log, int at,
                              std::string_view name);
nlohmann::json ranked_moves_to_json(const std::vector<RankedMove>& moves, const GameLog& log,
                                    int at, std::string_view name);

}  // namespace ctk
