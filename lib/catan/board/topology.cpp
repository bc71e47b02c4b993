#include <catan/board/topology.hpp>

#include <algorithm>
#include <map>
#include <utility>

#include <fmt/format.h>

namespace ctk {

namespace {

constexpr std::array<std::string_view, 6> kCornerNames{"N", "NE", "SE", "S", "SW", "NW"};
constexpr std::array<std::string_view, 6> kSideNames{"NE", "E", "SE", "SW", "W", "NW"};

// Corner offsets from a hex centre on the drawing grid, in Corner order.
constexpr std::array<GridPoint, 6> kCornerOffset{GridPoint{0, -2}, GridPoint{1, -1},
                                                 GridPoint{1, 1},  GridPoint{0, 2},
                                                 GridPoint{-1, 1}, GridPoint{-1, -1}};

// Axial steps across each side, in Side order.
constexpr std::array<Axial, 6> kSideStep{Axial{1, -1}, Axial{1, 0},  Axial{0, 1},
                                         Axial{-1, 1}, Axial{-1, 0}, Axial{0, -1}};

// The zigzag line a corner lies on: corners at y = 3k-2 and 3k-1 form line k.
int line_of(int y) {
    // floor((y + 2) / 3) for possibly negative y
    int n = y + 2;
    return n >= 0 ? n / 3 : -((-n + 2) / 3);
}

struct PointLess {
    bool operator()(const GridPoint& a, const GridPoint& b) const {
        return std::pair{a.x, a.y} < std::pair{b.x, b.y};
    }
};

}  // namespace

std::string nul_kept(std::string_view message) {
    std::string kept;
    kept.reserve(message.size());
    for (char c : message) {
        if (c == '\0')
            kept += kNulInMessage;
        else
            kept += c;
    }
    return kept;
}

std::string_view corner_name(Corner c) {
    return kCornerNames[static_cast<std::size_t>(c)];
}
std::string_view side_name(Side s) {
    return kSideNames[static_cast<std::size_t>(s)];
}

std::optional<Corner> parse_corner(std::string_view s) {
    for (std::size_t i = 0; i < 6; ++i)
        if (kCornerNames[i] == s) return static_cast<Corner>(i);
    return std::nullopt;
}

std::optional<Side> parse_side(std::string_view s) {
    for (std::size_t i = 0; i < 6; ++i)
        if (kSideNames[i] == s) return static_cast<Side>(i);
    return std::nullopt;
}

Axial neighbour(Axial h, Side s) {
    Axial d = kSideStep[static_cast<std::size_t>(s)];
    return {h.q + d.q, h.r + d.r};
}

Topology::Topology(std::vector<Axial> land_hexes) : hex_axial_(std::move(land_hexes)) {
    if (hex_axial_.empty()) throw InputError("a board needs at least one land hex");
    if (static_cast<int>(hex_axial_.size()) > kMaxHexes)
        throw InputError(
            fmt::format("a board has at most {} hexes, got {}", kMaxHexes, hex_axial_.size()));
    std::sort(hex_axial_.begin(), hex_axial_.end(), [](Axial a, Axial b) {
        return std::pair{a.r, a.q} < std::pair{b.r, b.q};
    });
    for (std::size_t i = 1; i < hex_axial_.size(); ++i)
        if (hex_axial_[i] == hex_axial_[i - 1])
            throw InputError(
                fmt::format("hex (q {}, r {}) is listed twice", hex_axial_[i].q, hex_axial_[i].r));
    const int nh = hex_count();

    // Vertices: collect every corner point, then number them line by line.
    std::map<GridPoint, int, PointLess> point_ids;
    for (HexId h = 0; h < nh; ++h) {
        GridPoint c = hex_centre(h);
        for (auto off : kCornerOffset) point_ids[{c.x + off.x, c.y + off.y}] = 0;
    }
    std::vector<GridPoint> points;
    for (auto& [p, id] : point_ids) points.push_back(p);
    std::sort(points.begin(), points.end(), [](GridPoint a, GridPoint b) {
        return std::pair{line_of(a.y), a.x} < std::pair{line_of(b.y), b.x};
    });
    if (static_cast<int>(points.size()) > kMaxVertices)
        throw InputError(
            fmt::format("a board has at most {} vertices, got {}", kMaxVertices, points.size()));
    for (std::size_t i = 0; i < points.size(); ++i) point_ids[points[i]] = static_cast<int>(i);
    vertex_point_ = points;
    const int nv = static_cast<int>(points.size());
    vertex_hexes_.assign(static_cast<std::size_t>(nv), {});
    hex_vertices_.resize(static_cast<std::size_t>(nh));
    for (HexId h = 0; h < nh; ++h) {
        GridPoint c = hex_centre(h);
        for (std::size_t k = 0; k < 6; ++k) {
            int v = point_ids.at({c.x + kCornerOffset[k].x, c.y + kCornerOffset[k].y});
            hex_vertices_[h][k] = v;
            vertex_hexes_[v].push(h);  // hexes are visited in ascending id order
        }
    }

    // Edges: each side of each hex joins corner k and k+1; number them by midpoint.
    std::map<std::pair<int, int>, int> edge_of_pair;
    for (HexId h = 0; h < nh; ++h)
        for (std::size_t k = 0; k < 6; ++k) {
            int a = hex_vertices_[h][k], b = hex_vertices_[h][(k + 1) % 6];
            edge_of_pair[{std::min(a, b), std::max(a, b)}] = 0;
        }
    std::vector<std::array<VertexId, 2>> pairs;
    for (auto& [p, id] : edge_of_pair) pairs.push_back({p.first, p.second});
    auto midpoint = [&](const std::array<VertexId, 2>& e) {
        GridPoint a = vertex_point_[e[0]], b = vertex_point_[e[1]];
        return std::pair{a.y + b.y, a.x + b.x};  // doubled midpoint: (y, x)
    };
    std::sort(pairs.begin(), pairs.end(),
              [&](const auto& a, const auto& b) { return midpoint(a) < midpoint(b); });
    if (static_cast<int>(pairs.size()) > kMaxEdges)
        throw InputError(
            fmt::format("a board has at most {} edges, got {}", kMaxEdges, pairs.size()));
    edge_vertices_ = pairs;
    for (std::size_t i = 0; i < pairs.size(); ++i)
        edge_of_pair[{pairs[i][0], pairs[i][1]}] = static_cast<int>(i);
    const int ne = edge_count();
    edge_hexes_.assign(static_cast<std::size_t>(ne), {});
    hex_edges_.resize(static_cast<std::size_t>(nh));
    for (HexId h = 0; h < nh; ++h)
        for (std::size_t k = 0; k < 6; ++k) {
            int a = hex_vertices_[h][k], b = hex_vertices_[h][(k + 1) % 6];
            int e = edge_of_pair.at({std::min(a, b), std::max(a, b)});
            hex_edges_[h][k] = e;
            edge_hexes_[e].push(h);
        }

    vertex_neighbours_.assign(static_cast<std::size_t>(nv), {});
    vertex_edges_.assign(static_cast<std::size_t>(nv), {});
    vertex_edge_sets_.assign(static_cast<std::size_t>(nv), {});
    for (EdgeId e = 0; e < ne; ++e) {  // ascending edge ids
        auto [a, b] = edge_vertices_[e];
        vertex_edges_[a].push(e);
        vertex_edges_[b].push(e);
        vertex_edge_sets_[a].set(static_cast<std::size_t>(e));
        vertex_edge_sets_[b].set(static_cast<std::size_t>(e));
    }
    for (VertexId v = 0; v < nv; ++v) {
        for (EdgeId e : vertex_edges_[v]) vertex_neighbours_[v].push(other_end(e, v));
        std::sort(vertex_neighbours_[v].ids.begin(),
                  vertex_neighbours_[v].ids.begin() + vertex_neighbours_[v].count);
    }

    hex_neighbours_.resize(static_cast<std::size_t>(nh));
    for (HexId h = 0; h < nh; ++h) {
        for (Side s : kSides)
            if (auto n = hex_at(neighbour(hex_axial_[h], s))) hex_neighbours_[h].push_back(*n);
        if (is_coastal_hex(h)) coastal_hexes_.push_back(h);
    }
    for (VertexId v = 0; v < nv; ++v)
        if (is_coastal_vertex(v)) coastal_vertices_.push_back(v);
    for (EdgeId e = 0; e < ne; ++e)
        if (is_coastal_edge(e)) coastal_edges_.push_back(e);

    graph_ = BoardGraph(static_cast<std::size_t>(nv));
    for (EdgeId e = 0; e < ne; ++e)
        boost::add_edge(static_cast<std::size_t>(edge_vertices_[e][0]),
                        static_cast<std::size_t>(edge_vertices_[e][1]), e, graph_);
}

const Topology& Topology::standard() {
    static const Topology t = [] {
        std::vector<Axial> hexes;
        for (int r = -2; r <= 2; ++r)
            for (int q = std::max(-2, -2 - r); q <= std::min(2, 2 - r); ++q)
                hexes.push_back({q, r});
        return Topology(hexes);
    }();
    return t;
}

const Topology& Topology::extended() {
    static const Topology t = [] {
        std::vector<Axial> hexes;
        for (int r = -3; r <= 3; ++r)
            for (int q = std::max(-3, -3 - r); q <= std::min(2, 2 - r); ++q)
                hexes.push_back({q, r});
        return Topology(hexes);
    }();
    return t;
}

bool Topology::is_standard() const {
    return hex_axial_ == standard().hex_axial_;
}
bool Topology::is_extended() const {
    return hex_axial_ == extended().hex_axial_;
}

std::optional<HexId> Topology::hex_at(Axial a) const {
    auto it = std::lower_bound(hex_axial_.begin(), hex_axial_.end(), a, [](Axial x, Axial y) {
        return std::pair{x.r, x.q} < std::pair{y.r, y.q};
    });
    if (it == hex_axial_.end() || !(*it == a)) return std::nullopt;
    return static_cast<HexId>(it - hex_axial_.begin());
}

Topology::GridBounds Topology::vertex_bounds() const {
    GridBounds b{vertex_point_[0], vertex_point_[0]};
    for (GridPoint p : vertex_point_) {
        b.min = {std::min(b.min.x, p.x), std::min(b.min.y, p.y)};
        b.max = {std::max(b.max.x, p.x), std::max(b.max.y, p.y)};
    }
    return b;
}

GridPoint Topology::hex_centre(HexId h) const {
    Axial a = hex_axial_.at(static_cast<std::size_t>(h));
    return {2 * a.q + a.r, 3 * a.r};
}

EdgeId Topology::edge_between(VertexId a, VertexId b) const {
    if (!valid_vertex(a) || !valid_vertex(b)) return kNoId;
    for (EdgeId e : vertex_edges_[a])
        if (other_end(e, a) == b) return e;
    return kNoId;
}

VertexId Topology::vertex_id(HexCorner hc) const {
    if (!valid_hex(hc.hex))
        throw InputError(
            fmt::format("hex {} is not on the board (0..{})", hc.hex, hex_count() - 1));
    return hex_vertices_[hc.hex][static_cast<std::size_t>(hc.corner)];
}

EdgeId Topology::edge_id(HexSide hs) const {
    if (!valid_hex(hs.hex))
        throw InputError(
            fmt::format("hex {} is not on the board (0..{})", hs.hex, hex_count() - 1));
    return hex_edges_[hs.hex][static_cast<std::size_t>(hs.side)];
}

HexCorner Topology::vertex_corner(VertexId v) const {
    HexId h = vertex_hexes_.at(static_cast<std::size_t>(v))[0];
    for (std::size_t k = 0; k < 6; ++k)
        if (hex_vertices_[h][k] == v) return {h, static_cast<Corner>(k)};
    return {};  // unreachable: every vertex is a corner of its first hex
}

HexSide Topology::edge_side(EdgeId e) const {
    HexId h = edge_hexes_.at(static_cast<std::size_t>(e))[0];
    for (std::size_t k = 0; k < 6; ++k)
        if (hex_edges_[h][k] == e) return {h, static_cast<Side>(k)};
    return {};  // unreachable
}

// The built-in topology instances are shared (no Topology, and no Boost graph, is built
// per board read).
std::shared_ptr<const Topology> shared_topology(const std::vector<Axial>& hexes) {
    std::vector<Axial> sorted = hexes;
    std::sort(sorted.begin(), sorted.end(), [](Axial a, Axial b) {
        return std::pair{a.r, a.q} < std::pair{b.r, b.q};
    });
    for (const Topology* known : {&Topology::standard(), &Topology::extended()}) {
        if (static_cast<int>(sorted.size()) != known->hex_count()) continue;
        bool same = true;
        for (HexId h = 0; h < known->hex_count() && same; ++h)
            same = sorted[static_cast<std::size_t>(h)] == known->hex_axial(h);
        if (same) return std::shared_ptr<const Topology>(known, [](const Topology*) {});
    }
    return std::make_shared<const Topology>(hexes);
}

}  // namespace ctk
