#include <catan/import/detail/jsettlers_board.hpp>

#include <array>
#include <charconv>

#include <fmt/format.h>

namespace ctk::jsettlers {

namespace {

struct Digits {
    int x = 0;  // high hex digit
    int y = 0;  // low hex digit
};

Digits digits(int coord) {
    return {coord >> 4, coord & 0xF};
}

// Corner offsets of nodes from their hex, in Corner order (N, NE, SE, S, SW, NW).
constexpr std::array<Digits, 6> kNodeOffset{Digits{0, 1}, Digits{1, 2},  Digits{2, 1},
                                            Digits{1, 0}, Digits{0, -1}, Digits{-1, 0}};

std::optional<Axial> hex_axial(Digits h) {
    if (h.x % 2 == 0 || h.y % 2 == 0 || h.x < 0 || h.y < 0) return std::nullopt;
    return Axial{(h.y - 7) / 2, (h.x - h.y) / 2};
}

// The order of the 37 entries of a hex layout (v1 and v2 alike): rows of 4,5,6,7,6,5,4
// from the north, west to east.
constexpr std::array<int, 37> kHexIds{0x17, 0x39, 0x5B, 0x7D, 0x15, 0x37, 0x59, 0x7B, 0x9D, 0x13,
                                      0x35, 0x57, 0x79, 0x9B, 0xBD, 0x11, 0x33, 0x55, 0x77, 0x99,
                                      0xBB, 0xDD, 0x31, 0x53, 0x75, 0x97, 0xB9, 0xDB, 0x51, 0x73,
                                      0x95, 0xB7, 0xD9, 0x71, 0x93, 0xB5, 0xD7};
constexpr std::array<int, 10> kNumberOfIndex{2, 3, 4, 5, 6, 8, 9, 10, 11, 12};

// The edges of the 6-player board's 11 harbors (the edge whose two ends trade there), in
// the order SOCBoardLayout2's harbor list follows: clockwise from the north-west.
constexpr std::array<int, 11> kHarborEdgesV2{0x07, 0x3A, 0x7C, 0xAC, 0xCA, 0xC7,
                                             0xA3, 0x70, 0x30, 0x00, 0x03};

std::optional<Terrain> terrain_code(int code) {
    switch (code) {
        case 0:
            return Terrain::kDesert;
        case 1:
            return Terrain::kHills;
        case 2:
            return Terrain::kMountains;
        case 3:
            return Terrain::kPasture;
        case 4:
            return Terrain::kFields;
        case 5:
            return Terrain::kForest;
        default:
            return std::nullopt;
    }
}

std::shared_ptr<const Topology> unowned(const Topology& t) {
    return std::shared_ptr<const Topology>(&t, [](const Topology*) {});
}

}  // namespace

Grid::Grid(const Topology& topology) : topo_(&topology), look_(topology) {}

const Grid& Grid::standard() {
    static const Grid g(Topology::standard());
    return g;
}

const Grid& Grid::extended() {
    static const Grid g(Topology::extended());
    return g;
}

std::optional<HexId> Grid::hex(int coord) const {
    if (coord < 0 || coord > 0xFF) return std::nullopt;
    auto a = hex_axial(digits(coord));
    if (!a) return std::nullopt;
    return topo_->hex_at(*a);
}

std::optional<VertexId> Grid::vertex(int coord) const {
    if (coord < 0 || coord > 0xFF) return std::nullopt;
    const Digits n = digits(coord);
    for (std::size_t c = 0; c < 6; ++c) {
        auto a = hex_axial(Digits{n.x - kNodeOffset[c].x, n.y - kNodeOffset[c].y});
        if (!a) continue;
        if (auto v = look_.vertex_at(*a, kCorners[c])) return v;
    }
    return std::nullopt;
}

std::optional<EdgeId> Grid::edge(int coord) const {
    if (coord < 0 || coord > 0xFF) return std::nullopt;
    const Digits e = digits(coord);
    const bool vertical = (e.x + e.y) % 2 == 0;
    const int a = vertical ? coord + 0x01 : coord;
    const int b = vertical ? coord + 0x10 : coord + 0x11;
    auto va = vertex(a), vb = vertex(b);
    if (!va || !vb) return std::nullopt;
    EdgeId id = topo_->edge_between(*va, *vb);
    if (id == kNoId) return std::nullopt;
    return id;
}

std::optional<Resource> resource_code(int code) {
    switch (code) {
        case 1:
            return Resource::kBrick;
        case 2:
            return Resource::kOre;
        case 3:
            return Resource::kWool;
        case 4:
            return Resource::kGrain;
        case 5:
            return Resource::kLumber;
        default:
            return std::nullopt;
    }
}

std::optional<std::string_view> field(std::string_view body, std::string_view key) {
    std::size_t p = 0;
    while (p <= body.size()) {
        std::size_t end = body.find('|', p);
        std::string_view tok = body.substr(p, end == std::string_view::npos ? body.npos : end - p);
        if (tok.size() > key.size() && tok.substr(0, key.size()) == key && tok[key.size()] == '=')
            return tok.substr(key.size() + 1);
        if (end == std::string_view::npos) break;
        p = end + 1;
    }
    return std::nullopt;
}

std::optional<std::string_view> tail(std::string_view body, std::string_view key) {
    std::string k = std::string(key) + "=";
    std::size_t p = body.find(k);
    while (p != std::string_view::npos && p != 0 && body[p - 1] != '|') p = body.find(k, p + 1);
    if (p == std::string_view::npos) return std::nullopt;
    return body.substr(p + k.size());
}

std::optional<int> parse_int(std::string_view s, int base) {
    if (base == 16 && s.starts_with("0x")) s.remove_prefix(2);
    int v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
}

ResourceCounts resource_set(std::string_view body, std::string_view key) {
    auto rest = tail(body, key);
    if (!rest) throw InputError(fmt::format("missing \"{}\"", key));
    ResourceCounts out{};
    static constexpr std::array<std::pair<std::string_view, int>, 6> kNames{
        {{"clay", 0}, {"ore", 4}, {"sheep", 2}, {"wheat", 3}, {"wood", 1}, {"unknown", -1}}};
    for (const auto& [nm, idx] : kNames) {
        // field() stops at the first token of that name: the set is the first 6 tokens.
        auto v = field(*rest, nm);
        if (!v) throw InputError(fmt::format("\"{}\" lacks {}", key, nm));
        auto n = parse_int(*v);
        if (!n) throw InputError(fmt::format("{} is not a number: \"{}\"", nm, std::string(*v)));
        if (*n < 0) throw InputError(fmt::format("negative count {} of {}", *n, nm));
        if (idx >= 0)
            out[static_cast<std::size_t>(idx)] = *n;
        else if (*n != 0)
            throw InputError(fmt::format("{} unknown cards cannot be mapped", *n));
    }
    return out;
}

std::vector<int> int_list(std::string_view body, std::string_view key) {
    auto v = field(body, key);
    if (!v || v->size() < 2 || v->front() != '{' || v->back() != '}')
        throw InputError(fmt::format("missing or malformed \"{}\"", key));
    std::vector<int> out;
    std::string_view s = v->substr(1, v->size() - 2);
    std::size_t p = 0;
    while (p < s.size()) {
        while (p < s.size() && s[p] == ' ') ++p;
        if (p >= s.size()) break;
        std::size_t end = s.find(' ', p);
        if (end == std::string_view::npos) end = s.size();
        auto n = parse_int(s.substr(p, end - p));
        if (!n)
            throw InputError(
                fmt::format("{} is not a number: \"{}\"", key, std::string(s.substr(p, end - p))));
        out.push_back(*n);
        p = end;
    }
    return out;
}

SetupPlayers setup_players(const std::vector<int>& order,
                           const std::array<std::string, kMaxSeats>& nicknames,
                           std::string_view name) {
    if (order.size() < 2)
        throw InputError(fmt::format("{}: {} player(s) placed in the setup; a game needs 2 or more",
                                     name, order.size()));
    if (order.size() > static_cast<std::size_t>(kMaxPlayers))
        throw InputError(fmt::format("{}: {} players placed in the setup", name, order.size()));
    SetupPlayers out;
    out.player.fill(kNoPlayer);
    for (std::size_t i = 0; i < order.size(); ++i) {
        const int seat = order[i];
        out.player[static_cast<std::size_t>(seat)] = static_cast<PlayerId>(i);
        std::string nm = nicknames[static_cast<std::size_t>(seat)];
        if (nm.empty()) nm = fmt::format("seat{}", seat);
        for (const Seat& s : out.seats)
            if (s.name == nm) nm = fmt::format("{}-seat{}", nm, seat);
        out.seats.push_back(Seat{nm, std::string(kImportColors[i]), seat});
    }
    return out;
}

Board board_v1(const std::vector<int>& hexes, const std::vector<int>& numbers) {
    if (hexes.size() != 37 || numbers.size() != 37)
        throw InputError(
            fmt::format("SOCBoardLayout: {} hexes and {} numbers, expected 37 each "
                        "(the classic 4-player board)",
                        hexes.size(), numbers.size()));
    const Topology& topo = Topology::standard();
    Board b(unowned(topo));
    int land = 0;
    HexId desert = kNoId;
    for (std::size_t i = 0; i < 37; ++i) {
        const Axial a = *hex_axial(digits(kHexIds[i]));
        const int code = hexes[i];
        if (auto h = topo.hex_at(a)) {
            auto t = terrain_code(code);
            if (!t)
                throw InputError(
                    fmt::format("SOCBoardLayout: land hex 0x{:02X} has code {}, not a terrain 0..5",
                                kHexIds[i], code));
            int num = numbers[i];
            int token = 0;
            if (num >= 0 && num <= 9)
                token = kNumberOfIndex[static_cast<std::size_t>(num)];
            else if (num != -1)
                throw InputError(
                    fmt::format("SOCBoardLayout: number index {} of hex 0x{:02X} out of range", num,
                                kHexIds[i]));
            if (*t == Terrain::kDesert) {
                desert = *h;
                token = 0;
            }
            b.set_hex(*h, *t, token);
            ++land;
            continue;
        }
        // Sea ring: water (6), 3:1 ports (7..12) or 2:1 ports ((facing << 4) | resource).
        if (code == 6) continue;
        int facing = 0;
        HarborKind kind = HarborKind::kGeneric;
        if (code >= 7 && code <= 12) {
            facing = code - 6;
        } else if (code >= 16) {
            facing = code >> 4;
            auto res = resource_code(code & 0xF);
            if (!res)
                throw InputError(
                    fmt::format("SOCBoardLayout: port code {} of hex 0x{:02X} has no resource",
                                code, kHexIds[i]));
            kind = harbor_of(*res);
        } else {
            throw InputError(
                fmt::format("SOCBoardLayout: sea hex 0x{:02X} has code {}, not water or a port",
                            kHexIds[i], code));
        }
        if (facing < 1 || facing > 6)
            throw InputError(fmt::format("SOCBoardLayout: port of hex 0x{:02X} faces {}, not 1..6",
                                         kHexIds[i], facing));
        Side towards = kSides[static_cast<std::size_t>(facing - 1)];
        auto land_hex = topo.hex_at(neighbour(a, towards));
        if (!land_hex)
            throw InputError(
                fmt::format("SOCBoardLayout: port of hex 0x{:02X} faces the sea", kHexIds[i]));
        b.add_harbor(HexSide{*land_hex, kSides[static_cast<std::size_t>((facing - 1 + 3) % 6)]},
                     kind);
    }
    if (land != 19) throw InputError("SOCBoardLayout: not the classic 19-hex board");
    if (desert != kNoId) b.set_robber(desert);
    return b;
}

Board board_v2(const std::vector<int>& hexes, const std::vector<int>& numbers, int robber_hex,
               const std::vector<int>& harbors) {
    if (hexes.size() != 37 || numbers.size() != 37)
        throw InputError(
            fmt::format("SOCBoardLayout2: {} hexes and {} numbers, expected 37 each "
                        "(the 6-player board)",
                        hexes.size(), numbers.size()));
    const Grid& grid = Grid::extended();
    const Topology& topo = grid.topology();
    Board b(unowned(topo));
    int land = 0;
    for (std::size_t i = 0; i < 37; ++i) {
        const int code = hexes[i], num = numbers[i];
        auto h = grid.hex(kHexIds[i]);
        if (!h) {
            // Outside the 6-player land (JSettlers' unused eastern column): water only.
            if (code != 6 || num != -1)
                throw InputError(fmt::format(
                    "SOCBoardLayout2: hex 0x{:02X} is off the 6-player board's land but has "
                    "code {} and number {} (expected water, 6, without a number)",
                    kHexIds[i], code, num));
            continue;
        }
        auto t = terrain_code(code);
        if (!t)
            throw InputError(fmt::format(
                "SOCBoardLayout2: land hex 0x{:02X} of the 6-player board has code {}, not a "
                "terrain 0..5",
                kHexIds[i], code));
        if (*t == Terrain::kDesert ? num != -1 : (num < 2 || num > 12 || num == 7))
            throw InputError(fmt::format(
                "SOCBoardLayout2: hex 0x{:02X} has number {} (expected 2..6 or 8..12, or -1 on a "
                "desert)",
                kHexIds[i], num));
        b.set_hex(*h, *t, *t == Terrain::kDesert ? 0 : num);
        ++land;
    }
    if (land != topo.hex_count())
        throw InputError(
            fmt::format("SOCBoardLayout2: {} land hexes, expected the {} of the "
                        "6-player board",
                        land, topo.hex_count()));
    if (harbors.size() != kHarborEdgesV2.size())
        throw InputError(fmt::format("SOCBoardLayout2: {} harbor types, expected {}",
                                     harbors.size(), kHarborEdgesV2.size()));
    for (std::size_t i = 0; i < harbors.size(); ++i) {
        HarborKind kind = HarborKind::kGeneric;
        if (harbors[i] != 0) {
            auto res = resource_code(harbors[i]);
            if (!res)
                throw InputError(
                    fmt::format("SOCBoardLayout2: harbor {} has type {}, expected 0 (3:1) or 1..5",
                                i + 1, harbors[i]));
            kind = harbor_of(*res);
        }
        auto e = grid.edge(kHarborEdgesV2[i]);
        if (!e || !topo.is_coastal_edge(*e))
            throw InputError(
                fmt::format("SOCBoardLayout2: harbor edge 0x{:02X} is not on the "
                            "coast of the 6-player board",
                            kHarborEdgesV2[i]));
        b.add_harbor(topo.edge_side(*e), kind);
    }
    auto rh = grid.hex(robber_hex);
    if (!rh)
        throw InputError(
            fmt::format("SOCBoardLayout2: the robber's hex 0x{:02X} is not a land hex of the board",
                        robber_hex));
    b.set_robber(*rh);
    return b;
}

}  // namespace ctk::jsettlers
