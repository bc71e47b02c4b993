// catan-sim: seeded self-play with uniformly random legal moves (lib/catan/play/sim.hpp), writing
// native logs that catan-replay accepts and printing a summary. Thin: options, the library's
// play_game + write_log, the summary (lib/catan/report/sim_report.hpp).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>
#include <functional>
#include <iostream>

#include <fmt/format.h>

#include <catan/engine/event.hpp>
#include <catan/engine/state.hpp>
#include <catan/io/board_stream.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/sim.hpp>
#include <catan/report/sim_report.hpp>
#include "cli_common.hpp"

using namespace ctk;

namespace {

// One board (a JSON document, or a stream of one board); a stream of several is an error
// found without reading the rest of it (lib/catan/io/board_stream.hpp read_one_board).
std::shared_ptr<const Board> read_board(const std::string& file) {
    auto in = cli::open_input(file);
    return std::make_shared<const Board>(read_one_board(*in, file));
}

// Plays games first .. first+games-1 of run.seed, handing each to `each` (its index and
// the game) and showing progress on a terminal; sets run's times.
SimSummary play_games(SimRun& run, std::int64_t games, std::int64_t first,
                      const std::function<void(std::int64_t, const SimGame&)>& each) {
    const bool progress = isatty(STDERR_FILENO) != 0;
    SimSummary sum;
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    for (std::int64_t i = first; i < first + games; ++i) {
        SimGame g = play_game(run.seed, i, run.options);
        sum.add(g);
        each(i, g);
        if (progress && ((i - first + 1) % 100 == 0 || i - first + 1 == games))
            std::cerr << fmt::format("\rcatan-sim: game {}/{}", i - first + 1, games) << std::flush;
    }
    if (progress) std::cerr << '\n';
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    return sum;
}

// The house rules of the log header (kGameOptions) as flags, --vp-to-win for vp_to_win;
// the readings of other engines are not self-play's.
void add_house_rule_flags(CLI::App& app, GameOptions& options) {
    const GameOptions base;
    for (const OptionSpec& o : kGameOptions) {
        if (o.reading) continue;
        std::string flag = "--" + std::string(o.key);
        std::replace(flag.begin(), flag.end(), '_', '-');
        const std::string help = fmt::format("house rule: {}", o.what);
        if (o.number)
            app.add_option(flag, options.*o.number, fmt::format("{} ({})", help, base.*o.number))
                ->check(CLI::Range(o.min, o.max));
        else
            app.add_flag(flag, options.*o.flag, help);
    }
}

int run(int argc, char** argv) {
    CLI::App app{"Play seeded Catan games between policies (random by default); write their logs"};
    cli::setup_app(
        app, "catan-sim",
        "  catan-sim --seed 1 --games 1000                 summary only (no logs)\n"
        "  catan-sim --seed 1 --games 1000 --out games     + games/game-000001.json ...\n"
        "  catan-sim --seed 7 --games 10 --players 3 --random-board --format jsonl "
        "--out g\n"
        "  catan-sim --board my-board.json --games 100 --summary json\n"
        "  catan-sim --seed 3 --games 100 --players 6 --out g6     5-6 player extension\n"
        "  catan-sim --games 100 --vp-to-win 15 --discard-limit 9 --friendly-robber\n"
        "  catan-sim --games 1000 --policies greedy,random,random,random --rotate\n"
        "  catan-sim --games 40 --policies search,greedy,greedy,greedy --rotate --rollouts 50\n"
        "Game i of seed S is the same on every machine; catan-replay accepts every log.\n"
        "Policies (one per seat): random (uniform among the legal events: no domestic\n"
        "trades, maritime trades of one bundle), builder (random weighted toward cities,\n"
        "settlements, development cards), greedy (one move ahead by a value function),\n"
        "search (Monte Carlo rollouts from the seat's belief); chance by the seeded RNG;\n"
        "a game still running after --turn-cap turns ends unfinished.\n");
    std::uint64_t seed = 1;
    std::int64_t games = 1;
    SimOptions opt;
    std::string board_file, format = "json", out_dir, summary_format = "text";
    cli::add_seed_option(&app, seed, "the run's seed (game i uses a seed derived from it and i)")
        ->capture_default_str();
    app.add_option("--games", games, "number of games")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
    cli::complete_with(
        app.add_option("--players", opt.players,
                       "players per game, 2..6 (red, blue, white, orange, green, brown); 5 and 6 "
                       "play the 5-6 player extension on a random extended board")
            ->check(CLI::Range(2, 6)),
        "2 3 4 5 6");
    add_house_rule_flags(app, opt.options);
    auto* board_opt = app.add_option(
        "--board", board_file,
        "board JSON file, - for stdin (default: beginner); one board: a stream of several is an "
        "error");
    auto* random_opt =
        app.add_flag("--random-board", opt.random_board, "a random standard board per game");
    board_opt->excludes(random_opt);
    app.add_option("--turn-cap", opt.turn_cap, "turns after which a game ends unfinished")
        ->check(CLI::Range(1, 1000000));
    app.add_option("--format", format, "log format: json or jsonl")
        ->check(CLI::IsMember({"json", "jsonl"}));
    app.add_option("--out", out_dir,
                   "directory for the logs (game-000001.json, ...; made when missing, marked "
                   "with the run in DIR/.catan-sim-run: a folder of another run's logs is "
                   "refused), or - for one JSON Lines stream of every game on stdout (the "
                   "summary then goes to stderr); none if absent");
    std::int64_t first = 1;
    app.add_option("--first", first,
                   "index of the first game (games first .. first+games-1: a run split in parts "
                   "gives the same games)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 50));
    opt.verify = false;
    app.add_flag("--verify", opt.verify,
                 "re-check every generated event with the rules' check before applying it "
                 "(off by default: the tests prove the generator lists exactly what check "
                 "accepts; the games are the same either way, only slower)");
    std::string policies;
    app.add_option("--policies", policies,
                   "one policy per seat, comma-separated: random, builder, greedy or search "
                   "(e.g. greedy,random,random,random); its length sets the players")
        ->excludes("--players");
    app.add_flag("--rotate", opt.rotate,
                 "rotate the seats' policies from game to game (game i moves each policy i-1 "
                 "seats on), so that every policy plays every seat equally often");
    app.add_option("--rollouts", opt.search.rollouts, "the search player's rollouts per decision")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    app.add_option("--summary", summary_format, "summary format: text or json")
        ->check(CLI::IsMember({"text", "json"}));
    if (int rc = cli::parse(app, argc, argv); rc >= 0) return rc;

    if (!policies.empty()) {
        opt.policies = parse_policy_list(policies);
        opt.players = static_cast<int>(opt.policies.size());
    }
    if (!board_file.empty()) opt.board = read_board(board_file);
    const bool write = !out_dir.empty();
    const bool to_stdout = out_dir == "-";
    opt.record = write;
    if (to_stdout) format = "jsonl";  // concatenated JSON Lines logs split at header lines
    const LogFormat log_format = format == "jsonl" ? LogFormat::kJsonl : LogFormat::kJson;
    SimRun info;
    info.seed = seed;
    info.options = opt;
    info.board = sim_board_name(opt, board_file);
    if (write) info.logs = to_stdout ? "stdout" : out_dir;
    // A folder of another run's logs is refused (a later catan-stats DIR/* would mix runs).
    if (write && !to_stdout) claim_sim_folder(out_dir, sim_run_marker(info, format));
    const SimSummary sum = play_games(info, games, first, [&](std::int64_t i, const SimGame& g) {
        if (to_stdout) {
            cli::out() << write_log(g.log, log_format);
        } else if (write) {
            const std::string path =
                fmt::format("{}/game-{:06}.{}", out_dir, i, format == "jsonl" ? "jsonl" : "json");
            write_file_atomically(path, write_log(g.log, log_format));
        }
    });
    // The summary goes to standard output, or to stderr when the logs take standard output.
    const std::string summary =
        summary_format == "json" ? sim_summary_json(sum, info) : sim_summary_text(sum, info);
    if (to_stdout)
        std::cerr << summary;
    else
        cli::out() << summary;
    return cli::code(cli::Exit::kOk);
}

}  // namespace

int main(int argc, char** argv) {
    return cli::guarded("catan-sim", run, argc, argv);
}
