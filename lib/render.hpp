#pragma once
// Drawings of a board for people: ASCII (here) and SVG.

#include <string>

#include "board.hpp"

namespace ctk {

struct AsciiOptions {
    bool ids = false;  // label every vertex and edge with its id (DESIGN.md section 3)
};

// Draws the board as pointy-top hexes, each showing its hex id, terrain and token, with
// the robber marked "R"; harbors are listed below the drawing. With ids, every vertex
// and edge carries its id. Lines end with '\n' and have no trailing spaces.
std::string render_ascii(const Board& b, const AsciiOptions& opt = {});

}  // namespace ctk
