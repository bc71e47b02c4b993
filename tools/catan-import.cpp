// catan-import: convert a recorded game of other software (STAC / JSettlers 1.x soclog,
// catanatron JSON) to the native log. Thin: options, one library call, output.
#include <iostream>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "event.hpp"
#include "import/import.hpp"

using namespace ctk;

namespace {

int run(int argc, char** argv) {
    CLI::App app{"Convert recorded games of other software to the native game log"};
    cli::setup_app(
        app, "catan-import",
        "  catan-import game.soclog > game.json           STAC / JSettlers 1.x server log\n"
        "  catan-import --from catanatron game.json       a catanatron game record\n"
        "  catan-import game.soclog | catan-replay -      import and replay");
    std::string from, format = "json", path;
    app.add_option("--from", from, "source format (default: detected)")
        ->check(CLI::IsMember({"soclog", "catanatron"}));
    app.add_option("--format", format, "output: one JSON document or JSON Lines")
        ->check(CLI::IsMember({"json", "jsonl"}));
    app.add_option("file", path, "recording to convert, - for standard input")->required();
    if (int rc = cli::parse(app, argc, argv); rc >= 0) return rc;

    std::string text = cli::read_input(path);
    std::string name = path == "-" ? "<stdin>" : path;
    std::optional<ImportFormat> f =
        from.empty() ? detect_import_format(text) : parse_import_format(from);
    if (!f)
        throw InputError(
            fmt::format("{}: cannot tell the format (not a soclog nor a catanatron record); "
                        "give --from soclog|catanatron",
                        name));
    GameLog log = import_log(text, name, *f);
    std::cout << write_log(log, format == "jsonl" ? LogFormat::kJsonl : LogFormat::kJson);
    return cli::code(cli::Exit::kOk);
}

}  // namespace

int main(int argc, char** argv) {
    return cli::guarded("catan-import", run, argc, argv);
}
