// catan-eval: who was winning — each player's win probability at every turn of a recorded
// game, estimated by rollouts from the position (lib/catan/analysis/forecast.hpp), the
// turning points, and with --at the moves of one position ranked. Thin: options, the
// library's forecast or rank_moves, the report (lib/catan/report/eval_report.hpp).
#include <unistd.h>

#include <iostream>

#include <fmt/format.h>

#include <catan/analysis/forecast.hpp>
#include <catan/import/input.hpp>
#include <catan/play/batch.hpp>
#include <catan/report/eval_report.hpp>
#include "catan-replay-limits.hpp"
#include "cli_common.hpp"

using namespace ctk;

namespace {

// --turns: "10,20" or "25%,50%" (a share as -f: ForecastOptions::turns).
std::vector<double> parse_turn_list(const std::string& list) {
    std::vector<double> out;
    if (list.empty()) return out;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = list.find(',', start);
        const std::string item = list.substr(start, comma - start);
        const bool share = !item.empty() && item.back() == '%';
        const std::string digits = share ? item.substr(0, item.size() - 1) : item;
        if (digits.empty() || digits.size() > 6 ||
            digits.find_first_not_of("0123456789") != std::string::npos)
            throw InputError(fmt::format(
                "--turns: expected turn numbers or shares like 25%, comma-separated; got \"{}\"",
                printable(item)));
        const int n = std::stoi(digits);
        if (share && (n < 1 || n > 100))
            throw InputError(
                fmt::format("--turns: a share is 1% to 100%, got {}", printable(item)));
        out.push_back(share ? -n / 100.0 : n);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

int run(int argc, char** argv) {
    CLI::App app{
        "Win probabilities of a recorded Catan game: each player's chance of winning at every "
        "turn, estimated by games played on from the position; turning points; the best moves "
        "of one position"};
    cli::setup_app(
        app, "catan-eval",
        "  catan-eval game.json                          the table, turn by turn\n"
        "  catan-eval --plot graph.svg game.soclog       + the graph\n"
        "  catan-eval --format json --rollouts 200 -j 0 game.json\n"
        "  catan-eval --every event --format csv view.json\n"
        "  catan-eval --turns 25%,50%,75% --format json game.json\n"
        "  catan-eval --at 120 game.json                 the moves after event 120, ranked\n"
        "Any recording the toolkit reads (- for standard input). Where the recording hides\n"
        "cards, each rollout starts from a state drawn from the replay's belief by its\n"
        "probability; in a full-information log from the true state (the deck's order and\n"
        "the dice drawn). The same seed gives the same numbers on any number of threads.\n",
        "0 the probabilities were printed (the log may be unfinished); 1 the log "
        "breaks a rule (positions up to the violation are printed); 2 unreadable input or a "
        "wrong command line.");
    std::string file, format = "text", plot, policy = "greedy", every = "turn";
    ForecastOptions opt;
    std::optional<int> at;
    int candidates = 10, jobs = 1;
    app.add_option("file", file, "the recording (- for standard input)")->required();
    app.add_option("--rollouts", opt.rollouts, "games played on from each position")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    app.add_option("--policy", policy,
                   "every seat's policy in the rollouts: greedy (default: the best that keeps a "
                   "70-turn game at 500 rollouts under a minute), builder or random")
        ->check(CLI::IsMember({"greedy", "builder", "random"}));
    cli::add_seed_option(&app, opt.seed, "the rollouts' seed")->capture_default_str();
    app.add_option("-j,--jobs", jobs,
                   "threads over the rollouts (0 = every core); the same "
                   "numbers as with 1")
        ->check(CLI::Range(0, 1024));
    app.add_option("--every", every, "a position per turn (its end) or after every event")
        ->check(CLI::IsMember({"turn", "event"}));
    std::string turns;
    auto* turns_opt = app.add_option(
        "--turns", turns,
        "only the positions at the end of these turns, comma-separated: turn numbers "
        "(0 = the setup) or shares of the game's last turn (25%,50%,75%)");
    app.add_option("--format", format, "text, json or csv")
        ->check(CLI::IsMember({"text", "json", "csv"}));
    app.add_option("--plot", plot, "also draw the graph of the probabilities into FILE (SVG)")
        ->option_text("FILE");
    auto* at_opt =
        app.add_option("--at", at,
                       "rank the moves of the player to act after event N (0-based) by their "
                       "win probability instead")
            ->check(CLI::Range(0, 100000000));
    app.add_option("--candidates", candidates,
                   "with --at: the moves tried (those of highest greedy value, the move played "
                   "always among them)")
        ->check(CLI::Range(1, 512))
        ->capture_default_str();
    app.add_option("--turn-cap", opt.turn_cap,
                   "turns a rollout plays past its position before it ends unfinished (then "
                   "the leaders on VP share the win)")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    TrackingOptions tracking;  // --max-states within --max-memory, as catan-replay's
    tracking.add(app, opt.replay.track);
    at_opt->excludes("--plot")->excludes("--every")->excludes(turns_opt);
    turns_opt->excludes("--every");
    if (int rc = cli::parse(app, argc, argv); rc >= 0) return rc;

    tracking.check(opt.replay.track);
    opt.policy = parse_policy(policy);
    opt.every_event = every == "event";
    opt.turns = parse_turn_list(turns);
    opt.threads = resolve_threads(jobs);
    const GameLog log = read_one_game(file);
    const bool progress = isatty(STDERR_FILENO) != 0;
    if (at) {
        const auto moves = rank_moves(log, *at, opt, candidates, file);
        if (format == "json")
            cli::out() << json_util::dump(ranked_moves_to_json(moves, log, *at, file), 2) << '\n';
        else
            cli::out() << ranked_moves_text(moves, log, *at, file);
        return cli::code(cli::Exit::kOk);
    }
    if (progress)
        opt.progress = [](std::size_t done, std::size_t total) {
            std::cerr << fmt::format("\rcatan-eval: position {}/{}", done, total) << std::flush;
        };
    const Forecast f = forecast(log, opt, file);
    if (progress) std::cerr << '\n';
    if (!plot.empty()) write_file_atomically(plot, forecast_svg(f, log, file));
    if (format == "json")
        cli::out() << json_util::dump(forecast_to_json(f, log, file), 2) << '\n';
    else if (format == "csv")
        cli::out() << forecast_csv(f, log, file);
    else
        cli::out() << forecast_text(f, log, file);
    return cli::code(f.verdict.outcome == Outcome::kInvalid ? cli::Exit::kViolation
                                                            : cli::Exit::kOk);
}

}  // namespace

int main(int argc, char** argv) {
    return cli::guarded("catan-eval", run, argc, argv);
}
