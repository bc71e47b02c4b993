// catan-place: score and rank opening placements by pip probability, resource mix and
// harbors; the best second settlement per first choice with exact production odds; a
// greedy setup draft; the catanstats analysis of opening pips against final points.
// Thin: options, the input read, one call into the library (report/placement_report.hpp),
// output. Formulas: analysis/placement.hpp.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <numeric>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/analysis/placement.hpp>
#include <catan/board/board.hpp>
#include <catan/engine/event.hpp>
#include <catan/import/input.hpp>
#include <catan/io/board_stream.hpp>
#include <catan/io/event_json.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/batch.hpp>
#include <catan/play/replay.hpp>
#include <catan/report/placement_report.hpp>
#include <catan/report/verdict_report.hpp>
#include "cli_common.hpp"

using namespace ctk;
using nlohmann::json;

namespace {

struct Options {
    std::string board_file;
    std::vector<int> taken;
    int top = 10;
    int pairs = 5;
    std::string format = "text";
    std::string weights_file;
    bool draft = false;
    int seats = 4;
    int simulate = 0;
    std::uint64_t seed = 1;
    std::string catanstats_file;
    std::string plot_file;
    std::string svg_file;
    std::string log_file;
    int evaluate = 0;
    int jobs = 1;
};

// One board (a JSON document, or a stream of one board); a stream of several is an error
// found without reading the rest of it (lib/catan/io/board_stream.hpp read_one_board).
Board read_board(const std::string& path) {
    auto in = cli::open_input(path);
    return read_one_board(*in, path);
}

PlacementWeights read_weights(const std::string& path) {
    if (path.empty()) return {};
    auto j = json::parse(cli::read_input(path), nullptr, false);
    if (j.is_discarded()) throw InputError(fmt::format("{}: not JSON", path));
    try {
        return placement_weights_from_json(j);
    } catch (const InputError& e) {
        throw InputError(fmt::format("{}: {}", path, e.what()));
    }
}

// ---------------------------------------------------------------- the three analyses

int analyse_board(const Options& opt) {
    const Board board = read_board(opt.board_file);
    PlacementRequest req{opt.taken,    read_weights(opt.weights_file),
                         opt.top,      opt.pairs,
                         opt.draft,    opt.seats,
                         opt.simulate, opt.seed,
                         opt.evaluate, resolve_threads(opt.jobs)};
    PlacementReport report = placement_report(board, req, opt.format, !opt.svg_file.empty());
    if (!opt.svg_file.empty()) write_file_atomically(opt.svg_file, report.heat_map);
    cli::out() << report.text;
    return cli::code(cli::Exit::kOk);
}

int analyse_log(const Options& opt) {
    const std::string& name = opt.log_file;
    GameLog log = read_one_game(opt.log_file);
    // The setup under the rules (distance-rule, setup-order, ...): the report still rates
    // every settlement, and a broken rule is printed and gives exit 1.
    ReplayOptions setup_only;
    setup_only.stop_at_turn = 0;
    const Verdict setup = replay(log, setup_only, name);
    const int status =
        setup.violations.empty() ? cli::code(cli::Exit::kOk) : cli::code(cli::Exit::kViolation);
    for (const auto& v : setup.violations) std::cerr << violation_text(v, log, name) << '\n';
    const PlacementWeights weights = read_weights(opt.weights_file);
    cli::out() << setup_placement_report(log, name, weights, opt.format);
    return status;
}

int analyse_catanstats(const Options& opt) {
    std::string text = cli::read_input(opt.catanstats_file);
    std::vector<CatanstatsRow> rows;
    try {
        rows = read_catanstats(text);
    } catch (const InputError& e) {
        throw InputError(fmt::format("{}: {}", opt.catanstats_file, e.what()));
    }
    auto s = summarize_catanstats(rows);
    if (!opt.plot_file.empty()) write_file_atomically(opt.plot_file, catanstats_svg(rows, s));
    cli::out() << catanstats_report(rows, s, opt.format);
    return cli::code(cli::Exit::kOk);
}

int run(int argc, char** argv) {
    CLI::App app{"Score and rank opening placements (settlement spots) by pip probability"};
    cli::setup_app(
        app, "catan-place",
        "  catan-place samples/boards/beginner.json --top 5\n"
        "  catan-board generate --seed 3 | catan-place - --top 5\n"
        "  catan-place board.json --taken 20,35 --format json\n"
        "  catan-place board.json --draft --seats 4\n"
        "  catan-place board.json --pairs 10 --simulate 20000 --seed 7\n"
        "  catan-place board.json --top 5 --pairs 3 --evaluate 400 -j 0   win rates\n"
        "  catan-place board.json --weights my-weights.json\n"
        "  catan-place --catanstats ../shared/data/catanstats/catanstats.csv --plot pips.svg\n");
    Options opt;
    app.add_option("board", opt.board_file,
                   "board JSON, - for stdin; one board: a stream of several is an error");
    // One word of comma-separated vertices: the board file after it is never a vertex.
    app.add_option("--taken", opt.taken, "occupied vertices, e.g. 20,35 (distance rule applies)")
        ->delimiter(',')
        ->allow_extra_args(false);
    app.add_option("--top", opt.top, "vertices to list (default 10)")->check(CLI::Range(0, 1000));
    app.add_option("--pairs", opt.pairs, "best pairs to list with their exact odds (default 5)")
        ->check(CLI::Range(0, 1000));
    app.add_option("--format", opt.format, "text, json or csv")
        ->check(CLI::IsMember({"text", "json", "csv"}));
    app.add_option("--weights", opt.weights_file,
                   "a JSON file holding one object that overrides score weights: pips, scarcity, "
                   "resource_diversity, number_diversity, harbor, expansion, roads, cities, "
                   "start_hand")
        ->option_text("FILE");
    app.add_flag("--draft", opt.draft, "simulate a greedy setup draft in snake order");
    app.add_option("--seats", opt.seats, "players in the draft (default 4)")
        ->check(CLI::Range(1, 6));
    app.add_option("--simulate", opt.simulate,
                   "cross-check the exact odds with N seeded simulated runs")
        ->check(CLI::Range(0, 10000000));
    cli::add_seed_option(&app, opt.seed, "seed of --simulate and --evaluate")
        ->capture_default_str();
    app.add_option("--evaluate", opt.evaluate,
                   "also play N games per listed vertex and pair in which the first of --seats "
                   "seats opens there and every seat plays greedy: the first seat's win rate "
                   "beside the pip score, and its baseline (greedy's own opening)")
        ->check(CLI::Range(0, 1000000));
    app.add_option("-j,--jobs", opt.jobs, "threads for --evaluate (0 = every core)")
        ->check(CLI::Range(0, 1024));
    app.add_option("--log", opt.log_file,
                   "score the settlements placed in the setup of this game log (native JSON or "
                   "JSONL, or any recording catan-import reads; - for stdin) against the "
                   "alternatives at each moment");
    app.add_option("--svg", opt.svg_file,
                   "also write the board as SVG with a heat map of vertex scores and the --top "
                   "picks marked");
    auto* catanstats_opt = app.add_option(
        "--catanstats", opt.catanstats_file,
        "analyse the catanstats CSV (opening pips against final points) instead of a board");
    app.add_option("--plot", opt.plot_file,
                   "with --catanstats: write an SVG scatter plot to this file")
        ->needs(catanstats_opt);
    if (int rc = cli::parse(app, argc, argv); rc >= 0) return rc;

    if (!opt.catanstats_file.empty()) return analyse_catanstats(opt);
    if (!opt.log_file.empty()) return analyse_log(opt);
    if (opt.board_file.empty()) {
        std::cerr << "catan-place: a board file (or -) is required\nRun with --help for more "
                     "information.\n";
        return cli::code(cli::Exit::kBadInput);
    }
    return analyse_board(opt);
}

}  // namespace

int main(int argc, char** argv) {
    return cli::guarded("catan-place", run, argc, argv);
}
