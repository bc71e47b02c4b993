// catan-replay: replay game logs under every rule of RULES.md and print the verdict, or the
// state at a chosen event or turn. Thin: options, the library's read_log + replay, output.
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/engine/event.hpp>
#include <catan/engine/state.hpp>
#include <catan/import/import.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/batch.hpp>
#include <catan/play/replay.hpp>
#include <catan/report/state_report.hpp>
#include <catan/report/track_report.hpp>
#include <catan/report/viewer.hpp>
#include "cli_common.hpp"

using namespace ctk;

namespace {

// Writes the whole page atomically; OutputError ("<path>: <reason>") when it cannot.
void write_page(const std::string& path, const std::string& text) {
    write_file_atomically(path, text);
}

// catan-replay's command line: the options, then one function per step of one file's
// replay (read, replay, report the hands, the state or the verdict).
class ReplayCli {
  public:
    int run(int argc, char** argv);

  private:
    // One file's output, written to strings so that files can be replayed on several
    // threads (-j) and printed in input order.
    struct FileRun {
        std::ostringstream out, err;
        int worst = cli::code(cli::Exit::kOk);
    };
    struct FileResult {
        std::string out, err;
        int code = 0;
    };
    FileResult replay_file(std::size_t index) const;
    bool read_file(const std::string& file, FileRun& f, bool& streamed, StreamedReplay& run,
                   GameLog& whole) const;
    void report_hands(FileRun& f, const std::string& name, const GameLog& log,
                      const Verdict& v) const;
    void report_state(FileRun& f, const std::string& name, const GameLog& log, const Verdict& v,
                      std::size_t events) const;
    void report_verdict(FileRun& f, const GameLog& log, const Verdict& v) const;

    cli::InputList inputs;
    std::string format = "text";
    ReplayOptions opt;
    std::optional<int> at, turn;
    bool hands = false, trace = false;
    HandsOptions hands_opt;
    std::string html;
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
    cli::add_input_list(&app, inputs, "native log files (JSON or JSON Lines), - for stdin");
    app.add_option("--format", format, "text, json, or jsonl (with --trace)")
        ->check(CLI::IsMember({"text", "json", "jsonl"}));
    app.add_flag("--hands", hands,
                 "print each player's possible hands (probabilities, per-resource bounds, "
                 "development cards) after the last event or --at N");
    app.add_flag("--trace", trace,
                 "with --format jsonl: one line per event with the same figures as --hands");
    app.add_option("--hands-limit", hands_opt.limit,
                   "most possible hands listed per player (0 = all; the rest's probability is "
                   "stated)")
        ->check(CLI::Range(0, 1000000));
    app.add_option("--max-states", opt.track.max_states,
                   "bound on the possible states tracked under hidden information")
        ->check(CLI::Range(1, 100000000));
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
    show_state = at.has_value() || turn.has_value();
    files = cli::input_files(inputs);
    // Several inputs (or a list of them): JSON Lines, one record per input in input order.
    many = files.size() > 1 || !inputs.files_from.empty();
    if (!html.empty() && many) {
        std::cerr << "catan-replay: --html: give one log (the page shows one game)\n";
        return cli::code(cli::Exit::kBadInput);
    }

    int worst = cli::code(cli::Exit::kOk);
    ordered_parallel_for<FileResult>(
        files.size(), resolve_threads(jobs), [&](std::size_t i) { return replay_file(i); },
        [&](std::size_t, FileResult&& r) {
            cli::out() << r.out;
            std::cerr << r.err;
            worst = std::max(worst, r.code);
        });
    return worst;
}

ReplayCli::FileResult ReplayCli::replay_file(std::size_t index) const {
    const std::string& file = files[index];
    const std::string name = file;
    FileRun f;
    auto done = [&] { return FileResult{f.out.str(), f.err.str(), f.worst}; };
    bool streamed = false;
    StreamedReplay run;
    GameLog whole;
    if (!read_file(file, f, streamed, run, whole)) return done();
    const GameLog& log = streamed ? run.header : whole;
    ReplayOptions file_opt = opt;  // this file's own (threads share opt)
    if (trace)
        file_opt.on_belief = [&](int index, const Belief& b) {
            nlohmann::json j = {{"file", name}, {"event", index}};
            j.update(belief_to_json(b, log.seats, hands_opt));
            f.out << json_util::dump(j) << '\n';
        };
    if (!html.empty()) {
        ReplayPage page = replay_page(log, opt, name);
        write_page(html, page.html);
        f.err << fmt::format("catan-replay: wrote the replay page {} ({} events, {} KB)\n",
                             printable(html), log.events.size(), (page.html.size() + 1023) / 1024);
        run.verdict = std::move(page.verdict);
    } else if (!streamed) {
        run.verdict = replay(whole, file_opt, name);
    }
    const Verdict& v = run.verdict;
    if (v.outcome == Outcome::kInvalid)
        f.worst = std::max(f.worst, cli::code(cli::Exit::kViolation));
    if (trace) return done();
    if (hands)
        report_hands(f, name, log, v);
    else if (show_state)
        report_state(f, name, log, v, run.events);
    else
        report_verdict(f, log, v);
    return done();
}

// Reads the file: a native log streamed (JSON Lines of any length in flat memory), or whole
// (--html, --hands and --trace need every event or the header before replay; a recording
// of another program, any format catan-import reads, is converted in memory). False when it
// is malformed or unreadable (reported).
bool ReplayCli::read_file(const std::string& file, FileRun& f, bool& streamed, StreamedReplay& run,
                          GameLog& whole) const {
    const std::string& name = file;
    streamed = html.empty() && !trace && !hands;
    try {
        if (streamed) {
            cli::OpenedInput in = cli::open_input_told(file);
            if (in.recording) {
                streamed = false;
                whole = read_any_log(cli::read_all(*in.in), name);
            } else {
                try {
                    run = replay_stream(*in.in, name, opt);
                } catch (const InputError&) {
                    // A JSON recording told only by keys past the first bytes.
                    if (file == "-" || !cli::holds_recording_whole(file)) throw;
                    streamed = false;
                    whole = read_any_log(cli::read_input(file), name);
                }
            }
        } else {
            whole = read_any_log(cli::read_input(file), name);
        }
        if (!streamed) run.events = whole.events.size();
    } catch (const InputError& e) {
        if (format == "json") {
            nlohmann::json j = {
                {"file", name}, {"valid", false}, {"outcome", "malformed"}, {"error", e.what()}};
            f.out << json_util::dump(j, many ? -1 : 2) << '\n';
        }
        f.err << "catan-replay: " << printable(e.what()) << '\n';
        f.worst = cli::code(cli::Exit::kBadInput);
        return false;
    }
    return true;
}

// --hands: each player's possible hands after the last event or --at N.
void ReplayCli::report_hands(FileRun& f, const std::string& name, const GameLog& log,
                             const Verdict& v) const {
    if (at && *at >= static_cast<int>(log.events.size()))
        throw InputError(fmt::format("{}: --at {}: the log has {} events (0..{})", name, *at,
                                     log.events.size(), log.events.size() - 1));
    if (format == "json") {
        nlohmann::json j = {
            {"file", name},
            {"event", v.events > 0 ? nlohmann::json(v.events - 1) : nlohmann::json()}};
        j.update(belief_to_json(*v.belief, log.seats, hands_opt));
        if (!v.violations.empty()) j["violations"] = verdict_to_json(v, log)["violations"];
        f.out << json_util::dump(j, many ? -1 : 2) << '\n';
    } else {
        f.out << fmt::format("{}: hands after event {}: ", printable(name), v.events - 1)
              << belief_to_text(*v.belief, log.seats, hands_opt);
        for (const auto& x : v.violations) f.out << violation_text(x, log, name, &v) << '\n';
    }
}

// --at / --turn: the state at that point.
void ReplayCli::report_state(FileRun& f, const std::string& name, const GameLog& log,
                             const Verdict& v, std::size_t events) const {
    if (at && *at >= static_cast<int>(events))
        throw InputError(fmt::format("{}: --at {}: the log has {} events (0..{})", name, *at,
                                     events, static_cast<long long>(events) - 1));
    // The end of turn T exists when the log reaches turn T (its last turn may end
    // the log); a log that breaks a rule earlier has stopped there, which its
    // violation says.
    if (turn && *turn > v.turns && v.violations.empty())
        throw InputError(fmt::format("{}: --turn {}: the log ends in turn {} (0..{})", name, *turn,
                                     v.turns, v.turns));
    if (format == "json") {
        nlohmann::json j = {{"file", name},
                            {"event", at ? nlohmann::json(*at) : nlohmann::json()},
                            {"turn", turn ? nlohmann::json(*turn) : nlohmann::json()},
                            {"state", state_to_json(*v.state, log.seats)}};
        if (!v.violations.empty()) j["violations"] = verdict_to_json(v, log)["violations"];
        f.out << json_util::dump(j, many ? -1 : 2) << '\n';
    } else {
        f.out << fmt::format(
            "{}: state {}\n", printable(name),
            at ? fmt::format("after event {}", *at) : fmt::format("at the end of turn {}", *turn));
        f.out << state_to_text(*v.state, log.seats);
        for (const auto& x : v.violations) f.out << violation_text(x, log, name, &v) << '\n';
    }
}

// The verdict: JSON, the first line of the text with several inputs, or the whole text.
void ReplayCli::report_verdict(FileRun& f, const GameLog& log, const Verdict& v) const {
    if (format == "json") {
        nlohmann::json j = verdict_to_json(v, log);
        f.out << json_util::dump(j, many ? -1 : 2) << '\n';
    } else if (many) {
        std::string text = verdict_to_text(v, log);
        f.out << text.substr(0, text.find('\n') + 1);
    } else {
        f.out << verdict_to_text(v, log);
    }
}

}  // namespace

int main(int argc, char** argv) {
    return cli::guarded(
        "catan-replay", [](int c, char** v) { return ReplayCli().run(c, v); }, argc, argv);
}
