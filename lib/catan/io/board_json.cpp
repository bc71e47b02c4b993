// A board as JSON and back: the precise reader (board_json.hpp).
#include <catan/io/board_json.hpp>

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/io/json_util.hpp>

namespace ctk {

namespace {

std::string terrain_list() {
    std::string out;
    for (int t = 0; t <= static_cast<int>(Terrain::kDesert); ++t)
        out += (out.empty() ? "" : ", ") + std::string(terrain_name(static_cast<Terrain>(t)));
    return out;
}

constexpr std::array<BoardKind, 3> kBoardKinds{BoardKind::kStandard, BoardKind::kExtended,
                                               BoardKind::kCustom};

bool is_board_kind(std::string_view s) {
    return std::ranges::any_of(kBoardKinds, [&](BoardKind k) { return board_kind_name(k) == s; });
}

std::string board_kind_list() {
    std::string out;
    for (BoardKind k : kBoardKinds)
        out += (out.empty() ? "" : ", ") + std::string(board_kind_name(k));
    return out;
}

}  // namespace

nlohmann::json board_to_json(const Board& b) {
    const Topology& t = b.topology();
    nlohmann::json hexes = nlohmann::json::array();
    for (HexId h = 0; h < t.hex_count(); ++h) {
        Axial a = t.hex_axial(h);
        hexes.push_back({{"id", h},
                         {"q", a.q},
                         {"r", a.r},
                         {"terrain", terrain_name(b.terrain(h))},
                         {"token", b.token(h) ? nlohmann::json(b.token(h)) : nlohmann::json()}});
    }
    nlohmann::json harbors = nlohmann::json::array();
    for (const auto& h : b.harbors())
        harbors.push_back({{"hex", h.hex},
                           {"side", side_name(h.side)},
                           {"edge", h.edge},
                           {"vertices", {h.vertices[0], h.vertices[1]}},
                           {"type", harbor_name(h.kind)}});
    return {{"format", "catan-board"},           {"version", 1},
            {"kind", board_kind_name(b.kind())}, {"hexes", std::move(hexes)},
            {"harbors", std::move(harbors)},     {"robber", b.robber()}};
}

namespace {

// One harbor of the board's "harbors" (at path p) added to b; its optional edge and
// vertices must agree with its hex and side.
void add_harbor_from_json(const nlohmann::json& hj, const std::string& p, const Topology& topo,
                          Board& b) {
    using namespace json_util;
    only_fields(hj, p, {"hex", "side", "edge", "vertices", "type"}, {"hex", "side", "type"});
    int hex = as_int(member(hj, "hex", p), field(p, "hex"), 0, topo.hex_count() - 1);
    std::string sn = as_string(member(hj, "side", p), field(p, "side"));
    auto side = parse_side(sn);
    if (!side)
        throw InputError(fmt::format("{}: unknown side \"{}\" (expected NE, E, SE, SW, W, NW)",
                                     field(p, "side"), sn));
    std::string kn = as_string(member(hj, "type", p), field(p, "type"));
    auto kind = parse_harbor(kn);
    if (!kind)
        throw InputError(
            fmt::format("{}: unknown harbor type \"{}\" (expected 3:1, brick, lumber, "
                        "wool, grain, ore)",
                        field(p, "type"), kn));
    try {
        b.add_harbor({hex, *side}, *kind);
    } catch (const InputError& e) {
        throw InputError(fmt::format("{}: {}", p, e.what()));
    }
    const Harbor& added = b.harbors().back();
    if (const auto* e = optional_member(hj, "edge", p))
        if (as_int(*e, field(p, "edge"), 0, kMaxEdges) != added.edge)
            throw InputError(fmt::format("{}: hex {} side {} is edge {}, not {}", field(p, "edge"),
                                         hex, sn, added.edge, e->dump()));
    if (const auto* vs = optional_member(hj, "vertices", p)) {
        std::string vp = field(p, "vertices");
        if (as_array(*vs, vp).size() != 2)
            throw InputError(
                fmt::format("{}: expected an array of 2 vertex ids, got {} items", vp, vs->size()));
        int v0 = as_int((*vs)[0], index(vp, 0), 0, kMaxVertices);
        int v1 = as_int((*vs)[1], index(vp, 1), 0, kMaxVertices);
        if (std::minmax(v0, v1) != std::minmax(added.vertices[0], added.vertices[1]))
            throw InputError(fmt::format("{}: hex {} side {} has vertices {} and {}, not {}", vp,
                                         hex, sn, added.vertices[0], added.vertices[1],
                                         vs->dump()));
    }
}

}  // namespace

Board board_from_json(const nlohmann::json& j) {
    using namespace json_util;
    as_object(j, "board");
    // A game log where a board is expected: say so in one line, before its fields are
    // reported as unknown.
    if (const auto f = j.find("format"); f != j.end() && *f == "catan-log")
        throw InputError("this is a game log, not a board (catan-replay reads it)");
    // Every level is strict (schemas/board.schema.json: additionalProperties false), so a
    // misspelled field ("robbber", "harbours", "tokne") is an error, not silently ignored.
    only_fields(j, "", {"format", "version", "kind", "hexes", "harbors", "robber"}, {"hexes"});
    if (const auto* f = optional_member(j, "format", "")) {
        if (!f->is_string() || f->get<std::string>() != "catan-board")
            throw InputError(
                fmt::format("format: expected \"catan-board\", got {}", type_name(*f)));
    }
    if (const auto* v = optional_member(j, "version", ""))
        if (!v->is_number_integer() || v->get<long long>() != 1)
            throw InputError(fmt::format("version: expected 1, got {}", type_name(*v)));
    if (const auto* k = optional_member(j, "kind", "")) {
        std::string kn = as_string(*k, "kind");
        if (!is_board_kind(kn))
            throw InputError(fmt::format("kind: unknown board kind \"{}\" (expected {})", kn,
                                         board_kind_list()));
    }
    const auto& hexes = as_array(member(j, "hexes", ""), "hexes");
    if (hexes.empty()) throw InputError("hexes: expected at least one hex");
    if (hexes.size() > static_cast<std::size_t>(kMaxHexes))
        throw InputError(fmt::format("hexes: at most {} hexes, got {}", kMaxHexes, hexes.size()));
    std::vector<Axial> axial;
    for (std::size_t i = 0; i < hexes.size(); ++i) {
        std::string p = index("hexes", i);
        only_fields(hexes[i], p, {"id", "q", "r", "terrain", "token"}, {"q", "r", "terrain"});
        axial.push_back({as_int(member(hexes[i], "q", p), field(p, "q"), -20, 20),
                         as_int(member(hexes[i], "r", p), field(p, "r"), -20, 20)});
    }
    auto topo = shared_topology(axial);
    Board b(topo);
    for (std::size_t i = 0; i < hexes.size(); ++i) {
        std::string p = index("hexes", i);
        HexId h = *topo->hex_at(axial[i]);
        if (const auto* id = optional_member(hexes[i], "id", p)) {
            int given = as_int(*id, field(p, "id"), 0, kMaxHexes);
            if (given != h)
                throw InputError(fmt::format(
                    "{}: hex (q {}, r {}) has id {} by the row-by-row numbering, not {}",
                    field(p, "id"), axial[i].q, axial[i].r, h, given));
        }
        std::string tn = as_string(member(hexes[i], "terrain", p), field(p, "terrain"));
        auto terrain = parse_terrain(tn);
        if (!terrain)
            throw InputError(fmt::format("{}: unknown terrain \"{}\" (expected {})",
                                         field(p, "terrain"), tn, terrain_list()));
        int token = 0;
        const auto* tok = optional_member(hexes[i], "token", p);
        if (tok && !tok->is_null()) {
            token = as_int(*tok, field(p, "token"), 2, 12);
            if (token == 7)
                throw InputError(
                    fmt::format("{}: 7 is not a number token (2..6, 8..12)", field(p, "token")));
        }
        b.set_hex(h, *terrain, token);
    }
    if (const auto* hs = optional_member(j, "harbors", "")) {
        as_array(*hs, "harbors");
        for (std::size_t i = 0; i < hs->size(); ++i)
            add_harbor_from_json((*hs)[i], index("harbors", i), *topo, b);
    }
    int robber = kNoId;
    if (const auto* r = optional_member(j, "robber", "")) {
        robber = as_int(*r, "robber", 0, topo->hex_count() - 1);
    } else {
        for (HexId h = 0; h < topo->hex_count(); ++h)
            if (b.terrain(h) == Terrain::kDesert) {
                robber = h;
                break;
            }
        if (robber == kNoId) throw InputError("robber: missing, and the board has no desert");
    }
    b.set_robber(robber);
    return b;
}

}  // namespace ctk
