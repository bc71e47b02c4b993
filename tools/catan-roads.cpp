// catan-roads: longest road and largest army for every player of a position, a state or a
// point of a game log. Thin: options, reading (lib/roads_report, lib/event, lib/replay),
// the report, output.
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/engine/event.hpp>
#include <catan/import/input.hpp>
#include <catan/io/line.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/replay.hpp>
#include <catan/report/roads_report.hpp>
#include <catan/report/verdict_report.hpp>
#include "cli_common.hpp"

using namespace ctk;

namespace {

struct Options {
    std::string format = "text";
    std::optional<int> at;
    bool many = false;  // several records: JSON Lines
};

struct Report {
    std::string where;  // the record's name in text output
    std::string title;  // the game's title (a log) or the input's name, for the picture
    Position position;
    nlohmann::json source;
};

// Prints one report; returns its exit code contribution.
void print_report(const Report& r, const Options& opt, Output& out) {
    RoadsReport report = roads_report(r.position);
    if (opt.format == "json") {
        nlohmann::json j = roads_report_to_json(r.position, report);
        j["source"] = r.source;
        out << json_util::dump(j, opt.many ? -1 : 2) << '\n';
    } else {
        out << printable(r.where) << '\n' << roads_report_to_text(r.position, report);
    }
}

Position parse_position(const nlohmann::json& j, const std::string& where) {
    try {
        return position_from_json(j);
    } catch (const InputError& e) {
        throw InputError(fmt::format("{}: {}", where, e.what()));
    }
}

// The reports of a stream of positions, one per line: a bad line ends the stream (the reports
// before it are returned and its message is put in `error`).
std::vector<Report> position_lines(const std::string& name, std::string_view text,
                                   std::optional<std::string>& error) {
    std::vector<Report> reports;
    int line_no = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::string_view line = take_line(text, pos);
        ++line_no;
        if (blank_line(line)) continue;
        const std::string where = fmt::format("{}:{}", name, line_no);
        nlohmann::json record = nlohmann::json::parse(line, nullptr, false);
        try {
            if (record.is_discarded())
                throw InputError(fmt::format(
                    "{}: not JSON (a JSON Lines stream of positions: one position per line)",
                    where));
            reports.push_back({where, where, parse_position(record, where),
                               nlohmann::json{{"file", name}, {"line", line_no}}});
        } catch (const InputError& e) {
            error = e.what();
            break;
        }
    }
    return reports;
}

// The report of a log at --at or its end (replayed; a violation is printed and sets `exit`
// to 1, the report then being of the state where replay stopped).
Report log_report(const std::string& name, const GameLog& log, const Options& opt, int& exit) {
    Report r{name, log_title(log, name), {}, nlohmann::json{{"file", name}}};
    ReplayOptions ropt;
    if (opt.at) {
        if (*opt.at >= static_cast<int>(log.events.size()))
            throw InputError(fmt::format("{}: --at {}: the log has {} events (0..{})", name,
                                         *opt.at, log.events.size(),
                                         static_cast<int>(log.events.size()) - 1));
        ropt.stop_at_event = opt.at;
    }
    Verdict v = replay(log, ropt, name);
    for (const auto& x : v.violations) std::cerr << violation_text(x, log, name) << '\n';
    if (!v.violations.empty()) exit = std::max(exit, cli::code(cli::Exit::kViolation));
    r.position = position_from_state(*v.state, log.seats);
    if (opt.at || !log.events.empty())
        r.source["event"] = opt.at ? *opt.at : static_cast<int>(log.events.size()) - 1;
    if (!v.violations.empty()) r.source["stopped_at"] = v.violations.front().event_index;
    if (r.source.contains("event"))
        r.where = fmt::format("{} after event {}", name, r.source["event"].dump());
    return r;
}

// The reports of one input, told once (lib/catan/import/input.hpp): one for a position, a
// state or a log (a recording of other software converted first); one per line for JSON
// Lines of positions. Throws InputError for an input that gives no report.
std::vector<Report> read_reports(const std::string& name, const Options& opt, int& exit,
                                 std::optional<std::string>& error) {
    Input in = open_game_input(name, true);
    if (in.kind != InputKind::kPosition) return {log_report(name, read_one_game(in), opt, exit)};
    if (opt.at) throw InputError(fmt::format("{}: --at applies to a game log only", name));
    const nlohmann::json j = nlohmann::json::parse(*in.text, nullptr, false);
    if (j.is_discarded()) return position_lines(name, *in.text, error);
    Report r{name, name == "-" ? "standard input" : name, {}, nlohmann::json{{"file", name}}};
    r.position = parse_position(j, name);
    return {std::move(r)};
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
        "  catan-roads --format json a.json b.json positions.jsonl   one JSON line per "
        "position\n"
        "  catan-roads --svg roads.svg position.json   also draw each player's trail\n",
        "0 ok, 1 a log breaks a rule before the point asked (the report is for the state "
        "where replay stopped), 2 malformed or unreadable input, a failed write or a bad "
        "command line.");
    cli::InputList inputs;
    Options opt;
    std::string svg;
    cli::add_input_list(&app, inputs,
                        "positions or states (JSON, or JSON Lines: one per line), native game "
                        "logs (JSON or JSON Lines) or recordings catan-import reads; - for "
                        "stdin");
    app.add_option("--format", opt.format, "text or json (JSON Lines with several records)")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();
    app.add_option("--at", opt.at,
                   "for a log: the position after event N (0-based); default the end")
        ->check(CLI::Range(0, 100000000));
    app.add_option("--svg", svg,
                   "also write the board with every player's trail as SVG to FILE (one input "
                   "of one record)");
    if (int rc = cli::parse(app, argc, argv); rc >= 0) return rc;
    const std::vector<std::string> files = cli::input_files(inputs);
    if (!svg.empty() && files.size() > 1)
        throw InputError(
            fmt::format("--svg {}: draws one position; {} inputs given", svg, files.size()));
    // Opened first: a destination that cannot be written is reported before any work.
    std::optional<FileOutput> svg_out;
    if (!svg.empty()) svg_out.emplace(svg);

    int exit = cli::code(cli::Exit::kOk);
    opt.many = files.size() > 1 || !inputs.files_from.empty();
    for (const auto& file : files) {
        // An input that cannot be read still gets its record (JSON), its message, and the
        // next input goes on; exit 2 at the end.
        std::vector<Report> reports;
        std::optional<std::string> error;
        try {
            reports = read_reports(file, opt, exit, error);
        } catch (const InputError& e) {
            error = e.what();
        }
        if (error) opt.many = opt.many || !reports.empty();
        if (reports.size() > 1) {
            if (svg_out)
                throw InputError(fmt::format("--svg {}: draws one position; {} holds {}", svg, file,
                                             reports.size()));
            opt.many = true;
        }
        for (const auto& r : reports) print_report(r, opt, cli::out());
        if (svg_out && !reports.empty()) {
            const Report& r = reports.front();
            std::string caption = "Longest road: " + r.title;
            if (r.source.contains("event"))
                caption += fmt::format(", after event {}", r.source["event"].dump());
            if (r.source.contains("stopped_at"))
                caption +=
                    fmt::format(" (replay stopped at event {})", r.source["stopped_at"].dump());
            *svg_out << roads_report_to_svg(r.position, roads_report(r.position), caption);
            svg_out->commit();
        }
        if (error) {
            if (opt.format == "json")
                cli::out() << json_util::dump(
                                  nlohmann::json{{"source", {{"file", file}}}, {"error", *error}},
                                  opt.many ? -1 : 2)
                           << '\n';
            cli::out().flush();
            std::cerr << "catan-roads: " << printable(*error) << '\n';
            exit = cli::code(cli::Exit::kBadInput);
        }
    }
    return exit;
}

}  // namespace

int main(int argc, char** argv) {
    return cli::guarded("catan-roads", run, argc, argv);
}
