// catan-board: render and check boards (and, with later subcommands, generate them and
// measure their fairness). Thin: options, one library call, output.
#include <iostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "board.hpp"
#include "cli_common.hpp"
#include "render.hpp"

using namespace ctk;

namespace {

// Reads one board (a JSON document) or a stream of boards (JSON Lines) from path.
// With no path, the built-in beginner board. Each board is named "<file>" or
// "<file>:<line>" in messages.
std::vector<std::pair<std::string, Board>> read_boards(const std::string& path) {
    if (path.empty()) return {{"beginner", Board::beginner()}};
    std::string text = cli::read_input(path);
    std::string name = path == "-" ? "<stdin>" : path;
    std::vector<std::pair<std::string, Board>> out;
    auto whole = nlohmann::json::parse(text, nullptr, false);
    if (!whole.is_discarded()) {
        try {
            out.emplace_back(name, board_from_json(whole));
        } catch (const InputError& e) {
            throw InputError(fmt::format("{}: {}", name, e.what()));
        }
        return out;
    }
    std::istringstream in(text);
    std::string line;
    int line_no = 0;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::string where = fmt::format("{}:{}", name, line_no);
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(line);
        } catch (const nlohmann::json::parse_error& e) {
            throw InputError(fmt::format("{}: not JSON: {}", where, e.what()));
        }
        try {
            out.emplace_back(where, board_from_json(j));
        } catch (const InputError& e) {
            throw InputError(fmt::format("{}: {}", where, e.what()));
        }
    }
    if (out.empty()) throw InputError(fmt::format("{}: no board in the input", name));
    return out;
}

int run(int argc, char** argv) {
    CLI::App app{"Render, check and generate Catan boards"};
    cli::setup_app(app, "catan-board",
                   "  catan-board render --ids                 draw the beginner board with ids\n"
                   "  catan-board render samples/boards/beginner.json\n"
                   "  catan-board render --format json         the beginner board as JSON\n"
                   "  catan-board check board.json             composition + red numbers\n"
                   "  catan-board check --strict - < boards.jsonl\n");
    app.require_subcommand(1);

    auto* render = app.add_subcommand("render", "Draw a board (default: the beginner board)");
    std::string render_file, render_format = "text";
    bool ids = false;
    render->add_option("file", render_file, "board JSON file, or - for stdin");
    render->add_option("--format", render_format, "text (ASCII drawing) or json")
        ->check(CLI::IsMember({"text", "json"}));
    render->add_flag("--ids", ids, "label every vertex and edge with its id");

    auto* check = app.add_subcommand(
        "check", "Check boards: board-composition, and board-red-adjacent (6/8 neighbours)");
    std::string check_file;
    bool allow_red = false, quiet = false;
    check->add_option("file", check_file, "board JSON or JSON Lines file, or - for stdin")
        ->required();
    check->add_flag("--allow-red-adjacent", allow_red,
                    "do not count neighbouring 6/8 tokens as a problem");
    check->add_flag("-q,--quiet", quiet, "print problems only, no summary line");

    if (int rc = cli::parse(app, argc, argv); rc >= 0) return rc;

    if (*render) {
        auto boards = read_boards(render_file);
        for (const auto& [name, b] : boards) {
            if (render_format == "json")
                std::cout << board_to_json(b).dump(2) << '\n';
            else
                std::cout << render_ascii(b, {.ids = ids});
        }
        return cli::code(cli::Exit::kOk);
    }

    auto boards = read_boards(check_file);
    int bad = 0;
    for (const auto& [name, b] : boards) {
        auto problems = check_composition(b);
        if (!allow_red)
            for (auto& p : check_red_adjacent(b)) problems.push_back(std::move(p));
        if (!problems.empty()) ++bad;
        for (const auto& p : problems) fmt::print("{}: {}: {}\n", name, p.rule_id, p.message);
    }
    if (!quiet) fmt::print(stderr, "{} boards checked, {} with problems\n", boards.size(), bad);
    return cli::code(bad ? cli::Exit::kViolation : cli::Exit::kOk);
}

}  // namespace

int main(int argc, char** argv) { return cli::guarded("catan-board", run, argc, argv); }
