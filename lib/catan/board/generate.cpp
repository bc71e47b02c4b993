#include <catan/board/generate.hpp>

#include <algorithm>
#include <bit>
#include <cstring>
#include <span>

#include <fmt/format.h>

namespace ctk {

namespace {

std::shared_ptr<const Topology> shared_static(const Topology& t) {
    return std::shared_ptr<const Topology>(&t, [](const Topology*) {});
}

std::vector<Terrain> terrain_list(const std::array<int, 6>& counts) {
    std::vector<Terrain> out;
    for (std::size_t i = 0; i < 6; ++i)
        for (int k = 0; k < counts[i]; ++k) out.push_back(static_cast<Terrain>(i));
    return out;
}

std::vector<int> token_list(const std::array<int, 13>& counts) {
    std::vector<int> out;
    for (int n = 2; n <= 12; ++n)
        for (int k = 0; k < counts[static_cast<std::size_t>(n)]; ++k) out.push_back(n);
    return out;
}

std::vector<HarborKind> harbor_list(const std::array<int, 6>& counts) {
    std::vector<HarborKind> out;
    for (std::size_t i = 0; i < 6; ++i)
        for (int k = 0; k < counts[i]; ++k) out.push_back(static_cast<HarborKind>(i));
    return out;
}

// Adjacency of the hexes of a topology as bit masks (kMaxHexes <= 64).
static_assert(kMaxHexes <= 64);
std::array<std::uint64_t, kMaxHexes> neighbour_masks(const Topology& t) {
    std::array<std::uint64_t, kMaxHexes> m{};
    for (HexId h = 0; h < t.hex_count(); ++h)
        for (HexId n : t.hex_neighbours(h)) m[static_cast<std::size_t>(h)] |= 1ULL << n;
    return m;
}

int hex_distance(Axial a, Axial b) {
    int dq = a.q - b.q, dr = a.r - b.r;
    return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

// ---- the constraint checks, shared by the generator (fast path: out == nullptr, stop at
// the first failure) and check_constraints (out != nullptr: report every problem).

using Problems = std::vector<BoardProblem>*;

bool check_pairs(const Topology& t, std::span<const std::uint8_t> token, bool equal,
                 bool two_twelve, Problems out) {
    bool ok = true;
    for (HexId h = 0; h < t.hex_count(); ++h) {
        int a = token[static_cast<std::size_t>(h)];
        if (a == 0) continue;
        for (HexId n : t.hex_neighbours(h)) {
            if (n < h) continue;
            int b = token[static_cast<std::size_t>(n)];
            if (equal && a == b) {
                if (!out) return false;
                ok = false;
                out->push_back({"board-equal-adjacent",
                                fmt::format("hex {} and hex {} both carry {}", h, n, a)});
            }
            if (two_twelve && a + b == 14 && a != b && (a == 2 || a == 12)) {
                if (!out) return false;
                ok = false;
                out->push_back(
                    {"board-2-12-adjacent",
                     fmt::format("hex {} ({}) and hex {} ({}) are neighbours", h, a, n, b)});
            }
        }
    }
    return ok;
}

bool check_terrain_groups(const Topology& t, const std::array<std::uint64_t, kMaxHexes>& nb,
                          std::span<const Terrain> terrain, int max_group, Problems out) {
    const int n = t.hex_count();
    std::array<std::uint64_t, 6> by_terrain{};
    for (HexId h = 0; h < n; ++h)
        by_terrain[static_cast<std::size_t>(terrain[static_cast<std::size_t>(h)])] |= 1ULL << h;
    bool ok = true;
    std::uint64_t seen = 0;
    for (HexId h = 0; h < n; ++h) {
        if (seen >> h & 1) continue;
        const std::uint64_t same =
            by_terrain[static_cast<std::size_t>(terrain[static_cast<std::size_t>(h)])];
        std::uint64_t group = 1ULL << h, frontier = group;
        while (frontier) {
            int x = std::countr_zero(frontier);
            frontier &= frontier - 1;
            std::uint64_t add = nb[static_cast<std::size_t>(x)] & same & ~group;
            group |= add;
            frontier |= add;
        }
        seen |= group;
        if (std::popcount(group) > max_group) {
            if (!out) return false;
            ok = false;
            std::string list;
            for (std::uint64_t g = group; g; g &= g - 1)
                list += (list.empty() ? "" : ", ") + std::to_string(std::countr_zero(g));
            out->push_back(
                {"board-terrain-group",
                 fmt::format("hexes {} form a connected group of {} {} hexes, more "
                             "than {}",
                             list, std::popcount(group),
                             terrain_name(terrain[static_cast<std::size_t>(h)]), max_group)});
        }
    }
    return ok;
}

bool check_vertex_pips(const Topology& t, std::span<const std::uint8_t> token, int cap,
                       Problems out) {
    bool ok = true;
    for (VertexId v = 0; v < t.vertex_count(); ++v) {
        int pips = 0;
        for (HexId h : t.vertex_hexes(v)) pips += token_pips(token[static_cast<std::size_t>(h)]);
        if (pips > cap) {
            if (!out) return false;
            ok = false;
            std::string list;
            for (HexId h : t.vertex_hexes(v))
                list += (list.empty() ? "" : ", ") + std::to_string(h);
            out->push_back(
                {"board-vertex-pips", fmt::format("vertex {} (hexes {}) has {} pips, more than {}",
                                                  v, list, pips, cap)});
        }
    }
    return ok;
}

std::array<int, kResourceCount> resource_pips(int hexes, std::span<const Terrain> terrain,
                                              std::span<const std::uint8_t> token) {
    std::array<int, kResourceCount> sum{};
    for (int h = 0; h < hexes; ++h) {
        auto t = terrain[static_cast<std::size_t>(h)];
        if (t != Terrain::kDesert)
            sum[static_cast<std::size_t>(t)] += token_pips(token[static_cast<std::size_t>(h)]);
    }
    return sum;
}

bool check_resource_spread(int hexes, std::span<const Terrain> terrain,
                           std::span<const std::uint8_t> token, int cap, Problems out) {
    auto sum = resource_pips(hexes, terrain, token);
    // first smallest and first largest, so that the message names resources in order
    auto lo = std::min_element(sum.begin(), sum.end());
    auto hi = std::max_element(sum.begin(), sum.end());
    if (*hi - *lo <= cap) return true;
    if (out)
        out->push_back(
            {"board-resource-spread",
             fmt::format("resource pips range from {} ({}) to {} ({}): spread {}, more than {}",
                         *lo, resource_name(static_cast<Resource>(lo - sum.begin())), *hi,
                         resource_name(static_cast<Resource>(hi - sum.begin())), *hi - *lo, cap)});
    return false;
}

}  // namespace

// ---------------------------------------------------------------- recipes

const std::vector<HexSide>& extended_harbor_slots() {
    static const std::vector<HexSide> slots{{0, Side::kNW},  {1, Side::kNE},  {6, Side::kNE},
                                            {11, Side::kE},  {22, Side::kE},  {26, Side::kSE},
                                            {28, Side::kSE}, {27, Side::kSW}, {18, Side::kSW},
                                            {12, Side::kW},  {7, Side::kNW}};
    return slots;
}

BoardRecipe BoardRecipe::standard() {
    BoardRecipe r;
    r.topology = shared_static(Topology::standard());
    r.terrains = terrain_list({3, 4, 4, 4, 3, 1});
    r.tokens = token_list({0, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1});
    r.harbor_slots = standard_harbor_slots();
    r.harbor_kinds = harbor_list({4, 1, 1, 1, 1, 1});
    r.centre = {9};
    return r;
}

BoardRecipe BoardRecipe::extended() {
    BoardRecipe r;
    r.topology = shared_static(Topology::extended());
    r.terrains = terrain_list({5, 6, 6, 6, 5, 2});
    r.tokens = token_list({0, 0, 2, 3, 3, 3, 3, 0, 3, 3, 3, 3, 2});
    r.harbor_slots = extended_harbor_slots();
    r.harbor_kinds = harbor_list({5, 1, 1, 2, 1, 1});
    r.centre = {14, 15};
    return r;
}

// ---------------------------------------------------------------- generator

Generator::Generator(BoardRecipe recipe, Constraints constraints)
    : recipe_(std::move(recipe)), constraints_(constraints) {
    if (!recipe_.topology) throw InputError("board recipe: no topology");
    const Topology& t = *recipe_.topology;
    hexes_ = t.hex_count();
    if (static_cast<int>(recipe_.terrains.size()) != hexes_)
        throw InputError(
            fmt::format("board recipe: {} terrains for {} hexes", recipe_.terrains.size(), hexes_));
    for (Terrain x : recipe_.terrains) {
        if (x == Terrain::kDesert)
            ++deserts_;
        else
            producing_terrains_.push_back(x);
    }
    if (recipe_.tokens.size() != producing_terrains_.size())
        throw InputError(fmt::format("board recipe: {} tokens for {} producing hexes",
                                     recipe_.tokens.size(), producing_terrains_.size()));
    for (int tok : recipe_.tokens) {
        if (token_pips(tok) == 0)
            throw InputError(fmt::format("board recipe: {} is not a number token", tok));
        (is_red_token(tok) ? red_tokens_ : other_tokens_).push_back(static_cast<std::uint8_t>(tok));
    }
    reds_ = static_cast<int>(red_tokens_.size());
    if (recipe_.harbor_slots.size() != recipe_.harbor_kinds.size())
        throw InputError(fmt::format("board recipe: {} harbor types for {} slots",
                                     recipe_.harbor_kinds.size(), recipe_.harbor_slots.size()));
    if (recipe_.harbor_slots.size() > static_cast<std::size_t>(kMaxHarbors))
        throw InputError(fmt::format("board recipe: at most {} harbors", kMaxHarbors));
    if (constraints_.max_terrain_group < 0)
        throw InputError("max terrain group: expected 0 (no limit) or a size >= 1");
    if (constraints_.max_vertex_pips < 0)
        throw InputError("max vertex pips: expected 0 (no limit) or a cap >= 1");
    if (constraints_.max_resource_spread < -1)
        throw InputError("max resource spread: expected a cap >= 0");
    if (constraints_.desert == DesertPlacement::kCentre) {
        if (recipe_.centre.empty() || static_cast<int>(recipe_.centre.size()) != deserts_)
            throw InputError("desert centre: this board has no centre for its deserts");
        for (HexId h = 0; h < hexes_; ++h)
            if (std::find(recipe_.centre.begin(), recipe_.centre.end(), h) == recipe_.centre.end())
                centre_rest_.push_back(h);
    }
    // Validates the slots (throws InputError for a slot off the coast).
    Board probe(recipe_.topology);
    for (std::size_t i = 0; i < recipe_.harbor_slots.size(); ++i)
        probe.add_harbor(recipe_.harbor_slots[i], HarborKind::kGeneric);
    neighbour_mask_ = neighbour_masks(t);

    // write_json's fragments (keys in nlohmann's sorted order, as dump() writes them): the
    // constant text between two variable parts is one slice.
    std::string lead = "{\"format\":\"catan-board\",\"harbors\":[";
    for (std::size_t i = 0; i < probe.harbors().size(); ++i) {
        const Harbor& hb = probe.harbors()[i];
        lead += fmt::format("{}{{\"edge\":{},\"hex\":{},\"side\":\"{}\",\"type\":\"", i ? "," : "",
                            hb.edge, hb.hex, side_name(hb.side));
        harbor_lead_[i] = json_add(lead);
        lead = fmt::format("\",\"vertices\":[{},{}]}}", hb.vertices[0], hb.vertices[1]);
    }
    lead += "],\"hexes\":[";
    for (HexId h = 0; h < hexes_; ++h) {
        Axial a = t.hex_axial(h);
        lead += fmt::format("{}{{\"id\":{},\"q\":{},\"r\":{},\"terrain\":\"", h ? "," : "", h, a.q,
                            a.r);
        hex_lead_[static_cast<std::size_t>(h)] = json_add(lead);
        lead.clear();
    }
    json_tail_ =
        json_add(fmt::format("],\"kind\":\"{}\",\"robber\":", board_kind_name(probe.kind())));
    std::uint32_t longest_type = 0, longest_value = 0, longest_robber = 0;
    for (std::size_t k = 0; k < harbor_type_.size(); ++k) {
        harbor_type_[k] = json_add(harbor_name(static_cast<HarborKind>(k)));
        longest_type = std::max(longest_type, harbor_type_[k].size);
    }
    for (std::size_t k = 0; k < hex_value_.size(); ++k) {
        const std::size_t token = k % 13;
        hex_value_[k] =
            json_add(fmt::format("{}\",\"token\":{}}}", terrain_name(static_cast<Terrain>(k / 13)),
                                 token == 0 ? std::string("null") : std::to_string(token)));
        longest_value = std::max(longest_value, hex_value_[k].size);
    }
    for (int h = -1; h < hexes_; ++h) {
        robber_end_[static_cast<std::size_t>(h + 1)] =
            json_add(fmt::format("{},\"version\":1}}", h));
        longest_robber =
            std::max(longest_robber, robber_end_[static_cast<std::size_t>(h + 1)].size);
    }
    json_text_.append(kJsonSlack, '\0');
    json_max_ = json_tail_.size + longest_robber;
    for (std::size_t i = 0; i < probe.harbors().size(); ++i)
        json_max_ += harbor_lead_[i].size + longest_type;
    for (std::size_t h = 0; h < static_cast<std::size_t>(hexes_); ++h)
        json_max_ += hex_lead_[h].size + longest_value;

    for (HexId h = 0; h < hexes_; ++h) hexes_scratch_[static_cast<std::size_t>(h)] = h;
    terrain_scratch_ = producing_terrains_;
    token_scratch_ = other_tokens_;
    harbor_scratch_ = recipe_.harbor_kinds;
}

// Why this draws uniformly from the boards that satisfy the constraints.
//
// The reference sampler: (1) shuffle the terrain multiset over the hexes, (2) shuffle the
// token multiset over the non-desert hexes, (3) shuffle the harbor types over the slots,
// all uniform and independent; accept the board if it satisfies the constraints, else
// start again from (1). Each attempt is independent and identically distributed, so the
// accepted board is uniform over the boards that satisfy the constraints (each board has
// the same probability under (1)-(3), and rejection conditions on the accepted set).
//
// This generator draws the same random board in another order:
//  a. D, the set of desert hexes: the first `deserts` entries of a partial Fisher-Yates
//     over the hexes - a uniform subset, which is the law of the desert set under (1).
//     (Desert centre: D is the centre; (1) conditioned on D = centre.)
//  b. S, the set of hexes with a red token: a partial Fisher-Yates of `reds` entries over
//     the non-desert hexes - a uniform subset, the law of the red hexes under (2) given D.
//  c. the other terrains shuffled over the non-desert hexes, the red tokens in fixed order
//     over the (uniformly ordered) sample S, the other tokens shuffled over the rest, the
//     harbor types shuffled over the slots: given (D, S), exactly the conditional law of
//     the rest of the board under (1)-(3).
// So (a, b, c) draws a board with the law of (1)-(3). board-red-adjacent depends only on
// S, so when S has two neighbouring hexes the attempt is rejected right after b, without
// drawing c: the attempt would be rejected whatever c gave, and attempts are independent,
// so stopping early changes only how many random numbers are used, not the law of the
// accepted board. Likewise board-terrain-group depends only on the terrains, so it is
// checked right after they are drawn. The other constraints are checked on the complete board and a
// failure rejects the whole attempt (back to a, never a partial redraw: keeping D or S across
// attempts would weight them by how easily the rest fits, which is the bias of
// "swap until it fits" generators).
void Generator::generate(Rng& rng, RawBoard& out, std::int64_t max_tries) const {
    const std::size_t n = static_cast<std::size_t>(hexes_);
    const std::size_t d = static_cast<std::size_t>(deserts_);
    const std::size_t r = static_cast<std::size_t>(reds_);
    const bool centre = constraints_.desert == DesertPlacement::kCentre;
    for (std::int64_t attempt = 0; attempt < max_tries; ++attempt) {
        ++tries_;
        // a. the desert hexes, then the producing hexes in producing_scratch_
        std::size_t np = 0;
        if (centre) {
            for (HexId h : centre_rest_) producing_scratch_[np++] = h;
        } else {
            rng.sample_prefix(std::span(hexes_scratch_.data(), n), d);
            for (std::size_t i = d; i < n; ++i) producing_scratch_[np++] = hexes_scratch_[i];
        }
        // b. the red hexes: producing_scratch_[0..r)
        std::span<HexId> producing(producing_scratch_.data(), np);
        rng.sample_prefix(producing, r);
        if (constraints_.no_red_adjacent) {
            std::uint64_t red_mask = 0, near = 0;
            for (std::size_t i = 0; i < r; ++i) {
                auto h = static_cast<std::size_t>(producing[i]);
                red_mask |= 1ULL << h;
                near |= neighbour_mask_[h];
            }
            if (red_mask & near) continue;
        }
        // c. the rest of the board
        out.robber = kNoId;
        if (centre) {
            for (HexId h : recipe_.centre)
                out.terrain[static_cast<std::size_t>(h)] = Terrain::kDesert;
            out.robber = *std::min_element(recipe_.centre.begin(), recipe_.centre.end());
        } else {
            for (std::size_t i = 0; i < d; ++i) {
                HexId h = hexes_scratch_[i];
                out.terrain[static_cast<std::size_t>(h)] = Terrain::kDesert;
                out.token[static_cast<std::size_t>(h)] = 0;
                if (out.robber == kNoId || h < out.robber) out.robber = h;
            }
        }
        if (centre)
            for (HexId h : recipe_.centre) out.token[static_cast<std::size_t>(h)] = 0;
        if (constraints_.max_terrain_group == 1) {
            // No two neighbours of the same terrain: a forward Fisher-Yates that places one
            // hex at a time and gives up at the first clash. It draws the same uniform
            // permutation as shuffle() would, and an attempt that clashes would be rejected
            // anyway, so stopping early is again only a saving of random numbers.
            std::array<std::uint64_t, 6> placed{};
            for (std::size_t i = 0; i < d; ++i)
                placed[static_cast<std::size_t>(Terrain::kDesert)] |=
                    1ULL << (centre ? recipe_.centre[i] : hexes_scratch_[i]);
            bool clash = (placed[static_cast<std::size_t>(Terrain::kDesert)] & [&] {
                             std::uint64_t m = 0;
                             for (std::size_t i = 0; i < d; ++i)
                                 m |= neighbour_mask_[static_cast<std::size_t>(
                                     centre ? recipe_.centre[i] : hexes_scratch_[i])];
                             return m;
                         }()) != 0;
            for (std::size_t i = 0; i < np && !clash; ++i) {
                std::size_t j = i + rng.below(static_cast<std::uint32_t>(np - i));
                std::swap(terrain_scratch_[i], terrain_scratch_[j]);
                auto h = static_cast<std::size_t>(producing[i]);
                auto ter = static_cast<std::size_t>(terrain_scratch_[i]);
                if (placed[ter] & neighbour_mask_[h]) clash = true;
                placed[ter] |= 1ULL << h;
                out.terrain[h] = terrain_scratch_[i];
            }
            if (clash) continue;
        } else {
            rng.shuffle(std::span(terrain_scratch_));
            for (std::size_t i = 0; i < np; ++i)
                out.terrain[static_cast<std::size_t>(producing[i])] = terrain_scratch_[i];
        }
        // board-terrain-group depends on the terrains only: reject before drawing tokens
        // (the same whole-attempt rejection, with fewer random numbers spent).
        if (constraints_.max_terrain_group > 1 &&
            !check_terrain_groups(*recipe_.topology, neighbour_mask_,
                                  std::span<const Terrain>(out.terrain.data(), n),
                                  constraints_.max_terrain_group, nullptr))
            continue;
        for (std::size_t i = 0; i < r; ++i)
            out.token[static_cast<std::size_t>(producing[i])] = red_tokens_[i];
        rng.shuffle(std::span(token_scratch_));
        for (std::size_t i = r; i < np; ++i)
            out.token[static_cast<std::size_t>(producing[i])] = token_scratch_[i - r];
        rng.shuffle(std::span(harbor_scratch_));
        std::copy(harbor_scratch_.begin(), harbor_scratch_.end(), out.harbor.begin());
        if (post_checks(out)) return;
    }
    throw NoBoardError(fmt::format("no board satisfies these constraints in {} tries", max_tries));
}

bool Generator::post_checks(const RawBoard& b) const {
    const Topology& t = *recipe_.topology;
    const Constraints& c = constraints_;
    std::span<const std::uint8_t> token(b.token.data(), static_cast<std::size_t>(hexes_));
    std::span<const Terrain> terrain(b.terrain.data(), static_cast<std::size_t>(hexes_));
    // (board-terrain-group is checked in generate() before the tokens are drawn.)
    if ((c.no_equal_adjacent || c.no_2_12_adjacent) &&
        !check_pairs(t, token, c.no_equal_adjacent, c.no_2_12_adjacent, nullptr))
        return false;
    if (c.max_vertex_pips > 0 && !check_vertex_pips(t, token, c.max_vertex_pips, nullptr))
        return false;
    if (c.max_resource_spread >= 0 &&
        !check_resource_spread(hexes_, terrain, token, c.max_resource_spread, nullptr))
        return false;
    return true;
}

bool Generator::satisfies(const RawBoard& b) const {
    if (constraints_.max_terrain_group > 0 &&
        !check_terrain_groups(
            *recipe_.topology, neighbour_mask_,
            std::span<const Terrain>(b.terrain.data(), static_cast<std::size_t>(hexes_)),
            constraints_.max_terrain_group, nullptr))
        return false;
    if (constraints_.no_red_adjacent)
        for (HexId h = 0; h < hexes_; ++h)
            if (is_red_token(b.token[static_cast<std::size_t>(h)]))
                for (HexId x : recipe_.topology->hex_neighbours(h))
                    if (is_red_token(b.token[static_cast<std::size_t>(x)])) return false;
    if (constraints_.desert == DesertPlacement::kCentre)
        for (HexId h : recipe_.centre)
            if (b.terrain[static_cast<std::size_t>(h)] != Terrain::kDesert) return false;
    return post_checks(b);
}

Board Generator::to_board(const RawBoard& raw) const {
    Board b(recipe_.topology);
    for (HexId h = 0; h < hexes_; ++h)
        b.set_hex(h, raw.terrain[static_cast<std::size_t>(h)],
                  raw.token[static_cast<std::size_t>(h)]);
    for (std::size_t i = 0; i < recipe_.harbor_slots.size(); ++i)
        b.add_harbor(recipe_.harbor_slots[i], raw.harbor[i]);
    b.set_robber(raw.robber);
    return b;
}

Generator::JsonSlice Generator::json_add(std::string_view text) {
    JsonSlice slice{static_cast<std::uint32_t>(json_text_.size()),
                    static_cast<std::uint32_t>(text.size())};
    json_text_ += text;
    return slice;
}

namespace {

// Copies a slice in whole 32-byte blocks (fixed-size copies compile to a few vector moves;
// the source is padded and the destination has kJsonSlack bytes of room past the end).
inline char* put(char* dst, const char* text, std::uint32_t at, std::uint32_t size) {
    const char* src = text + at;
    std::memcpy(dst, src, 32);
    for (std::uint32_t i = 32; i < size; i += 32) std::memcpy(dst + i, src + i, 32);
    return dst + size;
}

}  // namespace

char* Generator::write_json(const RawBoard& b, char* dst) const {
    const char* text = json_text_.data();
    auto copy = [&](JsonSlice s) { dst = put(dst, text, s.at, s.size); };
    for (std::size_t i = 0; i < recipe_.harbor_slots.size(); ++i) {
        copy(harbor_lead_[i]);
        copy(harbor_type_[static_cast<std::size_t>(b.harbor[i])]);
    }
    for (std::size_t h = 0; h < static_cast<std::size_t>(hexes_); ++h) {
        copy(hex_lead_[h]);
        copy(hex_value_[static_cast<std::size_t>(b.terrain[h]) * 13 + b.token[h]]);
    }
    copy(json_tail_);
    copy(robber_end_[static_cast<std::size_t>(b.robber + 1)]);
    return dst;
}

void Generator::append_json(const RawBoard& b, std::string& out) const {
    const std::size_t start = out.size();
    out.resize(start + json_max_ + kJsonSlack);
    char* end = write_json(b, out.data() + start);
    out.resize(static_cast<std::size_t>(end - out.data()));
}

// ---------------------------------------------------------------- checks of a Board

std::string constraints_to_json(const Constraints& c) {
    auto limit = [](int v, int none) {
        return v == none ? std::string("null") : std::to_string(v);
    };
    return fmt::format(
        "{{\"board-red-adjacent\":{},\"board-equal-adjacent\":{},\"board-2-12-adjacent\":{},"
        "\"board-terrain-group\":{},\"board-vertex-pips\":{},\"board-resource-spread\":{},"
        "\"board-desert-centre\":{}}}",
        c.no_red_adjacent, c.no_equal_adjacent, c.no_2_12_adjacent, limit(c.max_terrain_group, 0),
        limit(c.max_vertex_pips, 0), limit(c.max_resource_spread, -1),
        c.desert == DesertPlacement::kCentre);
}

std::vector<BoardProblem> check_constraints(const Board& b, const Constraints& c) {
    std::vector<BoardProblem> out;
    const Topology& t = b.topology();
    const auto n = static_cast<std::size_t>(t.hex_count());
    std::vector<std::uint8_t> token(n);
    std::vector<Terrain> terrain(n);
    for (HexId h = 0; h < t.hex_count(); ++h) {
        token[static_cast<std::size_t>(h)] = static_cast<std::uint8_t>(b.token(h));
        terrain[static_cast<std::size_t>(h)] = b.terrain(h);
    }
    if (c.no_red_adjacent)
        for (auto& p : check_red_adjacent(b)) out.push_back(std::move(p));
    if (c.no_equal_adjacent || c.no_2_12_adjacent)
        check_pairs(t, token, c.no_equal_adjacent, c.no_2_12_adjacent, &out);
    if (c.max_terrain_group > 0)
        check_terrain_groups(t, neighbour_masks(t), terrain, c.max_terrain_group, &out);
    if (c.max_vertex_pips > 0) check_vertex_pips(t, token, c.max_vertex_pips, &out);
    if (c.max_resource_spread >= 0)
        check_resource_spread(t.hex_count(), terrain, token, c.max_resource_spread, &out);
    if (c.desert == DesertPlacement::kCentre && b.kind() != BoardKind::kCustom) {
        auto recipe =
            b.kind() == BoardKind::kStandard ? BoardRecipe::standard() : BoardRecipe::extended();
        std::string centre;
        for (HexId h : recipe.centre) centre += (centre.empty() ? "" : ", ") + std::to_string(h);
        for (HexId h = 0; h < t.hex_count(); ++h)
            if (b.terrain(h) == Terrain::kDesert &&
                std::find(recipe.centre.begin(), recipe.centre.end(), h) == recipe.centre.end())
                out.push_back(
                    {"board-desert-centre",
                     fmt::format("a desert is on hex {}, not in the centre (hex {})", h, centre)});
    }
    return out;
}

// ---------------------------------------------------------------- fairness

Fairness measure_fairness(const Board& b) {
    const Topology& t = b.topology();
    Fairness f;
    for (HexId h = 0; h < t.hex_count(); ++h)
        if (auto r = b.resource(h))
            f.resource_pips[static_cast<std::size_t>(*r)] += token_pips(b.token(h));
    auto [lo, hi] = std::minmax_element(f.resource_pips.begin(), f.resource_pips.end());
    f.resource_spread = *hi - *lo;
    f.worst_vertex_pips = -1;
    for (VertexId v = 0; v < t.vertex_count(); ++v) {
        int pips = 0;
        for (HexId h : t.vertex_hexes(v)) pips += token_pips(b.token(h));
        f.best_vertex_pips = std::max(f.best_vertex_pips, pips);
        if (t.vertex_hexes(v).size() == 3 &&
            (f.worst_vertex_pips < 0 || pips < f.worst_vertex_pips))
            f.worst_vertex_pips = pips;
    }
    if (f.worst_vertex_pips < 0) f.worst_vertex_pips = 0;
    std::vector<HexId> reds;
    unsigned red_resources = 0;
    for (HexId h = 0; h < t.hex_count(); ++h)
        if (is_red_token(b.token(h))) {
            reds.push_back(h);
            if (auto r = b.resource(h)) red_resources |= 1u << static_cast<int>(*r);
        }
    f.red_resources = std::popcount(red_resources);
    for (std::size_t i = 0; i < reds.size(); ++i)
        for (std::size_t j = i + 1; j < reds.size(); ++j) {
            int dist = hex_distance(t.hex_axial(reds[i]), t.hex_axial(reds[j]));
            if (f.red_min_distance == 0 || dist < f.red_min_distance) f.red_min_distance = dist;
        }
    for (const Harbor& hb : b.harbors()) {
        auto res = harbor_resource(hb.kind);
        if (!res) continue;
        bool paired = false;
        for (VertexId v : hb.vertices)
            for (HexId h : t.vertex_hexes(v))
                if (b.resource(h) == res) paired = true;
        f.harbor_pairs += paired;
    }
    return f;
}

const std::vector<std::string>& fairness_names() {
    static const std::vector<std::string> names{
        "brick_pips",       "lumber_pips",     "wool_pips",        "grain_pips",
        "ore_pips",         "resource_spread", "best_vertex_pips", "worst_vertex_pips",
        "red_min_distance", "red_resources",   "harbor_pairs"};
    return names;
}

std::vector<int> fairness_values(const Fairness& f) {
    std::vector<int> v(f.resource_pips.begin(), f.resource_pips.end());
    v.insert(v.end(), {f.resource_spread, f.best_vertex_pips, f.worst_vertex_pips,
                       f.red_min_distance, f.red_resources, f.harbor_pairs});
    return v;
}

void FairnessSummary::add(const Fairness& f) {
    auto values = fairness_values(f);
    if (counts_.empty()) counts_.resize(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        auto v = static_cast<std::size_t>(std::max(0, values[i]));
        if (counts_[i].size() <= v) counts_[i].resize(v + 1, 0);
        ++counts_[i][v];
    }
    ++boards_;
}

FairnessSummary::Column FairnessSummary::column(std::size_t i) const {
    Column c;
    if (i >= counts_.size()) return c;
    bool first = true;
    for (std::size_t v = 0; v < counts_[i].size(); ++v) {
        std::int64_t k = counts_[i][v];
        if (!k) continue;
        if (first) c.min = static_cast<int>(v);
        first = false;
        c.max = static_cast<int>(v);
        c.sum += k * static_cast<std::int64_t>(v);
        c.histogram.emplace_back(static_cast<int>(v), k);
    }
    return c;
}

}  // namespace ctk
