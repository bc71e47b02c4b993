#pragma once
// Board topology: hexes, vertices (intersections) and edges, their dense ids and the
// adjacency tables between them. No game knowledge lives here.
//
// Coordinates (DESIGN.md section 3): pointy-top hexes, axial (q, r) with q growing to the
// east and r to the south-east. On the standard board hex 9 is (0, 0).
//
// Ids are dense and follow fixed orderings, so that the same set of land hexes always
// gets the same numbering:
//   hexes     row by row from the top (r ascending), left to right (q ascending);
//   vertices  along the horizontal zigzag lines of corners, top line first, left to right
//             within a line (standard board: lines of 7, 9, 11, 11, 9, 7);
//   edges     by their midpoints, top to bottom, then left to right (standard board: rows
//             of 6, 4, 8, 5, 10, 6, 10, 5, 8, 4, 6).
// The golden table in tests/board/topology_test.cpp freezes the standard numbering.

#include <array>
#include <bit>
#include <bitset>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/graph/adjacency_list.hpp>

namespace ctk {

using HexId = int;     // 0 .. hex_count()-1
using VertexId = int;  // 0 .. vertex_count()-1
using EdgeId = int;    // 0 .. edge_count()-1

inline constexpr int kNoId = -1;
// No player: an award set aside, a robber move without a victim.
inline constexpr int kNoPlayer = -1;

// Upper bounds for any board this library builds (the 30-hex 5-6 player board has 80
// vertices and 109 edges). Fixed-size arrays in the game state use them.
inline constexpr int kMaxHexes = 40;
inline constexpr int kMaxVertices = 112;
inline constexpr int kMaxEdges = 160;

using EdgeSet = std::bitset<kMaxEdges>;       // bit e set: edge e is in the set
using VertexSet = std::bitset<kMaxVertices>;  // bit v set: vertex v is in the set

// Calls fn(i) (i a std::size_t) for every set bit i < limit of `bits`, ascending: one
// 64-bit word at a time, the next bit by counting trailing zeros.
template <std::size_t N, class Fn>
void for_each_set_bit(const std::bitset<N>& bits, std::size_t limit, Fn&& fn) {
    const std::bitset<N> low_word{~std::uint64_t{0}};
    for (std::size_t w = 0; w * 64 < limit; ++w) {
        std::uint64_t word = ((bits >> (64 * w)) & low_word).to_ullong();
        while (word != 0) {
            const std::size_t i = 64 * w + static_cast<std::size_t>(std::countr_zero(word));
            if (i >= limit) return;
            fn(i);
            word &= word - 1;
        }
    }
}

// The number of set bits of a word, without a library call: std::popcount compiles to one
// (libgcc's __popcountdi2) on x86-64 builds that do not assume the POPCNT instruction.
constexpr int bit_count(std::uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

// The number of set bits of a bit set (what bits.count() gives), a 64-bit word at a time.
template <std::size_t N>
int bit_count(const std::bitset<N>& bits) {
    const std::bitset<N> low_word{~std::uint64_t{0}};
    int n = 0;
    for (std::size_t w = 0; w * 64 < N; ++w)
        n += bit_count(((bits >> (64 * w)) & low_word).to_ullong());
    return n;
}

// Thrown for unusable input (a malformed board, an unknown name, an id out of range). The
// message names the field; tools print it and exit with status 2.
//
// A message may quote input holding a NUL byte, which what() (a C string) would cut: each
// NUL of the message is kept as kNulInMessage, the two bytes C0 80 (Modified UTF-8's NUL, never
// valid UTF-8), through every message built on what(). printable (io/output.hpp) shows it as
// "\0", JSON output (json_util::dump) as "\u0000".
inline constexpr std::string_view kNulInMessage = "\xC0\x80";
std::string nul_kept(std::string_view message);

class InputError : public std::runtime_error {
  public:
    explicit InputError(const std::string& message) : std::runtime_error(nul_kept(message)) {}
    explicit InputError(const char* message) : std::runtime_error(message) {}
};

struct Axial {
    int q = 0;
    int r = 0;
    friend bool operator==(const Axial&, const Axial&) = default;
};

// Corners of a pointy-top hex, clockwise from the top.
enum class Corner : std::uint8_t { kN, kNE, kSE, kS, kSW, kNW };
// Sides of a pointy-top hex, clockwise from the upper right. Side k joins corner k and
// corner k+1 (mod 6): NE = N..NE, E = NE..SE, SE = SE..S, SW = S..SW, W = SW..NW, NW = NW..N.
enum class Side : std::uint8_t { kNE, kE, kSE, kSW, kW, kNW };

inline constexpr std::array<Corner, 6> kCorners{Corner::kN, Corner::kNE, Corner::kSE,
                                                Corner::kS, Corner::kSW, Corner::kNW};
inline constexpr std::array<Side, 6> kSides{Side::kNE, Side::kE, Side::kSE,
                                            Side::kSW, Side::kW, Side::kNW};

std::string_view corner_name(Corner c);  // "N", "NE", ...
std::string_view side_name(Side s);      // "NE", "E", ...
// Parse "N".."NW" / "NE".."NW"; std::nullopt for anything else.
std::optional<Corner> parse_corner(std::string_view s);
std::optional<Side> parse_side(std::string_view s);

// The neighbour of an axial hex across a side.
Axial neighbour(Axial h, Side s);

struct HexCorner {
    HexId hex = kNoId;
    Corner corner = Corner::kN;
    friend bool operator==(const HexCorner&, const HexCorner&) = default;
};
struct HexSide {
    HexId hex = kNoId;
    Side side = Side::kNE;
    friend bool operator==(const HexSide&, const HexSide&) = default;
};

// A short list of ids (at most 3) stored inline.
struct IdList3 {
    std::array<int, 3> ids{kNoId, kNoId, kNoId};
    std::uint8_t count = 0;
    const int* begin() const { return ids.data(); }
    const int* end() const { return ids.data() + count; }
    int size() const { return count; }
    int operator[](int i) const { return ids[static_cast<std::size_t>(i)]; }
    bool contains(int id) const {
        for (int x : *this)
            if (x == id) return true;
        return false;
    }
    void push(int id) { ids[count++] = id; }
};

// Position on a drawing grid: x in units of sqrt(3)/2 hex radii, y in units of 1/2 hex
// radius, both integers. A hex centre is (2q + r, 3r); its N corner is 2 units of y above.
struct GridPoint {
    int x = 0;
    int y = 0;
    friend bool operator==(const GridPoint&, const GridPoint&) = default;
};

// Undirected graph of the board's vertices (graph vertex = VertexId) and edges (the
// edge_index property = EdgeId), for Boost.Graph algorithms over road networks.
using BoardGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                          boost::property<boost::edge_index_t, int>>;

class Topology {
  public:
    // Builds the topology of a set of land hexes given in axial coordinates, in any order.
    // Throws InputError if the set is empty, holds a duplicate, or exceeds kMaxHexes,
    // kMaxVertices or kMaxEdges.
    explicit Topology(std::vector<Axial> land_hexes);

    // The standard 19-hex board: rows of 3-4-5-4-3 with hex 9 at (0, 0).
    static const Topology& standard();
    // The 30-hex board of the 5-6 player extension: rows of 3-4-5-6-5-4-3, r = -3..3,
    // row r spanning q = max(-3, -3 - r) .. min(2, 2 - r).
    static const Topology& extended();

    int hex_count() const { return static_cast<int>(hex_axial_.size()); }
    int vertex_count() const { return static_cast<int>(vertex_hexes_.size()); }
    int edge_count() const { return static_cast<int>(edge_vertices_.size()); }

    Axial hex_axial(HexId h) const { return hex_axial_.at(static_cast<std::size_t>(h)); }
    // The hex at an axial position, or std::nullopt if it is not a land hex of this board.
    std::optional<HexId> hex_at(Axial a) const;
    GridPoint hex_centre(HexId h) const;

    // Six vertices / edges of a hex, indexed by Corner / Side.
    const std::array<VertexId, 6>& hex_vertices(HexId h) const { return hex_vertices_[h]; }
    const std::array<EdgeId, 6>& hex_edges(HexId h) const { return hex_edges_[h]; }
    // Land hexes sharing a side with h (2..6 of them), in Side order.
    const std::vector<HexId>& hex_neighbours(HexId h) const { return hex_neighbours_[h]; }

    // Land hexes touching a vertex (1..3), ascending.
    const IdList3& vertex_hexes(VertexId v) const { return vertex_hexes_[v]; }
    // Vertices one edge away (2..3), ascending.
    const IdList3& vertex_neighbours(VertexId v) const { return vertex_neighbours_[v]; }
    // Edges meeting at a vertex (2..3), ascending.
    const IdList3& vertex_edges(VertexId v) const { return vertex_edges_[v]; }
    // The same edges as a bit set (for unions over many vertices at once).
    const EdgeSet& vertex_edge_set(VertexId v) const { return vertex_edge_sets_[v]; }
    GridPoint vertex_point(VertexId v) const { return vertex_point_[v]; }
    // The smallest and largest x and y of all vertex points (the drawing's extent).
    struct GridBounds {
        GridPoint min, max;
    };
    GridBounds vertex_bounds() const;

    // The two vertices of an edge, lower id first.
    const std::array<VertexId, 2>& edge_vertices(EdgeId e) const { return edge_vertices_[e]; }
    // Land hexes on either side of an edge (1 on the coast, else 2), ascending.
    const IdList3& edge_hexes(EdgeId e) const { return edge_hexes_[e]; }
    // The edge joining two vertices, or kNoId if they are not neighbours.
    EdgeId edge_between(VertexId a, VertexId b) const;
    // The vertex of edge e that is not v (v must be an end of e).
    VertexId other_end(EdgeId e, VertexId v) const {
        return edge_vertices_[e][0] == v ? edge_vertices_[e][1] : edge_vertices_[e][0];
    }

    bool is_coastal_hex(HexId h) const { return hex_neighbours_[h].size() < 6; }
    bool is_coastal_vertex(VertexId v) const { return vertex_hexes_[v].size() < 3; }
    bool is_coastal_edge(EdgeId e) const { return edge_hexes_[e].size() == 1; }
    const std::vector<HexId>& coastal_hexes() const { return coastal_hexes_; }
    const std::vector<VertexId>& coastal_vertices() const { return coastal_vertices_; }
    const std::vector<EdgeId>& coastal_edges() const { return coastal_edges_; }

    // {hex, corner} / {hex, side} forms. vertex_id/edge_id throw InputError for a hex id
    // out of range; vertex_corner/edge_side give the form with the lowest touching hex id.
    VertexId vertex_id(HexCorner hc) const;
    EdgeId edge_id(HexSide hs) const;
    HexCorner vertex_corner(VertexId v) const;
    HexSide edge_side(EdgeId e) const;

    bool valid_hex(int h) const { return h >= 0 && h < hex_count(); }
    bool valid_vertex(int v) const { return v >= 0 && v < vertex_count(); }
    bool valid_edge(int e) const { return e >= 0 && e < edge_count(); }

    // Boost.Graph view: graph vertex i is VertexId i; each graph edge carries its EdgeId
    // as boost::edge_index.
    const BoardGraph& graph() const { return graph_; }

    // True for the standard 19-hex layout (same land hexes as standard()).
    bool is_standard() const;
    bool is_extended() const;

  private:
    std::vector<Axial> hex_axial_;
    std::vector<std::array<VertexId, 6>> hex_vertices_;
    std::vector<std::array<EdgeId, 6>> hex_edges_;
    std::vector<std::vector<HexId>> hex_neighbours_;
    std::vector<IdList3> vertex_hexes_, vertex_neighbours_, vertex_edges_;
    std::vector<EdgeSet> vertex_edge_sets_;
    std::vector<GridPoint> vertex_point_;
    std::vector<std::array<VertexId, 2>> edge_vertices_;
    std::vector<IdList3> edge_hexes_;
    std::vector<HexId> coastal_hexes_;
    std::vector<VertexId> coastal_vertices_;
    std::vector<EdgeId> coastal_edges_;
    BoardGraph graph_;
};

// The topology of a set of land hexes (axial coordinates, any order): the built-in instance
// for the standard and the 5-6 player layouts, so no Topology (and no Boost graph) is built
// per board read, else a new one. Throws InputError as Topology's constructor does (an empty
// set, a duplicate, more than kMaxHexes).
std::shared_ptr<const Topology> shared_topology(const std::vector<Axial>& hexes);

}  // namespace ctk
