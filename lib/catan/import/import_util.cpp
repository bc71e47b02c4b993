#include <catan/import/import_util.hpp>

namespace ctk {

namespace {
// Corner positions relative to a hex centre on the drawing grid (topology.hpp GridPoint),
// in Corner order N, NE, SE, S, SW, NW.
constexpr std::array<std::pair<int, int>, 6> kCornerOffset{
    {{0, -2}, {1, -1}, {1, 1}, {0, 2}, {-1, 1}, {-1, -1}}};

std::pair<int, int> corner_point(Axial a, Corner c) {
    auto [dx, dy] = kCornerOffset[static_cast<std::size_t>(c)];
    return {2 * a.q + a.r + dx, 3 * a.r + dy};
}
}  // namespace

GridLookup::GridLookup(const Topology& t) : topo_(&t) {
    for (VertexId v = 0; v < t.vertex_count(); ++v) {
        GridPoint p = t.vertex_point(v);
        by_point_[{p.x, p.y}] = v;
    }
}

const GridLookup& GridLookup::standard() {
    static const GridLookup g(Topology::standard());
    return g;
}

std::optional<VertexId> GridLookup::vertex_at(Axial a, Corner c) const {
    auto it = by_point_.find(corner_point(a, c));
    if (it == by_point_.end()) return std::nullopt;
    return it->second;
}

std::optional<EdgeId> GridLookup::edge_at(Axial a, Side s) const {
    int k = static_cast<int>(s);
    auto v1 = vertex_at(a, kCorners[static_cast<std::size_t>(k)]);
    auto v2 = vertex_at(a, kCorners[static_cast<std::size_t>((k + 1) % 6)]);
    if (!v1 || !v2) return std::nullopt;
    EdgeId e = topo_->edge_between(*v1, *v2);
    if (e == kNoId) return std::nullopt;
    return e;
}

}  // namespace ctk
