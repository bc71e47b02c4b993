// catan-replay: replay game logs under every rule of RULES.md and print the verdict, or the
// state at a chosen event or turn. Thin: options, the library's read_log + replay, output.
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/import/input.hpp>
#include <catan/play/batch.hpp>
#include <catan/play/replay.hpp>
#include <catan/report/replay_report.hpp>
#include <catan/report/track_report.hpp>
#include <catan/report/verdict_report.hpp>
#include <catan/report/viewer.hpp>
#include "catan-replay-limits.hpp"
#include "cli_common.hpp"

using namespace ctk;

namespace {

// catan-replay's command line: the options, then one function per step of one file's
// replay (read, replay, report the hands, the state or the verdict).
class ReplayCli {
  public:
    int run(int argc, char** argv);

  private:
    // One file's output, written to strings so that files can be replayed on several
    // threads (-j) and printed in input order.
    struct FileRun {
        std::string out, err;
        int worst = cli::code(cli::Exit::kOk);
        bool many = false;  // one record per game: several inputs, or a stream of games
    };
    FileRun replay_file(std::size_t index) const;
    void report_malformed(FileRun& f, const std::string& name, const InputError& e) const;
    void replay_game(FileRun& f, const std::string& name, const GameLog& log,
                     StreamedReplay* streamed) const;

    cli::InputList inputs;
    std::string format = "text";
    ReplayOptions opt;
    std::optional<int> at, turn;
    bool hands = false, trace = false, events_list = false;
    HandsOptions hands_opt;
    TrackingOptions tracking;
    PageLimit page_limit;
    bool progress = false;  // a progress line while tracking runs long (TrackingProgress)
    std::string html;
    std::optional<int> eval_rollouts;  // --eval: the page's win probabilities
    int jobs = 1;
    bool show_state = false, many = false;
    std::vector<std::string> files;
};

int ReplayCli::run(int argc, char** argv) {
    CLI::App app{"Replay Catan game logs under every rule: the verdict, or the state at a point"};
    cli::setup_app(
        app, "catan-replay",
        "  catan-replay game.json                  verdict: valid (complete or "
        "unfinished) or the first violation\n"
        "  catan-replay --format json game.jsonl   the verdict as JSON\n"
        "  catan-replay --keep-going game.json     every violation, not only the first\n"
        "  catan-replay --at 17 game.json          the state after event 17 (text, with "
        "the board)\n"
        "  catan-replay --turn 6 --format json game.json   the state at the end of turn 6\n"
        "  catan-replay --stats game.json          dice and cards statistics\n"
        "  catan-replay --html game.html game.json the replay page: open game.html in a "
        "browser\n"
        "  catan-replay --html game.html --eval 200 game.json   + the win probabilities\n"
        "  catan-import game.soclog | catan-replay --html game.html -\n"
        "  catan-replay --hands spectator.json     each player's possible hands and their "
        "probabilities\n"
        "  catan-replay --hands --at 40 --format json spectator.json   the same after event 40\n"
        "  catan-replay --format jsonl --trace spectator.json   one line of hands per event\n"
        "  catan-replay samples/logs/valid/*       one verdict line per file\n"
        "  cat game.jsonl | catan-replay -\n"
        "  find logs -name '*.json' | catan-replay --format json --files-from -\n"
        "  find logs -print0 | catan-replay --files-from - -0   one verdict per log, in order\n",
        "0 every log valid (complete or unfinished), 1 a log breaks a rule, 2 a log is "
        "malformed or unreadable, or the command line is wrong. With --format json every input "
        "gets a record, a malformed one too (\"outcome\": \"malformed\").");
    cli::add_input_list(
        &app, inputs,
        "game logs: native (JSON or JSON Lines; a stream of games replayed game by game) or "
        "any recording catan-import reads; - for stdin");
    app.add_option("--format", format, "text, json, or jsonl (with --trace)")
        ->check(CLI::IsMember({"text", "json", "jsonl"}));
    app.add_flag("--hands", hands,
                 "print each player's possible hands (probabilities, per-resource bounds, "
                 "development cards) after the last event or --at N");
    auto* events_opt = app.add_flag(
        "--events", events_list,
        "list the game in plain words, one line per event with its turn (every rule an event "
        "breaks on the lines after it), then the verdict's first line");
    app.add_flag("--trace", trace,
                 "with --format jsonl: one line per event with the same figures as --hands");
    app.add_option("--hands-limit", hands_opt.limit,
                   "most possible hands listed per player (0 = all; the rest's probability is "
                   "stated)")
        ->check(CLI::Range(0, 1000000));
    tracking.add(app, opt.track);
    app.add_flag("--keep-going", opt.keep_going,
                 "list every violation (apply each offending event anyway)");
    app.add_flag("--strict", opt.strict_board,
                 "board-red-adjacent (6/8 side by side) is a violation, not a warning");
    app.add_flag("--stats", opt.stats,
                 "add dice totals against their expectation and cards received/lost by source");
    auto* at_opt = app.add_option("--at", at, "print the state after event N (0-based)")
                       ->check(CLI::Range(0, 100000000));
    auto* turn_opt =
        app.add_option("--turn", turn, "print the state at the end of turn T (0 = setup)")
            ->check(CLI::Range(0, 100000000));
    at_opt->excludes(turn_opt);
    auto* html_opt = app.add_option(
        "--html", html,
        "also write the replay page of the log to FILE: one self-contained HTML file to step "
        "through the game (open FILE#event=N for event N)");
    html_opt->excludes(at_opt)->excludes(turn_opt);
    page_limit.add(app);
    app.add_option("--eval", eval_rollouts,
                   "with --html: also draw each player's win probability at every turn under "
                   "the board (catan-eval's, from N rollouts a position by greedy players; "
                   "seed 1)")
        ->check(CLI::Range(1, 1000000))
        ->needs(html_opt);
    events_opt->excludes(at_opt)->excludes(turn_opt)->excludes(html_opt);
    app.add_option("-j,--jobs", jobs,
                   "threads over the files (0 = every core); output in input order, as with 1")
        ->check(CLI::Range(0, 1024));
    if (int rc = cli::parse(app, argc, argv); rc >= 0) return rc;
    opt.stop_at_event = at;
    opt.stop_at_turn = turn;
    if (trace != (format == "jsonl"))
        throw InputError(
            "--trace goes with --format jsonl (one line per event), and jsonl "
            "is only for --trace");
    if (events_list && format != "text")
        throw InputError("--events lists the game as text (give no --format, or --format text)");
    show_state = at.has_value() || turn.has_value();
    tracking.check(opt.track);
    files = cli::input_files(inputs);
    progress = TrackingProgress::wanted() && (files.size() == 1 || resolve_threads(jobs) == 1);
    // Several inputs (or a list of them): JSON Lines, one record per input in input order.
    many = files.size() > 1 || !inputs.files_from.empty();
    if (!html.empty() && many) {
        std::cerr << "catan-replay: --html: give one log (the page shows one game)\n";
        return cli::code(cli::Exit::kBadInput);
    }

    int worst = cli::code(cli::Exit::kOk);
    ordered_parallel_for<FileRun>(
        files.size(), resolve_threads(jobs), [&](std::size_t i) { return replay_file(i); },
        [&](std::size_t, FileRun&& r) {
            cli::out() << r.out;
            std::cerr << r.err;
            worst = std::max(worst, r.worst);
        });
    return worst;
}

// One input's games, each replayed and reported in turn. A native log is streamed (JSON
// Lines of any length in flat memory, a stream of games game by game); --html, --hands,
// --trace, --events and --at need every event or the header before replay, so they read
// each game whole (lib/catan/import/input.hpp tells the input once).
ReplayCli::FileRun ReplayCli::replay_file(std::size_t index) const {
    const std::string& file = files[index];
    FileRun f;
    f.many = many;
    const bool whole = !html.empty() || trace || hands || events_list || at;
    auto each = [&](GameInput& g) {
        if (!html.empty() && g.games > 1)
            throw InputError(fmt::format(
                "{}: --html: the input holds {} games and the page shows one (catan-import "
                "writes one recording as one game)",
                file, g.games));
        if (g.name != file) f.many = true;
        try {
            replay_game(f, g.name, g.log, g.replay ? &*g.replay : nullptr);
        } catch (const PointOutOfRange&) {
            throw;
        } catch (const InputError& e) {
            report_malformed(f, g.name, e);
        }
    };
    try {
        for_each_game(file, whole ? GameReading::kWhole : GameReading::kStreamed, opt, each,
                      [&](const std::string& name, const InputError& e) {
                          if (name != file) f.many = true;
                          report_malformed(f, name, e);
                      });
    } catch (const PointOutOfRange&) {
        throw;
    } catch (const InputError& e) {
        report_malformed(f, file, e);
    }
    return f;
}

void ReplayCli::report_malformed(FileRun& f, const std::string& name, const InputError& e) const {
    if (format == "json") {
        nlohmann::json j = {
            {"file", name}, {"valid", false}, {"outcome", "malformed"}, {"error", e.what()}};
        f.out += json_util::dump(j, f.many ? -1 : 2) + '\n';
    }
    f.err += "catan-replay: " + printable(e.what()) + '\n';
    f.worst = cli::code(cli::Exit::kBadInput);
}

// One game: replayed (unless `streamed` holds its replay already), then its report.
void ReplayCli::replay_game(FileRun& f, const std::string& name, const GameLog& log,
                            StreamedReplay* streamed) const {
    Verdict verdict;
    std::size_t events = log.events.size();
    ReplayOptions game_opt = opt;  // this game's own (threads share opt)
    // --at: the turn its event belongs to (the turn of the state before it).
    int at_turn = -1, turn_so_far = 0;  // -1: replay stopped before it (a violation)
    if (at)
        game_opt.on_event = [&](int index, const GameState& after) {
            if (index == *at) at_turn = turn_so_far;
            turn_so_far = after.turn;
        };
    if (trace)
        game_opt.on_belief = [&](int index, const Belief& b) {
            nlohmann::json j = {{"file", name}, {"event", index}};
            j.update(belief_to_json(b, log.seats, hands_opt));
            f.out += json_util::dump(j) + '\n';
        };
    std::optional<TrackingProgress> shown;
    if (progress) shown.emplace(name, log.events.size()).attach(game_opt);
    if (events_list) {
        f.out += events_text(log, opt, name, &verdict);
    } else if (streamed) {
        verdict = std::move(streamed->verdict);
        events = streamed->events;
    } else if (!html.empty()) {
        page_limit.check(name, log.events.size());
        std::optional<Forecast> forecast_data;
        if (eval_rollouts) {
            ForecastOptions fo;
            fo.rollouts = *eval_rollouts;
            fo.replay = opt;
            fo.threads = resolve_threads(jobs);
            forecast_data = forecast(log, fo, name);
        }
        ReplayPage page = replay_page(log, opt, name, forecast_data ? &*forecast_data : nullptr);
        write_file_atomically(html, page.html);  // OutputError when it cannot
        f.err += fmt::format("catan-replay: wrote the replay page {} ({} events, {} KB)\n",
                             printable(html), log.events.size(), (page.html.size() + 1023) / 1024);
        verdict = std::move(page.verdict);
    } else {
        verdict = replay(log, game_opt, name);
    }
    if (verdict.outcome == Outcome::kInvalid)
        f.worst = std::max(f.worst, cli::code(cli::Exit::kViolation));
    if (trace || events_list) return;
    const ReportShape shape{format == "json", f.many};
    if (hands || show_state) check_point(name, events, verdict, at, hands ? std::nullopt : turn);
    if (hands)
        f.out += hands_report(name, log, verdict, hands_opt, shape);
    else if (show_state)
        f.out += state_report(name, log, verdict, at, turn, at_turn, shape);
    else
        f.out += verdict_report(verdict, log, shape);
}

}  // namespace

int main(int argc, char** argv) {
    return cli::guarded(
        "catan-replay", [](int c, char** v) { return ReplayCli().run(c, v); }, argc, argv);
}
