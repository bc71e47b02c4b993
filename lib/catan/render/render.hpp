#pragma once
// Drawings of a board for people: ASCII (here) and SVG.

#include <string>
#include <vector>

#include <catan/board/board.hpp>

namespace ctk {

struct AsciiOptions {
    bool ids = false;  // label every vertex and edge with its id (DESIGN.md section 3)
};

// Draws the board as pointy-top hexes, each showing its hex id, terrain and token, with
// the robber marked "R"; harbors are listed below the drawing. With ids, every vertex
// and edge carries its id. Lines end with '\n' and have no trailing spaces.
std::string render_ascii(const Board& b, const AsciiOptions& opt = {});

// Pieces to draw on the ASCII board: empty for none, else one entry per vertex / edge. A
// vertex's mark (1 or 2 characters, e.g. "s1" for a settlement of player 1, "C1" for a
// city; "" for none) replaces its "*" (or its id); an edge's mark ('1'..'6'; '\0' for
// none) replaces the characters of its line. Other sizes throw InputError.
struct AsciiPieces {
    std::vector<std::string> vertex_marks;
    std::vector<char> edge_marks;
};
std::string render_ascii(const Board& b, const AsciiOptions& opt, const AsciiPieces& pieces);

}  // namespace ctk
