#pragma once
// Reports of corpus statistics (lib/catan/analysis/stats.hpp) for catan-stats: text for people,
// JSON for pipelines (schemas/stats.schema.json) and SVG plots (lib/catan/render/plot.hpp). The
// aggregate holds integers only; every derived number (rates, means, correlations, chi-square
// statistics, p-values, Wilson intervals) is computed here, in a fixed order, and printed with
// fixed decimals, so equal aggregates give byte-identical reports.

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include <catan/analysis/stats.hpp>

namespace ctk {

// The report as JSON: {"format": "catan-stats", "version": 1, "inputs", "valid",
// "invalid", "malformed", "groups": [...], "games": [...]} (schemas/stats.schema.json).
// Real numbers are rounded to 6 decimals.
nlohmann::json stats_to_json(const StatsAggregate& agg);

// The report as text: per group the dice table with the chi-square test, 7s and robber,
// win rate by seat with 95% Wilson intervals, opening pips and resources against final VP
// and winning, game length, cards by source, trades, development cards; then the listed
// games. Ends with '\n'.
std::string stats_to_text(const StatsAggregate& agg);

// SVG plots of every group: (file name, document) pairs. Names are
// "<prefix>-<n>-dice.svg" (dice totals against expectation), "<prefix>-<n>-seats.svg" (win
// rate by seat, 95% Wilson intervals) and "<prefix>-<n>-pips.svg" (win rate by opening pip
// band), n = 1, 2, ... in group order; the group key is each plot's subtitle. A prefix that
// ends in '/' names a folder: "<folder>/stats-<n>-dice.svg" ... Seat and pip
// plots are left out for a group without complete games.
std::vector<std::pair<std::string, std::string>> stats_plots(const StatsAggregate& agg,
                                                             const std::string& prefix);

// What --plots wrote, for standard error: "wrote <N> plots (<prefix>-<group>-dice.svg,
// -seats.svg, -pips.svg):\n" then one line a group, "  group <n> (<key>): <file> ...\n", in
// group order; names and keys escaped with printable. `plots` as stats_plots gave them.
std::string plots_written_text(const StatsAggregate& agg,
                               const std::vector<std::pair<std::string, std::string>>& plots,
                               const std::string& prefix);

}  // namespace ctk
