#pragma once
// catan-board's options: the subcommands render, check, generate and stats with their flags
// and help, and the flags that generate, check and stats share. Included by catan-board.cpp
// only, which runs the subcommands.
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

#include <fmt/format.h>

#include <catan/board/generate.hpp>
#include "cli_common.hpp"

namespace ctk {

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

// render: draw each board of the input (text or JSON), or its one board as SVG.
inline void BoardCli::add_render(CLI::App& app) {
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
inline void BoardCli::add_check(CLI::App& app) {
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
inline void BoardCli::add_generate(CLI::App& app) {
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
inline void BoardCli::add_stats(CLI::App& app) {
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

}  // namespace ctk
