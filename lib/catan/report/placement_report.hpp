#pragma once
// The reports of catan-place, for people (text), programs (JSON: schemas/place*.json) and
// spreadsheets (CSV): a board's opening placements, the settlements of a game log's setup,
// and the catanstats analysis of opening pips against final points, with their SVG
// pictures. The formulas are analysis/placement.hpp's; these functions only run them in
// the order the report needs and write the result. Every double in JSON is rounded to 4
// decimals (DESIGN.md section 1); every report ends with a newline.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <catan/analysis/placement.hpp>
#include <catan/board/board.hpp>
#include <catan/engine/event.hpp>

namespace ctk {

// What to analyse on a board (catan-place's options).
struct PlacementRequest {
    std::vector<int> taken;    // occupied vertices (the distance rule applies around them)
    PlacementWeights weights;  // the score's weights
    int top = 10;              // vertices listed, 0..1000
    int pairs = 5;             // best pairs listed with their exact odds, 0..1000
    bool draft = false;        // a greedy setup draft in snake order
    int seats = 4;             // players in the draft, 1..6
    int simulate = 0;          // seeded simulated runs cross-checking the odds (0: none)
    std::uint64_t seed = 1;    // of the simulated runs (pair i uses seed + i), and of --evaluate
    // Games per listed vertex and pair for their opening values (0: none): the first of
    // `seats` seats opens there, every seat plays greedy (forecast.hpp opening_value).
    int evaluate = 0;
    int threads = 1;
};

struct PlacementReport {
    std::string text;      // the report in the format asked
    std::string heat_map;  // the board as SVG with every legal vertex's score (when asked)
};

// The board's opening placements in format "text", "json" or "csv": the ranked vertices
// with the parts of their scores, the best pairs with their exact production odds (and
// simulated ones), the draft; with request.evaluate, each listed vertex's and pair's
// opening value (the first seat's win rate, its standard error, the games) beside the
// first seat's baseline (opening by the policy itself): text a section "Opening values",
// JSON "win_rate", "win_rate_se", "games" in each vertex and pair and "opening_values"
// {games, policy, seats, seed, baseline, baseline_se}, CSV three more columns. heat_map: also the SVG (the top picks numbered, the taken
// vertices ringed). Throws InputError for a taken vertex that is not on the board.
PlacementReport placement_report(const Board& board, const PlacementRequest& request,
                                 std::string_view format, bool heat_map);

// Each settlement of the log's setup (up to the first roll) rated against the choices open
// at that moment, in format "text", "json" or "csv"; name is the log's name as the report
// states it. A settlement the rules refuse is rated "illegal" (the caller reports the
// violation).
std::string setup_placement_report(const GameLog& log, std::string_view name,
                                   const PlacementWeights& weights, std::string_view format);

// The catanstats analysis in format "text", "json" or "csv" (csv: the rows as read).
std::string catanstats_report(std::span<const CatanstatsRow> rows, const CatanstatsSummary& s,
                              std::string_view format);
// A scatter plot of opening pips against final points, winners filled, with the
// least-squares line and the bucket means. Coordinates are integers (deterministic text).
std::string catanstats_svg(std::span<const CatanstatsRow> rows, const CatanstatsSummary& s);

}  // namespace ctk
