// catan-roads: longest road and largest army for every player of a position, a state or a
// point of a game log. Thin: options, reading (lib/roads_report, lib/event, lib/replay),
// the report, output.
#include <fstream>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli_common.hpp"
#include "event.hpp"
#include "import/import.hpp"
#include "replay.hpp"
#include "roads_report.hpp"

using namespace ctk;

namespace {

// A native log: a JSON document whose format is catan-log, or JSON Lines (which does not
// parse as one document).
bool looks_like_log(const nlohmann::json& j, bool parsed) {
    if (!parsed) return true;
    return j.is_object() &&
           (j.contains("events") || (j.contains("format") && j["format"] == "catan-log"));
}

int run(int argc, char** argv) {
    CLI::App app{
        "Longest road (the longest trail itself) and largest army for every player of a "
        "position, a state or a point of a game log"};
    cli::setup_app(
        app, "catan-roads",
        "  catan-roads position.json               lengths, trails, networks, award holders\n"
        "  catan-roads --format json position.json\n"
        "  catan-roads --at 120 game.json          after event 120 of a log (replayed)\n"
        "  catan-roads game.jsonl                  at the end of a log\n"
        "  catan-roads --at 200 game.soclog        a recording catan-import reads, converted\n"
        "  catan-replay --at 17 --format json game.json | catan-roads -   a state\n"
        "  catan-roads --svg roads.svg position.json   also draw each player's trail\n"
        "Exit status: 0 ok, 1 the log breaks a rule before the point asked (the report is "
        "for the state where replay stopped), 2 malformed input or command line.\n");
    std::string file;
    std::string format = "text";
    std::string svg;
    std::optional<int> at;
    app.add_option("file", file,
                   "a position or state JSON, a native game log (JSON or JSON Lines) or a "
                   "recording catan-import reads; - for stdin")
        ->required();
    app.add_option("--format", format, "text or json")->check(CLI::IsMember({"text", "json"}));
    app.add_option("--at", at, "for a log: the position after event N (0-based); default the end")
        ->check(CLI::Range(0, 100000000));
    app.add_option("--svg", svg, "also write the board with every player's trail as SVG to FILE");
    if (int rc = cli::parse(app, argc, argv); rc >= 0) return rc;
    // Opened first: a destination that cannot be written is reported before any work.
    std::optional<FileOutput> svg_out;
    if (!svg.empty()) svg_out.emplace(svg);

    const std::string name = file;
    const std::string text = cli::read_input(file);
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    const bool parsed = !j.is_discarded();

    Position position;
    int exit = cli::code(cli::Exit::kOk);
    nlohmann::json source = {{"file", name}};
    std::string title = name == "-" ? "standard input" : name;  // for the picture
    // a recording of other software (catan-import's formats) is converted first
    std::optional<ImportFormat> foreign;
    if (!parsed || !j.is_object() || !j.contains("format")) foreign = detect_import_format(text);
    if (foreign || looks_like_log(j, parsed)) {
        GameLog log = foreign ? import_log(text, name, *foreign) : read_log(text, name);
        ReplayOptions opt;
        if (at) {
            if (*at >= static_cast<int>(log.events.size()))
                throw InputError(fmt::format("{}: --at {}: the log has {} events (0..{})", name,
                                             *at, log.events.size(),
                                             static_cast<int>(log.events.size()) - 1));
            opt.stop_at_event = at;
        }
        Verdict v = replay(log, opt, name);
        for (const auto& x : v.violations) std::cerr << violation_text(x, log, name) << '\n';
        if (!v.violations.empty()) exit = cli::code(cli::Exit::kViolation);
        position = position_from_state(*v.state, log.seats);
        title = log_title(log, name);
        if (at || !log.events.empty())
            source["event"] = at ? *at : static_cast<int>(log.events.size()) - 1;
        if (!v.violations.empty()) source["stopped_at"] = v.violations.front().event_index;
    } else {
        if (at) throw InputError(fmt::format("{}: --at applies to a game log only", name));
        try {
            position = position_from_json(j);
        } catch (const InputError& e) {
            throw InputError(fmt::format("{}: {}", name, e.what()));
        }
    }

    RoadsReport report = roads_report(position);
    if (format == "json") {
        nlohmann::json out = roads_report_to_json(position, report);
        out["source"] = source;
        cli::out() << out.dump(2) << '\n';
    } else {
        std::string where = source.contains("event")
                                ? fmt::format("{} after event {}", name, source["event"].dump())
                                : name;
        cli::out() << where << '\n' << roads_report_to_text(position, report);
    }
    if (svg_out) {
        std::string caption = "Longest road: " + title;
        if (source.contains("event"))
            caption += fmt::format(", after event {}", source["event"].dump());
        if (source.contains("stopped_at"))
            caption += fmt::format(" (replay stopped at event {})", source["stopped_at"].dump());
        *svg_out << roads_report_to_svg(position, report, caption);
        svg_out->commit();
    }
    return exit;
}

}  // namespace

int main(int argc, char** argv) {
    return cli::guarded("catan-roads", run, argc, argv);
}
