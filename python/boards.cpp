// catan.Board and catan.place: boards generated, read, checked and written, and their
// opening placements ranked (the same library calls as catan-board and catan-place).
#include <memory>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/board/board.hpp>
#include <catan/board/generate.hpp>
#include <catan/board/rng.hpp>
#include <catan/io/board_json.hpp>
#include <catan/io/board_stream.hpp>
#include <catan/io/board_text.hpp>
#include <catan/report/board_report.hpp>
#include <catan/report/placement_report.hpp>

#include <pybind11/stl.h>

#include "convert.hpp"

namespace ctk::py {

namespace {

// Python holds boards by shared pointer; the module never changes one.
using BoardPtr = std::shared_ptr<Board>;

BoardPtr generate(std::uint64_t seed, int players) {
    if (players < 2 || players > 6)
        throw InputError(fmt::format("players: expected 2..6, got {}", players));
    // catan-board generate --seed S (--players 5-6 for 5 and 6)
    Generator g(players > 4 ? BoardRecipe::extended() : BoardRecipe::standard(), Constraints{});
    Rng rng(seed);
    RawBoard raw;
    g.generate(rng, raw);
    return std::make_shared<Board>(g.to_board(raw));
}

BoardPtr parse(const std::string& text, const std::string& name) {
    std::istringstream in(text);
    return std::make_shared<Board>(read_one_board(in, name));
}

pyb::object check(const Board& b, const std::string& name, bool allow_red_adjacent, bool custom) {
    Constraints c;
    c.no_red_adjacent = !allow_red_adjacent;
    return to_python(board_check_json(name, b, c, custom));
}

pyb::object rank(const Board& b, int top, int pairs, const std::vector<int>& taken) {
    if (top < 0 || top > 1000) throw InputError(fmt::format("top: expected 0..1000, got {}", top));
    if (pairs < 0 || pairs > 1000)
        throw InputError(fmt::format("pairs: expected 0..1000, got {}", pairs));
    PlacementRequest req;
    req.top = top;
    req.pairs = pairs;
    req.taken = taken;
    const PlacementReport r = placement_report(b, req, "json", false);
    return to_python(nlohmann::json::parse(r.text));
}

}  // namespace

void bind_boards(pyb::module_& m) {
    pyb::class_<Board, BoardPtr>(m, "Board", "A Catan board: terrains, number tokens, harbors.")
        .def_static("generate", &generate, pyb::arg("seed") = 7, pyb::arg("players") = 4,
                    "A random board under the rulebook's constraints, as `catan-board generate "
                    "--seed SEED` draws it (players 5-6: the 30-hex board, `--players 5-6`).")
        .def_static("parse", &parse, pyb::arg("text"), pyb::arg("name") = "board",
                    "A board from its text: JSON (schemas/board.schema.json) or the one-line "
                    "notation. Raises InputError naming `name` and the field at fault.")
        .def_static(
            "beginner", [] { return std::make_shared<Board>(Board::beginner()); },
            "The rulebook's beginner board.")
        .def("line", &board_to_line,
             "The one-line notation (InputError when the board has none: a custom shape).")
        .def(
            "to_json", [](const Board& b) { return board_in_format(b, "json", false); },
            "The board as JSON text, as `catan-board render --format json` writes it.")
        .def(
            "to_dict", [](const Board& b) { return to_python(board_to_json(b)); },
            "The board as a dict (the JSON of to_json).")
        .def(
            "text", [](const Board& b, bool ids) { return board_in_format(b, "text", ids); },
            pyb::arg("ids") = false, "The ASCII drawing of `catan-board render`.")
        .def("check", &check, pyb::arg("name") = "board", pyb::arg("allow_red_adjacent") = false,
             pyb::arg("custom") = false,
             "The verdict of `catan-board check --format json`: {'name', 'valid', 'problems': "
             "[{'rule', 'message'}]}.")
        .def_property_readonly(
            "kind", [](const Board& b) { return std::string(board_kind_name(b.kind())); },
            "'standard', 'extended' or 'custom'.")
        .def_property_readonly(
            "hexes", [](const Board& b) { return b.topology().hex_count(); }, "Number of hexes.")
        .def_property_readonly(
            "vertices", [](const Board& b) { return b.topology().vertex_count(); },
            "Number of vertices.")
        .def_property_readonly(
            "edges", [](const Board& b) { return b.topology().edge_count(); }, "Number of edges.")
        .def("__eq__", [](const Board& a, const Board& b) { return a == b; })
        .def("__repr__", [](const Board& b) {
            return fmt::format("<catan.Board {} {}>", board_kind_name(b.kind()),
                               b.kind() == BoardKind::kCustom ? "" : board_to_line(b));
        });

    pyb::module_ place = m.def_submodule("place", "Opening placements (catan-place).");
    place.def("rank", &rank, pyb::arg("board"), pyb::arg("top") = 10, pyb::arg("pairs") = 5,
              pyb::arg("taken") = std::vector<int>{},
              "The board's opening placements as `catan-place --format json --top TOP` reports "
              "them: the ranked vertices with the parts of their scores, the best pairs.");
    pyb::module_::import("sys").attr("modules")["catan.place"] = place;
}

}  // namespace ctk::py
