#include <catan/render/render_svg.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <climits>
#include <cmath>

#include <fmt/format.h>

#include <catan/engine/event.hpp>
#include <catan/io/output.hpp>

namespace ctk {

namespace {

constexpr double kSqrt3Half = 0.86602540378443864676;

std::string_view terrain_fill(Terrain t) {
    switch (t) {
        case Terrain::kHills:
            return "#c8643b";
        case Terrain::kForest:
            return "#2e7d32";
        case Terrain::kPasture:
            return "#9ccc65";
        case Terrain::kFields:
            return "#f4c542";
        case Terrain::kMountains:
            return "#8d8d8d";
        case Terrain::kDesert:
            return "#e6d3a3";
    }
    return "#ffffff";
}

std::string_view resource_fill(Resource r) {
    return terrain_fill(static_cast<Terrain>(r));
}

struct Point {
    double x = 0, y = 0;
};

std::string fx(double v) {
    return fmt::format("{:.1f}", v);
}

// Heat colour: pale yellow -> orange -> dark red, t in [0, 1].
std::string heat_colour(double t) {
    static constexpr std::array<std::array<int, 3>, 4> kStops{
        {{255, 247, 188}, {254, 196, 79}, {236, 112, 20}, {140, 20, 20}}};
    t = std::clamp(t, 0.0, 1.0) * 3.0;
    auto i = static_cast<std::size_t>(std::min(2.0, std::floor(t)));
    double f = t - static_cast<double>(i);
    std::array<int, 3> c{};
    for (std::size_t k = 0; k < 3; ++k)
        c[k] = static_cast<int>(std::lround(kStops[i][k] + (kStops[i + 1][k] - kStops[i][k]) * f));
    return fmt::format("#{:02x}{:02x}{:02x}", c[0], c[1], c[2]);
}

constexpr std::string_view kSea = "#1d5a8a";

// Text width estimate for a sans-serif face: about 0.6 em per character.
double fit_font(double wanted, double room, std::size_t chars) {
    return std::min(wanted, room / (0.62 * static_cast<double>(std::max<std::size_t>(chars, 1))));
}

// Where everything goes: the one mapping from grid points to SVG units.
struct Layout {
    double R = 0, margin = 0, top = 0, board_w = 0, board_h = 0, width = 0, height = 0;
    double row_h = 0;
    int legend_rows = 0;
    int min_x = 0, min_y = 0;
    std::vector<std::string> title_lines;  // the title, in one or two lines
    double title_font = 0;
    Point at(GridPoint p) const {
        return Point{margin + (p.x - min_x) * kSqrt3Half * R, top + (p.y - min_y) * 0.5 * R};
    }
};

Layout layout(const Board& b, const SvgOptions& opt) {
    const Topology& t = b.topology();
    Layout l;
    l.R = opt.hex_radius;
    const auto [corner_min, corner_max] = t.vertex_bounds();
    l.min_x = corner_min.x;
    l.min_y = corner_min.y;
    l.margin = 1.1 * l.R;
    l.board_w = (corner_max.x - l.min_x) * kSqrt3Half * l.R + 2 * l.margin;
    // The title: one line at 0.3 R when it fits; else two lines split at the space nearest
    // the middle; the font shrinks until the longer line fits (never cut).
    if (!opt.title.empty()) {
        const double room = l.board_w - 0.2 * l.R;
        l.title_lines = {opt.title};
        if (fit_font(0.3 * l.R, room, opt.title.size()) < 0.22 * l.R) {
            std::size_t best = std::string::npos;
            for (std::size_t i = opt.title.find(' '); i != std::string::npos;
                 i = opt.title.find(' ', i + 1))
                if (best == std::string::npos ||
                    std::abs(static_cast<double>(i) - opt.title.size() / 2.0) <
                        std::abs(static_cast<double>(best) - opt.title.size() / 2.0))
                    best = i;
            if (best != std::string::npos)
                l.title_lines = {opt.title.substr(0, best), opt.title.substr(best + 1)};
        }
        std::size_t longest = 0;
        for (const auto& line : l.title_lines) longest = std::max(longest, line.size());
        l.title_font = fit_font(0.3 * l.R, room, longest);
    }
    l.top = l.margin + (l.title_lines.empty() ? 0.0 : 0.5 * l.R) +
            (l.title_lines.size() > 1 ? 1.2 * l.title_font : 0.0);
    l.board_h = (corner_max.y - l.min_y) * 0.5 * l.R + l.top + l.margin;
    // Legend rows below the board: one per labelled highlight, two for the heat scale.
    for (const auto& h : opt.edge_highlights) l.legend_rows += !h.label.empty();
    l.legend_rows += opt.vertex_heat.empty() ? 0 : 2;
    l.row_h = 0.4 * l.R;
    l.width = l.board_w;
    l.height = l.board_h + l.legend_rows * l.row_h + (l.legend_rows ? 0.2 * l.R : 0);
    return l;
}

double round1(double v) {
    return std::round(v * 10) / 10;
}

// Where the robber stands on hex h: beside the token, or in the middle of a desert.
Point robber_point(const Board& b, const Layout& l, HexId h) {
    Point c = l.at(b.topology().hex_centre(h));
    return Point{c.x + (b.token(h) ? -0.48 * l.R : 0.0), c.y + 0.05 * l.R};
}

// A house (settlement) or a house with a hall (city), centred on (0, 0), R units.
std::string piece_path(double R, bool city) {
    static constexpr std::array<std::array<double, 2>, 5> kHouse{
        {{-0.13, 0.12}, {-0.13, -0.04}, {0.0, -0.16}, {0.13, -0.04}, {0.13, 0.12}}};
    static constexpr std::array<std::array<double, 2>, 7> kCity{{{-0.21, 0.14},
                                                                 {-0.21, -0.06},
                                                                 {-0.09, -0.19},
                                                                 {0.03, -0.06},
                                                                 {0.03, -0.02},
                                                                 {0.21, -0.02},
                                                                 {0.21, 0.14}}};
    std::string d;
    auto add = [&](const auto& pts) {
        for (const auto& p : pts)
            d += fmt::format("{}{} {} ", d.empty() ? "M" : "L", fx(p[0] * R), fx(p[1] * R));
    };
    if (city)
        add(kCity);
    else
        add(kHouse);
    return d + "Z";
}

bool plain_colour(std::string_view c) {
    if (c.empty() || c.size() > 32) return false;
    for (char ch : c)
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '#') return false;
    return true;
}

}  // namespace

std::string player_colour(std::string_view colour, int seat) {
    for (const auto& [name, hex] : kSeatColours)
        if (colour == name) return std::string(hex);
    if (plain_colour(colour)) return std::string(colour);
    return std::string(
        kSeatColours[static_cast<std::size_t>(std::max(seat, 0)) % kSeatColours.size()].hex);
}

SvgGeometry svg_geometry(const Board& b, const SvgOptions& opt) {
    const Topology& t = b.topology();
    const Layout l = layout(b, opt);
    SvgGeometry g;
    g.width = round1(l.width);
    g.height = round1(l.height);
    g.radius = l.R;
    for (VertexId v = 0; v < t.vertex_count(); ++v) {
        Point p = l.at(t.vertex_point(v));
        g.vertices.push_back({round1(p.x), round1(p.y)});
    }
    for (HexId h = 0; h < t.hex_count(); ++h) {
        Point p = l.at(t.hex_centre(h));
        g.hexes.push_back({round1(p.x), round1(p.y)});
        Point r = robber_point(b, l, h);
        g.robber.push_back({round1(r.x), round1(r.y)});
    }
    g.settlement_path = piece_path(l.R, false);
    g.city_path = piece_path(l.R, true);
    g.road_width = round1(0.12 * l.R);
    g.road_outline = round1(0.05 * l.R);
    return g;
}

namespace {

// One drawing being written: the board, its layout and options, and the text so far. Each
// layer of the picture is one member, written in the order in which they cover each other.
class SvgWriter {
  public:
    SvgWriter(const Board& board, const SvgOptions& options)
        : b(board),
          t(board.topology()),
          opt(options),
          l(layout(board, options)),
          R(l.R),
          board_h(l.board_h),
          row_h(l.row_h),
          legend_rows(l.legend_rows),
          heat(!options.vertex_heat.empty()),
          lo(options.heat_min),
          hi(options.heat_max) {}

    std::string write() {
        write_header();
        write_harbors();
        write_hexes();
        write_tokens();
        write_roads();
        write_highlights();
        write_buildings();
        write_heat();
        write_marks();
        write_ids();
        write_legend();
        s += "</svg>\n";
        return std::move(s);
    }

  private:
    Point at(GridPoint p) const { return l.at(p); }
    void write_header();
    void write_harbors();
    void write_hexes();
    void write_tokens();
    void write_roads();
    void write_highlights();
    void write_buildings();
    void write_heat();
    void write_marks();
    void write_ids();
    void write_legend();

    const Board& b;
    const Topology& t;
    const SvgOptions& opt;
    const Layout l;
    const double R;
    const double board_h, row_h;
    const int legend_rows;
    const bool heat;               // heat discs drawn
    double lo, hi;                 // the heat scale's ends
    const double font = 0.24 * R;  // harbor rates
    std::string s;
};

// The document, the sea and the title.
void SvgWriter::write_header() {
    s += fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
        "viewBox=\"0 0 {0} {1}\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">\n",
        fx(l.width), fx(l.height));
    s += fmt::format("<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                     fx(l.width), fx(l.height), kSea);
    for (std::size_t i = 0; i < l.title_lines.size(); ++i)  // smaller when long, never cut
        s += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" "
            "fill=\"#ffffff\">{}</text>\n",
            fx(l.width / 2), fx(0.6 * R + 1.2 * l.title_font * static_cast<double>(i)),
            fx(l.title_font), xml_escape(l.title_lines[i]));
}

// The harbors: piers and a disc with the rate and the resource.
void SvgWriter::write_harbors() {
    // Harbors first, so that the hexes cover the inner ends of the piers.
    s += "<g class=\"harbors\">\n";
    for (const Harbor& hb : b.harbors()) {
        Point c = at(t.hex_centre(hb.hex));
        Point a = at(t.vertex_point(hb.vertices[0])), z = at(t.vertex_point(hb.vertices[1]));
        Point mid{(a.x + z.x) / 2, (a.y + z.y) / 2};
        double dx = mid.x - c.x, dy = mid.y - c.y;
        double len = std::sqrt(dx * dx + dy * dy);
        Point m{mid.x + dx / len * 0.62 * R, mid.y + dy / len * 0.62 * R};
        for (Point p : {a, z})
            s += fmt::format(
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#8b5a2b\" "
                "stroke-width=\"{}\" stroke-linecap=\"round\"/>\n",
                fx(m.x), fx(m.y), fx(p.x), fx(p.y), fx(0.08 * R));
        auto res = harbor_resource(hb.kind);
        std::string ring = res ? std::string(resource_fill(*res)) : std::string("#ffffff");
        // The rate above, the resource below, both inside the disc.
        s += fmt::format(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#fdf6e3\" stroke=\"{}\" "
            "stroke-width=\"{}\"/>\n",
            fx(m.x), fx(m.y), fx(0.36 * R), ring, fx(0.08 * R));
        s += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" "
            "text-anchor=\"middle\" fill=\"#222222\">{}</text>\n",
            fx(m.x), fx(m.y + (res ? 0.0 : 0.08 * R)), fx(font), res ? "2:1" : "3:1");
        if (res) {
            std::string_view name = resource_name(*res);
            s += fmt::format(
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" "
                "fill=\"#222222\">{}</text>\n",
                fx(m.x), fx(m.y + 0.17 * R), fx(fit_font(0.14 * R, 0.52 * R, name.size())), name);
        }
    }
    s += "</g>\n";
}

// The hexes, each with its terrain as a tooltip.
void SvgWriter::write_hexes() {
    // Hexes.
    s += "<g class=\"hexes\">\n";
    for (HexId h = 0; h < t.hex_count(); ++h) {
        std::string pts;
        for (VertexId v : t.hex_vertices(h)) {
            Point p = at(t.vertex_point(v));
            if (!pts.empty()) pts += ' ';
            pts += fmt::format("{:.1f},{:.1f}", p.x, p.y);
        }
        s += fmt::format(
            "<polygon points=\"{}\" fill=\"{}\" stroke=\"#f3e5b5\" stroke-width=\"{}\" "
            "stroke-linejoin=\"round\"><title>hex {}: {}</title></polygon>\n",
            pts, terrain_fill(b.terrain(h)), fx(0.06 * R), h, terrain_name(b.terrain(h)));
    }
    s += "</g>\n";
}

// Terrain names, number tokens with their pips, hex ids and the robber.
void SvgWriter::write_tokens() {
    // Terrain names, tokens with pips, the robber, hex ids.
    s += "<g class=\"tokens\">\n";
    for (HexId h = 0; h < t.hex_count(); ++h) {
        Point c = at(t.hex_centre(h));
        s += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" "
            "fill=\"#1b1b1b\" fill-opacity=\"0.75\">{}</text>\n",
            fx(c.x), fx(c.y - 0.5 * R), fx(0.15 * R), terrain_name(b.terrain(h)));
        if (opt.ids)
            s += fmt::format(
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" "
                "fill=\"#1b1b1b\">#{}</text>\n",
                fx(c.x), fx(c.y + 0.66 * R), fx(0.17 * R), h);
        int tok = b.token(h);
        if (tok) {
            bool red = is_red_token(tok);
            std::string ink = red ? "#c0392b" : "#1b1b1b";
            s += fmt::format(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#f7ecd0\" stroke=\"#5b4a2f\" "
                "stroke-width=\"{}\"/>\n",
                fx(c.x), fx(c.y), fx(0.34 * R), fx(0.03 * R));
            s += fmt::format(
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" "
                "text-anchor=\"middle\" fill=\"{}\">{}</text>\n",
                fx(c.x), fx(c.y + 0.1 * R), fx((red ? 0.3 : 0.27) * R), ink, tok);
            int pips = token_pips(tok);
            double step = 0.085 * R;
            for (int k = 0; k < pips; ++k)
                s += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>\n",
                                 fx(c.x + (k - (pips - 1) / 2.0) * step), fx(c.y + 0.21 * R),
                                 fx(0.03 * R), ink);
        }
    }
    if (b.robber() != kNoId) {  // a pawn: a head over a body
        Point r = robber_point(b, l, b.robber());
        s += fmt::format(
            "<g id=\"robber\" class=\"robber\"><g transform=\"translate({},{})\"><ellipse "
            "cx=\"0\" cy=\"{}\" rx=\"{}\" ry=\"{}\" fill=\"#333333\" stroke=\"#ffffff\" "
            "stroke-width=\"{}\"/><circle cx=\"0\" cy=\"{}\" r=\"{}\" fill=\"#333333\" "
            "stroke=\"#ffffff\" stroke-width=\"{}\"/></g><title>robber</title></g>\n",
            fx(r.x), fx(r.y), fx(0.08 * R), fx(0.12 * R), fx(0.18 * R), fx(0.02 * R), fx(-0.16 * R),
            fx(0.09 * R), fx(0.02 * R));
    }
    s += "</g>\n";
}

// The roads.
void SvgWriter::write_roads() {
    // Pieces: roads (white outline under the colour, ends kept off the corners); the
    // buildings come after the highlights, so that trails never cover them.
    s += "<g id=\"pieces\" class=\"pieces\" stroke-linecap=\"round\">\n";
    for (const auto& r : opt.roads) {
        Point a = at(t.vertex_point(t.edge_vertices(r.edge)[0]));
        Point z = at(t.vertex_point(t.edge_vertices(r.edge)[1]));
        Point a2{a.x + 0.15 * (z.x - a.x), a.y + 0.15 * (z.y - a.y)};
        Point z2{z.x + 0.15 * (a.x - z.x), z.y + 0.15 * (a.y - z.y)};
        for (int layer = 0; layer < 2; ++layer)
            s += fmt::format(
                "<line class=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
                "stroke-width=\"{}\"/>\n",
                layer ? "road" : "road-outline", fx(a2.x), fx(a2.y), fx(z2.x), fx(z2.y),
                layer ? xml_escape(r.colour) : std::string("#ffffff"),
                fx(layer ? 0.12 * R : 0.22 * R));
    }
    s += "</g>\n";
}

// Highlighted edges (the overlays start here).
void SvgWriter::write_highlights() {
    if (!opt.edge_highlights.empty()) {
        s += "<g class=\"edge-highlights\" stroke-linecap=\"round\">\n";
        for (const auto& hl : opt.edge_highlights)
            for (EdgeId e : hl.edges) {
                Point a = at(t.vertex_point(t.edge_vertices(e)[0]));
                Point z = at(t.vertex_point(t.edge_vertices(e)[1]));
                s += fmt::format(
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
                    "stroke-width=\"{}\" stroke-opacity=\"0.9\"/>\n",
                    fx(a.x), fx(a.y), fx(z.x), fx(z.y), xml_escape(hl.colour), fx(0.13 * R));
            }
        s += "</g>\n";
    }
}

// Settlements and cities, over the highlights.
void SvgWriter::write_buildings() {
    if (!opt.buildings.empty()) {
        const std::string house = piece_path(R, false), hall = piece_path(R, true);
        s += "<g class=\"buildings\">\n";
        for (const auto& p : opt.buildings) {
            Point c = at(t.vertex_point(p.vertex));
            s += fmt::format(
                "<path class=\"{}\" d=\"{}\" transform=\"translate({},{})\" fill=\"{}\" "
                "stroke=\"#ffffff\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>\n",
                p.city ? "city" : "settlement", p.city ? hall : house, fx(c.x), fx(c.y),
                xml_escape(p.colour), fx(0.04 * R));
        }
        s += "</g>\n";
    }
}

// Heat discs on vertices; the scale spans the values when no range is given.
void SvgWriter::write_heat() {
    if (heat) {
        if (lo == hi) {
            bool first = true;
            for (const auto& v : opt.vertex_heat)
                if (v) {
                    lo = first ? *v : std::min(lo, *v);
                    hi = first ? *v : std::max(hi, *v);
                    first = false;
                }
        }
        s += "<g class=\"heat\">\n";
        for (VertexId v = 0; v < t.vertex_count(); ++v) {
            const auto& val = opt.vertex_heat[static_cast<std::size_t>(v)];
            if (!val) continue;
            Point p = at(t.vertex_point(v));
            double f = hi > lo ? (*val - lo) / (hi - lo) : 1.0;
            s += fmt::format(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#333333\" "
                "stroke-width=\"{}\"><title>vertex {}: {}</title></circle>\n",
                fx(p.x), fx(p.y), fx(0.16 * R), heat_colour(f), fx(0.04 * R), v, fx(*val));
        }
        s += "</g>\n";
    }
}

// Marked vertices with their labels.
void SvgWriter::write_marks() {
    if (!opt.vertex_marks.empty()) {
        s += "<g class=\"vertex-marks\">\n";
        for (const auto& m : opt.vertex_marks) {
            Point p = at(t.vertex_point(m.vertex));
            std::string colour = xml_escape(m.colour);
            s += fmt::format(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" "
                "stroke-width=\"{}\"/>\n",
                fx(p.x), fx(p.y), fx(0.22 * R), colour, fx(0.06 * R));
            if (!m.label.empty())
                s += fmt::format(
                    "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" fill=\"{}\" "
                    "stroke=\"#ffffff\" stroke-width=\"{}\" paint-order=\"stroke\">{}</text>\n",
                    fx(p.x + 0.25 * R), fx(p.y - 0.18 * R), fx(0.22 * R), colour, fx(0.05 * R),
                    xml_escape(m.label));
        }
        s += "</g>\n";
    }
}

// Edge and vertex ids.
void SvgWriter::write_ids() {
    // Id labels last, so that nothing covers them.
    if (opt.ids) {
        s += fmt::format(
            "<g class=\"ids\" font-size=\"{}\" text-anchor=\"middle\" stroke=\"#ffffff\" "
            "stroke-width=\"{}\" paint-order=\"stroke\">\n",
            fx(0.15 * R), fx(0.04 * R));
        for (EdgeId e = 0; e < t.edge_count(); ++e) {
            Point a = at(t.vertex_point(t.edge_vertices(e)[0]));
            Point z = at(t.vertex_point(t.edge_vertices(e)[1]));
            s += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"#555555\">{}</text>\n",
                             fx((a.x + z.x) / 2), fx((a.y + z.y) / 2 + 0.05 * R), e);
        }
        for (VertexId v = 0; v < t.vertex_count(); ++v) {
            Point p = at(t.vertex_point(v));
            s += fmt::format(
                "<text x=\"{}\" y=\"{}\" fill=\"#0d47a1\" font-weight=\"bold\">{}</text>\n",
                fx(p.x), fx(p.y + 0.05 * R), v);
        }
        s += "</g>\n";
    }
}

// The legend: labelled highlights and the heat scale.
void SvgWriter::write_legend() {
    // Legend.
    if (legend_rows) {
        double y = board_h;
        s += fmt::format(
            "<g class=\"legend\" font-size=\"{}\" font-weight=\"bold\" fill=\"#ffffff\">\n",
            fx(0.22 * R));
        for (const auto& hl : opt.edge_highlights) {
            if (hl.label.empty()) continue;
            s += fmt::format(
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\" "
                "stroke-linecap=\"round\"/><text x=\"{}\" y=\"{}\">{}</text>\n",
                fx(0.3 * R), fx(y), fx(0.9 * R), fx(y), xml_escape(hl.colour), fx(0.13 * R),
                fx(1.1 * R), fx(y + 0.07 * R), xml_escape(hl.label));
            y += row_h;
        }
        if (heat) {
            const int steps = 10;
            double x0 = 0.3 * R, w = 3.0 * R;
            for (int k = 0; k < steps; ++k)
                s += fmt::format(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                    fx(x0 + w * k / steps), fx(y - 0.12 * R), fx(w / steps + 0.5), fx(0.24 * R),
                    heat_colour((k + 0.5) / steps));
            s += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", fx(x0),
                             fx(y + 0.45 * R), fx(lo));
            s += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                             fx(x0 + w), fx(y + 0.45 * R), fx(hi));
            if (!opt.heat_label.empty())
                s += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", fx(x0 + w + 0.3 * R),
                                 fx(y + 0.07 * R), xml_escape(opt.heat_label));
        }
        s += "</g>\n";
    }
}

}  // namespace

std::string render_svg(const Board& b, const SvgOptions& opt) {
    const Topology& t = b.topology();
    if (opt.hex_radius < 20 || opt.hex_radius > 400)
        throw InputError(fmt::format("svg: hex radius {} out of range 20..400", opt.hex_radius));
    if (!opt.vertex_heat.empty() && static_cast<int>(opt.vertex_heat.size()) != t.vertex_count())
        throw InputError(fmt::format("svg: {} heat values for {} vertices", opt.vertex_heat.size(),
                                     t.vertex_count()));
    for (const auto& h : opt.edge_highlights)
        for (EdgeId e : h.edges)
            if (!t.valid_edge(e))
                throw InputError(fmt::format("svg: edge {} is not on the board", e));
    for (const auto& m : opt.vertex_marks)
        if (!t.valid_vertex(m.vertex))
            throw InputError(fmt::format("svg: vertex {} is not on the board", m.vertex));

    for (const auto& r : opt.roads)
        if (!t.valid_edge(r.edge))
            throw InputError(
                fmt::format("svg: road on edge {}, which is not on the board", r.edge));
    for (const auto& p : opt.buildings)
        if (!t.valid_vertex(p.vertex))
            throw InputError(
                fmt::format("svg: building on vertex {}, which is not on the board", p.vertex));
    return SvgWriter(b, opt).write();
}

std::string xml_escape(std::string_view text) {
    // Control characters and bytes that are not UTF-8 cannot stand in an XML document:
    // printable writes them as visible escapes first.
    const std::string s = printable(text);
    std::string out;
    for (char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

}  // namespace ctk
