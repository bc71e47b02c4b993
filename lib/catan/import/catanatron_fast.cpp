// The fast path of the catanatron importer (catanatron_detail.hpp): the record is parsed by
// simdjson's DOM parser (the large fields the importer does not read, such as a bot's
// policy_debug_records, cost only the parse) and the game built from it with the same
// checks as the precise reader in catanatron.cpp. Anything the precise reader would refuse,
// or that could read differently (a repeated key: nlohmann keeps the last, simdjson the
// first), gives up, and the caller reads the record with the precise reader.
#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <simdjson.h>

#include <catan/import/detail/catanatron_detail.hpp>
#include <catan/import/import_util.hpp>

namespace ctk::detail {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

constexpr int kLandNodes = 54;

// Thrown inside the fast path when the record needs the precise reader.
struct GiveUp {};

[[noreturn]] void give_up() {
    throw GiveUp{};
}

// A JSON integer lo..hi (as json_util::as_int: no fractions, no exponents).
int integer(element v, std::int64_t lo, std::int64_t hi) {
    std::int64_t n = 0;
    if (v.type() != element_type::INT64 || v.get_int64().get(n) || n < lo || n > hi) give_up();
    return static_cast<int>(n);
}

std::string_view string(element v) {
    std::string_view s;
    if (v.type() != element_type::STRING || v.get_string().get(s)) give_up();
    return s;
}

array as_array(element v) {
    array a;
    if (v.get_array().get(a)) give_up();
    return a;
}

// The members of object `v` named in `names` (other members are ignored, as the precise
// reader ignores them); gives up if v is not an object or one of the names repeats.
template <std::size_t N>
struct Members {
    std::array<element, N> value{};
    unsigned present = 0;
    bool has(std::size_t i) const { return present >> i & 1u; }
    element need(std::size_t i) const {
        if (!has(i)) give_up();
        return value[i];
    }
};

template <std::size_t N>
Members<N> members(element v, const std::array<std::string_view, N>& names) {
    object o;
    if (v.get_object().get(o)) give_up();
    Members<N> m;
    for (auto [key, value] : o)
        for (std::size_t i = 0; i < N; ++i)
            if (names[i] == key) {
                if (m.has(i)) give_up();
                m.present |= 1u << i;
                m.value[i] = value;
                break;
            }
    return m;
}

Axial axial(element v) {
    array a = as_array(v);
    if (a.size() != 3) give_up();
    int x = integer(a.at(0).value_unsafe(), -10, 10);
    int y = integer(a.at(1).value_unsafe(), -10, 10);
    int z = integer(a.at(2).value_unsafe(), -10, 10);
    if (x + y + z != 0) give_up();
    return Axial{x, z};
}

Resource resource(element v) {
    auto r = catanatron_resource(string(v));
    if (!r) give_up();
    return *r;
}

// The i-th element of an array known to have more than i elements.
element at(array a, std::size_t i) {
    return a.at(i).value_unsafe();
}

constexpr std::array<std::string_view, 7> kTop{
    "colors", "tiles", "nodes", "edges", "action_records", "player_state", "winning_color"};
enum Top : std::size_t { kColors, kTiles, kNodes, kEdges, kRecords, kPlayerState, kWinner };

class FastImporter {
  public:
    explicit FastImporter(std::string_view name) : name_(name) {}
    GameLog run(element doc);

  private:
    PlayerId color(element v) const {
        std::string_view s = string(v);
        for (std::size_t i = 0; i < colors_.size(); ++i)
            if (colors_[i] == s) return static_cast<PlayerId>(i);
        give_up();
    }
    VertexId node(element v) const {
        return node_vertex_[static_cast<std::size_t>(integer(v, 0, kLandNodes - 1))];
    }
    Board read_board(element tiles);
    void read_nodes(element nodes, element edges);
    EventBody event(element record, bool& setup) const;

    std::string_view name_;
    std::vector<std::string_view> colors_;
    std::array<VertexId, kLandNodes> node_vertex_{};
};

Board FastImporter::read_board(element tiles_value) {
    static const std::shared_ptr<const Topology> topo(&Topology::standard(),
                                                      [](const Topology*) {});
    static constexpr std::array<std::string_view, 2> kTile{"coordinate", "tile"};
    static constexpr std::array<std::string_view, 4> kInner{"type", "resource", "number",
                                                            "direction"};
    Board b(topo);
    int land = 0;
    HexId desert = kNoId;
    for (element t : as_array(tiles_value)) {
        auto tile = members(t, kTile);
        Axial a = axial(tile.need(0));
        auto inner = members(tile.need(1), kInner);
        std::string_view type = string(inner.need(0));
        auto h = topo->hex_at(a);
        if (type == "RESOURCE_TILE" || type == "DESERT") {
            if (!h) give_up();
            ++land;
            if (type == "DESERT") {
                b.set_hex(*h, Terrain::kDesert, 0);
                desert = *h;
                continue;
            }
            auto terrain = catanatron_terrain(string(inner.need(1)));
            if (!terrain) give_up();
            int number = integer(inner.need(2), 2, 12);
            if (number == 7) give_up();
            b.set_hex(*h, *terrain, number);
        } else if (type == "PORT") {
            if (h) give_up();
            auto s = catanatron_side(string(inner.need(3)));
            if (!s) give_up();
            auto land_hex = topo->hex_at(neighbour(a, *s));
            if (!land_hex) give_up();
            HarborKind kind = HarborKind::kGeneric;
            if (inner.has(1) && !inner.value[1].is_null())
                kind = harbor_of(resource(inner.value[1]));
            b.add_harbor(HexSide{*land_hex, kSides[(static_cast<std::size_t>(*s) + 3) % 6]}, kind);
        } else if (type == "WATER") {
            if (h) give_up();
        } else {
            give_up();
        }
    }
    if (land != 19) give_up();
    if (desert != kNoId) b.set_robber(desert);
    return b;
}

// The land node id a key of "nodes" names: the decimal text of 0..53 exactly as
// std::to_string writes it (the precise reader looks the 54 keys up by that text), else -1.
int node_key(std::string_view key) {
    if (key.empty() || key.size() > 2 || (key.size() == 2 && key[0] == '0')) return -1;
    int n = 0;
    for (char c : key) {
        if (c < '0' || c > '9') return -1;
        n = n * 10 + (c - '0');
    }
    return n < kLandNodes ? n : -1;
}

void FastImporter::read_nodes(element nodes_value, element edges_value) {
    static constexpr std::array<std::string_view, 2> kNode{"tile_coordinate", "direction"};
    static constexpr std::array<std::string_view, 3> kEdge{"id", "tile_coordinate", "direction"};
    const GridLookup& look = GridLookup::standard();
    const Topology& topo = Topology::standard();
    object nodes;
    if (nodes_value.get_object().get(nodes)) give_up();
    std::array<element, kLandNodes> node{};
    std::uint64_t seen_key = 0;
    for (auto [key, value] : nodes) {
        int n = node_key(key);
        if (n < 0) continue;
        if (seen_key >> n & 1u) give_up();  // a repeated key
        seen_key |= std::uint64_t{1} << n;
        node[static_cast<std::size_t>(n)] = value;
    }
    if (seen_key != (std::uint64_t{1} << kLandNodes) - 1) give_up();
    std::vector<bool> seen(static_cast<std::size_t>(topo.vertex_count()), false);
    for (std::size_t n = 0; n < static_cast<std::size_t>(kLandNodes); ++n) {
        auto nd = members(node[n], kNode);
        Axial a = axial(nd.need(0));
        auto c = catanatron_corner(string(nd.need(1)));
        if (!c) give_up();
        auto v = look.vertex_at(a, *c);
        if (!v || seen[static_cast<std::size_t>(*v)]) give_up();
        seen[static_cast<std::size_t>(*v)] = true;
        node_vertex_[n] = *v;
    }
    int land_edges = 0;
    for (element e : as_array(edges_value)) {
        auto edge = members(e, kEdge);
        array id = as_array(edge.need(0));
        if (id.size() != 2) give_up();
        int n1 = integer(at(id, 0), 0, 1000), n2 = integer(at(id, 1), 0, 1000);
        if (n1 >= kLandNodes || n2 >= kLandNodes) continue;  // the sea ring
        ++land_edges;
        EdgeId between = topo.edge_between(node_vertex_[static_cast<std::size_t>(n1)],
                                           node_vertex_[static_cast<std::size_t>(n2)]);
        if (between == kNoId) give_up();
        Axial a = axial(edge.need(1));
        auto s = catanatron_side(string(edge.need(2)));
        if (!s) give_up();
        auto by_side = look.edge_at(a, *s);
        if (!by_side || *by_side != between) give_up();
    }
    if (land_edges != topo.edge_count()) give_up();
}

EventBody FastImporter::event(element record, bool& setup) const {
    array rec = as_array(record);
    if (rec.size() != 2) give_up();
    array action = as_array(at(rec, 0));
    if (action.size() != 3) give_up();
    PlayerId p = color(at(action, 0));
    std::string_view type = string(at(action, 1));
    element value = at(action, 2);
    element result = at(rec, 1);
    if (type == "BUILD_SETTLEMENT") {
        VertexId v = node(value);
        return setup ? EventBody{PlaceSettlement{p, v}} : EventBody{BuildSettlement{p, v}};
    }
    if (type == "BUILD_CITY") return BuildCity{p, node(value)};
    if (type == "BUILD_ROAD") {
        array ends = as_array(value);
        if (ends.size() != 2) give_up();
        VertexId a = node(at(ends, 0)), b = node(at(ends, 1));
        EdgeId e = Topology::standard().edge_between(a, b);
        if (e == kNoId) give_up();
        return setup ? EventBody{PlaceRoad{p, e}} : EventBody{BuildRoad{p, e}};
    }
    if (type == "ROLL") {
        array d = as_array(value);
        if (d.size() != 2) give_up();
        int d1 = integer(at(d, 0), 1, 6), d2 = integer(at(d, 1), 1, 6);
        setup = false;
        return Roll{p, d1, d2};
    }
    if (type == "END_TURN") return EndTurn{p};
    if (type == "MOVE_ROBBER") {
        array v = as_array(value);
        if (v.size() < 2) give_up();
        auto h = Topology::standard().hex_at(axial(at(v, 0)));
        if (!h) give_up();
        MoveRobber m{p, *h, kNoPlayer, std::nullopt};
        if (!at(v, 1).is_null()) m.victim = color(at(v, 1));
        if (!result.is_null()) m.stolen = resource(result);
        return m;
    }
    if (type == "DISCARD") {
        ResourceCounts c{};
        for (element card : as_array(value)) ++c[static_cast<std::size_t>(resource(card))];
        return Discard{p, c};
    }
    if (type == "MARITIME_TRADE") {
        array v = as_array(value);
        if (v.size() != 5) give_up();
        ResourceCounts give{}, get{};
        for (std::size_t k = 0; k < 4; ++k)
            if (!at(v, k).is_null()) ++give[static_cast<std::size_t>(resource(at(v, k)))];
        ++get[static_cast<std::size_t>(resource(at(v, 4)))];
        return TradeBank{p, give, get};
    }
    if (type == "BUY_DEVELOPMENT_CARD") {
        element card = result.is_null() ? value : result;
        std::optional<DevCard> c;
        if (!card.is_null()) {
            c = catanatron_dev_card(string(card));
            if (!c) give_up();
        }
        return BuyDevCard{p, c};
    }
    if (type == "PLAY_KNIGHT_CARD") return PlayKnight{p};
    if (type == "PLAY_ROAD_BUILDING") return PlayRoadBuilding{p};
    if (type == "PLAY_YEAR_OF_PLENTY") {
        ResourceCounts take{};
        for (element card : as_array(value)) ++take[static_cast<std::size_t>(resource(card))];
        return PlayYearOfPlenty{p, take};
    }
    if (type == "PLAY_MONOPOLY") return PlayMonopoly{p, resource(value), std::nullopt};
    give_up();
}

GameLog FastImporter::run(element doc) {
    auto top = members(doc, kTop);
    array colors = as_array(top.need(kColors));
    if (colors.size() < 2 || colors.size() > static_cast<std::size_t>(kMaxPlayers)) give_up();
    GameLog log;
    for (element c : colors) {
        std::string_view s = string(c);
        colors_.push_back(s);
        std::string lower(s);
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
        log.seats.push_back(Seat{lower, lower, static_cast<int>(colors_.size() - 1)});
    }
    Board board = read_board(top.need(kTiles));
    read_nodes(top.need(kNodes), top.need(kEdges));
    log.board = std::move(board);

    array records = as_array(top.need(kRecords));
    log.events.reserve(records.size());
    bool setup = true;
    for (element record : records) {
        Event e;
        e.body = event(record, setup);
        log.events.push_back(std::move(e));
    }

    std::string status = "unfinished: the record stops before anyone wins";
    if (!log.events.empty()) {
        auto c = std::make_shared<Claims>();
        object ps;
        if (top.has(kPlayerState) && !top.value[kPlayerState].get_object().get(ps)) {
            // The keys the precise reader looks up; a repeated one gives up.
            auto lookup = [&](const std::string& key) -> std::optional<element> {
                std::optional<element> found;
                for (auto [k, v] : ps)
                    if (k == key) {
                        if (found) give_up();
                        found = v;
                    }
                return found;
            };
            std::vector<int> vp;
            for (std::size_t i = 0; i < colors_.size(); ++i) {
                auto v = lookup(fmt::format("P{}_ACTUAL_VICTORY_POINTS", i));
                if (!v) {
                    vp.clear();
                    break;
                }
                vp.push_back(integer(*v, 0, 100));
            }
            if (!vp.empty()) c->vp = std::move(vp);
            auto holder = [&](std::string_view what) -> std::optional<PlayerId> {
                PlayerId h = kNoPlayer;
                for (std::size_t i = 0; i < colors_.size(); ++i) {
                    auto v = lookup(fmt::format("P{}_HAS_{}", i, what));
                    bool has = false;
                    if (!v || v->get_bool().get(has)) return std::nullopt;
                    if (has) h = static_cast<PlayerId>(i);
                }
                return h;
            };
            c->longest_road = holder("ROAD");
            c->largest_army = holder("ARMY");
        }
        if (top.has(kWinner) && !top.value[kWinner].is_null()) {
            c->winner = color(top.value[kWinner]);
            status = "complete";
        } else {
            c->winner = kNoPlayer;
        }
        log.events.back().claims = c;
    }
    log.source = catanatron_source(name_, status);
    return log;
}

}  // namespace

std::optional<GameLog> import_catanatron_fast(std::string_view text, std::string_view name) {
    if (text.find('\0') != std::string_view::npos) return std::nullopt;
    simdjson::dom::parser parser;
    element doc;
    if (parser.parse(text.data(), text.size()).get(doc)) return std::nullopt;
    try {
        return FastImporter(name).run(doc);
    } catch (const GiveUp&) {
        return std::nullopt;
    } catch (const InputError&) {  // a Board call refused the board: the precise reader says why
        return std::nullopt;
    }
}

}  // namespace ctk::detail
