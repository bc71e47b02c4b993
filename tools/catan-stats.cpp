// catan-stats: statistics over many games (dice fairness, seats, opening placements, game
// length, cards, trades, development cards), as partial aggregates that merge exactly.
// Thin: options, the library's batch reading + replay + stats, output.
#include <iostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/analysis/stats.hpp>
#include <catan/import/input.hpp>
#include <catan/play/batch.hpp>
#include <catan/report/stats_report.hpp>
#include "cli_common.hpp"

using namespace ctk;

namespace {

struct Options {
    std::vector<std::string> files;
    std::string files_from;
    bool nul = false;
    std::string format = "text";
    bool partial = false;
    bool all_games = false;
    std::string plots;
    std::string catanstats;
    int jobs = 1;
    bool skip_repeats = false;
};

// One game's contribution, on its own (merged in input order by the caller): read (its
// format told once with its input), replayed with statistics; malformed with the reader's
// message when it cannot be read.
StatsAggregate one_game(const GameInput& g, bool all_games) {
    StatsAggregate a;
    a.all_games = all_games;
    GameLog log;
    try {
        log = read_game(g);
    } catch (const InputError& e) {
        add_malformed(a, g.name, e.what());
        return a;
    }
    ReplayOptions opt;
    opt.stats = true;
    add_game(a, log, replay(log, opt, g.name));
    return a;
}

int report(StatsAggregate& agg, const Options& opt) {
    normalize(agg);
    if (!opt.plots.empty()) {  // missing folders are made (lib/catan/io/output.hpp)
        const auto plots = stats_plots(agg, opt.plots);
        for (const auto& [name, svg] : plots) write_file_atomically(name, svg);
        std::cerr << "catan-stats: " << plots_written_text(agg, plots, opt.plots);
    }
    if (opt.partial)
        cli::out() << partial_to_jsonl(agg);
    else if (opt.format == "json")
        cli::out() << json_util::dump(stats_to_json(agg), 2) << '\n';
    else
        cli::out() << stats_to_text(agg);
    return agg.malformed ? cli::code(cli::Exit::kBadInput)
           : agg.invalid ? cli::code(cli::Exit::kViolation)
                         : cli::code(cli::Exit::kOk);
}

int run_merge(const std::vector<std::string>& parts, const Options& opt) {
    StatsAggregate agg;
    bool first = true;
    for (const auto& file : parts) {
        const std::string& name = file;
        StatsAggregate p = partial_from_jsonl(cli::read_input(file), name);
        if (first) {
            agg.all_games = p.all_games;
            first = false;
        }
        try {
            merge_partial(agg, p);
        } catch (const InputError& e) {
            throw InputError(fmt::format("{}: {}", name, e.what()));
        }
    }
    return report(agg, opt);
}

int run_games(const Options& opt) {
    std::vector<std::string> inputs = opt.files;
    if (!opt.files_from.empty()) {
        auto listed = parse_file_list(cli::read_input(opt.files_from), opt.nul);
        inputs.insert(inputs.end(), listed.begin(), listed.end());
    }
    if (inputs.empty() && opt.catanstats.empty())
        throw InputError("no input: give log files, - for stdin, --files-from or --catanstats");
    const int threads = resolve_threads(opt.jobs);
    StatsAggregate agg;
    agg.all_games = opt.all_games;
    std::vector<GameInput> batch;
    RunGames seen;  // each game counted once in the run
    auto flush = [&] {
        ordered_parallel_for<StatsAggregate>(
            batch.size(), threads, [&](std::size_t i) { return one_game(batch[i], opt.all_games); },
            [&](std::size_t i, StatsAggregate&& a) {
                try {
                    merge_once(agg, a, batch[i].name, seen, opt.skip_repeats);
                } catch (const InputError& e) {
                    throw InputError(fmt::format(
                        "{}; give each game once (--skip-repeats counts it once)", e.what()));
                }
            });
        batch.clear();
    };
    const std::size_t batch_size = 256 * static_cast<std::size_t>(threads);
    // An input that cannot be opened or told is one malformed record.
    auto malformed = [&](const std::string& name, const InputError& e) {
        StatsAggregate bad;
        bad.all_games = opt.all_games;
        add_malformed(bad, name, e.what());
        merge(agg, bad);
    };
    for (const auto& file : inputs)
        for_each_game(
            file, GameReading::kText, ReplayOptions{},
            [&](GameInput& g) {
                batch.push_back(std::move(g));
                if (batch.size() >= batch_size) flush();
            },
            malformed);
    flush();
    if (!opt.catanstats.empty()) {
        std::vector<CatanstatsRow> rows;
        try {
            rows = read_catanstats(cli::read_input(opt.catanstats));
        } catch (const InputError& e) {
            throw InputError(fmt::format("{}: {}", opt.catanstats, e.what()));
        }
        add_catanstats(agg, rows, opt.catanstats);
    }
    for (const auto& r : agg.games)
        if (r.outcome == "malformed") std::cerr << "catan-stats: " << printable(r.message) << '\n';
    if (seen.skipped > 0)
        std::cerr << fmt::format("catan-stats: skipped {} game{} read twice, counted once: {}{}\n",
                                 seen.skipped, seen.skipped == 1 ? "" : "s",
                                 printable(seen.first_skipped), seen.skipped > 1 ? ", ..." : "");
    return report(agg, opt);
}

int run(int argc, char** argv) {
    CLI::App app{
        "Statistics over many Catan games: dice fairness, seats, opening placements, length, "
        "cards; partial aggregates that merge exactly"};
    cli::setup_app(
        app, "catan-stats",
        "  catan-stats games/*.json                 the report over every game (text)\n"
        "  catan-stats --format json -j 0 games/*   JSON, on every core\n"
        "  catan-stats --plots docs/stats games/*   also SVG plots docs/stats-1-dice.svg ...\n"
        "  catan-sim --games 1000 --format jsonl --out - | catan-stats -   a stream of games\n"
        "  catan-stats --partial part1/* > a.jsonl; catan-stats --partial part2/* > b.jsonl\n"
        "  catan-stats merge a.jsonl b.jsonl        the same report as one run over both\n"
        "  find games -name '*.json' | catan-stats --files-from -\n");
    Options opt;
    std::vector<std::string> parts;
    app.add_option(
        "files", opt.files,
        "game logs: native (JSON or JSON Lines; a JSON Lines stream may hold many games) or "
        "any recording catan-import reads; - for stdin");
    app.add_option("--files-from", opt.files_from,
                   "read input names from this file (one per line; - for stdin)");
    app.add_flag("-0,--null", opt.nul, "with --files-from: names are NUL-separated");
    app.add_option("--format", opt.format, "report format: text or json")
        ->check(CLI::IsMember({"text", "json"}));
    app.add_flag(
        "--partial", opt.partial,
        "write the partial aggregate (JSON Lines of integer counts) for catan-stats merge");
    app.add_flag("--all-games", opt.all_games,
                 "list every game (default: only games with dice p < 0.001, invalid or malformed)");
    app.add_option("--catanstats", opt.catanstats,
                   "also the games of a catanstats CSV table (tabletop summaries: opening spots, "
                   "dice, final points)");
    app.add_option("--plots", opt.plots,
                   "write SVG plots PREFIX-<n>-dice.svg, -seats.svg, -pips.svg per group (n: "
                   "the group's place in the report; a PREFIX ending in / is a folder: "
                   "DIR/stats-<n>-dice.svg ...)");
    app.add_option("-j,--jobs", opt.jobs, "threads over the inputs (0 = every core)")
        ->check(CLI::Range(0, 1024));
    app.add_flag("--skip-repeats", opt.skip_repeats,
                 "count a game read twice in the run (the same file twice, or the same game in "
                 "two files) once and say so; default: refuse the run (exit 2)");
    auto* merge_cmd = app.add_subcommand(
        "merge", "combine partial aggregates (any number, any order) into one report");
    cli::subcommand_footer(
        merge_cmd,
        "  catan-stats merge a.partial b.partial      the report of both parts\n"
        "  catan-stats merge --format json chunk-*.partial\n"
        "  catan-stats merge --partial a.partial b.partial > ab.partial\n",
        "0 every game valid, 1 some game breaks a rule, 2 a malformed part or game, a failed "
        "write or a bad command line.");
    merge_cmd->add_option("parts", parts, "partial aggregates written by --partial, - for stdin");
    merge_cmd->add_option("--format", opt.format, "report format: text or json")
        ->check(CLI::IsMember({"text", "json"}));
    merge_cmd->add_flag("--partial", opt.partial, "write the merged partial aggregate instead");
    merge_cmd->add_option("--plots", opt.plots, "write SVG plots (see above)");
    if (int rc = cli::parse(app, argc, argv); rc >= 0) return rc;
    if (merge_cmd->parsed() && parts.empty())
        throw InputError(
            "merge: no partial aggregates given (name the files that catan-stats --partial "
            "wrote, or - for standard input)");
    if (merge_cmd->parsed()) return run_merge(parts, opt);
    return run_games(opt);
}

}  // namespace

int main(int argc, char** argv) {
    return cli::guarded("catan-stats", run, argc, argv);
}
