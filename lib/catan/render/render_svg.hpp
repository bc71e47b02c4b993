#pragma once
// SVG drawings of a board: hexes coloured by terrain, number tokens with pip dots (6 and 8
// in red), harbors with their rates, the robber; optionally the id numbering and overlays
// for other tools (longest-road trails, placement heat maps).

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <catan/board/board.hpp>

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

    // Pieces on the board, drawn over the hexes and under the overlays: roads along edges
    // and settlements / cities (small houses) on vertices, in the owner's colour with a
    // white outline, so that every colour stands out on land and on the sea. Colours are
    // as for player_colour(). Ids out of range throw InputError.
    struct Road {
        EdgeId edge = kNoId;
        std::string colour;
    };
    struct Building {
        VertexId vertex = kNoId;
        std::string colour;
        bool city = false;
    };
    std::vector<Road> roads;
    std::vector<Building> buildings;
};

// Where render_svg puts things, in SVG user units (origin top left, y down), for overlays
// drawn by other code over the same picture (the replay page's script moves pieces and the
// robber). Coordinates are rounded to one decimal, as in the SVG text.
struct SvgGeometry {
    double width = 0, height = 0;                 // the whole picture
    double radius = 0;                            // SvgOptions::hex_radius
    std::vector<std::array<double, 2>> vertices;  // per vertex id: x, y
    std::vector<std::array<double, 2>> hexes;     // per hex id: the centre
    std::vector<std::array<double, 2>> robber;    // per hex id: where the robber stands
    std::string settlement_path;                  // SVG path data of a settlement centred on (0, 0)
    std::string city_path;                        // the same for a city
    double road_width = 0;  // stroke width of a road (its outline adds road_outline)
    double road_outline = 0;
};
SvgGeometry svg_geometry(const Board& b, const SvgOptions& opt = {});

// A player's drawing colour: the named seat colours red, blue, white, orange, green and
// brown map to the seat palette's drawing colours (kSeatColours, engine/event.hpp; white
// is drawn grey, to show on light hexes); any other colour made only of letters, digits
// and '#' ("#ff00aa", "purple") is used as given; anything else, or an empty colour, takes the
// palette entry of the seat (seat % 6).
std::string player_colour(std::string_view colour, int seat);

// A complete standalone SVG document (UTF-8, ends with '\n'). Coordinates are printed with
// one fixed decimal, so the output is byte-identical on every machine. Text given in the
// options is XML-escaped; the title is set smaller when it is long, never cut. Element ids
// for scripts: "robber" (the robber's group), "pieces" (the pieces' group).
std::string render_svg(const Board& b, const SvgOptions& opt = {});

// Text escaped for SVG/XML content and attribute values (& < > " '), after printable
// (lib/catan/io/output.hpp): control characters and bytes that are not UTF-8 as visible escapes.
std::string xml_escape(std::string_view s);

}  // namespace ctk
