#pragma once
// SVG drawings of a board: hexes coloured by terrain, number tokens with pip dots (6 and 8
// in red), harbors with their rates, the robber; optionally the id numbering and overlays
// for other tools (longest-road trails, placement heat maps).

#include <optional>
#include <string>
#include <vector>

#include "board.hpp"

namespace ctk {

struct SvgOptions {
    // Label hexes (#h), vertices and edges with their ids (DESIGN.md section 3).
    bool ids = false;
    // Hex size in SVG user units (pixels): centre to corner, 20..400.
    int hex_radius = 60;
    // A caption above the board; empty for none.
    std::string title;

    // Trails of edges drawn as thick strokes over the roads, e.g. each player's longest
    // road. colour is any SVG colour ("red", "#1f77b4"); label, when not empty, goes into
    // the legend below the board. Edge ids out of range throw InputError.
    struct EdgeHighlight {
        std::string colour;
        std::vector<EdgeId> edges;
        std::string label;
    };
    std::vector<EdgeHighlight> edge_highlights;

    // Heat map: empty for none, else one value per vertex (vertex_count() entries;
    // std::nullopt leaves a vertex undrawn). Each value is drawn as a disc on the vertex,
    // coloured on a pale-yellow -> orange -> dark-red scale from heat_min to heat_max
    // (values outside are clamped); when heat_min == heat_max the scale spans the values
    // given. A legend bar shows the scale with its ends as fixed one-decimal numbers and
    // heat_label as its caption. A size other than vertex_count() throws InputError.
    std::vector<std::optional<double>> vertex_heat;
    double heat_min = 0;
    double heat_max = 0;
    std::string heat_label;

    // Vertices to mark with a ring of the given colour and a short label beside it (e.g.
    // the rank of a recommended settlement spot). Vertex ids out of range throw InputError.
    struct VertexMark {
        VertexId vertex = kNoId;
        std::string colour = "black";
        std::string label;
    };
    std::vector<VertexMark> vertex_marks;
};

// A complete standalone SVG document (UTF-8, ends with '\n'). Coordinates are printed with
// one fixed decimal, so the output is byte-identical on every machine. Text given in the
// options is XML-escaped.
std::string render_svg(const Board& b, const SvgOptions& opt = {});

}  // namespace ctk
