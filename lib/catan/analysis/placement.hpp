#pragma once
// Opening placements scored by pip probability (DESIGN.md "placement"; issue 7).
//
// Everything here derives from the dice: a token's pips are the number of the 36 two-dice
// outcomes that roll it (token_pips in board.hpp: 2->1 ... 6->5, 8->5 ... 12->1). A vertex
// produces from every land hex around it; two hexes of the same resource both count; the
// desert and the hex the robber stands on give 0 (RULES.md `production`).
//
// The formulas, in one place (docs/catan-place.md repeats them):
//
//   pips_r(v)      sum of token_pips over v's hexes of resource r (robbed hex, desert: 0)
//   cards_r(v)     pips_r(v) / 36, expected cards of r per roll
//   board_r        sum of pips_r over every land hex of the board (robbed hex: 0)
//   mean           (board_brick + ... + board_ore) / (number of resources with board_r > 0)
//   scarcity_r     (mean / board_r) ^ w.scarcity   (0 for a resource the board lacks)
//   W(v)           sum_r scarcity_r * pips_r(v)                  "weighted pips"
//   numbers(v)     distinct tokens among v's producing hexes (0..3)
//   resources(v)   distinct resources among v's producing hexes (0..3)
//   harbor value   what the harbor adds, in pips, if the player's own production of the
//                  harbor's resources were traded there instead of at 4:1:
//                    2:1 harbor of r:  P_r / 4   (P_r/2 cards instead of P_r/4)
//                    3:1 harbor:       P / 12    (P/3 instead of P/4; P = all pips)
//                  where P is the production considered: the vertex's own for a single
//                  vertex, the pair's combined production for a pair.
//   expansion(v)   the legal vertices two roads from v (distance 2, not occupied, no
//                  occupied neighbour, not next to v), best W first; E(v) = W of the best
//                  (0 if none).
//   score(v)       w.pips * W(v) + w.resource_diversity * resources(v)
//                  + w.number_diversity * numbers(v) + w.harbor * harbor value
//                  + w.expansion * E(v)
//
//   pair (a first, b second; the second settlement's hexes give the starting hand,
//   RULES.md `setup-resources`):
//   score(a, b)    w.pips * (W(a) + W(b)) + w.resource_diversity * resources(a+b) (0..5)
//                  + w.number_diversity * numbers(a+b) + w.harbor * harbor values of a's
//                  and b's harbors against the pair's production (a kind counted once)
//                  + w.expansion * (E(a) + E(b)), each expansion also legal against the
//                  other settlement + w.roads * [brick and lumber both produced]
//                  + w.cities * [ore and grain both produced]
//                  + w.start_hand * (cards in the starting hand)
//
// Ties are broken by the lower vertex id (pairs: lower first, then lower second), so every
// ranking and the draft are deterministic. Scores are doubles computed in a fixed order;
// tools print them with fixed decimals.

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include <catan/board/board.hpp>

namespace ctk {

using ResourceCounts = std::array<int, kResourceCount>;  // indexed by Resource

// The weights of the score (see the formulas above). Defaults are chosen so that a pip is
// the unit: a distinct resource is worth one pip, a distinct number half a pip, and so on.
struct PlacementWeights {
    double pips = 1.0;                // per scarcity-weighted pip
    double scarcity = 1.0;            // exponent of (mean / board_r); 0 turns scarcity off
    double resource_diversity = 1.0;  // per distinct resource
    double number_diversity = 0.5;    // per distinct number
    double harbor = 1.0;              // times the harbor value (pips)
    double expansion = 0.25;          // times W of the best expansion vertex
    double roads = 2.0;               // pair produces both brick and lumber
    double cities = 2.0;              // pair produces both ore and grain
    double start_hand = 0.5;          // per card of the starting hand
};

// The weight names, in the order above ("pips", "scarcity", ...).
const std::vector<std::string_view>& placement_weight_names();
// Reads weights from a JSON object {"name": number, ...}; absent names keep their default.
// Throws InputError naming the field: "weights.expansion: expected a number, got string",
// "weights.foo: unknown weight (expected pips, scarcity, ...)", or "weights.scarcity: must
// be between 0 and 10" / "weights.<name>: must be between -1000 and 1000".
PlacementWeights placement_weights_from_json(const nlohmann::json& j);
nlohmann::json placement_weights_to_json(const PlacementWeights& w);

// What one vertex produces on its own.
struct VertexProduction {
    ResourceCounts pips{};  // pips_r(v)
    int total_pips = 0;     // sum over r
    int numbers = 0;        // distinct tokens among producing hexes
    int resources = 0;      // distinct resources among producing hexes
    // cards the vertex yields as a second settlement (setup-resources): one per adjacent
    // hex other than the desert, the robber's hex included
    ResourceCounts start_hand{};
};

// Production of vertex v (0 <= v < vertex_count, else InputError).
VertexProduction vertex_production(const Board& b, VertexId v);

// Terms of a score, each already multiplied by its weight; their sum is the score.
struct ScoreParts {
    double pips = 0, resources = 0, numbers = 0, harbor = 0, expansion = 0;
    double roads = 0, cities = 0, start_hand = 0;  // pairs only
    double sum() const {
        return pips + resources + numbers + harbor + expansion + roads + cities + start_hand;
    }
};

struct VertexScore {
    VertexId vertex = kNoId;
    VertexProduction production;
    double weighted_pips = 0;          // W(v)
    std::optional<HarborKind> harbor;  // the harbor v touches
    double harbor_value = 0;           // in pips, before the weight
    std::vector<VertexId> expansion;   // up to 3 best expansion vertices, best first
    double expansion_value = 0;        // E(v)
    ScoreParts parts;
    double score = 0;
};

struct PairScore {
    VertexId first = kNoId, second = kNoId;
    ResourceCounts pips{};  // combined pips_r
    int total_pips = 0;
    int numbers = 0, resources = 0;
    bool covers_roads = false;    // brick and lumber
    bool covers_cities = false;   // ore and grain
    ResourceCounts start_hand{};  // from the second settlement
    double harbor_value = 0;      // before the weight
    double expansion_value = 0;   // E(a) + E(b)
    ScoreParts parts;
    double score = 0;
};

// Exact production odds of a set of settlements (no cities), RULES.md `production`: a 7
// gives nothing; no discards, robber moves, trades or bank shortages.
struct ProductionOdds {
    // ways[s] out of 36 for dice sum s (2..12): the two-dice distribution (index 0, 1 zero).
    std::array<int, 13> ways{};
    // cards_ways[k]: how many of the 36 dice outcomes give k cards in total; sums to 36.
    std::vector<int> cards_ways;
    int any_card_ways = 0;  // outcomes giving at least one card (out of 36)
    double p_any_card = 0;  // any_card_ways / 36
    ResourceCounts pips{};  // expected cards of r per roll = pips[r] / 36
    std::array<double, kResourceCount> cards_per_roll{};
    ResourceCounts start_hand{};
    // Expected number of rolls until the hand (start_hand + production) first covers each
    // target's cost on its own: road, settlement, city, development card. std::nullopt
    // when a needed resource is never produced (the wait is infinite); 0 when the starting
    // hand already pays. Computed exactly by a Markov chain over the cards still missing.
    std::array<std::optional<double>, 4> rolls_until{};
};

enum class BuildTarget : std::uint8_t { kRoad, kSettlement, kCity, kDevCard };
inline constexpr std::array<BuildTarget, 4> kBuildTargets{
    BuildTarget::kRoad, BuildTarget::kSettlement, BuildTarget::kCity, BuildTarget::kDevCard};
std::string_view build_target_name(BuildTarget t);  // "road", "settlement", "city", "dev_card"
ResourceCounts build_cost(BuildTarget t);           // RULES.md "Building"

// The exact odds for settlements (ids, repeats allowed: a settlement per entry) starting
// from `start_hand`. Throws InputError for a vertex id out of range.
ProductionOdds production_odds(const Board& b, std::span<const VertexId> settlements,
                               const ResourceCounts& start_hand);

// Expected rolls until a hand covering `cost` is reached, from `hand`, when each roll s
// (2..12, 7 excluded by gain[7] = 0) adds gain[s][r] cards of r. Exact: the state is the
// vector of cards still missing (at most cost[r] each), which never grows, so the states
// are solved in order: E(m) = (36 + sum_{s moves} ways_s * E(m_s)) / (36 - ways_staying).
// std::nullopt if some needed resource is never gained.
std::optional<double> expected_rolls_until(const std::array<ResourceCounts, 13>& gain,
                                           const ResourceCounts& hand, const ResourceCounts& cost);

// Monte Carlo cross-check of ProductionOdds::rolls_until (not used by default): `trials`
// independent runs per target, each rolling two dice (Rng(seed), 1 + below(6) twice) from
// `start_hand` until the target is affordable; the mean number of rolls, or std::nullopt
// when a needed resource is never produced. Deterministic for a seed. trials >= 1.
std::array<std::optional<double>, 4> simulate_rolls_until(const Board& b,
                                                          std::span<const VertexId> settlements,
                                                          const ResourceCounts& start_hand,
                                                          int trials, std::uint64_t seed);

// One seat's pick in the setup draft.
struct DraftPick {
    int seat = 0;   // 0-based, in seat order
    int round = 1;  // 1 or 2
    VertexId vertex = kNoId;
    double score = 0;  // round 1: the best pair score it opens; round 2: the pair's score
};

// The placement analysis of one board with some vertices already occupied. Precomputes
// production, scarcity and legality once; every query is then cheap.
class PlacementModel {
  public:
    // taken: occupied vertices (any buildings, any owner); each must be a vertex of the
    // board (InputError "taken: vertex 99 is not on the board (0..53)").
    PlacementModel(const Board& board, std::span<const VertexId> taken,
                   const PlacementWeights& weights = {});

    const Board& board() const { return board_; }
    const PlacementWeights& weights() const { return weights_; }
    const std::vector<VertexId>& taken() const { return taken_; }
    // board_r and scarcity_r of the formulas.
    const ResourceCounts& board_pips() const { return board_pips_; }
    const std::array<double, kResourceCount>& scarcity() const { return scarcity_; }

    // distance-rule (RULES.md): v is free and none of its neighbours is occupied.
    bool is_legal(VertexId v) const { return legal_[static_cast<std::size_t>(v)]; }
    // Every legal vertex, ascending.
    const std::vector<VertexId>& legal_vertices() const { return legal_list_; }

    const VertexProduction& production(VertexId v) const {
        return prod_[static_cast<std::size_t>(v)];
    }
    double weighted_pips(VertexId v) const { return weighted_[static_cast<std::size_t>(v)]; }

    // Score of one vertex (legal or not; the expansion list only holds legal vertices).
    VertexScore score_vertex(VertexId v) const;
    // Every legal vertex scored, best first (score descending, then vertex id ascending).
    std::vector<VertexScore> rank_vertices() const;

    // Score of the pair (first a, second b). Both should be legal and b not next to a;
    // the function scores whatever it is given.
    PairScore score_pair(VertexId a, VertexId b) const;
    // The best second settlement for first choice a: the legal b (not a, not next to a)
    // with the highest pair score; std::nullopt if there is none.
    std::optional<PairScore> best_second(VertexId a) const;
    // For every legal first choice its best pair, best first (score descending, then
    // first, then second ascending). Legal firsts without any second are left out.
    std::vector<PairScore> best_pairs() const;

    // Exact odds of the pair (start hand from the second settlement).
    ProductionOdds pair_odds(const PairScore& p) const;

  private:
    double harbor_value(HarborKind k, const ResourceCounts& pips) const;
    // The best expansion of v that is also legal against `other` (kNoId: none).
    double expansion_value(VertexId v, VertexId other) const;

    Board board_;  // a copy (cheap: the topology is shared)
    PlacementWeights weights_;
    std::vector<VertexId> taken_;
    std::bitset<kMaxVertices> occupied_;
    std::vector<bool> legal_;
    std::vector<VertexId> legal_list_;
    std::vector<VertexProduction> prod_;
    std::vector<double> weighted_;
    std::vector<std::optional<HarborKind>> harbor_;  // per vertex
    std::vector<unsigned> number_mask_;              // per vertex: bit k = produces on k
    // Per vertex: the legal vertices at distance 2, best W first.
    std::vector<std::vector<VertexId>> expansions_;
    ResourceCounts board_pips_{};
    std::array<double, kResourceCount> scarcity_{};
};

// The setup snake (RULES.md `setup-order`): seats 0..seats-1 pick once in order, then once
// more in reverse order. Each pick is greedy: in round one the first settlement of the
// best pair available at that moment; in round two the best second settlement for the
// seat's own first. Deterministic. seats must be 1..6 (InputError otherwise).
std::vector<DraftPick> draft_setup(const Board& b, std::span<const VertexId> taken, int seats,
                                   const PlacementWeights& weights = {});

// ---------------------------------------------------------------- a game's setup

// A settlement placed in the setup, in the order of the log.
struct SetupPlacement {
    int player = 0;  // seat index
    VertexId vertex = kNoId;
};

// How one setup settlement compares with the alternatives at that moment.
struct SetupRating {
    int index = 0;  // position in the list given (0-based)
    int player = 0;
    int round = 1;  // 1: the player's first settlement, 2: the second
    VertexId vertex = kNoId;
    bool legal = true;  // false: the vertex broke the distance rule (then rank is 0)
    // Round 1: the best pair score the vertex opens (its best second at that moment), as
    // the draft uses. Round 2: the pair score with the player's own first settlement.
    double score = 0;
    int rank = 0;           // 1 = the best choice available; ties share the better rank
    int choices = 0;        // legal alternatives at that moment
    VertexId best = kNoId;  // the best choice at that moment
    double best_score = 0;
};

// Rates every settlement of a setup against the alternatives at its moment: the occupied
// vertices are the settlements placed before it. A player's third and later placements
// are ignored (they are not setup). Vertex ids out of range throw InputError.
std::vector<SetupRating> rate_setup(const Board& b, std::span<const SetupPlacement> placements,
                                    const PlacementWeights& weights = {});

// ---------------------------------------------------------------- catanstats
// The table ../shared/data/catanstats/catanstats.csv: one row per player-game with the
// number and resource of the 3 hexes around each starting settlement and the final VP.

struct CatanstatsRow {
    int line = 0;  // 1-based line in the CSV
    int game = 0, player = 0, points = 0;
    int production = 0;     // the cards the player got from rolls in the game
    ResourceCounts pips{};  // opening pips by resource, both settlements
    int total_pips = 0;
    int resources = 0;           // distinct resources among the 6 hexes
    std::array<int, 13> dice{};  // dice[s]: rolls of total s in the game (columns 2..12;
                                 // all 0 when the table has no such columns)
};

// Reads the CSV (header line required; columns found by name: gameNum, player, points,
// settlement1, settlement1_resource1, settlement1_num2, ..., settlement2_resource3,
// production). Resource codes: L lumber, C brick, S wool, W grain, O ore; D (desert), B
// (blank), harbours 3G / 2X and number 0 give no pips. Pips come from token_pips.
// A UTF-8 byte-order mark before the header is skipped. Every row has one cell per column
// of the header. The rows of a game agree: 2..6 rows, players numbered 1..rows once each,
// the same dice. Throws InputError "line N: column: ..." for a malformed row ("line N: K
// cells, expected M ..." for a row of the wrong length; "line N: game G has K players
// (expected 2..6)", "line N: player P: expected 1..K", "line N: player P: a second row of game
// G (the first is line M)", "line N: the dice differ from the game's first row"), and InputError
// "no data rows ..." when the CSV holds a header only (nothing to correlate). catan-place and
// catan-stats read the table with this one reader.
std::vector<CatanstatsRow> read_catanstats(std::string_view csv);

struct PipBucket {
    int lo = 0, hi = 0;  // total opening pips in [lo, hi]
    int count = 0;
    double mean_points = 0;
    int wins = 0;  // rows that are their game's winner
};

struct CatanstatsSummary {
    int rows = 0, games = 0;
    double mean_pips = 0, mean_points = 0;
    double corr_pips_points = 0;      // Pearson r over all rows
    double corr_pips_production = 0;  // opening pips against cards produced
    double corr_pips_rank =
        0;  // within-game: pips rank against points rank (Spearman-like, averaged ranks)
    double winner_mean_pips = 0, others_mean_pips = 0;
    int top_pips_won = 0;             // games won by the (a) player with the most opening pips
    int top_pips_games = 0;           // games where a single player has the most pips
    double slope_points_per_pip = 0;  // least-squares slope of points on pips
    double intercept = 0;
    std::vector<PipBucket> buckets;  // opening pips <= 17, 18-19, 20-21, >= 22
};

// The winner of a game is the row with the most points (the game's maximum, at least 10
// for a finished game; ties all count as winners). Buckets cover [0,17], [18,19],
// [20,21], [22,99] (about a quarter of the catanstats rows each).
CatanstatsSummary summarize_catanstats(std::span<const CatanstatsRow> rows);

}  // namespace ctk
