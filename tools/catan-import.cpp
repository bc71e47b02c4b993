// catan-import: convert a recorded game of other software (STAC / JSettlers 1.x soclog,
// catanatron JSON, catanlog transcripts, colonist.io replay JSON) to the native log,
// optionally as a spectator or one seat would have recorded it (--view, which also takes
// native logs). Thin: options, library calls, output.
#include <iostream>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "event.hpp"
#include "import/import.hpp"
#include "import/view.hpp"

using namespace ctk;

namespace {

int run(int argc, char** argv) {
    CLI::App app{"Convert recorded games of other software to the native game log"};
    cli::setup_app(
        app, "catan-import",
        "  catan-import game.soclog > game.json           STAC / JSettlers 1.x server log\n"
        "  catan-import --from catanatron game.json       a catanatron game record\n"
        "  catan-import game.catan                        a catanlog tabletop transcript\n"
        "  catan-import colonist-replay.json              a colonist.io replay (detected)\n"
        "  catan-import game.soclog | catan-replay -      import and replay\n"
        "  catan-import --view spectator game.json        hide stolen and bought cards\n"
        "  catan-import --view player_a game.soclog       what seat player_a saw");
    std::string from, format = "json", path, view;
    app.add_option("--from", from, "source format (default: detected)")
        ->check(CLI::IsMember({"soclog", "catanatron", "catanlog", "colonist", "native"}));
    app.add_option("--view", view,
                   "re-express the log as seen by: spectator (no stolen or bought cards), "
                   "spectator-no-discards (nor discarded cards), or a seat (name or colour)");
    app.add_option("--format", format, "output: one JSON document or JSON Lines")
        ->check(CLI::IsMember({"json", "jsonl"}));
    app.add_option("file", path, "recording to convert, - for standard input")->required();
    if (int rc = cli::parse(app, argc, argv); rc >= 0) return rc;

    std::string text = cli::read_input(path);
    std::string name = path;
    std::optional<ImportFormat> f =
        from.empty() ? detect_import_format(text) : parse_import_format(from);
    if (!f) {
        if (auto what = unsupported_format(text))
            throw InputError(fmt::format("{}: {}", name, *what));
        throw InputError(
            fmt::format("{}: cannot tell the format (not a soclog, a catanatron record, a "
                        "catanlog transcript, a colonist.io replay nor a native log); give "
                        "--from soclog|catanatron|catanlog|colonist|native",
                        name));
    }
    std::vector<ImportWarning> warnings;
    GameLog log = import_log(text, name, *f, &warnings);
    for (const ImportWarning& w : warnings)
        std::cerr << printable(fmt::format("{}:{}: warning: {}", name, w.line, w.message)) << '\n';
    if (!view.empty()) log = make_view(log, parse_view(view, log.seats));
    cli::out() << write_log(log, format == "jsonl" ? LogFormat::kJsonl : LogFormat::kJson);
    return cli::code(cli::Exit::kOk);
}

}  // namespace

int main(int argc, char** argv) {
    return cli::guarded("catan-import", run, argc, argv);
}
