#include <catan/report/roads_report.hpp>
#include <catan/report/state_report.hpp>

#include <catan/io/output.hpp>

#include <algorithm>
#include <array>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <catan/engine/state.hpp>
#include <catan/io/board_json.hpp>
#include <catan/io/json_util.hpp>
#include <catan/render/render_svg.hpp>

namespace ctk {

namespace {

using nlohmann::json;
using namespace json_util;

constexpr int kPositionVersion = 1;

VertexId vertex_of(const json& j, const Topology& t, const std::string& path) {
    if (j.is_object()) {
        for (const auto& [k, v] : j.items())
            if (k != "hex" && k != "corner")
                throw InputError(
                    fmt::format("{}: unknown field (expected hex, corner)", field(path, k)));
        int h = as_int(member(j, "hex", path), field(path, "hex"), 0, t.hex_count() - 1);
        std::string c = as_string(member(j, "corner", path), field(path, "corner"));
        auto corner = parse_corner(c);
        if (!corner)
            throw InputError(fmt::format("{}: expected a corner (N, NE, SE, S, SW, NW), got \"{}\"",
                                         field(path, "corner"), c));
        return t.vertex_id({h, *corner});
    }
    return as_int(j, path, 0, t.vertex_count() - 1);
}

EdgeId edge_of(const json& j, const Topology& t, const std::string& path) {
    if (j.is_object()) {
        for (const auto& [k, v] : j.items())
            if (k != "hex" && k != "side")
                throw InputError(
                    fmt::format("{}: unknown field (expected hex, side)", field(path, k)));
        int h = as_int(member(j, "hex", path), field(path, "hex"), 0, t.hex_count() - 1);
        std::string s = as_string(member(j, "side", path), field(path, "side"));
        auto side = parse_side(s);
        if (!side)
            throw InputError(fmt::format("{}: expected a side (NE, E, SE, SW, W, NW), got \"{}\"",
                                         field(path, "side"), s));
        return t.edge_id({h, *side});
    }
    return as_int(j, path, 0, t.edge_count() - 1);
}

int player_of(const json& j, const Position& p, const std::string& path) {
    std::string name = as_string(j, path);
    for (std::size_t i = 0; i < p.players.size(); ++i)
        if (p.players[i].name == name) return static_cast<int>(i);
    std::string names;
    for (const auto& pl : p.players) names += (names.empty() ? "" : ", ") + pl.name;
    throw InputError(fmt::format("{}: unknown player \"{}\" (players: {})", path, name, names));
}

int holder_of(const json& j, std::string_view key, const Position& p) {
    const json* h = optional_member(j, key, "");
    if (!h || h->is_null()) return kNoPlayer;
    return player_of(*h, p, std::string(key));
}

// Who already owns each edge and vertex, so that a second owner is reported.
struct Owners {
    std::array<int, kMaxEdges> edge;
    std::array<int, kMaxVertices> vertex;
    Owners() {
        edge.fill(kNoPlayer);
        vertex.fill(kNoPlayer);
    }
};

void add_road(Position& p, Owners& o, int player, EdgeId e, const std::string& path) {
    // piece-limit: also what keeps the exhaustive search fast (its time grows about 2.5x
    // for every 4 more roads in a dense network)
    if (static_cast<int>(p.players[player].roads.count()) == kRoadsPerPlayer)
        throw InputError(fmt::format("{}: {} has more than {} roads (piece-limit)", path,
                                     p.players[player].name, kRoadsPerPlayer));
    if (o.edge[e] != kNoPlayer)
        throw InputError(fmt::format("{}: edge {} already has a road of {}", path, e,
                                     p.players[o.edge[e]].name));
    o.edge[e] = player;
    p.players[player].roads.set(static_cast<std::size_t>(e));
}

void add_building(Position& p, Owners& o, int player, VertexId v, bool city,
                  const std::string& path) {
    if (o.vertex[v] != kNoPlayer)
        throw InputError(fmt::format("{}: vertex {} already has a building of {}", path, v,
                                     p.players[o.vertex[v]].name));
    o.vertex[v] = player;
    (city ? p.players[player].cities : p.players[player].settlements)
        .set(static_cast<std::size_t>(v));
}

std::shared_ptr<const Board> board_of(const json& j) {
    if (const json* b = optional_member(j, "board", "")) {
        try {
            return std::make_shared<const Board>(board_from_json(*b));
        } catch (const InputError& e) {
            throw InputError(fmt::format("board: {}", e.what()));
        }
    }
    return std::make_shared<const Board>(Board::beginner());
}

// The board with the robber on hex `robber` (where the game has moved it), shared as it is
// when the robber stands where the board puts it.
std::shared_ptr<const Board> with_robber(std::shared_ptr<const Board> board, HexId robber) {
    if (robber == board->robber()) return board;
    auto moved = std::make_shared<Board>(*board);
    moved->set_robber(robber);
    return moved;
}

void read_players_header(Position& p, const json& players, bool strict) {
    as_array(players, "players");
    if (players.empty() || players.size() > static_cast<std::size_t>(kMaxPlayers))
        throw InputError(
            fmt::format("players: expected 1..{} players, got {}", kMaxPlayers, players.size()));
    std::set<std::string> seen;
    for (std::size_t i = 0; i < players.size(); ++i) {
        std::string path = index("players", i);
        const json& pj = as_object(players[i], path);
        if (strict)
            for (const auto& [k, v] : pj.items())
                if (k != "name" && k != "colour" && k != "roads" && k != "settlements" &&
                    k != "cities" && k != "knights" && k != "resigned")
                    throw InputError(fmt::format(
                        "{}: unknown field (expected name, colour, roads, settlements, cities, "
                        "knights, resigned)",
                        field(path, k)));
        PositionPlayer pl;
        pl.name = as_string(member(pj, "name", path), field(path, "name"));
        if (pl.name.empty() || !seen.insert(pl.name).second)
            throw InputError(fmt::format("{}: {} player name \"{}\"", field(path, "name"),
                                         pl.name.empty() ? "empty" : "duplicate", pl.name));
        if (const json* c = optional_member(pj, "colour", path))
            pl.colour = as_string(*c, field(path, "colour"));
        if (const json* k = optional_member(pj, "knights", path))
            pl.knights = as_int(*k, field(path, "knights"), 0, 14);
        if (const json* r = optional_member(pj, "resigned", path))
            pl.resigned = as_bool(*r, field(path, "resigned"));
        p.players.push_back(std::move(pl));
    }
}

Position read_position(const json& j) {
    for (const auto& [k, v] : j.items())
        if (k != "format" && k != "version" && k != "board" && k != "players" &&
            k != "longest_road" && k != "largest_army")
            throw InputError(fmt::format(
                "{}: unknown field (expected format, version, board, players, longest_road, "
                "largest_army)",
                k));
    if (const json* v = optional_member(j, "version", ""))
        as_int(*v, "version", kPositionVersion, kPositionVersion);
    Position p;
    p.board = board_of(j);
    const Topology& t = p.board->topology();
    const json& players = member(j, "players", "");
    read_players_header(p, players, true);
    Owners owners;
    for (std::size_t i = 0; i < players.size(); ++i) {
        std::string path = index("players", i);
        const json& pj = players[i];
        int pl = static_cast<int>(i);
        if (const json* r = optional_member(pj, "roads", path)) {
            std::string rp = field(path, "roads");
            as_array(*r, rp);
            for (std::size_t k = 0; k < r->size(); ++k) {
                std::string ep = index(rp, k);
                add_road(p, owners, pl, edge_of((*r)[k], t, ep), ep);
            }
        }
        for (bool city : {false, true}) {
            const char* key = city ? "cities" : "settlements";
            if (const json* b = optional_member(pj, key, path)) {
                std::string bp = field(path, key);
                as_array(*b, bp);
                for (std::size_t k = 0; k < b->size(); ++k) {
                    std::string vp = index(bp, k);
                    add_building(p, owners, pl, vertex_of((*b)[k], t, vp), city, vp);
                }
            }
        }
    }
    p.longest_road = holder_of(j, "longest_road", p);
    p.largest_army = holder_of(j, "largest_army", p);
    if (const json* r = optional_member(j, "robber", "")) {
        p.board = with_robber(p.board, as_int(*r, "robber", 0, t.hex_count() - 1));
    }
    return p;
}

// The state JSON of catan-replay (state_to_json): fields not needed here are ignored.
Position read_state(const json& j) {
    Position p;
    p.board = board_of(j);
    const Topology& t = p.board->topology();
    read_players_header(p, member(j, "players", ""), false);
    Owners owners;
    const json& roads = as_array(member(j, "roads", ""), "roads");
    for (std::size_t k = 0; k < roads.size(); ++k) {
        std::string path = index("roads", k);
        const json& r = as_object(roads[k], path);
        int pl = player_of(member(r, "owner", path), p, field(path, "owner"));
        add_road(p, owners, pl, edge_of(member(r, "edge", path), t, field(path, "edge")), path);
    }
    const json& buildings = as_array(member(j, "buildings", ""), "buildings");
    for (std::size_t k = 0; k < buildings.size(); ++k) {
        std::string path = index("buildings", k);
        const json& b = as_object(buildings[k], path);
        int pl = player_of(member(b, "owner", path), p, field(path, "owner"));
        std::string kind = as_string(member(b, "kind", path), field(path, "kind"));
        if (kind != "settlement" && kind != "city")
            throw InputError(fmt::format("{}: expected settlement or city, got \"{}\"",
                                         field(path, "kind"), kind));
        add_building(p, owners, pl, vertex_of(member(b, "vertex", path), t, field(path, "vertex")),
                     kind == "city", path);
    }
    p.longest_road = holder_of(j, "longest_road", p);
    p.largest_army = holder_of(j, "largest_army", p);
    if (const json* r = optional_member(j, "robber", "")) {
        p.board = with_robber(p.board, as_int(*r, "robber", 0, t.hex_count() - 1));
    }
    return p;
}

// Drawing colours (player_colour): the seat colour, else the name when it is a colour
// ("red"), else the seat's palette entry.
std::string draw_colour(const PositionPlayer& pl, std::size_t i) {
    const int seat = static_cast<int>(i);
    if (!pl.colour.empty()) return player_colour(pl.colour, seat);
    std::string c = player_colour(pl.name, seat);
    return c == pl.name ? player_colour("", seat) : c;
}

// The colour mixed half way to white, for the roads that are not in the trail; colours
// that are not #rrggbb are returned as they are.
std::string lighter(const std::string& colour) {
    if (colour.size() != 7 || colour[0] != '#') return colour;
    std::string out = "#";
    for (int i = 0; i < 3; ++i) {
        int c = std::stoi(colour.substr(1 + 2 * static_cast<std::size_t>(i), 2), nullptr, 16);
        out += fmt::format("{:02x}", (c + 255) / 2);
    }
    return out;
}

json name_or_null(const Position& p, int player) {
    return player == kNoPlayer ? json(nullptr) : json(p.players[player].name);
}

}  // namespace

VertexSet Position::blocked_for(int player) const {
    VertexSet blocked;
    for (std::size_t q = 0; q < players.size(); ++q)
        if (static_cast<int>(q) != player) blocked |= players[q].settlements | players[q].cities;
    return blocked;
}

Position position_from_json(const json& j0) {
    as_object(j0, "");
    const json* j = &j0;
    // the whole output of catan-replay --at N --format json: take its state
    if (const json* s = optional_member(j0, "state", ""); s && !j0.contains("players"))
        j = &as_object(*s, "state");
    if (const json* f = optional_member(*j, "format", "")) {
        std::string format = as_string(*f, "format");
        if (format != "catan-position")
            throw InputError(fmt::format(
                "format: expected \"catan-position\" (or a state or a log), got \"{}\"", format));
        return read_position(*j);
    }
    if (j->contains("buildings") && j->contains("roads")) return read_state(*j);
    throw InputError(
        "(top): expected a position (\"format\": \"catan-position\"), a state (with players, "
        "buildings and roads) or a game log");
}

Position position_from_state(const GameState& s, const std::vector<Seat>& seats) {
    Position p;
    p.board = with_robber(s.board_ptr(), s.robber);
    for (int i = 0; i < s.player_count(); ++i) {
        PositionPlayer pl;
        pl.name = static_cast<std::size_t>(i) < seats.size() ? seats[i].name
                                                             : fmt::format("player {}", i);
        if (static_cast<std::size_t>(i) < seats.size()) pl.colour = seats[i].color;
        pl.roads = s.players[i].roads;
        pl.knights = s.players[i].knights_played();
        pl.resigned = s.players[i].resigned;
        p.players.push_back(std::move(pl));
    }
    for (int v = 0; v < s.topology().vertex_count(); ++v) {
        if (s.building[v] == Building::kNone || s.owner[v] == kNoPlayer) continue;
        PositionPlayer& pl = p.players[static_cast<std::size_t>(s.owner[v])];
        (s.building[v] == Building::kCity ? pl.cities : pl.settlements)
            .set(static_cast<std::size_t>(v));
    }
    p.longest_road = s.longest_road;
    p.largest_army = s.largest_army;
    return p;
}

RoadsReport roads_report(const Position& p) {
    const Topology& t = p.board->topology();
    RoadsReport r;
    std::vector<int> lengths, knights;
    for (std::size_t i = 0; i < p.players.size(); ++i) {
        const PositionPlayer& pl = p.players[i];
        VertexSet blocked = p.blocked_for(static_cast<int>(i));
        PlayerRoadsReport pr;
        pr.trail = longest_trail(t, pl.roads, blocked);
        pr.networks = road_network_count(t, pl.roads, blocked);
        pr.roads = static_cast<int>(pl.roads.count());
        pr.knights = pl.knights;
        lengths.push_back(pl.resigned ? 0 : pr.trail.length);
        knights.push_back(pl.resigned ? 0 : pl.knights);
        r.players.push_back(std::move(pr));
    }
    // as GameState::update_awards: a resigned holder loses the card
    auto active = [&](int h) {
        return h != kNoPlayer && static_cast<std::size_t>(h) < p.players.size() &&
                       p.players[static_cast<std::size_t>(h)].resigned
                   ? kNoPlayer
                   : h;
    };
    r.longest_road = longest_road_holder(active(p.longest_road), lengths);
    r.largest_army = largest_army_holder(active(p.largest_army), knights);
    return r;
}

json roads_report_to_json(const Position& p, const RoadsReport& r) {
    json players = json::array();
    for (std::size_t i = 0; i < p.players.size(); ++i) {
        const PlayerRoadsReport& pr = r.players[i];
        json pj = {{"name", p.players[i].name},
                   {"length", pr.trail.length},
                   {"trail", {{"edges", pr.trail.edges}, {"vertices", pr.trail.vertices}}},
                   {"networks", pr.networks},
                   {"roads", pr.roads},
                   {"knights", pr.knights}};
        if (p.players[i].resigned) pj["resigned"] = true;
        players.push_back(std::move(pj));
    }
    return {{"players", std::move(players)},
            {"longest_road", name_or_null(p, r.longest_road)},
            {"largest_army", name_or_null(p, r.largest_army)}};
}

std::string roads_report_to_text(const Position& p, const RoadsReport& r) {
    std::size_t width = 6;
    for (const auto& pl : p.players) width = std::max(width, printable(pl.name).size());
    std::string out = fmt::format("{:<{}}  length  networks  roads  knights  trail (vertices)\n",
                                  "player", width);
    for (std::size_t i = 0; i < p.players.size(); ++i) {
        const PlayerRoadsReport& pr = r.players[i];
        std::string walk =
            pr.trail.length == 0 ? "-" : fmt::format("{}", fmt::join(pr.trail.vertices, "-"));
        out += fmt::format("{:<{}}  {:>6}  {:>8}  {:>5}  {:>7}  {}{}\n",
                           printable(p.players[i].name), width, pr.trail.length, pr.networks,
                           pr.roads, pr.knights, walk, p.players[i].resigned ? "  (resigned)" : "");
    }
    for (std::size_t i = 0; i < p.players.size(); ++i)
        if (r.players[i].trail.length > 0)
            out += fmt::format("{} trail edges: {}\n", printable(p.players[i].name),
                               fmt::join(r.players[i].trail.edges, " "));
    auto holder = [&](int h, std::string_view what) {
        if (h == kNoPlayer) return fmt::format("{}: nobody", what);
        return fmt::format("{}: {}", what, printable(p.players[static_cast<std::size_t>(h)].name));
    };
    out += holder(r.longest_road, "longest road");
    if (r.longest_road != kNoPlayer)
        out += fmt::format(" ({} roads)",
                           r.players[static_cast<std::size_t>(r.longest_road)].trail.length);
    out += '\n';
    out += holder(r.largest_army, "largest army");
    if (r.largest_army != kNoPlayer)
        out += fmt::format(" ({} knights)",
                           r.players[static_cast<std::size_t>(r.largest_army)].knights);
    out += '\n';
    return out;
}

std::string roads_report_to_svg(const Position& p, const RoadsReport& r, const std::string& title) {
    SvgOptions opt;
    opt.title = title;
    // every road as a piece, lighter where it is not in the trail, so that the cuts show;
    // the trails drawn over them; the buildings as pieces
    for (std::size_t i = 0; i < p.players.size(); ++i) {
        const PositionPlayer& pl = p.players[i];
        const std::string colour = draw_colour(pl, i);
        const Trail& trail = r.players[i].trail;
        for (int e = 0; e < p.board->topology().edge_count(); ++e)
            if (pl.roads[static_cast<std::size_t>(e)]) {
                bool in_trail =
                    std::find(trail.edges.begin(), trail.edges.end(), e) != trail.edges.end();
                opt.roads.push_back({e, in_trail ? colour : lighter(colour)});
            }
        std::string label = fmt::format("{}: {}", pl.name, trail.length);
        if (static_cast<int>(i) == r.longest_road) label += " (longest road)";
        opt.edge_highlights.push_back({colour, trail.edges, label});
        for (int v = 0; v < p.board->topology().vertex_count(); ++v) {
            bool s = pl.settlements[static_cast<std::size_t>(v)];
            bool c = pl.cities[static_cast<std::size_t>(v)];
            if (s || c) opt.buildings.push_back({v, colour, c});
        }
    }
    return render_svg(*p.board, opt);
}

}  // namespace ctk
