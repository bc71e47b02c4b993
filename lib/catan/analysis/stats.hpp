#pragma once
// Corpus statistics (DESIGN.md "stats", catan-stats; issue 17): what many games say about
// the dice, the seats, the opening placements, game length, cards, trades and development
// cards, as an aggregate of integer counts that merges exactly. Any split of a corpus into
// parts, aggregated separately and merged in any order, gives the same aggregate — and so
// byte-identical reports — as one run over the whole: every field is an integer sum, min
// or max, and per-game records are kept in a canonical order (by name). Floating point
// appears only in the reports (lib/catan/report/stats_report.hpp).
//
// Games are pooled only within a *group*: the same player count, the same header options
// (vp_to_win, and any other option the log header states) and the same dice. Dice are
// "standard" (two fair dice) unless the log's `source` states a platform dice setting as
// `diceSetting=<value>` (the colonist.io importer writes it so; the site's "balanced dice"
// are not uniform): such games form their own group "diceSetting=<value>" and are never
// pooled with fair dice.
//
// Only valid games (replay verdict complete or unfinished) enter a group's statistics;
// invalid and malformed inputs are counted and always listed among the game records with
// their first violation or error.

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <catan/analysis/placement.hpp>
#include <catan/engine/event.hpp>
#include <catan/play/replay.hpp>

namespace ctk {

// ---- the statistics used (exact formulas in docs/catan-stats.md) ----

// P(X >= x) for X chi-square distributed with df degrees of freedom (x >= 0, df >= 1):
// the regularized upper incomplete gamma function Q(df/2, x/2) (Boost.Math).
double chi_square_sf(double x, int df);

// The Wilson score interval of a proportion: k successes in n trials (0 <= k <= n), at
// the normal quantile z (1.96 for 95%). n = 0 gives [0, 1].
struct Interval {
    double lo = 0, hi = 1;
};
Interval wilson_interval(std::int64_t k, std::int64_t n, double z = 1.96);

// Dice totals 2..12 against two fair dice: expected count of total s is
// rolls * dice_ways(s) / 36 (lib/catan/board/board.hpp). Pearson's statistic over the 11
// totals, 10 degrees of freedom, p = chi_square_sf. With fewer than about 180 rolls some
// expected counts are below 5 and the p-value is only approximate (the report says so).
// rolls = 0 gives statistic 0 and p-value 1.
struct DiceTest {
    std::int64_t rolls = 0;
    double chi_square = 0;
    int df = 10;
    double p_value = 1;
};
DiceTest dice_test(const std::array<std::int64_t, 13>& dice);  // dice[s] for s in 2..12

// Pearson's correlation from integer sums (n, sum x, sum y, sum x^2, sum y^2, sum xy);
// 0 when either variance is 0 or n < 2.
struct Moments {
    std::int64_t n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    void add(std::int64_t x, std::int64_t y);
    double correlation() const;
    double mean_x() const { return n ? static_cast<double>(sx) / static_cast<double>(n) : 0; }
    double mean_y() const { return n ? static_cast<double>(sy) / static_cast<double>(n) : 0; }
};

// ---- the aggregate ----

// Opening pips (the token pips of the hexes around a player's setup settlements, as
// vertex_production in lib/catan/analysis/placement.hpp counts them) in the catanstats study's
// bands:
// <= 17, 18-19, 20-21, >= 22.
inline constexpr std::array<int, 4> kPipBandLow{0, 18, 20, 22};
int pip_band(int pips);  // 0..3

struct Band {
    std::int64_t player_games = 0, vp = 0, wins = 0;  // vp: sum of final VP
};

// Sources of resource cards (CardFlow in lib/catan/play/replay.hpp), in this order.
inline constexpr int kCardSources = 10;
std::string_view card_source_name(int i);  // "production", ..., "lost_to_monopoly"

using Counts64 = std::array<std::int64_t, kResourceCount>;

struct GroupStats {
    std::string key;  // e.g. "4 players, vp_to_win=10, dice standard"
    int players = 0;
    std::int64_t games = 0, complete = 0, unfinished = 0;
    std::array<std::int64_t, 13> dice{};  // dice[s], s = 2..12
    std::int64_t rolls = 0;
    // robber: moves after a 7 and after a knight; moves that robbed someone
    std::int64_t robber_after_seven = 0, robber_after_knight = 0, robberies = 0;
    std::int64_t discards = 0, cards_discarded = 0;
    // seats, complete games: wins by seat (index = seat in turn order)
    std::array<std::int64_t, kMaxPlayers> seat_wins{};
    // opening placements, complete games, one entry per player: x = opening pips, y = VP
    Moments pips_vp;
    std::int64_t winner_pips = 0;  // sum of the winners' opening pips
    std::array<Band, 4> pip_bands{};
    std::array<Band, kResourceCount + 1> resource_bands{};  // by distinct resources 0..5
    Counts64 opening_pips_all{}, opening_pips_winners{};    // by resource, summed
    // game length: every valid game
    std::int64_t turns = 0, events = 0, turns_min = 0, turns_max = 0;
    std::map<int, std::int64_t> turn_bins;       // turns / 25 -> games
    std::array<Counts64, kCardSources> cards{};  // cards by source and resource, all players
    std::int64_t trades_bank = 0, trades_player = 0, trade_offers = 0;
    std::array<std::int64_t, kDevCardKinds + 1> dev_bought{};  // by kind; last = unknown
    std::array<std::int64_t, kDevCardKinds> dev_played{};      // victory points: never played
};

// One game as the reports list it.
struct GameRecord {
    std::string name;
    std::string group;    // empty for malformed inputs
    std::string outcome;  // complete, unfinished, invalid, malformed
    std::int64_t turns = 0, events = 0;
    std::array<std::int64_t, 13> dice{};
    int winner_seat = -1;  // -1: none
    std::string message;   // raw, escaped where printed: invalid: the first violation's line
                           // (violation_line, lib/catan/io/event_text.hpp); malformed: the
                           // read error as the reader wrote it
    bool operator<(const GameRecord& o) const;  // by name, then every other field
};

struct StatsAggregate {
    // Which games are listed: every one, or only those with suspicious dice (a dice test
    // with p < kSuspiciousP), invalid and malformed ones always.
    bool all_games = false;
    std::int64_t inputs = 0, valid = 0, invalid = 0, malformed = 0;
    std::map<std::string, GroupStats> groups;
    std::vector<GameRecord> games;  // sorted after merge/normalize
    // The identity of every input counted (a digest of what it holds), sorted after
    // merge/normalize: a merge refuses two partials that count the same input.
    std::vector<std::uint64_t> sources;
};
inline constexpr double kSuspiciousP = 0.001;

// The group key of a log (see the file comment) and its dice kind ("standard" or
// "diceSetting=<v>").
std::string dice_kind(const GameLog& log);
std::string group_key(const GameLog& log);

// Adds one replayed game. `v` must come from replay(log, opt) with opt.stats set (else
// InputError "<name>: replay without statistics"); a verdict of kInvalid counts the game as
// invalid and lists it with the line of its first violation (GameRecord::message).
void add_game(StatsAggregate& agg, const GameLog& log, const Verdict& v);
// Reads one log (read_any_log: a native log, or a recording of another program converted
// in memory), replays it with statistics and adds it; an input the
// reader rejects is added as malformed with the reader's message. Never throws InputError.
void add_log_text(StatsAggregate& agg, std::string_view text, std::string_view name);
// Adds the games of the catanstats table (read_catanstats, lib/catan/analysis/placement.hpp:
// tabletop games summarised one row per player, no log) as the group "<n> players, catanstats
// table": a game is complete when one player has the most points and at least 10 (its winner), else
// unfinished; seat = the `player` column (1 = first); dice from the game's histogram; turns = rolls
// (one roll a turn), events 0; opening pips and resources from the row; cards, trades, robber and
// development cards are not in the table (0). Games are named
// "<name>#game<gameNum>". `rows` as read_catanstats returns them (it checks that the rows of
// each game agree).
void add_catanstats(StatsAggregate& agg, std::span<const CatanstatsRow> rows,
                    std::string_view name);
// Adds an input that could not be read (message: the reader's InputError text).
void add_malformed(StatsAggregate& agg, std::string_view name, std::string_view message);
// Adds every count of `part` to `into` and appends its game records and input identities
// (call normalize after the last merge). Throws InputError when the two were made with
// different game listings (all_games) or when a sum passes 2^63 - 1 (naming the field).
void merge(StatsAggregate& into, const StatsAggregate& part);
// merge for the partial aggregates of separate runs (catan-stats merge): refuses, with an
// InputError, a `part` that counts an input `into` counts already (the same games twice),
// or one input twice itself ("counts the input <identity> twice ...").
// Sorts copies of both identity lists: once per partial, not per game.
void merge_partial(StatsAggregate& into, const StatsAggregate& part);
// The games one run has counted, by identity (the identity merge_partial compares), with the
// name each was first read under: one run counts each game once.
struct RunGames {
    std::map<std::uint64_t, std::string> first;  // identity -> the input's name
    std::int64_t skipped = 0;                    // repeats skipped (merge_once with skip)
    std::string first_skipped;                   // the first of them: "<name> (as <first>)"
};
// merge for the inputs of one run, one at a time in input order: `part` holds one input
// (from add_game, add_log_text or add_malformed: one identity) named `name`. An input whose
// identity the run counted already (the same file given twice, or the same game in two
// files or formats) is not merged: with `skip` it is counted in seen.skipped (returns false),
// else InputError "<name>: the same game as <first> (its group, outcome, length, dice and
// winner match), read twice in one run" is thrown. Returns true when merged.
bool merge_once(StatsAggregate& into, const StatsAggregate& part, std::string_view name,
                RunGames& seen, bool skip);
// Sorts the game records into their canonical order; the writers and reports expect it
// (call after the last add_game or merge).
void normalize(StatsAggregate& agg);

// ---- partial aggregates as JSON Lines ----
// Line 1: {"format":"catan-stats-partial","version":2,"all_games":..,"inputs":..,...,
// "sources": [the identity of each input, 16 hex digits], "digest": FNV-1a 64 of the counts:
// of the header's counts and of each later line as parsed, written again compactly with its
// keys in order, so that a partial re-serialised by another program keeps its digest};
// then one line per group ({"group": key, ...counts}) in key order, then one line per game
// record ({"game": name, ...}) in record order. Integers only. Ends with '\n'.
std::string partial_to_jsonl(const StatsAggregate& agg);
// Reads a partial aggregate; blank lines skipped. Throws InputError
// "<name>: line N: <field>: expected ..." for anything else, and "<name>: line N: ..." for
// counts that contradict each other (inputs = valid + invalid + malformed, the groups' games
// = valid, complete + unfinished = games, the dice sum to the rolls, the seats' wins to the
// complete games, the group key agrees with its players, the games listed with the totals)
// or their digest (a partial changed by hand).
StatsAggregate partial_from_jsonl(std::string_view text, std::string_view name);

}  // namespace ctk
