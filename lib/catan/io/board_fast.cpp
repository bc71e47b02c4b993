// The fast path for one board record (see board_fast.hpp): simdjson's DOM parser, then the
// fields of the board format, checked as board_from_json checks them. Anything unusual
// gives up, and the caller reads the record with board_from_json.
#include <catan/io/detail/board_fast.hpp>

#include <algorithm>
#include <string>

#include <simdjson.h>

namespace ctk::detail {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

// An integer lo..hi (JSON integers only, as json_util::as_int).
bool integer(element v, std::int64_t lo, std::int64_t hi, int& out) {
    std::int64_t n = 0;
    if (v.type() != element_type::INT64 || v.get_int64().get(n) || n < lo || n > hi) return false;
    out = static_cast<int>(n);
    return true;
}

bool string(element v, std::string_view& out) {
    return !v.get_string().get(out);
}

// Index of `key` among `names`, or -1; `seen` gets its bit (false for a repeated key).
template <std::size_t N>
int field_index(std::string_view key, const std::array<std::string_view, N>& names,
                unsigned& seen) {
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == key) {
            if (seen >> i & 1u) return -1;
            seen |= 1u << i;
            return static_cast<int>(i);
        }
    return -1;
}

constexpr std::array<std::string_view, 6> kTop{"format", "version", "kind",
                                               "hexes",  "harbors", "robber"};
constexpr std::array<std::string_view, 5> kHex{"id", "q", "r", "terrain", "token"};
constexpr std::array<std::string_view, 5> kHarbor{"hex", "side", "edge", "vertices", "type"};

struct HexFields {
    int id = -1;
    Axial axial{};
    Terrain terrain = Terrain::kDesert;
    int token = 0;
};

bool read_hex(element v, HexFields& h) {
    object o;
    if (v.get_object().get(o)) return false;
    unsigned seen = 0;
    for (auto [key, value] : o) {
        std::string_view s;
        switch (field_index(key, kHex, seen)) {
            case 0:
                if (!integer(value, 0, kMaxHexes, h.id)) return false;
                break;
            case 1:
                if (!integer(value, -20, 20, h.axial.q)) return false;
                break;
            case 2:
                if (!integer(value, -20, 20, h.axial.r)) return false;
                break;
            case 3: {
                if (!string(value, s)) return false;
                auto t = parse_terrain(s);
                if (!t) return false;
                h.terrain = *t;
                break;
            }
            case 4:
                if (value.is_null()) break;
                if (!integer(value, 2, 12, h.token) || h.token == 7) return false;
                break;
            default:
                return false;
        }
    }
    return (seen & 0b01110u) == 0b01110u;  // q, r and terrain
}

bool add_harbor(element v, Board& b) {
    object o;
    if (v.get_object().get(o)) return false;
    unsigned seen = 0;
    int hex = 0, edge = -1;
    std::optional<Side> side;
    std::optional<HarborKind> kind;
    std::array<int, 2> vertices{-1, -1};
    for (auto [key, value] : o) {
        std::string_view s;
        switch (field_index(key, kHarbor, seen)) {
            case 0:
                if (!integer(value, 0, b.topology().hex_count() - 1, hex)) return false;
                break;
            case 1:
                if (!string(value, s) || !(side = parse_side(s))) return false;
                break;
            case 2:
                if (!integer(value, 0, kMaxEdges, edge)) return false;
                break;
            case 3: {
                array a;
                if (value.get_array().get(a) || a.size() != 2) return false;
                std::size_t i = 0;
                for (element x : a)
                    if (!integer(x, 0, kMaxVertices, vertices[i++])) return false;
                break;
            }
            case 4:
                if (!string(value, s) || !(kind = parse_harbor(s))) return false;
                break;
            default:
                return false;
        }
    }
    if ((seen & 0b10011u) != 0b10011u) return false;  // hex, side and type
    b.add_harbor({hex, *side}, *kind);                // InputError: caught by the caller
    const Harbor& added = b.harbors().back();
    if (seen >> 2 & 1u && edge != added.edge) return false;
    if (seen >> 3 & 1u &&
        std::minmax(vertices[0], vertices[1]) != std::minmax(added.vertices[0], added.vertices[1]))
        return false;
    return true;
}

std::optional<Board> build(element doc) {
    object top;
    if (doc.get_object().get(top)) return {};
    unsigned seen = 0;
    array hexes, harbors;
    int robber = kNoId;
    for (auto [key, value] : top) {
        std::string_view s;
        int n = 0;
        switch (field_index(key, kTop, seen)) {
            case 0:
                if (!string(value, s) || s != "catan-board") return {};
                break;
            case 1:
                if (!integer(value, 1, 1, n)) return {};
                break;
            case 2:
                if (!string(value, s) || (s != "standard" && s != "extended" && s != "custom"))
                    return {};
                break;
            case 3:
                if (value.get_array().get(hexes)) return {};
                break;
            case 4:
                if (value.get_array().get(harbors)) return {};
                break;
            case 5:
                if (!integer(value, 0, kMaxHexes, robber)) return {};
                break;
            default:
                return {};
        }
    }
    if (!(seen >> 3 & 1u)) return {};
    const std::size_t count = hexes.size();
    if (count == 0 || count > static_cast<std::size_t>(kMaxHexes)) return {};
    std::array<HexFields, kMaxHexes> fields{};
    std::vector<Axial> axial;
    axial.reserve(count);
    std::size_t i = 0;
    for (element h : hexes) {
        if (!read_hex(h, fields[i])) return {};
        axial.push_back(fields[i++].axial);
    }
    auto topo = shared_topology(axial);
    Board b(topo);
    for (i = 0; i < count; ++i) {
        HexId h = *topo->hex_at(axial[i]);
        if (fields[i].id >= 0 && fields[i].id != h) return {};
        b.set_hex(h, fields[i].terrain, fields[i].token);
    }
    if (seen >> 4 & 1u)
        for (element h : harbors)
            if (!add_harbor(h, b)) return {};
    if (seen >> 5 & 1u) {
        if (robber >= topo->hex_count()) return {};
    } else {
        for (HexId h = 0; h < topo->hex_count() && robber == kNoId; ++h)
            if (b.terrain(h) == Terrain::kDesert) robber = h;
        if (robber == kNoId) return {};
    }
    b.set_robber(robber);
    return b;
}

}  // namespace

std::optional<Board> read_board_fast(const simdjson::dom::element& record) {
    try {
        return build(record);
    } catch (const InputError&) {
        return {};  // a board the format forbids: the precise reader says why
    }
}

bool parse_padded(simdjson::dom::parser& parser, std::string& padded, std::string_view text,
                  element& out) {
    if (padded.capacity() < text.size() + simdjson::SIMDJSON_PADDING)
        padded.reserve(text.size() + simdjson::SIMDJSON_PADDING);
    padded.assign(text.data(), text.size());
    return !parser.parse(padded.data(), padded.size(), false).get(out);
}

std::optional<Board> read_board_fast(std::string_view text) {
    thread_local simdjson::dom::parser parser;
    thread_local std::string padded;
    element doc;
    if (!parse_padded(parser, padded, text, doc)) return {};
    return read_board_fast(doc);
}

}  // namespace ctk::detail
