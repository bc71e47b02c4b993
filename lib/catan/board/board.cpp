#include <catan/board/board.hpp>

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace ctk {

namespace {
constexpr std::array<std::string_view, 5> kResourceNames{"brick", "lumber", "wool", "grain", "ore"};
constexpr std::array<std::string_view, 6> kTerrainNames{"hills",  "forest",    "pasture",
                                                        "fields", "mountains", "desert"};
constexpr std::array<std::string_view, 6> kHarborNames{"3:1",  "brick", "lumber",
                                                       "wool", "grain", "ore"};
constexpr std::array<std::string_view, 3> kBoardKindNames{"standard", "extended", "custom"};

template <class E, std::size_t N>
std::optional<E> find_name(const std::array<std::string_view, N>& names, std::string_view s) {
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == s) return static_cast<E>(i);
    return std::nullopt;
}

template <std::size_t N>
std::string list_names(const std::array<std::string_view, N>& names) {
    std::string out;
    for (auto n : names) out += (out.empty() ? "" : ", ") + std::string(n);
    return out;
}
}  // namespace

std::string_view resource_name(Resource r) {
    return kResourceNames[static_cast<std::size_t>(r)];
}
std::string_view terrain_name(Terrain t) {
    return kTerrainNames[static_cast<std::size_t>(t)];
}
std::string_view harbor_name(HarborKind k) {
    return kHarborNames[static_cast<std::size_t>(k)];
}
std::string_view board_kind_name(BoardKind k) {
    return kBoardKindNames[static_cast<std::size_t>(k)];
}

std::optional<Resource> parse_resource(std::string_view s) {
    if (s == "clay") return Resource::kBrick;
    if (s == "wood") return Resource::kLumber;
    if (s == "sheep") return Resource::kWool;
    if (s == "wheat") return Resource::kGrain;
    return find_name<Resource>(kResourceNames, s);
}
std::optional<Terrain> parse_terrain(std::string_view s) {
    return find_name<Terrain>(kTerrainNames, s);
}
std::optional<HarborKind> parse_harbor(std::string_view s) {
    if (s == "generic") return HarborKind::kGeneric;
    return find_name<HarborKind>(kHarborNames, s);
}

std::optional<Resource> terrain_resource(Terrain t) {
    if (t == Terrain::kDesert) return std::nullopt;
    return static_cast<Resource>(static_cast<int>(t));  // same order
}
std::optional<Resource> harbor_resource(HarborKind k) {
    if (k == HarborKind::kGeneric) return std::nullopt;
    return static_cast<Resource>(static_cast<int>(k) - 1);
}
const std::vector<HexSide>& standard_harbor_slots() {
    static const std::vector<HexSide> slots{{0, Side::kNW},  {1, Side::kNE},  {6, Side::kNE},
                                            {11, Side::kE},  {15, Side::kSE}, {17, Side::kSE},
                                            {16, Side::kSW}, {12, Side::kW},  {3, Side::kW}};
    return slots;
}

Board::Board(std::shared_ptr<const Topology> topology)
    : topology_(std::move(topology)),
      terrain_(static_cast<std::size_t>(topology_->hex_count()), Terrain::kDesert),
      token_(static_cast<std::size_t>(topology_->hex_count()), 0) {}

BoardKind Board::kind() const {
    if (topology_->is_standard()) return BoardKind::kStandard;
    if (topology_->is_extended()) return BoardKind::kExtended;
    return BoardKind::kCustom;
}

void Board::set_hex(HexId h, Terrain t, int token) {
    if (!topology_->valid_hex(h)) throw InputError(fmt::format("hex {} is not on the board", h));
    if (token != 0 && token_pips(token) == 0)
        throw InputError(
            fmt::format("hex {}: token {} is not a number token (2..6, 8..12)", h, token));
    static_assert(kMaxHexes <= 64, "hexes_with_token keeps one bit per hex in 64 bits");
    terrain_[static_cast<std::size_t>(h)] = t;
    const auto res = terrain_resource(t);
    hex_resource_[static_cast<std::size_t>(h)] =
        static_cast<std::int8_t>(res ? static_cast<int>(*res) : -1);
    const std::uint64_t bit = std::uint64_t{1} << h;
    token_hexes_[static_cast<std::size_t>(token_[static_cast<std::size_t>(h)])] &= ~bit;
    token_[static_cast<std::size_t>(h)] = token;
    token_hexes_[static_cast<std::size_t>(token)] |= bit;
}

void Board::add_harbor(HexSide where, HarborKind kind) {
    EdgeId e = topology_->edge_id(where);
    if (!topology_->is_coastal_edge(e))
        throw InputError(fmt::format("harbor on hex {} side {}: edge {} is not on the coast",
                                     where.hex, side_name(where.side), e));
    for (const auto& h : harbors_)
        if (h.edge == e)
            throw InputError(fmt::format("harbor on hex {} side {}: edge {} already has a harbor",
                                         where.hex, side_name(where.side), e));
    harbors_.push_back({where.hex, where.side, e, topology_->edge_vertices(e), kind});
}

void Board::set_robber(HexId h) {
    if (!topology_->valid_hex(h))
        throw InputError(fmt::format("robber: hex {} is not on the board", h));
    robber_ = h;
}

std::optional<HarborKind> Board::harbor_at(VertexId v) const {
    for (const auto& h : harbors_)
        if (h.vertices[0] == v || h.vertices[1] == v) return h.kind;
    return std::nullopt;
}

bool operator==(const Board& a, const Board& b) {
    if (a.topology_ != b.topology_ && a.topology_->hex_count() != b.topology_->hex_count())
        return false;
    if (a.terrain_ != b.terrain_ || a.token_ != b.token_ || a.robber_ != b.robber_) return false;
    if (a.harbors_.size() != b.harbors_.size()) return false;
    for (std::size_t i = 0; i < a.harbors_.size(); ++i)
        if (a.harbors_[i].edge != b.harbors_[i].edge || a.harbors_[i].kind != b.harbors_[i].kind)
            return false;
    for (HexId h = 0; h < a.topology_->hex_count(); ++h)
        if (!(a.topology_->hex_axial(h) == b.topology_->hex_axial(h))) return false;
    return true;
}

Board Board::beginner() {
    static const std::shared_ptr<const Topology> topo(&Topology::standard(),
                                                      [](const Topology*) {});
    using T = Terrain;
    struct Hex {
        Terrain t;
        int token;
    };
    // rulebook beginner board, hex ids 0..18 row by row (shared/data/boards/beginner.txt)
    static constexpr std::array<Hex, 19> kHexes{{
        {T::kMountains, 10}, {T::kPasture, 2},   {T::kForest, 9},                      // row 0
        {T::kFields, 12},    {T::kHills, 6},     {T::kPasture, 4},  {T::kHills, 10},   // row 1
        {T::kFields, 9},     {T::kForest, 11},   {T::kDesert, 0},   {T::kForest, 3},   // row 2
        {T::kMountains, 8},                                                            //
        {T::kForest, 8},     {T::kMountains, 3}, {T::kFields, 4},   {T::kPasture, 5},  // row 3
        {T::kHills, 5},      {T::kFields, 6},    {T::kPasture, 11},                    // row 4
    }};
    Board b(topo);
    for (HexId h = 0; h < 19; ++h) b.set_hex(h, kHexes[h].t, kHexes[h].token);
    using K = HarborKind;
    constexpr std::array<K, 9> kKinds{K::kGeneric, K::kGrain,   K::kOre,   K::kGeneric, K::kWool,
                                      K::kGeneric, K::kGeneric, K::kBrick, K::kLumber};
    const auto& slots = standard_harbor_slots();
    for (std::size_t i = 0; i < 9; ++i) b.add_harbor(slots[i], kKinds[i]);
    b.set_robber(9);
    return b;
}

// ---------------------------------------------------------------- checks

namespace {
struct Composition {
    std::array<int, 6> terrains;  // by Terrain
    std::array<int, 13> tokens;   // by number
    std::array<int, 6> harbors;   // by HarborKind
};
// RULES.md "Components"; the 5-6 player counts are those of the extension (issue 3).
constexpr Composition kStandardComposition{
    {3, 4, 4, 4, 3, 1}, {0, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1}, {4, 1, 1, 1, 1, 1}};
constexpr Composition kExtendedComposition{
    {5, 6, 6, 6, 5, 2}, {0, 0, 2, 3, 3, 3, 3, 0, 3, 3, 3, 3, 2}, {5, 1, 1, 2, 1, 1}};
}  // namespace

std::vector<BoardProblem> check_composition(const Board& b) {
    std::vector<BoardProblem> out;
    auto problem = [&](std::string msg) { out.push_back({"board-composition", std::move(msg)}); };
    const Topology& t = b.topology();
    for (HexId h = 0; h < t.hex_count(); ++h) {
        if (b.terrain(h) == Terrain::kDesert && b.token(h) != 0)
            problem(fmt::format("hex {} is a desert but carries token {}", h, b.token(h)));
        if (b.terrain(h) != Terrain::kDesert && b.token(h) == 0)
            problem(fmt::format("hex {} ({}) has no number token", h, terrain_name(b.terrain(h))));
    }
    if (b.terrain(b.robber()) != Terrain::kDesert && b.kind() != BoardKind::kCustom)
        problem(fmt::format("the robber starts on hex {} ({}), not on a desert", b.robber(),
                            terrain_name(b.terrain(b.robber()))));
    const Composition* want = b.kind() == BoardKind::kStandard   ? &kStandardComposition
                              : b.kind() == BoardKind::kExtended ? &kExtendedComposition
                                                                 : nullptr;
    if (!want) return out;
    Composition got{};
    for (HexId h = 0; h < t.hex_count(); ++h) {
        ++got.terrains[static_cast<std::size_t>(b.terrain(h))];
        ++got.tokens[static_cast<std::size_t>(b.token(h))];
    }
    got.tokens[0] = 0;
    for (const auto& h : b.harbors()) ++got.harbors[static_cast<std::size_t>(h.kind)];
    for (std::size_t i = 0; i < 6; ++i)
        if (got.terrains[i] != want->terrains[i])
            problem(fmt::format("{} {} hexes, expected {}", got.terrains[i], kTerrainNames[i],
                                want->terrains[i]));
    for (int n = 2; n <= 12; ++n)
        if (got.tokens[n] != want->tokens[n])
            problem(fmt::format("{} tokens of {}, expected {}", got.tokens[n], n, want->tokens[n]));
    for (std::size_t i = 0; i < 6; ++i)
        if (got.harbors[i] != want->harbors[i])
            problem(fmt::format("{} {} harbors, expected {}", got.harbors[i], kHarborNames[i],
                                want->harbors[i]));
    return out;
}

std::vector<BoardProblem> check_shape(const Board& b) {
    if (b.kind() != BoardKind::kCustom) return {};
    const Topology& t = b.topology();
    // The frame the board is nearer to: the fewer hexes missing or off it.
    auto distance = [&](const Topology& frame) {
        int shared = 0;
        for (HexId h = 0; h < t.hex_count(); ++h)
            shared += frame.hex_at(t.hex_axial(h)).has_value();
        return (frame.hex_count() - shared) + (t.hex_count() - shared);
    };
    const Topology& frame = distance(Topology::extended()) < distance(Topology::standard())
                                ? Topology::extended()
                                : Topology::standard();
    auto list = [](const std::vector<Axial>& hexes) {
        std::string s;
        for (Axial a : hexes) s += fmt::format(" ({}, {})", a.q, a.r);
        return s;
    };
    std::vector<Axial> missing, off;
    for (HexId h = 0; h < frame.hex_count(); ++h)
        if (!t.hex_at(frame.hex_axial(h))) missing.push_back(frame.hex_axial(h));
    for (HexId h = 0; h < t.hex_count(); ++h)
        if (!frame.hex_at(t.hex_axial(h))) off.push_back(t.hex_axial(h));
    std::string what =
        fmt::format("{} hexes: not the {} {}-hex board; composition not checked", t.hex_count(),
                    &frame == &Topology::standard() ? "standard" : "extended", frame.hex_count());
    if (!missing.empty()) what += "; missing" + list(missing);
    if (!off.empty()) what += "; off the frame" + list(off);
    return {{"board-composition", what}};
}

std::vector<BoardProblem> check_red_adjacent(const Board& b) {
    std::vector<BoardProblem> out;
    const Topology& t = b.topology();
    for (HexId h = 0; h < t.hex_count(); ++h) {
        if (!is_red_token(b.token(h))) continue;
        for (HexId n : t.hex_neighbours(h))
            if (n > h && is_red_token(b.token(n)))
                out.push_back(
                    {"board-red-adjacent", fmt::format("hex {} ({}) and hex {} ({}) are neighbours",
                                                       h, b.token(h), n, b.token(n))});
    }
    return out;
}

}  // namespace ctk
