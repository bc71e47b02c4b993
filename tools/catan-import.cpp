// catan-import: convert a recorded game of other software (STAC / JSettlers 1.x soclog,
// JSettlers2 game event log, catanatron JSON, catanlog transcripts, colonist.io replay
// JSON) to the native log,
// optionally as a spectator or one seat would have recorded it (--view, which also takes
// native logs). Thin: options, library calls, output.
#include <iostream>

#include <fmt/format.h>

#include <catan/engine/event.hpp>
#include <catan/import/import.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/batch.hpp>
#include <catan/track/view.hpp>
#include "cli_common.hpp"

using namespace ctk;

namespace {

int run(int argc, char** argv) {
    CLI::App app{"Convert recorded games of other software to the native game log"};
    cli::setup_app(
        app, "catan-import",
        "  catan-import game.soclog > game.json           STAC / JSettlers 1.x server log\n"
        "  catan-import robots.soclog > game.json         JSettlers2 game event log (2.5+)\n"
        "  catan-import --from catanatron game.json       a catanatron game record\n"
        "  catan-import game.catan                        a catanlog tabletop transcript\n"
        "  catan-import colonist-replay.json              a colonist.io replay (detected)\n"
        "  catan-import game.soclog | catan-replay -      import and replay\n"
        "  catan-import --view spectator game.json        hide stolen and bought cards\n"
        "  catan-import --view player_a game.soclog       what seat player_a saw\n"
        "  catan-import records/*.json | catan-stats -    many recordings: one JSON Lines stream");
    std::string from, format, view;
    app.add_option("--from", from, "source format (default: detected, per file)")
        ->check(
            CLI::IsMember({"soclog", "jsettlers", "catanatron", "catanlog", "colonist", "native"}));
    std::string view_words = "spectator spectator-no-discards";  // and the seat colours
    for (std::string_view colour : kImportColors) view_words += " " + std::string(colour);
    cli::complete_with(
        app.add_option("--view", view,
                       "re-express the log as seen by: spectator (no stolen or bought cards), "
                       "spectator-no-discards (nor discarded cards), or a seat (name or colour)"),
        view_words);
    app.add_option("--format", format,
                   "output: one JSON document (the default for one recording) or JSON Lines "
                   "(the default, and the only format, for several: the logs one after "
                   "another, a stream catan-replay and catan-stats read)")
        ->check(CLI::IsMember({"json", "jsonl"}));
    cli::InputList inputs;
    cli::add_input_list(&app, inputs, "recordings to convert, - for standard input");
    int jobs = 1;
    app.add_option("-j,--jobs", jobs,
                   "threads over the files (0 = every core); output in input order, as with 1")
        ->check(CLI::Range(0, 1024));
    if (int rc = cli::parse(app, argc, argv); rc >= 0) return rc;

    const std::vector<std::string> files = cli::input_files(inputs);
    const bool many = files.size() > 1 || !inputs.files_from.empty();
    if (many && format == "json")
        throw InputError(
            "--format json writes one log; several recordings are written as one JSON Lines "
            "stream of logs (--format jsonl, the default for several)");
    const LogFormat log_format =
        format == "jsonl" || (format.empty() && many) ? LogFormat::kJsonl : LogFormat::kJson;
    const std::optional<ImportFormat> given =
        from.empty() ? std::nullopt : parse_import_format(from);

    // One recording's log and messages, as strings, so that recordings can be converted on
    // several threads (-j) and written in input order. A recording that cannot be converted
    // is reported and skipped; the others are still written, and the exit status is 2.
    struct FileResult {
        std::string out, err;
        bool failed = false;
    };
    auto one_file = [&](std::size_t index) {
        const std::string& name = files[index];
        FileResult result;
        try {
            std::string text = cli::read_input(name);
            std::vector<ImportWarning> warnings;
            GameLog log = import_recording(text, name, given, &warnings);
            for (const ImportWarning& w : warnings)
                result.err +=
                    printable(fmt::format("{}:{}: warning: {}", name, w.line, w.message)) + '\n';
            if (!view.empty()) log = make_view(log, parse_view(view, log.seats));
            result.out = write_log(log, log_format);
        } catch (const InputError& e) {
            result.err += fmt::format("catan-import: {}\n", printable(e.what()));
            result.failed = true;
        }
        return result;
    };
    bool failed = false;
    ordered_parallel_for<FileResult>(files.size(), resolve_threads(jobs), one_file,
                                     [&](std::size_t, FileResult&& r) {
                                         cli::out() << r.out;
                                         std::cerr << r.err;
                                         failed = failed || r.failed;
                                     });
    return cli::code(failed ? cli::Exit::kBadInput : cli::Exit::kOk);
}

}  // namespace

int main(int argc, char** argv) {
    return cli::guarded("catan-import", run, argc, argv);
}
