#include <catan/render/render.hpp>

#include <algorithm>
#include <climits>
#include <vector>

#include <fmt/format.h>

namespace ctk {

namespace {

// Character grid: x grid unit -> 6 columns, y grid unit -> 3 rows.
constexpr int kColScale = 6;
constexpr int kRowScale = 3;

class Canvas {
  public:
    Canvas(int width, int height)
        : rows_(static_cast<std::size_t>(height),
                std::string(static_cast<std::size_t>(width), ' ')) {}
    void put(int col, int row, std::string_view s) {
        if (row < 0 || row >= static_cast<int>(rows_.size())) return;
        auto& line = rows_[static_cast<std::size_t>(row)];
        for (std::size_t i = 0; i < s.size(); ++i) {
            int c = col + static_cast<int>(i);
            if (c >= 0 && c < static_cast<int>(line.size()))
                line[static_cast<std::size_t>(c)] = s[i];
        }
    }
    // Writes s centred on col.
    void centre(int col, int row, std::string_view s) {
        put(col - static_cast<int>(s.size() - 1) / 2, row, s);
    }
    std::string str() const {
        std::string out;
        for (auto line : rows_) {
            line.erase(line.find_last_not_of(' ') + 1);
            out += line;
            out += '\n';
        }
        return out;
    }

  private:
    std::vector<std::string> rows_;
};

std::string_view terrain_short(Terrain t) {
    switch (t) {
        case Terrain::kHills:
            return "hills";
        case Terrain::kForest:
            return "forest";
        case Terrain::kPasture:
            return "pasture";
        case Terrain::kFields:
            return "fields";
        case Terrain::kMountains:
            return "mount";
        case Terrain::kDesert:
            return "desert";
    }
    return "?";
}

}  // namespace

std::string render_ascii(const Board& b, const AsciiOptions& opt) {
    return render_ascii(b, opt, AsciiPieces{});
}

std::string render_ascii(const Board& b, const AsciiOptions& opt, const AsciiPieces& pieces) {
    const Topology& t = b.topology();
    const auto [corner_min, corner_max] = t.vertex_bounds();
    const int min_x = corner_min.x, max_x = corner_max.x, min_y = corner_min.y,
              max_y = corner_max.y;
    const int margin = 3;
    auto col = [&](int x) { return (x - min_x) * kColScale + margin; };
    auto row = [&](int y) { return (y - min_y) * kRowScale; };
    Canvas canvas(col(max_x) + margin + 2, row(max_y) + 1);
    if (!pieces.vertex_marks.empty() &&
        static_cast<int>(pieces.vertex_marks.size()) != t.vertex_count())
        throw InputError(fmt::format("ascii: {} vertex marks for {} vertices",
                                     pieces.vertex_marks.size(), t.vertex_count()));
    if (!pieces.edge_marks.empty() && static_cast<int>(pieces.edge_marks.size()) != t.edge_count())
        throw InputError(fmt::format("ascii: {} edge marks for {} edges", pieces.edge_marks.size(),
                                     t.edge_count()));
    auto edge_mark = [&](EdgeId e) {
        return pieces.edge_marks.empty() ? '\0' : pieces.edge_marks[static_cast<std::size_t>(e)];
    };

    for (EdgeId e = 0; e < t.edge_count(); ++e) {
        auto [a, c] = t.edge_vertices(e);
        GridPoint p = t.vertex_point(a), q = t.vertex_point(c);
        if (p.y > q.y) std::swap(p, q);  // p is the upper end
        int r0 = row(p.y), r1 = row(q.y);
        if (p.x == q.x) {  // vertical edge: a '|' on every row between, the id in the middle
            const char m = edge_mark(e);
            for (int r = r0 + 1; r < r1; ++r) canvas.put(col(p.x), r, m ? std::string(1, m) : "|");
            if (opt.ids) canvas.centre(col(p.x), (r0 + r1) / 2, std::to_string(e));
        } else {  // diagonal edge over kRowScale rows: one slash per row between
            int dir = q.x > p.x ? 1 : -1;
            const char m = edge_mark(e);
            std::string slash = m ? std::string(1, m) : dir > 0 ? "\\" : "/";
            for (int k = opt.ids ? 2 : 1; k < kRowScale; ++k)  // with ids, row 1 holds the id
                canvas.put(col(p.x) + dir * k * kColScale / kRowScale, r0 + k, slash);
            if (opt.ids) canvas.centre(col(p.x) + dir * kColScale / 2, r0 + 1, std::to_string(e));
        }
    }
    for (VertexId v = 0; v < t.vertex_count(); ++v) {
        GridPoint p = t.vertex_point(v);
        const std::string mark =
            pieces.vertex_marks.empty() ? "" : pieces.vertex_marks[static_cast<std::size_t>(v)];
        canvas.centre(col(p.x), row(p.y), !mark.empty() ? mark : opt.ids ? std::to_string(v) : "*");
    }
    for (HexId h = 0; h < t.hex_count(); ++h) {
        GridPoint c = t.hex_centre(h);
        int cc = col(c.x), cr = row(c.y);
        canvas.centre(cc, cr - 1, fmt::format("#{}", h));
        canvas.centre(cc, cr, terrain_short(b.terrain(h)));
        std::string tok = b.token(h) ? fmt::format("({})", b.token(h)) : "";
        if (b.robber() == h) tok += tok.empty() ? "ROBBER" : " R";
        canvas.centre(cc, cr + 1, tok);
    }
    std::string out = canvas.str();
    if (!b.harbors().empty()) {
        out += "harbors:";
        for (const auto& h : b.harbors())
            out += fmt::format(" {}@{}{}/v{}-{}", harbor_name(h.kind), h.hex, side_name(h.side),
                               h.vertices[0], h.vertices[1]);
        out += '\n';
    }
    return out;
}

}  // namespace ctk
