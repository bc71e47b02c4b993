#include <catan/import/catanatron.hpp>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/import/detail/catanatron_detail.hpp>
#include <catan/import/import_util.hpp>
#include <catan/io/json_error.hpp>
#include <catan/io/json_util.hpp>

namespace ctk {

namespace ju = json_util;
using nlohmann::json;

bool looks_like_catanatron(std::string_view text) {
    return json_object_containing(text, "\"action_records\"");
}

namespace {

constexpr int kLandNodes = 54;

class Importer {
  public:
    Importer(std::string_view name) : name_(name) {}
    GameLog run(std::string_view text);

  private:
    [[noreturn]] void fail(std::string_view path, const std::string& what) const {
        throw InputError(fmt::format("{}: {}: {}", name_, path, what));
    }
    Axial axial(const json& c, const std::string& path) const {
        const json& a = ju::as_array(c, path);
        if (a.size() != 3) fail(path, "expected 3 cube coordinates");
        int x = ju::as_int(a[0], ju::index(path, 0), -10, 10);
        int y = ju::as_int(a[1], ju::index(path, 1), -10, 10);
        int z = ju::as_int(a[2], ju::index(path, 2), -10, 10);
        if (x + y + z != 0)
            fail(path, fmt::format("[{}, {}, {}] is not a cube coordinate (x+y+z != 0)", x, y, z));
        return Axial{x, z};
    }
    Resource resource(const json& j, const std::string& path) const {
        std::string s = ju::as_string(j, path);
        if (auto r = detail::catanatron_resource(s)) return *r;
        fail(path,
             fmt::format("unknown resource \"{}\" (expected BRICK, WOOD, SHEEP, WHEAT, ORE)", s));
    }
    PlayerId color(const json& j, const std::string& path) const {
        std::string s = ju::as_string(j, path);
        for (std::size_t i = 0; i < colors_.size(); ++i)
            if (colors_[i] == s) return static_cast<PlayerId>(i);
        fail(path, fmt::format("unknown colour \"{}\" (not in \"colors\")", s));
    }
    VertexId node(const json& j, const std::string& path) const {
        int n = ju::as_int(j, path, 0, kLandNodes - 1);
        return node_vertex_[static_cast<std::size_t>(n)];
    }

    void read_board(const json& doc);
    void read_nodes(const json& doc);
    EventBody read_action(const json& record, const std::string& path, bool setup) const;
    std::string final_claims(const json& doc, GameLog& log) const;

    std::string name_;
    std::vector<std::string> colors_;
    std::array<VertexId, kLandNodes> node_vertex_{};
    std::optional<Board> board_;
};

}  // namespace

namespace detail {

std::string catanatron_source(std::string_view name, std::string_view status) {
    return fmt::format("catan-import --from catanatron {} (catanatron engine record; {})", name,
                       status);
}

std::optional<Side> catanatron_side(std::string_view d) {
    if (d == "NORTHEAST") return Side::kNE;
    if (d == "EAST") return Side::kE;
    if (d == "SOUTHEAST") return Side::kSE;
    if (d == "SOUTHWEST") return Side::kSW;
    if (d == "WEST") return Side::kW;
    if (d == "NORTHWEST") return Side::kNW;
    return std::nullopt;
}

std::optional<Corner> catanatron_corner(std::string_view d) {
    if (d == "NORTH") return Corner::kN;
    if (d == "NORTHEAST") return Corner::kNE;
    if (d == "SOUTHEAST") return Corner::kSE;
    if (d == "SOUTH") return Corner::kS;
    if (d == "SOUTHWEST") return Corner::kSW;
    if (d == "NORTHWEST") return Corner::kNW;
    return std::nullopt;
}

std::optional<Resource> catanatron_resource(std::string_view r) {
    if (r == "BRICK") return Resource::kBrick;
    if (r == "WOOD") return Resource::kLumber;
    if (r == "SHEEP") return Resource::kWool;
    if (r == "WHEAT") return Resource::kGrain;
    if (r == "ORE") return Resource::kOre;
    return std::nullopt;
}

std::optional<Terrain> catanatron_terrain(std::string_view r) {
    if (r == "BRICK") return Terrain::kHills;
    if (r == "WOOD") return Terrain::kForest;
    if (r == "SHEEP") return Terrain::kPasture;
    if (r == "WHEAT") return Terrain::kFields;
    if (r == "ORE") return Terrain::kMountains;
    return std::nullopt;
}

std::optional<DevCard> catanatron_dev_card(std::string_view s) {
    if (s == "KNIGHT") return DevCard::kKnight;
    if (s == "VICTORY_POINT") return DevCard::kVictoryPoint;
    if (s == "ROAD_BUILDING") return DevCard::kRoadBuilding;
    if (s == "YEAR_OF_PLENTY") return DevCard::kYearOfPlenty;
    if (s == "MONOPOLY") return DevCard::kMonopoly;
    return std::nullopt;
}

}  // namespace detail

namespace {

void Importer::read_board(const json& doc) {
    static const std::shared_ptr<const Topology> topo(&Topology::standard(),
                                                      [](const Topology*) {});
    Board b(topo);
    const json& tiles = ju::as_array(ju::member(doc, "tiles", ""), "tiles");
    int land = 0;
    HexId desert = kNoId;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        std::string path = ju::index("tiles", i);
        Axial a = axial(ju::member(tiles[i], "coordinate", path), ju::field(path, "coordinate"));
        const json& tile = ju::member(tiles[i], "tile", path);
        std::string tpath = ju::field(path, "tile");
        std::string type = ju::as_string(ju::member(tile, "type", tpath), ju::field(tpath, "type"));
        auto h = topo->hex_at(a);
        if (type == "RESOURCE_TILE" || type == "DESERT") {
            if (!h)
                fail(path,
                     fmt::format("land tile at ({}, {}) is off the standard board", a.q, a.r));
            ++land;
            if (type == "DESERT") {
                b.set_hex(*h, Terrain::kDesert, 0);
                desert = *h;
                continue;
            }
            std::string res =
                ju::as_string(ju::member(tile, "resource", tpath), ju::field(tpath, "resource"));
            auto t = detail::catanatron_terrain(res);
            if (!t) fail(ju::field(tpath, "resource"), fmt::format("unknown resource \"{}\"", res));
            int number =
                ju::as_int(ju::member(tile, "number", tpath), ju::field(tpath, "number"), 2, 12);
            if (number == 7) fail(ju::field(tpath, "number"), "a number token 7");
            b.set_hex(*h, *t, number);
        } else if (type == "PORT") {
            if (h) fail(path, "a port on a land hex");
            std::string dir =
                ju::as_string(ju::member(tile, "direction", tpath), ju::field(tpath, "direction"));
            auto side = detail::catanatron_side(dir);
            if (!side)
                fail(ju::field(tpath, "direction"), fmt::format("unknown direction \"{}\"", dir));
            const Side s = *side;
            auto land_hex = topo->hex_at(neighbour(a, s));
            if (!land_hex) fail(path, "a port that faces no land hex");
            HarborKind kind = HarborKind::kGeneric;
            const json* r = ju::optional_member(tile, "resource", tpath);
            if (r && !r->is_null()) kind = harbor_of(resource(*r, ju::field(tpath, "resource")));
            b.add_harbor(HexSide{*land_hex, kSides[(static_cast<std::size_t>(s) + 3) % 6]}, kind);
        } else if (type == "WATER") {
            if (h) fail(path, "water on a land hex");
        } else {
            fail(ju::field(tpath, "type"), fmt::format("unknown tile type \"{}\"", type));
        }
    }
    if (land != 19)
        fail("tiles", fmt::format("{} land tiles, expected the 19 of the standard board", land));
    if (desert != kNoId) b.set_robber(desert);
    board_ = std::move(b);
}

void Importer::read_nodes(const json& doc) {
    const GridLookup& look = GridLookup::standard();
    const Topology& topo = Topology::standard();
    const json& nodes = ju::as_object(ju::member(doc, "nodes", ""), "nodes");
    node_vertex_.fill(kNoId);
    std::vector<int> seen(static_cast<std::size_t>(topo.vertex_count()), -1);
    for (int n = 0; n < kLandNodes; ++n) {
        std::string key = std::to_string(n);
        std::string path = ju::field("nodes", key);
        if (!nodes.contains(key)) fail(path, "missing (land nodes are 0..53)");
        const json& nd = nodes[key];
        Axial a =
            axial(ju::member(nd, "tile_coordinate", path), ju::field(path, "tile_coordinate"));
        std::string dir =
            ju::as_string(ju::member(nd, "direction", path), ju::field(path, "direction"));
        auto c = detail::catanatron_corner(dir);
        if (!c) fail(ju::field(path, "direction"), fmt::format("unknown direction \"{}\"", dir));
        auto v = look.vertex_at(a, *c);
        if (!v) fail(path, fmt::format("corner {} of ({}, {}) is off the board", dir, a.q, a.r));
        if (seen[static_cast<std::size_t>(*v)] >= 0)
            fail(path, fmt::format("maps to vertex {} like node {}", *v,
                                   seen[static_cast<std::size_t>(*v)]));
        seen[static_cast<std::size_t>(*v)] = n;
        node_vertex_[static_cast<std::size_t>(n)] = *v;
    }
    // Every land edge [n1, n2] must join the vertices its nodes map to, and sit on the
    // side of the tile it names: then adjacency is the same as ours.
    const json& edges = ju::as_array(ju::member(doc, "edges", ""), "edges");
    int land_edges = 0;
    for (std::size_t i = 0; i < edges.size(); ++i) {
        std::string path = ju::index("edges", i);
        const json& id = ju::as_array(ju::member(edges[i], "id", path), ju::field(path, "id"));
        if (id.size() != 2) fail(ju::field(path, "id"), "expected [node, node]");
        int n1 = ju::as_int(id[0], ju::index(ju::field(path, "id"), 0), 0, 1000);
        int n2 = ju::as_int(id[1], ju::index(ju::field(path, "id"), 1), 0, 1000);
        if (n1 >= kLandNodes || n2 >= kLandNodes) continue;  // the sea ring
        ++land_edges;
        VertexId v1 = node_vertex_[static_cast<std::size_t>(n1)];
        VertexId v2 = node_vertex_[static_cast<std::size_t>(n2)];
        EdgeId e = topo.edge_between(v1, v2);
        if (e == kNoId)
            fail(path, fmt::format(
                           "nodes {} and {} are adjacent here but their vertices {} and {} are not",
                           n1, n2, v1, v2));
        Axial a = axial(ju::member(edges[i], "tile_coordinate", path),
                        ju::field(path, "tile_coordinate"));
        std::string dir =
            ju::as_string(ju::member(edges[i], "direction", path), ju::field(path, "direction"));
        auto s = detail::catanatron_side(dir);
        if (!s) fail(ju::field(path, "direction"), fmt::format("unknown direction \"{}\"", dir));
        auto by_side = look.edge_at(a, *s);
        if (!by_side || *by_side != e)
            fail(path, fmt::format("side {} of ({}, {}) is not the edge joining nodes {} and {}",
                                   dir, a.q, a.r, n1, n2));
    }
    if (land_edges != topo.edge_count())
        fail("edges", fmt::format("{} land edges, expected {}", land_edges, topo.edge_count()));
}

GameLog Importer::run(std::string_view text) {
    if (auto nul = ju::find_nul_byte(text))
        throw InputError(fmt::format("{}: not valid JSON: {}", name_, *nul));
    json doc = json::parse(text, nullptr, false);
    if (doc.is_discarded())
        throw InputError(fmt::format("{}: not valid JSON: {}", name_,
                                     ju::json_error(text).value_or("no value")));
    if (!doc.is_object())
        throw InputError(fmt::format("{}: expected a JSON object (a catanatron game)", name_));

    const json& colors = ju::as_array(ju::member(doc, "colors", ""), "colors");
    if (colors.size() < 2 || colors.size() > static_cast<std::size_t>(kMaxPlayers))
        fail("colors", fmt::format("{} players, expected 2..{}", colors.size(), kMaxPlayers));
    GameLog log;
    for (std::size_t i = 0; i < colors.size(); ++i) {
        std::string c = ju::as_string(colors[i], ju::index("colors", i));
        colors_.push_back(c);
        std::string lower = c;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
        log.seats.push_back(Seat{lower, lower, static_cast<int>(i)});
    }
    read_board(doc);
    read_nodes(doc);
    log.board = *board_;

    const json& records = ju::as_array(ju::member(doc, "action_records", ""), "action_records");
    bool setup = true;
    for (std::size_t i = 0; i < records.size(); ++i) {
        Event e;
        e.body = read_action(records[i], ju::index("action_records", i), setup);
        if (std::holds_alternative<Roll>(e.body)) setup = false;
        log.events.push_back(std::move(e));
    }
    log.source = detail::catanatron_source(name_, final_claims(doc, log));
    return log;
}

// One action record [[colour, type, value], result] as an event (setup: the first roll is
// still to come, a build is a placement).
EventBody Importer::read_action(const json& record, const std::string& path, bool setup) const {
    const json& rec = ju::as_array(record, path);
    if (rec.size() != 2) fail(path, "expected [action, result]");
    std::string apath = ju::index(path, 0);
    const json& action = ju::as_array(rec[0], apath);
    if (action.size() != 3) fail(apath, "expected [colour, type, value]");
    PlayerId p = color(action[0], ju::index(apath, 0));
    std::string type = ju::as_string(action[1], ju::index(apath, 1));
    const json& value = action[2];
    const json& result = rec[1];
    std::string vpath = ju::index(apath, 2);
    if (type == "BUILD_SETTLEMENT") {
        VertexId v = node(value, vpath);
        return setup ? EventBody{PlaceSettlement{p, v}} : EventBody{BuildSettlement{p, v}};
    } else if (type == "BUILD_CITY") {
        return BuildCity{p, node(value, vpath)};
    } else if (type == "BUILD_ROAD") {
        const json& ends = ju::as_array(value, vpath);
        if (ends.size() != 2) fail(vpath, "expected [node, node]");
        VertexId a = node(ends[0], ju::index(vpath, 0)), b = node(ends[1], ju::index(vpath, 1));
        EdgeId e = Topology::standard().edge_between(a, b);
        if (e == kNoId) fail(vpath, "the two nodes are not adjacent");
        return setup ? EventBody{PlaceRoad{p, e}} : EventBody{BuildRoad{p, e}};
    } else if (type == "ROLL") {
        const json& d = ju::as_array(value, vpath);
        if (d.size() != 2) fail(vpath, "expected [die, die]");
        return Roll{p, ju::as_int(d[0], ju::index(vpath, 0), 1, 6),
                    ju::as_int(d[1], ju::index(vpath, 1), 1, 6)};
        setup = false;
    } else if (type == "END_TURN") {
        return EndTurn{p};
    } else if (type == "MOVE_ROBBER") {
        const json& v = ju::as_array(value, vpath);
        if (v.size() < 2) fail(vpath, "expected [coordinate, victim]");
        Axial a = axial(v[0], ju::index(vpath, 0));
        auto h = Topology::standard().hex_at(a);
        if (!h) fail(ju::index(vpath, 0), fmt::format("({}, {}) is not a land hex", a.q, a.r));
        MoveRobber m{p, *h, kNoPlayer, std::nullopt};
        if (!v[1].is_null()) m.victim = color(v[1], ju::index(vpath, 1));
        if (!result.is_null()) m.stolen = resource(result, ju::index(path, 1));
        return m;
    } else if (type == "DISCARD") {
        const json& cards = ju::as_array(value, vpath);
        ResourceCounts c{};
        for (std::size_t k = 0; k < cards.size(); ++k)
            ++c[static_cast<std::size_t>(resource(cards[k], ju::index(vpath, k)))];
        return Discard{p, c};
    } else if (type == "MARITIME_TRADE") {
        const json& v = ju::as_array(value, vpath);
        if (v.size() != 5) fail(vpath, "expected 4 give slots and the resource received");
        ResourceCounts give{}, get{};
        for (std::size_t k = 0; k < 4; ++k)
            if (!v[k].is_null())
                ++give[static_cast<std::size_t>(resource(v[k], ju::index(vpath, k)))];
        ++get[static_cast<std::size_t>(resource(v[4], ju::index(vpath, 4)))];
        return TradeBank{p, give, get};
    } else if (type == "BUY_DEVELOPMENT_CARD") {
        const json& card = result.is_null() ? value : result;
        std::optional<DevCard> c;
        if (!card.is_null()) {
            std::string s = ju::as_string(card, vpath);
            c = detail::catanatron_dev_card(s);
            if (!c) fail(vpath, fmt::format("unknown development card \"{}\"", s));
        }
        return BuyDevCard{p, c};
    } else if (type == "PLAY_KNIGHT_CARD") {
        return PlayKnight{p};
    } else if (type == "PLAY_ROAD_BUILDING") {
        return PlayRoadBuilding{p};
    } else if (type == "PLAY_YEAR_OF_PLENTY") {
        const json& v = ju::as_array(value, vpath);
        ResourceCounts take{};
        for (std::size_t k = 0; k < v.size(); ++k)
            ++take[static_cast<std::size_t>(resource(v[k], ju::index(vpath, k)))];
        return PlayYearOfPlenty{p, take};
    } else if (type == "PLAY_MONOPOLY") {
        return PlayMonopoly{p, resource(value, vpath), std::nullopt};
    }
    fail(ju::index(apath, 1), fmt::format("unsupported action type \"{}\"", type));
}

// The claims of the record's end (points, award holders, the winner) on the last event;
// returns the log's status.
std::string Importer::final_claims(const json& doc, GameLog& log) const {
    std::string status = "unfinished: the record stops before anyone wins";
    if (!log.events.empty()) {
        auto c = std::make_shared<Claims>();
        const json* ps = ju::optional_member(doc, "player_state", "");
        if (ps && ps->is_object()) {
            std::vector<int> vp;
            for (std::size_t i = 0; i < colors_.size(); ++i) {
                std::string key = fmt::format("P{}_ACTUAL_VICTORY_POINTS", i);
                if (!ps->contains(key)) {
                    vp.clear();
                    break;
                }
                vp.push_back(ju::as_int((*ps)[key], ju::field("player_state", key), 0, 100));
            }
            if (!vp.empty()) c->vp = std::move(vp);
            // The award holders catanatron computed (its road lengths undercount; replay
            // then reports `longest-road` at the last event).
            auto holder = [&](std::string_view what) -> std::optional<PlayerId> {
                PlayerId h = kNoPlayer;
                for (std::size_t i = 0; i < colors_.size(); ++i) {
                    std::string key = fmt::format("P{}_HAS_{}", i, what);
                    if (!ps->contains(key) || !(*ps)[key].is_boolean()) return std::nullopt;
                    if ((*ps)[key].get<bool>()) h = static_cast<PlayerId>(i);
                }
                return h;
            };
            c->longest_road = holder("ROAD");
            c->largest_army = holder("ARMY");
        }
        const json* w = ju::optional_member(doc, "winning_color", "");
        if (w && !w->is_null()) {
            c->winner = color(*w, "winning_color");
            status = "complete";
        } else {
            c->winner = kNoPlayer;
        }
        log.events.back().claims = c;
    }
    return status;
}

}  // namespace

GameLog import_catanatron(std::string_view text, std::string_view name) {
    if (auto log = detail::import_catanatron_fast(text, name)) return std::move(*log);
    return detail::import_catanatron_precise(text, name);
}

GameLog detail::import_catanatron_precise(std::string_view text, std::string_view name) {
    Importer imp(name);
    try {
        return imp.run(text);
    } catch (const InputError& e) {
        // The shared JSON helpers name the field only; every message names the input.
        std::string what = e.what();
        if (what.rfind(fmt::format("{}: ", name), 0) == 0) throw;
        throw InputError(fmt::format("{}: {}", name, what));
    }
}

}  // namespace ctk
