// catan-board: render, check and generate boards, and measure their fairness. Thin: the
// options (catan-board-options.hpp), the input, one library call
// (lib/catan/report/board_report.hpp), output.
#include <cstdio>
#include <functional>
#include <iostream>
#include <optional>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>

#include <catan/board/board.hpp>
#include <catan/board/generate.hpp>
#include <catan/board/rng.hpp>
#include <catan/io/board_stream.hpp>
#include <catan/report/board_report.hpp>
#include "catan-board-options.hpp"
#include "cli_common.hpp"

namespace ctk {

namespace {

// Hands each board of path to sink as it is read (lib/catan/io/board_stream.hpp
// for_each_board, which says what is returned); with no path, the built-in beginner board.
std::optional<std::string> read_boards(const std::string& path, const BoardSink& sink,
                                       bool keep_going = false,
                                       const BoardErrorSink& on_error = nullptr) {
    if (path.empty()) {
        sink("beginner", Board::beginner());
        return std::nullopt;
    }
    auto in = cli::open_input(path);
    return for_each_board(*in, path, sink, keep_going, on_error);
}

}  // namespace

int BoardCli::run(int argc, char** argv) {
    CLI::App app{"Render, check and generate Catan boards, and measure their fairness"};
    cli::setup_app(
        app, "catan-board",
        "  catan-board render --ids                 draw the beginner board with ids\n"
        "  catan-board render samples/boards/beginner.json\n"
        "  catan-board render --format json         the beginner board as JSON\n"
        "  catan-board render --format svg board.json > board.svg\n"
        "  catan-board check board.json             composition + red numbers\n"
        "  catan-board check - <<< 'OWL GBWB GLDLO LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 "
        "6 11'\n"
        "  catan-board check --allow-red-adjacent - < boards.jsonl\n"
        "  catan-board generate --seed 7 --format text\n"
        "  catan-board generate --count 100000 --format jsonl | catan-board check -\n"
        "  catan-board generate --players 5-6 --no-equal-adjacent --format svg > big.svg\n"
        "  catan-board stats --generate 100000 --seed 1\n");
    app.require_subcommand(1);

    add_render(app);
    add_check(app);
    add_generate(app);
    add_stats(app);
    if (int rc = cli::parse(app, argc, argv); rc >= 0) return rc;
    if (*render) return run_render();
    if (*gen) return run_generate();
    if (*stats) return run_stats();
    return run_check();
}

int BoardCli::run_render() {
    // An SVG document has one root: it is written only once the input is known to
    // hold a single board.
    std::optional<std::string> svg;
    auto error = read_boards(render_file, [&](const std::string& name, const Board& b) {
        if (render_format == "svg") {
            if (svg)
                throw InputError(
                    fmt::format("{}: --format svg draws one board and the input holds more (use "
                                "--format text or json, or render each board on its own)",
                                name));
            svg = board_in_format(b, render_format, ids);
        } else if (render_format == "line") {
            try {
                cli::out() << board_in_format(b, render_format, ids);
            } catch (const InputError& e) {
                throw InputError(fmt::format("{}: {}", name, e.what()));
            }
        } else {
            cli::out() << board_in_format(b, render_format, ids);
        }
    });
    if (error) throw InputError(*error);
    if (svg) cli::out() << *svg;
    return cli::code(cli::Exit::kOk);
}

int BoardCli::run_generate() {
    // Many boards stream as JSON Lines unless a JSON array is asked for: an array is
    // one document that a reader must hold or scan whole.
    // A terminal gets the drawing, a pipe or a file the JSON (as ls and git choose).
    if (gen_format.empty())
        gen_format = isatty(STDOUT_FILENO) ? "text" : count > 1 ? "jsonl" : "json";
    if (gen_format == "svg" && count != 1)
        throw InputError("--format svg draws one board: use --count 1");
    if (layout == "beginner") {
        if (gen_flags.players != "3-4")
            throw InputError("--layout beginner: there is no beginner board for 5-6 players");
        const std::string board = board_in_format(Board::beginner(), gen_format, ids);
        for (std::int64_t i = 0; i < count; ++i) cli::out() << board;
        return cli::code(cli::Exit::kOk);
    }
    Generator g = gen_flags.make();
    Rng rng(gen_flags.resolve_seed(gen));
    // DESIGN.md section 1: long runs show progress when stderr is a terminal.
    write_generated_boards(cli::out(), g, rng,
                           {.count = count,
                            .max_tries = gen_flags.max_tries,
                            .format = gen_format,
                            .ids = ids,
                            .progress = count >= 200000 && isatty(STDERR_FILENO)});
    return cli::code(cli::Exit::kOk);
}

int BoardCli::run_stats() {
    if (stats_generate > 0 && !stats_file.empty())
        throw InputError("stats: give a file or --generate N, not both");
    if (stats_generate == 0 && stats_file.empty())
        throw InputError("stats: give a file of boards (or -), or --generate N");
    const bool jsonl = stats_format == "jsonl";
    FairnessSummary summary;
    Output& out = cli::out();
    std::int64_t index = 0;
    std::optional<std::string> error;
    auto add = [&](const std::string& name, const Board& b) {
        Fairness f = measure_fairness(b);
        summary.add(f);
        if (jsonl) out << fairness_record(index, name, f);
        ++index;
    };
    if (stats_generate > 0) {
        Generator g = stats_flags.make();
        Rng rng(stats_flags.resolve_seed(stats));
        RawBoard raw;
        for (std::int64_t i = 0; i < stats_generate; ++i) {
            g.generate(rng, raw, stats_flags.max_tries);
            add(fmt::format("generated:{}", i + 1), g.to_board(raw));
        }
    } else {
        error = read_boards(stats_file, add, stats_keep_going,
                            [&](const std::string& where, const std::string& message) {
                                if (jsonl) out << fairness_error_record(index++, where, message);
                            });
    }
    if (stats_format == "json")
        out << fairness_json(
            summary, stats_generate > 0 ? generated_boards_source(stats_generate, stats_flags.seed,
                                                                  stats_flags.players,
                                                                  stats_flags.constraints.get())
                                        : file_boards_source(stats_file));
    else if (!jsonl)
        out << fairness_text(summary);
    // The boards read before a malformed record are reported; then the error (exit 2).
    if (error) {
        out.flush();
        throw InputError(*error);
    }
    return cli::code(cli::Exit::kOk);
}

// check: every input in turn; a malformed record ends its input (or, with --keep-going,
// is reported and skipped), an unreadable input is reported, and the next input goes on.
int BoardCli::run_check() {
    BoardCheckReport report(cli::out(), check_constraints_flags.get(), check_custom,
                            check_format == "json");
    std::vector<std::string> errors;
    for (const std::string& file : cli::input_files(check_inputs)) {
        std::optional<std::string> error;
        bool unreadable = false;
        try {
            error = read_boards(
                file, [&](const std::string& name, const Board& b) { report.board(name, b); },
                check_keep_going,
                [&](const std::string& where, const std::string& message) {
                    report.malformed(where, message);
                });
        } catch (const InputError& e) {  // the input cannot be opened
            error = e.what();
            unreadable = true;
        }
        if (!error) continue;
        // A stream stopped here (without --keep-going) or an unreadable input: in JSON it
        // still gets its record. With --keep-going the bad records were reported already.
        if (unreadable && check_keep_going)
            report.malformed(file, *error);
        else if (!check_keep_going)
            report.stopped(file, *error);
        errors.push_back(*error);
    }
    // One good board gets its one-line verdict (many good boards only the summary below).
    if (!quiet && errors.empty()) cli::out() << report.single_verdict();
    cli::out().flush();
    // Nothing checked and the input refused: the refusal alone says it.
    if (!quiet && (report.checked() > 0 || errors.empty())) std::cerr << report.summary();
    if (errors.empty())
        return cli::code(report.with_problems() ? cli::Exit::kViolation : cli::Exit::kOk);
    for (std::size_t i = 0; i + 1 < errors.size(); ++i)
        std::cerr << "catan-board: " << printable(errors[i]) << '\n';
    throw InputError(errors.back());
}

}  // namespace ctk

int main(int argc, char** argv) {
    return ctk::cli::guarded(
        "catan-board", [](int c, char** v) { return ctk::BoardCli().run(c, v); }, argc, argv);
}
