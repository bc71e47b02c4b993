// catan-board: render, check and generate boards, and measure their fairness. Thin:
// options, one library call, output.
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <random>
#include <vector>

#include <unistd.h>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/board/board.hpp>
#include <catan/board/generate.hpp>
#include <catan/board/rng.hpp>
#include <catan/io/board_json.hpp>
#include <catan/io/board_stream.hpp>
#include <catan/io/board_text.hpp>
#include <catan/render/render.hpp>
#include <catan/render/render_svg.hpp>
#include "cli_common.hpp"

using namespace ctk;

namespace {

using BoardSink = std::function<void(const std::string& name, const Board& b)>;
using ErrorSink = std::function<void(const std::string& where, const std::string& error)>;

// Reads boards from path and hands each to sink as soon as it is read (lib/board_stream:
// a JSON document, a JSON array read element by element, or JSON Lines; memory does not
// grow with the stream). With no path, the built-in beginner board. A malformed record
// stops the stream; its message is returned, after every board before it was handed on,
// so that the caller can still print its summary. With keep_going a malformed record
// goes to on_error and the stream goes on (a cut-off array or document ends it).
std::optional<std::string> for_each_board(const std::string& path, const BoardSink& sink,
                                          bool keep_going = false,
                                          const ErrorSink& on_error = nullptr) {
    if (path.empty()) {
        sink("beginner", Board::beginner());
        return std::nullopt;
    }
    auto in = cli::open_input(path);
    BoardStream stream(*in, path);
    std::optional<std::string> first_error;
    while (auto r = stream.next()) {
        if (r->board) {
            sink(r->where, *r->board);
            continue;
        }
        if (!keep_going) return r->error;
        if (!first_error) first_error = r->error;
        if (on_error) on_error(r->where, r->error);
    }
    if (in->bad()) return fmt::format("{}: read error", path);
    return first_error;
}

// The constraint flags shared by generate, check and stats --generate.
struct ConstraintFlags {
    bool allow_red = false, no_equal = false, no_2_12 = false;
    int max_group = 0, max_vertex_pips = 0, max_spread = -1;
    std::string desert = "any";

    void add(CLI::App* app) {
        app->add_flag("--allow-red-adjacent", allow_red,
                      "allow neighbouring 6/8 tokens (board-red-adjacent is on by default)");
        app->add_flag("--no-equal-adjacent", no_equal,
                      "board-equal-adjacent: no two neighbouring hexes with the same number");
        app->add_flag("--no-2-12-adjacent", no_2_12, "board-2-12-adjacent: no 2 next to a 12");
        app->add_option("--max-terrain-group", max_group,
                        "board-terrain-group: no connected same-terrain group larger than K "
                        "(1: no two neighbouring hexes of the same terrain)")
            ->check(CLI::Range(1, 40));
        app->add_option("--max-vertex-pips", max_vertex_pips,
                        "board-vertex-pips: no vertex whose hexes' pips sum to more than P")
            ->check(CLI::Range(1, 15));
        app->add_option("--max-resource-spread", max_spread,
                        "board-resource-spread: max - min of the per-resource pip totals <= S")
            ->check(CLI::Range(0, 100));
        app->add_option("--desert", desert,
                        "board-desert-centre: centre (hex 9; hexes 14 and 15 on the 5-6 "
                        "player board) or any")
            ->check(CLI::IsMember({"any", "centre", "center"}));
    }
    Constraints get() const {
        Constraints c;
        c.no_red_adjacent = !allow_red;
        c.no_equal_adjacent = no_equal;
        c.no_2_12_adjacent = no_2_12;
        c.max_terrain_group = max_group;
        c.max_vertex_pips = max_vertex_pips;
        c.max_resource_spread = max_spread;
        c.desert = desert == "any" ? DesertPlacement::kAny : DesertPlacement::kCentre;
        return c;
    }
};

// The options that choose what to generate (generate, stats --generate).
struct GenerateFlags {
    std::uint64_t seed = 0;
    bool seed_given = false;
    std::string players = "3-4";
    std::int64_t max_tries = Generator::kDefaultMaxTries;
    ConstraintFlags constraints;

    void add(CLI::App* app) {
        cli::add_seed_option(app, seed,
                             "seed of the random stream (default: a fresh one, "
                             "printed on stderr); the same seed gives the same "
                             "boards on every machine");
        app->add_option("--players", players, "3-4 (19 hexes) or 5-6 (30 hexes, 11 harbors)")
            ->check(CLI::IsMember({"3-4", "5-6"}));
        app->add_option("--max-tries", max_tries,
                        "give up (exit 2) after this many rejected candidates for one board")
            ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
        constraints.add(app);
    }
    // The seed to use: the given one, or a fresh one reported on stderr.
    std::uint64_t resolve_seed(CLI::App* app) {
        seed_given = app->count("--seed") > 0;
        if (!seed_given) {
            std::random_device rd;
            seed = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
            fmt::print(stderr, "catan-board: seed {}\n", seed);
        }
        return seed;
    }
    Generator make() const {
        return Generator(players == "5-6" ? BoardRecipe::extended() : BoardRecipe::standard(),
                         constraints.get());
    }
};

SvgOptions svg_options(bool ids) {
    SvgOptions o;
    o.ids = ids;
    return o;
}

std::string fixed2(std::int64_t sum, std::int64_t n) {
    if (n == 0) return "0.00";
    // sum / n rounded half up to 2 decimals, in integers
    std::int64_t hundredths = (sum * 200 + n) / (2 * n);
    return fmt::format("{}.{:02}", hundredths / 100, hundredths % 100);
}

// catan-board's command line: the subcommands with their options, and one function per
// subcommand.
class BoardCli {
  public:
    int run(int argc, char** argv);

  private:
    void add_render(CLI::App& app);
    void add_check(CLI::App& app);
    void add_generate(CLI::App& app);
    void add_stats(CLI::App& app);
    int run_render();
    int run_generate();
    int run_stats();
    int run_check();

    CLI::App *render = nullptr, *check = nullptr, *gen = nullptr, *stats = nullptr;
    std::string render_file, render_format = "text";
    bool ids = false;
    cli::InputList check_inputs;
    std::string check_format = "text";
    bool quiet = false;
    ConstraintFlags check_constraints_flags;
    bool check_custom = false;
    bool check_keep_going = false;
    GenerateFlags gen_flags;
    std::int64_t count = 1;
    std::string gen_format, layout = "random";
    std::string stats_file, stats_format = "text";
    std::int64_t stats_generate = 0;
    GenerateFlags stats_flags;
    bool stats_keep_going = false;
};

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

// render: draw each board of the input (text or JSON), or its one board as SVG.
void BoardCli::add_render(CLI::App& app) {
    render = app.add_subcommand("render", "Draw a board (default: the beginner board)");
    cli::subcommand_footer(render,
                           "  catan-board render --ids                 draw the beginner board "
                           "with ids\n"
                           "  catan-board render samples/boards/beginner.json\n"
                           "  catan-board render --format json         the beginner board as JSON\n"
                           "  catan-board render --format svg board.json > board.svg\n"
                           "  catan-board render --format line          the beginner board in one "
                           "line\n",
                           "0 drawn, 2 unreadable or malformed board, several boards for one "
                           "SVG, a failed write or a bad command line.");
    render->add_option("file", render_file,
                       "board file (JSON, the one-line notation or the row text format), or - "
                       "for stdin");
    render
        ->add_option("--format", render_format,
                     "text (ASCII drawing), json, svg, or line (the one-line notation)")
        ->check(CLI::IsMember({"text", "json", "svg", "line"}));
    render->add_flag("--ids", ids, "label every vertex and edge with its id");
}

// check: the rules and constraints of each board of each input.
void BoardCli::add_check(CLI::App& app) {
    check = app.add_subcommand(
        "check",
        "Check boards: board-composition, board-red-adjacent (6/8 neighbours) and the "
        "optional constraints of generate");
    cli::subcommand_footer(check,
                           "  catan-board check board.json             composition + red numbers\n"
                           "  catan-board check --allow-red-adjacent - < boards.jsonl\n"
                           "  catan-board check --format json a.json b.jsonl   one JSON line per "
                           "board\n"
                           "  find boards -name '*.json' | catan-board check --files-from -\n",
                           "0 every board passes, 1 a board breaks a rule or constraint, 2 a "
                           "malformed or unreadable input, a failed write or a bad command line.");
    cli::add_input_list(check, check_inputs,
                        "board files (JSON, JSON array, JSON Lines, one board per line in the "
                        "one-line notation, or the row text format), or - for stdin");
    check_constraints_flags.add(check);
    check
        ->add_option("--format", check_format,
                     "text (one line per problem) or json (JSON Lines: one record per board, "
                     "valid or not, and per malformed record or unreadable input)")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();
    check->add_flag("-q,--quiet", quiet, "print problems only, no summary line");
    check->add_flag("--custom", check_custom,
                    "the boards are meant to have another shape than the standard 19 (or the "
                    "extended 30) hexes: check only what applies to any shape");
    check->add_flag("--keep-going", check_keep_going,
                    "report a malformed board (JSON Lines line or array element) as a line of "
                    "its own and go on; exit 2 at the end");
}

// generate: uniform random boards under the constraints.
void BoardCli::add_generate(CLI::App& app) {
    gen = app.add_subcommand(
        "generate",
        "Generate random boards, uniformly over all boards that satisfy the constraints "
        "(rejection sampling of independent uniform shuffles of terrains, tokens and "
        "harbors; never 'swap until it fits'). Robber on the desert.");
    cli::subcommand_footer(
        gen,
        "  catan-board generate --seed 7 --format text\n"
        "  catan-board generate --count 100000 | catan-board check -   JSON Lines (count > 1)\n"
        "  catan-board generate --players 5-6 --no-equal-adjacent --format svg > big.svg\n"
        "  catan-board generate --layout beginner\n",
        "0 generated, 2 no board within --max-tries, a failed write or a bad command line.");
    gen_flags.add(gen);
    gen->add_option("--count", count, "number of boards")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
    gen->add_option("--format", gen_format,
                    "json (one document; an array when --count > 1), jsonl (one board per "
                    "line, streaming), text (ASCII drawings), svg (--count 1) or line (the "
                    "one-line notation, one board per line). Default: text (the drawing) when "
                    "standard output is a terminal, else json for one board and jsonl for "
                    "--count > 1")
        ->check(CLI::IsMember({"json", "jsonl", "text", "svg", "line"}));
    gen->add_option("--layout", layout,
                    "random, or beginner (the rulebook's fixed board: seed and constraints "
                    "do not apply)")
        ->check(CLI::IsMember({"random", "beginner"}));
    gen->add_flag("--ids", ids, "text and svg: label every vertex and edge with its id");
}

// stats: the fairness measures of boards read or generated.
void BoardCli::add_stats(CLI::App& app) {
    stats = app.add_subcommand(
        "stats",
        "Fairness measures of boards (per-resource pips, best/worst vertex pips, "
        "red-number spread, harbor-resource pairs) and their distributions");
    cli::subcommand_footer(stats,
                           "  catan-board stats --generate 100000 --seed 1\n"
                           "  catan-board stats --format json boards.jsonl\n"
                           "  catan-board stats --format jsonl --keep-going - < boards.jsonl\n",
                           "0 measured, 2 a malformed or unreadable input, a failed write or a "
                           "bad command line.");
    stats->add_option("file", stats_file, "boards: JSON, JSON array or JSON Lines, or - for stdin");
    stats
        ->add_option("--generate", stats_generate,
                     "measure N freshly generated boards instead of reading a file")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
    stats_flags.add(stats);
    stats
        ->add_option("--format", stats_format,
                     "text (a table of distributions), json (distributions), jsonl (the "
                     "measures of each board, one line each)")
        ->check(CLI::IsMember({"text", "json", "jsonl"}));
    stats->add_flag("--keep-going", stats_keep_going,
                    "skip a malformed board (with --format jsonl: a record {\"board\", \"name\", "
                    "\"error\"}) and go on; exit 2 at the end");
}

int BoardCli::run_render() {
    // An SVG document has one root: it is written only once the input is known to
    // hold a single board.
    std::optional<std::string> svg;
    auto error = for_each_board(render_file, [&](const std::string& name, const Board& b) {
        if (render_format == "json") {
            cli::out() << board_to_json(b).dump(2) << '\n';
        } else if (render_format == "line") {
            try {
                cli::out() << board_to_line(b) << '\n';
            } catch (const InputError& e) {
                throw InputError(fmt::format("{}: {}", name, e.what()));
            }
        } else if (render_format == "svg") {
            if (svg)
                throw InputError(
                    fmt::format("{}: --format svg draws one board and the input holds more (use "
                                "--format text or json, or render each board on its own)",
                                name));
            svg = render_svg(b, svg_options(ids));
        } else {
            cli::out() << render_ascii(b, {.ids = ids});
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
        Board b = Board::beginner();
        Output& out = cli::out();
        for (std::int64_t i = 0; i < count; ++i) {
            if (gen_format == "jsonl")
                out << board_to_json(b).dump() + '\n';
            else if (gen_format == "svg")
                out << render_svg(b, svg_options(ids));
            else if (gen_format == "text")
                out << render_ascii(b, {.ids = ids});
            else if (gen_format == "line")
                out << board_to_line(b) + '\n';
            else
                out << board_to_json(b).dump(2) + '\n';
        }
        return cli::code(cli::Exit::kOk);
    }
    Generator g = gen_flags.make();
    Rng rng(gen_flags.resolve_seed(gen));
    RawBoard raw;
    Output& out = cli::out();
    // JSON Lines: boards are written side by side into one block, handed out whole.
    const std::size_t line_room = g.max_json_size() + 1 + Generator::kJsonSlack;
    std::vector<char> block(gen_format == "jsonl" ? Output::kFlushBytes + line_room : 0);
    char* end = block.data();
    if (gen_format == "json" && count > 1) out << "[\n";
    // DESIGN.md section 1: long runs show progress when stderr is a terminal.
    const bool progress = count >= 200000 && isatty(STDERR_FILENO);
    for (std::int64_t i = 0; i < count; ++i) {
        if (progress && i % 100000 == 0) fmt::print(stderr, "\r{} of {} boards", i, count);
        g.generate(rng, raw, gen_flags.max_tries);
        if (gen_format == "jsonl") {
            end = g.write_json(raw, end);
            *end++ = '\n';
            if (end - block.data() >= static_cast<std::ptrdiff_t>(Output::kFlushBytes)) {
                out.write(
                    std::string_view(block.data(), static_cast<std::size_t>(end - block.data())));
                end = block.data();
            }
        } else if (gen_format == "json") {
            std::string doc = board_to_json(g.to_board(raw)).dump(2);
            if (count > 1) {  // indent the document as an array element
                std::string indented = "  ";
                for (char c : doc) {
                    indented += c;
                    if (c == '\n') indented += "  ";
                }
                doc = indented + (i + 1 < count ? "," : "");
            }
            out << doc + '\n';
        } else if (gen_format == "line") {
            out << board_to_line(g.to_board(raw)) + '\n';
        } else if (gen_format == "text") {
            if (count > 1) out << fmt::format("board {} of {}\n", i + 1, count);
            out << render_ascii(g.to_board(raw), {.ids = ids});
        } else {
            out << render_svg(g.to_board(raw), svg_options(ids));
        }
    }
    if (gen_format == "jsonl")
        out.write(std::string_view(block.data(), static_cast<std::size_t>(end - block.data())));
    if (gen_format == "json" && count > 1) out << "]\n";
    if (progress) fmt::print(stderr, "\r{} of {} boards\n", count, count);
    return cli::code(cli::Exit::kOk);
}

int BoardCli::run_stats() {
    if (stats_generate > 0 && !stats_file.empty())
        throw InputError("stats: give a file or --generate N, not both");
    if (stats_generate == 0 && stats_file.empty())
        throw InputError("stats: give a file of boards (or -), or --generate N");
    const auto& names = fairness_names();
    FairnessSummary summary;
    Output& out = cli::out();
    std::int64_t index = 0;
    std::optional<std::string> error;
    auto add = [&](const std::string& name, const Board& b) {
        Fairness f = measure_fairness(b);
        summary.add(f);
        if (stats_format == "jsonl") {
            auto values = fairness_values(f);
            out << fmt::format("{{\"board\":{},\"name\":{}", index, json_util::dump(name));
            for (std::size_t i = 0; i < names.size(); ++i)
                out << fmt::format(",\"{}\":{}", names[i], values[i]);
            out << "}\n";
        }
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
        error = for_each_board(stats_file, add, stats_keep_going,
                               [&](const std::string& where, const std::string& message) {
                                   if (stats_format != "jsonl") return;
                                   out << fmt::format("{{\"board\":{},\"name\":{},\"error\":{}}}\n",
                                                      index, json_util::dump(where),
                                                      json_util::dump(message));
                                   ++index;
                               });
    }
    // The boards read before a malformed record are reported; then the error (exit 2).
    auto finish = [&] {
        if (error) {
            out.flush();
            throw InputError(*error);
        }
        return cli::code(cli::Exit::kOk);
    };
    if (stats_format == "jsonl") return finish();
    const std::int64_t n = summary.boards();
    if (stats_format == "json") {
        // Written by hand so that means are fixed two-decimal numbers.
        // What the boards were: generated (seed, players, constraints) or read.
        std::string source = stats_generate > 0
                                 ? fmt::format(
                                       "{{\"generated\":{},\"seed\":{},\"players\":\"{}\","
                                       "\"constraints\":{}}}",
                                       stats_generate, stats_flags.seed, stats_flags.players,
                                       constraints_to_json(stats_flags.constraints.get()))
                                 : fmt::format("{{\"file\":{}}}", json_util::dump(stats_file));
        std::string s = fmt::format("{{\"boards\":{},\"source\":{},\"measures\":{{", n, source);
        for (std::size_t i = 0; i < names.size(); ++i) {
            auto c = summary.column(i);
            s += fmt::format("{}\"{}\":{{\"min\":{},\"max\":{},\"mean\":{},\"histogram\":{{",
                             i ? "," : "", names[i], c.min, c.max, fixed2(c.sum, n));
            for (std::size_t k = 0; k < c.histogram.size(); ++k)
                s += fmt::format("{}\"{}\":{}", k ? "," : "", c.histogram[k].first,
                                 c.histogram[k].second);
            s += "}}";
        }
        s += "}}\n";
        out << s;
        return finish();
    }
    out << fmt::format("{} boards\n{:<18} {:>4} {:>7} {:>4}  distribution (value:boards)\n", n,
                       "measure", "min", "mean", "max");
    for (std::size_t i = 0; i < names.size(); ++i) {
        auto c = summary.column(i);
        std::string hist;
        for (auto [v, k] : c.histogram) hist += fmt::format(" {}:{}", v, k);
        out << fmt::format("{:<18} {:>4} {:>7} {:>4} {}\n", names[i], c.min, fixed2(c.sum, n),
                           c.max, hist);
    }
    return finish();
}

// check: every input in turn; a malformed record ends its input (or, with --keep-going,
// is reported and skipped), an unreadable input is reported, and the next input goes on.
int BoardCli::run_check() {
    Constraints constraints = check_constraints_flags.get();
    const bool json = check_format == "json";
    std::int64_t checked = 0, bad = 0, malformed = 0;
    auto report_error = [&](const std::string& where, const std::string& message) {
        ++malformed;
        if (json)
            cli::out() << json_util::dump(
                              nlohmann::json{{"name", where}, {"valid", false}, {"error", message}})
                       << '\n';
        else
            cli::out() << printable(message) << '\n';
    };
    std::vector<std::string> errors;
    std::string good;  // the verdict line of the last good board (printed for a single one)
    for (const std::string& file : cli::input_files(check_inputs)) {
        std::optional<std::string> error;
        bool unreadable = false;
        try {
            error = for_each_board(
                file,
                [&](const std::string& name, const Board& b) {
                    auto problems = check_composition(b);
                    if (!check_custom)
                        for (auto& p : check_shape(b)) problems.push_back(std::move(p));
                    for (auto& p : check_constraints(b, constraints))
                        problems.push_back(std::move(p));
                    ++checked;
                    if (!problems.empty()) ++bad;
                    if (json) {
                        nlohmann::json list = nlohmann::json::array();
                        for (const auto& p : problems)
                            list.push_back({{"rule", p.rule_id}, {"message", p.message}});
                        cli::out()
                            << json_util::dump(nlohmann::json{
                                   {"name", name}, {"valid", problems.empty()}, {"problems", list}})
                            << '\n';
                    } else {
                        for (const auto& p : problems)
                            cli::out()
                                << printable(fmt::format("{}: {}: {}", name, p.rule_id, p.message))
                                << '\n';
                        if (problems.empty())
                            good = printable(
                                fmt::format("{}: valid {} board", name, board_kind_name(b.kind())));
                    }
                },
                check_keep_going, report_error);
        } catch (const InputError& e) {  // the input cannot be opened
            error = e.what();
            unreadable = true;
        }
        if (!error) continue;
        // A stream stopped here (without --keep-going) or an unreadable input: in JSON it
        // still gets its record. With --keep-going the bad records were reported already.
        if (unreadable && check_keep_going)
            report_error(file, *error);
        else if (json && !check_keep_going)
            cli::out() << json_util::dump(
                              nlohmann::json{{"name", file}, {"valid", false}, {"error", *error}})
                       << '\n';
        errors.push_back(*error);
    }
    // One good board gets its one-line verdict (many good boards only the summary below).
    if (!json && !quiet && checked == 1 && bad == 0 && malformed == 0 && errors.empty() &&
        !good.empty())
        cli::out() << good << '\n';
    cli::out().flush();
    // Nothing checked and the input refused: the refusal alone says it.
    if (!quiet && (checked > 0 || errors.empty()))
        fmt::print(stderr, "{} boards checked, {} with problems{}\n", checked, bad,
                   malformed ? fmt::format(", {} malformed", malformed) : "");
    if (errors.empty()) return cli::code(bad ? cli::Exit::kViolation : cli::Exit::kOk);
    for (std::size_t i = 0; i + 1 < errors.size(); ++i)
        std::cerr << "catan-board: " << printable(errors[i]) << '\n';
    throw InputError(errors.back());
}

}  // namespace

int main(int argc, char** argv) {
    return cli::guarded(
        "catan-board", [](int c, char** v) { return BoardCli().run(c, v); }, argc, argv);
}
