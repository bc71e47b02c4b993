#include <catan/import/colonist_map.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include <catan/import/colonist.hpp>
#include <catan/import/import_util.hpp>
#include <catan/io/json_util.hpp>

namespace ctk {

namespace ju = json_util;
using nlohmann::json;

std::optional<VertexId> colonist_vertex(int x, int y, int z) {
    if (z != 0 && z != 1) return std::nullopt;
    return GridLookup::standard().vertex_at(Axial{x, y}, z == 0 ? Corner::kN : Corner::kS);
}

std::optional<EdgeId> colonist_edge(int x, int y, int z) {
    static constexpr std::array<Side, 3> kEdgeSide{Side::kNW, Side::kW, Side::kSW};
    if (z < 0 || z > 2) return std::nullopt;
    return GridLookup::standard().edge_at(Axial{x, y}, kEdgeSide[static_cast<std::size_t>(z)]);
}

namespace colonist {

namespace {
[[noreturn]] void fail(std::string_view path, const std::string& what) {
    throw InputError(fmt::format("{}: {}", path, what));
}
}  // namespace

std::optional<Resource> resource_of_code(int c) {
    switch (c) {
        case 1:
            return Resource::kLumber;
        case 2:
            return Resource::kBrick;
        case 3:
            return Resource::kWool;
        case 4:
            return Resource::kGrain;
        case 5:
            return Resource::kOre;
        default:
            return std::nullopt;
    }
}

std::optional<DevCard> dev_card_of_code(int c) {
    switch (c) {
        case 11:
            return DevCard::kKnight;
        case 12:
            return DevCard::kVictoryPoint;
        case 13:
            return DevCard::kMonopoly;
        case 14:
            return DevCard::kRoadBuilding;
        case 15:
            return DevCard::kYearOfPlenty;
        default:
            return std::nullopt;
    }
}

namespace {

using TopologyPtr = std::shared_ptr<const Topology>;

// The tiles of tileHexStates: terrain and number of each hex, and the tile -> hex map.
void read_tiles(const json& map, const std::string& mpath, const Topology* topo, Board& b,
                ColonistMap& out) {
    std::string hpath = ju::field(mpath, "tileHexStates");
    const json& hexes = ju::as_object(ju::member(map, "tileHexStates", mpath), hpath);
    std::vector<int> seen(static_cast<std::size_t>(topo->hex_count()), -1);
    for (auto it = hexes.begin(); it != hexes.end(); ++it) {
        std::string p = ju::field(hpath, it.key());
        int key = ju::as_int(json::parse(it.key(), nullptr, false), p, 0, 1000);
        int x = ju::as_int(ju::member(*it, "x", p), ju::field(p, "x"), -100, 100);
        int y = ju::as_int(ju::member(*it, "y", p), ju::field(p, "y"), -100, 100);
        auto h = topo->hex_at(Axial{x, y});
        if (!h) fail(p, fmt::format("tile ({}, {}) is off the standard 19-hex board", x, y));
        if (seen[static_cast<std::size_t>(*h)] >= 0)
            fail(p, fmt::format("tile ({}, {}) is also tile {}", x, y,
                                seen[static_cast<std::size_t>(*h)]));
        seen[static_cast<std::size_t>(*h)] = key;
        int type = ju::as_int(ju::member(*it, "type", p), ju::field(p, "type"), 0, 1000);
        int number =
            ju::as_int(ju::member(*it, "diceNumber", p), ju::field(p, "diceNumber"), 0, 12);
        if (type == 0) {
            if (number != 0) fail(ju::field(p, "diceNumber"), "a number token on the desert");
            b.set_hex(*h, Terrain::kDesert, 0);
        } else {
            auto r = resource_of_code(type);
            if (!r)
                fail(ju::field(p, "type"),
                     fmt::format("unknown tile type {} (expected 0..5)", type));
            if (number < 2 || number == 7)
                fail(ju::field(p, "diceNumber"),
                     fmt::format("number token {} on a producing tile", number));
            static constexpr std::array<Terrain, 5> kTerrainOf{Terrain::kHills, Terrain::kForest,
                                                               Terrain::kPasture, Terrain::kFields,
                                                               Terrain::kMountains};
            b.set_hex(*h, kTerrainOf[static_cast<std::size_t>(*r)], number);
        }
        out.hex_of_tile[key] = *h;
    }
    if (out.hex_of_tile.size() != static_cast<std::size_t>(topo->hex_count()))
        fail(hpath, fmt::format("{} tiles, expected the {} of the standard board",
                                out.hex_of_tile.size(), topo->hex_count()));
}

// The corners (tileCornerStates, z 0..1) or edges (tileEdgeStates, z 0..2): one to one onto
// ours; returns the key -> our vertex or edge map.
struct PlaceKind {
    const char* member;  // tileCornerStates or tileEdgeStates
    int z_max;
    std::optional<int> (*ours)(int x, int y, int z);
    std::string_view name, a_name, our_name;  // corner, a corner, vertex
    int count;
};
std::map<int, int> read_places(const json& map, const std::string& mpath, const PlaceKind& k) {
    std::map<int, int> out;
    std::string cpath = ju::field(mpath, k.member);
    const json& places = ju::as_object(ju::member(map, k.member, mpath), cpath);
    std::vector<int> seen(static_cast<std::size_t>(k.count), -1);
    for (auto it = places.begin(); it != places.end(); ++it) {
        std::string p = ju::field(cpath, it.key());
        int key = ju::as_int(json::parse(it.key(), nullptr, false), p, 0, 100000);
        int x = ju::as_int(ju::member(*it, "x", p), ju::field(p, "x"), -100, 100);
        int y = ju::as_int(ju::member(*it, "y", p), ju::field(p, "y"), -100, 100);
        int z = ju::as_int(ju::member(*it, "z", p), ju::field(p, "z"), 0, k.z_max);
        auto v = k.ours(x, y, z);
        if (!v)
            fail(p, fmt::format("{} ({}, {}, {}) is not {} of the standard board", k.name, x, y, z,
                                k.a_name));
        if (seen[static_cast<std::size_t>(*v)] >= 0)
            fail(p, fmt::format("maps to {} {} like {} {}", k.our_name, *v, k.name,
                                seen[static_cast<std::size_t>(*v)]));
        seen[static_cast<std::size_t>(*v)] = key;
        out[key] = *v;
    }
    if (out.size() != static_cast<std::size_t>(k.count))
        fail(cpath, fmt::format("{} {}s, expected {}", out.size(), k.name, k.count));
    return out;
}

// The harbors of portEdgeStates: on the coastal edges of the standard frame's 9 slots.
void read_ports(const json& map, const std::string& mpath, const Topology* topo, Board& b) {
    std::string ppath = ju::field(mpath, "portEdgeStates");
    const json& ports = ju::as_object(ju::member(map, "portEdgeStates", mpath), ppath);
    const auto& slots = standard_harbor_slots();
    for (auto it = ports.begin(); it != ports.end(); ++it) {
        std::string p = ju::field(ppath, it.key());
        int x = ju::as_int(ju::member(*it, "x", p), ju::field(p, "x"), -100, 100);
        int y = ju::as_int(ju::member(*it, "y", p), ju::field(p, "y"), -100, 100);
        int z = ju::as_int(ju::member(*it, "z", p), ju::field(p, "z"), 0, 2);
        int type = ju::as_int(ju::member(*it, "type", p), ju::field(p, "type"), 0, 1000);
        auto e = colonist_edge(x, y, z);
        if (!e || !topo->is_coastal_edge(*e))
            fail(p, fmt::format("harbor edge ({}, {}, {}) is not a coastal edge of the board", x, y,
                                z));
        HexSide where = topo->edge_side(*e);
        bool on_slot = std::any_of(slots.begin(), slots.end(),
                                   [&](const HexSide& s) { return topo->edge_id(s) == *e; });
        if (!on_slot)
            fail(p, fmt::format("harbor edge ({}, {}, {}) (edge {}) is not one of the 9 harbor "
                                "slots of the standard frame",
                                x, y, z, *e));
        HarborKind kind = HarborKind::kGeneric;
        if (type != 1) {
            auto r = resource_of_code(type - 1);
            if (!r)
                fail(
                    ju::field(p, "type"),
                    fmt::format("unknown harbor type {} (expected 1 for 3:1, 2..6 for 2:1)", type));
            kind = harbor_of(*r);
        }
        try {
            b.add_harbor(where, kind);
        } catch (const InputError& err) {
            fail(p, err.what());
        }
    }
}

}  // namespace

ColonistMap read_colonist_map(const json& initial, const std::string& path) {
    ColonistMap out;
    static const TopologyPtr topo(&Topology::standard(), [](const Topology*) {});
    std::string mpath = ju::field(path, "mapState");
    const json& map = ju::as_object(ju::member(initial, "mapState", path), mpath);
    Board b(topo);
    read_tiles(map, mpath, topo.get(), b, out);
    out.vertex_of_corner = read_places(map, mpath,
                                       {"tileCornerStates", 1, &colonist_vertex, "corner",
                                        "a corner", "vertex", topo->vertex_count()});
    out.edge_of_edge = read_places(
        map, mpath,
        {"tileEdgeStates", 2, &colonist_edge, "edge", "an edge", "edge", topo->edge_count()});
    read_ports(map, mpath, topo.get(), b);
    out.board = std::move(b);
    return out;
}

}  // namespace colonist

}  // namespace ctk
