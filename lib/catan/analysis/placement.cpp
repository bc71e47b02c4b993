#include <catan/analysis/placement.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <numeric>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/board/rng.hpp>
#include <catan/engine/event.hpp>
#include <catan/io/json_util.hpp>
#include <catan/io/line.hpp>

namespace ctk {

// ---------------------------------------------------------------- weights

namespace {
struct WeightField {
    std::string_view name;
    double PlacementWeights::*member;
};
constexpr std::array<WeightField, 9> kWeightFields{{
    {"pips", &PlacementWeights::pips},
    {"scarcity", &PlacementWeights::scarcity},
    {"resource_diversity", &PlacementWeights::resource_diversity},
    {"number_diversity", &PlacementWeights::number_diversity},
    {"harbor", &PlacementWeights::harbor},
    {"expansion", &PlacementWeights::expansion},
    {"roads", &PlacementWeights::roads},
    {"cities", &PlacementWeights::cities},
    {"start_hand", &PlacementWeights::start_hand},
}};

std::size_t idx(int i) {
    return static_cast<std::size_t>(i);
}
std::size_t ridx(Resource r) {
    return static_cast<std::size_t>(r);
}
}  // namespace

const std::vector<std::string_view>& placement_weight_names() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> n;
        for (const auto& f : kWeightFields) n.push_back(f.name);
        return n;
    }();
    return names;
}

PlacementWeights placement_weights_from_json(const nlohmann::json& j) {
    json_util::as_object(j, "weights");
    PlacementWeights w;
    for (const auto& [key, value] : j.items()) {
        std::string path = json_util::field("weights", key);
        const std::string& name = key;  // a lambda may not capture a structured binding (clang 14)
        auto it = std::find_if(kWeightFields.begin(), kWeightFields.end(),
                               [&](const WeightField& f) { return f.name == name; });
        if (it == kWeightFields.end()) {
            std::string names;
            for (const auto& f : kWeightFields)
                names += (names.empty() ? "" : ", ") + std::string(f.name);
            throw InputError(fmt::format("{}: unknown weight (expected {})", path, names));
        }
        if (!value.is_number())
            throw InputError(
                fmt::format("{}: expected a number, got {}", path, json_util::type_name(value)));
        double x = value.get<double>();
        if (it->name == "scarcity" ? !(x >= 0 && x <= 10) : !(x >= -1000 && x <= 1000))
            throw InputError(fmt::format("{}: must be between {}", path,
                                         it->name == "scarcity" ? "0 and 10" : "-1000 and 1000"));
        w.*(it->member) = x;
    }
    return w;
}

nlohmann::json placement_weights_to_json(const PlacementWeights& w) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& f : kWeightFields) j[std::string(f.name)] = w.*(f.member);
    return j;
}

// ---------------------------------------------------------------- production

VertexProduction vertex_production(const Board& b, VertexId v) {
    const Topology& t = b.topology();
    if (!t.valid_vertex(v))
        throw InputError(
            fmt::format("vertex {} is not on the board (0..{})", v, t.vertex_count() - 1));
    VertexProduction p;
    std::array<bool, 13> seen_number{};
    std::array<bool, kResourceCount> seen_resource{};
    for (HexId h : t.vertex_hexes(v)) {
        auto r = b.resource(h);
        if (!r) continue;          // desert
        ++p.start_hand[ridx(*r)];  // setup-resources: every producing hex, robber or not
        if (h == b.robber()) continue;
        int pips = token_pips(b.token(h));
        if (pips == 0) continue;
        p.pips[ridx(*r)] += pips;
        p.total_pips += pips;
        if (!seen_number[idx(b.token(h))]) ++p.numbers;
        seen_number[idx(b.token(h))] = true;
        if (!seen_resource[ridx(*r)]) ++p.resources;
        seen_resource[ridx(*r)] = true;
    }
    return p;
}

// ---------------------------------------------------------------- odds

std::string_view build_target_name(BuildTarget t) {
    constexpr std::array<std::string_view, 4> kNames{"road", "settlement", "city", "dev_card"};
    return kNames[static_cast<std::size_t>(t)];
}

ResourceCounts build_cost(BuildTarget t) {
    // brick, lumber, wool, grain, ore
    switch (t) {
        case BuildTarget::kRoad:
            return {1, 1, 0, 0, 0};
        case BuildTarget::kSettlement:
            return {1, 1, 1, 1, 0};
        case BuildTarget::kCity:
            return {0, 0, 0, 2, 3};
        case BuildTarget::kDevCard:
            return {0, 0, 1, 1, 1};
    }
    return {};
}

std::optional<double> expected_rolls_until(const std::array<ResourceCounts, 13>& gain,
                                           const ResourceCounts& hand, const ResourceCounts& cost) {
    // State: cards still missing per resource, m_r in 0..miss_r, mixed radix index with
    // resource 0 least significant. A roll only lowers m, so a state's successors have
    // lower or equal indices: solving in index order needs no iteration.
    ResourceCounts miss{}, radix{};
    int states = 1;
    for (std::size_t r = 0; r < kResourceCount; ++r) {
        miss[r] = std::max(0, cost[r] - hand[r]);
        radix[r] = states;
        states *= miss[r] + 1;
    }
    constexpr double kNever = -1;
    std::vector<double> e(idx(states), 0.0);
    for (int s = 1; s < states; ++s) {
        ResourceCounts m{};
        for (std::size_t r = 0; r < kResourceCount; ++r) m[r] = (s / radix[r]) % (miss[r] + 1);
        int stay = 0;
        double moved = 0;
        bool never = false;
        for (int sum = 2; sum <= 12; ++sum) {
            int ways = token_pips(sum);
            if (ways == 0) {
                stay += 6;  // a 7: nothing produced
                continue;
            }
            int next = 0;
            for (std::size_t r = 0; r < kResourceCount; ++r)
                next += std::max(0, m[r] - gain[idx(sum)][r]) * radix[r];
            if (next == s) {
                stay += ways;
            } else if (e[idx(next)] == kNever) {
                never = true;
            } else {
                moved += ways * e[idx(next)];
            }
        }
        e[idx(s)] = (never || stay == 36) ? kNever : (36.0 + moved) / (36 - stay);
    }
    if (e[idx(states - 1)] == kNever) return std::nullopt;
    return e[idx(states - 1)];
}

namespace {
// gain[s][r]: cards of r that the settlements receive on dice sum s.
std::array<ResourceCounts, 13> roll_gains(const Board& b, std::span<const VertexId> settlements) {
    const Topology& t = b.topology();
    std::array<ResourceCounts, 13> gain{};
    for (VertexId v : settlements) {
        if (!t.valid_vertex(v))
            throw InputError(
                fmt::format("vertex {} is not on the board (0..{})", v, t.vertex_count() - 1));
        for (HexId h : t.vertex_hexes(v)) {
            auto r = b.resource(h);
            if (!r || h == b.robber() || token_pips(b.token(h)) == 0) continue;
            ++gain[idx(b.token(h))][ridx(*r)];
        }
    }
    return gain;
}
}  // namespace

ProductionOdds production_odds(const Board& b, std::span<const VertexId> settlements,
                               const ResourceCounts& start_hand) {
    ProductionOdds o;
    o.start_hand = start_hand;
    auto gain = roll_gains(b, settlements);
    int max_cards = 0;
    for (int s = 2; s <= 12; ++s) {
        o.ways[idx(s)] = dice_ways(s);
        int cards = s == 7 ? 0 : std::accumulate(gain[idx(s)].begin(), gain[idx(s)].end(), 0);
        max_cards = std::max(max_cards, cards);
    }
    o.cards_ways.assign(idx(max_cards + 1), 0);
    for (int s = 2; s <= 12; ++s) {
        int cards = s == 7 ? 0 : std::accumulate(gain[idx(s)].begin(), gain[idx(s)].end(), 0);
        o.cards_ways[idx(cards)] += o.ways[idx(s)];
        if (cards > 0) o.any_card_ways += o.ways[idx(s)];
        for (std::size_t r = 0; r < kResourceCount; ++r)
            o.pips[r] += gain[idx(s)][r] * o.ways[idx(s)];
    }
    o.p_any_card = o.any_card_ways / 36.0;
    for (std::size_t r = 0; r < kResourceCount; ++r) o.cards_per_roll[r] = o.pips[r] / 36.0;
    for (std::size_t i = 0; i < kBuildTargets.size(); ++i)
        o.rolls_until[i] = expected_rolls_until(gain, start_hand, build_cost(kBuildTargets[i]));
    return o;
}

std::array<std::optional<double>, 4> simulate_rolls_until(const Board& b,
                                                          std::span<const VertexId> settlements,
                                                          const ResourceCounts& start_hand,
                                                          int trials, std::uint64_t seed) {
    if (trials < 1)
        throw InputError(fmt::format("simulate: {} trials (expected at least 1)", trials));
    auto gain = roll_gains(b, settlements);
    std::array<std::optional<double>, 4> out{};
    Rng rng(seed);
    for (std::size_t i = 0; i < kBuildTargets.size(); ++i) {
        ResourceCounts cost = build_cost(kBuildTargets[i]);
        bool possible = true;
        for (std::size_t r = 0; r < kResourceCount; ++r) {
            bool produced = false;
            for (int s = 2; s <= 12; ++s) produced = produced || gain[idx(s)][r] > 0;
            possible = possible && (start_hand[r] >= cost[r] || produced);
        }
        if (!possible) continue;
        long long total = 0;
        for (int k = 0; k < trials; ++k) {
            ResourceCounts hand = start_hand;
            auto affordable = [&] {
                for (std::size_t r = 0; r < kResourceCount; ++r)
                    if (hand[r] < cost[r]) return false;
                return true;
            };
            while (!affordable()) {
                int sum = 2 + static_cast<int>(rng.below(6)) + static_cast<int>(rng.below(6));
                for (std::size_t r = 0; r < kResourceCount; ++r) hand[r] += gain[idx(sum)][r];
                ++total;
            }
        }
        out[i] = static_cast<double>(total) / trials;
    }
    return out;
}

// ---------------------------------------------------------------- model

PlacementModel::PlacementModel(const Board& board, std::span<const VertexId> taken,
                               const PlacementWeights& weights)
    : board_(board), weights_(weights), taken_(taken.begin(), taken.end()) {
    const Topology& t = board_.topology();
    const int n = t.vertex_count();
    for (VertexId v : taken_) {
        if (!t.valid_vertex(v))
            throw InputError(fmt::format("taken: vertex {} is not on the board (0..{})", v, n - 1));
        occupied_.set(idx(v));
    }
    legal_.assign(idx(n), false);
    for (VertexId v = 0; v < n; ++v) {
        bool ok = !occupied_.test(idx(v));
        for (VertexId u : t.vertex_neighbours(v)) ok = ok && !occupied_.test(idx(u));
        legal_[idx(v)] = ok;
        if (ok) legal_list_.push_back(v);
    }

    for (HexId h = 0; h < t.hex_count(); ++h) {
        auto r = board_.resource(h);
        if (r && h != board_.robber()) board_pips_[ridx(*r)] += token_pips(board_.token(h));
    }
    int present = 0, total = 0;
    for (int p : board_pips_) {
        total += p;
        present += p > 0;
    }
    for (std::size_t r = 0; r < kResourceCount; ++r) {
        if (board_pips_[r] == 0) continue;
        double ratio = static_cast<double>(total) / present / board_pips_[r];
        scarcity_[r] = weights_.scarcity == 1.0 ? ratio : std::pow(ratio, weights_.scarcity);
    }

    prod_.reserve(idx(n));
    weighted_.reserve(idx(n));
    for (VertexId v = 0; v < n; ++v) {
        prod_.push_back(vertex_production(board_, v));
        double w = 0;
        for (std::size_t r = 0; r < kResourceCount; ++r) w += scarcity_[r] * prod_.back().pips[r];
        weighted_.push_back(w);
    }

    harbor_.resize(idx(n));
    number_mask_.assign(idx(n), 0);
    for (VertexId v = 0; v < n; ++v) {
        harbor_[idx(v)] = board_.harbor_at(v);
        for (HexId h : t.vertex_hexes(v))
            if (h != board_.robber() && board_.resource(h) && token_pips(board_.token(h)) > 0)
                number_mask_[idx(v)] |= 1u << board_.token(h);
    }

    expansions_.resize(idx(n));
    for (VertexId v = 0; v < n; ++v) {
        auto& list = expansions_[idx(v)];
        for (VertexId u : t.vertex_neighbours(v))
            for (VertexId x : t.vertex_neighbours(u)) {
                if (x == v || !legal_[idx(x)] || t.edge_between(x, v) != kNoId) continue;
                if (std::find(list.begin(), list.end(), x) == list.end()) list.push_back(x);
            }
        std::sort(list.begin(), list.end(), [&](VertexId a, VertexId b) {
            if (weighted_[idx(a)] != weighted_[idx(b)])
                return weighted_[idx(a)] > weighted_[idx(b)];
            return a < b;
        });
    }
}

double PlacementModel::harbor_value(HarborKind k, const ResourceCounts& pips) const {
    if (auto r = harbor_resource(k)) return pips[ridx(*r)] / 4.0;
    return std::accumulate(pips.begin(), pips.end(), 0) / 12.0;
}

double PlacementModel::expansion_value(VertexId v, VertexId other) const {
    const Topology& t = board_.topology();
    for (VertexId x : expansions_[idx(v)]) {
        if (other != kNoId && (x == other || t.edge_between(x, other) != kNoId)) continue;
        return weighted_[idx(x)];
    }
    return 0;
}

VertexScore PlacementModel::score_vertex(VertexId v) const {
    const Topology& t = board_.topology();
    if (!t.valid_vertex(v))
        throw InputError(
            fmt::format("vertex {} is not on the board (0..{})", v, t.vertex_count() - 1));
    VertexScore s;
    s.vertex = v;
    s.production = prod_[idx(v)];
    s.weighted_pips = weighted_[idx(v)];
    s.harbor = harbor_[idx(v)];
    if (s.harbor) s.harbor_value = harbor_value(*s.harbor, s.production.pips);
    const auto& ex = expansions_[idx(v)];
    s.expansion.assign(
        ex.begin(), ex.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(3, ex.size())));
    s.expansion_value = ex.empty() ? 0 : weighted_[idx(ex.front())];
    const PlacementWeights& w = weights_;
    s.parts.pips = w.pips * s.weighted_pips;
    s.parts.resources = w.resource_diversity * s.production.resources;
    s.parts.numbers = w.number_diversity * s.production.numbers;
    s.parts.harbor = w.harbor * s.harbor_value;
    s.parts.expansion = w.expansion * s.expansion_value;
    s.score = s.parts.sum();
    return s;
}

std::vector<VertexScore> PlacementModel::rank_vertices() const {
    std::vector<VertexScore> out;
    out.reserve(legal_list_.size());
    for (VertexId v : legal_list_) out.push_back(score_vertex(v));
    std::sort(out.begin(), out.end(), [](const VertexScore& a, const VertexScore& b) {
        if (a.score != b.score) return a.score > b.score;
        return a.vertex < b.vertex;
    });
    return out;
}

PairScore PlacementModel::score_pair(VertexId a, VertexId b) const {
    const VertexProduction& pa = prod_[idx(a)];
    const VertexProduction& pb = prod_[idx(b)];
    PairScore p;
    p.first = a;
    p.second = b;
    p.numbers = std::popcount(number_mask_[idx(a)] | number_mask_[idx(b)]);
    for (std::size_t r = 0; r < kResourceCount; ++r) {
        p.pips[r] = pa.pips[r] + pb.pips[r];
        p.total_pips += p.pips[r];
        p.resources += p.pips[r] > 0;
    }
    p.start_hand = pb.start_hand;
    p.covers_roads = p.pips[ridx(Resource::kBrick)] > 0 && p.pips[ridx(Resource::kLumber)] > 0;
    p.covers_cities = p.pips[ridx(Resource::kOre)] > 0 && p.pips[ridx(Resource::kGrain)] > 0;
    auto ha = harbor_[idx(a)];
    auto hb = harbor_[idx(b)];
    if (ha) p.harbor_value += harbor_value(*ha, p.pips);
    if (hb && hb != ha) p.harbor_value += harbor_value(*hb, p.pips);
    p.expansion_value = expansion_value(a, b) + expansion_value(b, a);

    const PlacementWeights& w = weights_;
    p.parts.pips = w.pips * (weighted_[idx(a)] + weighted_[idx(b)]);
    p.parts.resources = w.resource_diversity * p.resources;
    p.parts.numbers = w.number_diversity * p.numbers;
    p.parts.harbor = w.harbor * p.harbor_value;
    p.parts.expansion = w.expansion * p.expansion_value;
    p.parts.roads = p.covers_roads ? w.roads : 0;
    p.parts.cities = p.covers_cities ? w.cities : 0;
    p.parts.start_hand =
        w.start_hand * std::accumulate(p.start_hand.begin(), p.start_hand.end(), 0);
    p.score = p.parts.sum();
    return p;
}

std::optional<PairScore> PlacementModel::best_second(VertexId a) const {
    const Topology& t = board_.topology();
    std::optional<PairScore> best;
    for (VertexId b : legal_list_) {
        if (b == a || t.edge_between(a, b) != kNoId) continue;
        PairScore p = score_pair(a, b);
        if (!best || p.score > best->score) best = p;  // ascending b: ties keep the lower
    }
    return best;
}

std::vector<PairScore> PlacementModel::best_pairs() const {
    std::vector<PairScore> out;
    for (VertexId a : legal_list_)
        if (auto p = best_second(a)) out.push_back(*p);
    std::sort(out.begin(), out.end(), [](const PairScore& x, const PairScore& y) {
        if (x.score != y.score) return x.score > y.score;
        if (x.first != y.first) return x.first < y.first;
        return x.second < y.second;
    });
    return out;
}

ProductionOdds PlacementModel::pair_odds(const PairScore& p) const {
    std::array<VertexId, 2> vs{p.first, p.second};
    return production_odds(board_, vs, p.start_hand);
}

std::vector<DraftPick> draft_setup(const Board& b, std::span<const VertexId> taken, int seats,
                                   const PlacementWeights& weights) {
    if (seats < 1 || seats > 6)
        throw InputError(fmt::format("seats: {} is not a number of players (1..6)", seats));
    std::vector<VertexId> occupied(taken.begin(), taken.end());
    std::vector<VertexId> first(idx(seats), kNoId);
    std::vector<DraftPick> picks;
    for (int round = 1; round <= 2; ++round)
        for (int i = 0; i < seats; ++i) {
            int seat = round == 1 ? i : seats - 1 - i;
            if (round == 1) {
                PlacementModel m(b, occupied, weights);
                auto pairs = m.best_pairs();
                if (pairs.empty()) {
                    // No pair left: take the best single vertex, if any.
                    auto ranked = m.rank_vertices();
                    if (ranked.empty()) continue;
                    picks.push_back({seat, round, ranked.front().vertex, ranked.front().score});
                } else {
                    picks.push_back({seat, round, pairs.front().first, pairs.front().score});
                }
                first[idx(seat)] = picks.back().vertex;
                occupied.push_back(picks.back().vertex);
            } else {
                VertexId a = first[idx(seat)];
                std::vector<VertexId> others;
                for (VertexId v : occupied)
                    if (v != a) others.push_back(v);
                PlacementModel m(b, others, weights);
                std::optional<PairScore> p;
                if (a != kNoId) p = m.best_second(a);
                if (!p) continue;
                picks.push_back({seat, round, p->second, p->score});
                occupied.push_back(p->second);
            }
        }
    return picks;
}

// ---------------------------------------------------------------- a game's setup

std::vector<SetupRating> rate_setup(const Board& b, std::span<const SetupPlacement> placements,
                                    const PlacementWeights& weights) {
    const Topology& t = b.topology();
    std::vector<SetupRating> out;
    std::vector<VertexId> occupied;
    std::map<int, VertexId> first;  // player -> first settlement
    std::map<int, int> count;
    for (std::size_t i = 0; i < placements.size(); ++i) {
        const SetupPlacement& sp = placements[i];
        if (!t.valid_vertex(sp.vertex))
            throw InputError(
                fmt::format("setup placement {}: vertex {} is not on the board (0..{})", i,
                            sp.vertex, t.vertex_count() - 1));
        int round = ++count[sp.player];
        if (round > 2) continue;
        SetupRating r;
        r.index = static_cast<int>(i);
        r.player = sp.player;
        r.round = round;
        r.vertex = sp.vertex;
        // (candidate, score) of every legal choice
        std::vector<std::pair<VertexId, double>> options;
        if (round == 1) {
            PlacementModel m(b, occupied, weights);
            r.legal = m.is_legal(sp.vertex);
            for (const auto& p : m.best_pairs()) options.emplace_back(p.first, p.score);
            if (r.legal)
                if (auto p = m.best_second(sp.vertex)) r.score = p->score;
            first[sp.player] = sp.vertex;
        } else {
            VertexId a = first[sp.player];
            std::vector<VertexId> others;
            for (VertexId v : occupied)
                if (v != a) others.push_back(v);
            PlacementModel m(b, others, weights);
            r.legal =
                m.is_legal(sp.vertex) && sp.vertex != a && t.edge_between(a, sp.vertex) == kNoId;
            for (VertexId v : m.legal_vertices())
                if (v != a && t.edge_between(a, v) == kNoId)
                    options.emplace_back(v, m.score_pair(a, v).score);
            if (r.legal) r.score = m.score_pair(a, sp.vertex).score;
        }
        r.choices = static_cast<int>(options.size());
        for (const auto& [v, sc] : options)
            if (r.best == kNoId || sc > r.best_score) {
                r.best = v;
                r.best_score = sc;
            }
        if (r.legal) {
            r.rank = 1;
            for (const auto& [v, sc] : options)
                if (sc > r.score) ++r.rank;
        }
        occupied.push_back(sp.vertex);
        out.push_back(r);
    }
    return out;
}

// ---------------------------------------------------------------- catanstats

namespace {
std::vector<std::string> split_csv_line(std::string_view line) {
    std::vector<std::string> out(1);
    for (char c : line) {
        if (c == ',')
            out.emplace_back();
        else if (c != '\r' && c != '"')
            out.back() += c;
    }
    return out;
}

int parse_int(const std::string& s, int line, std::string_view column) {
    int v = 0;
    bool ok = !s.empty() && s.size() < 9;
    for (char c : s) ok = ok && c >= '0' && c <= '9';
    if (ok) v = std::stoi(s);
    if (!ok)
        throw InputError(
            fmt::format("line {}: {}: expected a whole number, got \"{}\"", line, column, s));
    return v;
}

// Resource of a catanstats code; std::nullopt for desert, blank and harbours.
std::optional<Resource> catanstats_resource(const std::string& code, int line,
                                            std::string_view column) {
    if (code == "L") return Resource::kLumber;
    if (code == "C") return Resource::kBrick;
    if (code == "S") return Resource::kWool;
    if (code == "W") return Resource::kGrain;
    if (code == "O") return Resource::kOre;
    if (code == "D" || code == "B" || code == "3G" ||
        (code.size() == 2 && code[0] == '2' &&
         std::string_view("LCSWO").find(code[1]) != std::string_view::npos))
        return std::nullopt;
    throw InputError(fmt::format(
        "line {}: {}: unknown resource code \"{}\" (expected L, C, S, W, O, D, B, 3G or 2X)", line,
        column, code));
}

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
    const double n = static_cast<double>(x.size());
    if (x.size() < 2) return 0;
    double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
    double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    if (sxx == 0 || syy == 0) return 0;
    return sxy / std::sqrt(sxx * syy);
}

// Ranks 1..n (1 = largest), ties given their average rank.
std::vector<double> ranks_desc(const std::vector<double>& x) {
    std::vector<std::size_t> order(x.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return x[a] > x[b]; });
    std::vector<double> rank(x.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j < order.size() && x[order[j]] == x[order[i]]) ++j;
        double avg = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;
        for (std::size_t k = i; k < j; ++k) rank[order[k]] = avg;
        i = j;
    }
    return rank;
}
}  // namespace

namespace {

// The rows of each game agree: 2..kMaxPlayers rows, players numbered 1..rows once each, the
// same dice (columns swapped or rows of two games mixed fail here).
void check_catanstats_games(std::span<const CatanstatsRow> rows) {
    std::map<int, std::vector<const CatanstatsRow*>> games;
    for (const auto& r : rows) games[r.game].push_back(&r);
    for (const auto& [num, players] : games) {
        const int n = static_cast<int>(players.size());
        if (n < 2 || n > kMaxPlayers)
            throw InputError(fmt::format("line {}: game {} has {} player{} (expected 2..{})",
                                         players.front()->line, num, n, n == 1 ? "" : "s",
                                         kMaxPlayers));
        std::vector<int> line_of(static_cast<std::size_t>(n) + 1, 0);
        for (const auto* r : players) {
            if (r->player < 1 || r->player > n)
                throw InputError(
                    fmt::format("line {}: player {}: expected 1..{}", r->line, r->player, n));
            int& seen = line_of[static_cast<std::size_t>(r->player)];
            if (seen != 0)
                throw InputError(fmt::format(
                    "line {}: player {}: a second row of game {} (the first is line {})", r->line,
                    r->player, num, seen));
            seen = r->line;
            if (r->dice != players.front()->dice)
                throw InputError(
                    fmt::format("line {}: the dice differ from the game's first row", r->line));
        }
    }
}

}  // namespace

std::vector<CatanstatsRow> read_catanstats(std::string_view csv) {
    std::vector<CatanstatsRow> rows;
    std::vector<std::string> header;
    std::map<std::string, std::size_t, std::less<>> col;
    int line_no = 0;
    std::size_t pos = 0;
    if (csv.starts_with("\xEF\xBB\xBF")) pos = 3;  // a UTF-8 byte-order mark (spreadsheets)
    while (pos < csv.size()) {
        std::string_view line = take_line(csv, pos);
        ++line_no;
        if (blank_line(line)) continue;
        auto cells = split_csv_line(line);
        if (header.empty()) {
            header = cells;
            for (std::size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
            for (std::string_view need : {"gameNum", "player", "points", "production"})
                if (!col.count(need))
                    throw InputError(fmt::format("line {}: missing column \"{}\"", line_no, need));
            continue;
        }
        // One cell per column: a row with a cell missing or one too many is shifted.
        if (cells.size() != header.size())
            throw InputError(
                fmt::format("line {}: {} cells, expected {} (one per column of the "
                            "header)",
                            line_no, cells.size(), header.size()));
        auto cell = [&](std::string_view name) -> const std::string& {
            auto it = col.find(name);
            if (it == col.end())
                throw InputError(fmt::format("line 1: missing column \"{}\"", name));
            return cells[it->second];
        };
        CatanstatsRow row;
        row.line = line_no;
        row.game = parse_int(cell("gameNum"), line_no, "gameNum");
        row.player = parse_int(cell("player"), line_no, "player");
        row.points = parse_int(cell("points"), line_no, "points");
        row.production = parse_int(cell("production"), line_no, "production");
        for (int s = 1; s <= 2; ++s)
            for (int k = 1; k <= 3; ++k) {
                std::string num_col = k == 1 ? fmt::format("settlement{}", s)
                                             : fmt::format("settlement{}_num{}", s, k);
                std::string res_col = fmt::format("settlement{}_resource{}", s, k);
                int num = parse_int(cell(num_col), line_no, num_col);
                if (num > 12 || num == 1 || num == 7)
                    throw InputError(
                        fmt::format("line {}: {}: {} is not a number token (2..6, 8..12, or 0)",
                                    line_no, num_col, num));
                auto r = catanstats_resource(cell(res_col), line_no, res_col);
                if (!r) continue;
                int pips = token_pips(num);
                row.pips[ridx(*r)] += pips;
                row.total_pips += pips;
            }
        for (int p : row.pips) row.resources += p > 0;
        for (int d = 2; d <= 12; ++d) {
            const std::string name = std::to_string(d);
            if (col.count(name)) {
                row.dice[static_cast<std::size_t>(d)] = parse_int(cell(name), line_no, name);
            }
        }
        rows.push_back(row);
    }
    if (header.empty()) throw InputError("line 1: missing header");
    if (rows.empty())
        throw InputError(
            fmt::format("no data rows after the header (line {} is the last)", line_no));
    check_catanstats_games(rows);
    return rows;
}

CatanstatsSummary summarize_catanstats(std::span<const CatanstatsRow> rows) {
    CatanstatsSummary s;
    s.rows = static_cast<int>(rows.size());
    if (rows.empty()) return s;
    std::map<int, std::vector<std::size_t>> games;
    for (std::size_t i = 0; i < rows.size(); ++i) games[rows[i].game].push_back(i);
    s.games = static_cast<int>(games.size());

    std::vector<double> pips, points, production;
    for (const auto& r : rows) {
        pips.push_back(r.total_pips);
        points.push_back(r.points);
        production.push_back(r.production);
    }
    const double n = static_cast<double>(rows.size());
    s.mean_pips = std::accumulate(pips.begin(), pips.end(), 0.0) / n;
    s.mean_points = std::accumulate(points.begin(), points.end(), 0.0) / n;
    s.corr_pips_points = pearson(pips, points);
    s.corr_pips_production = pearson(pips, production);
    double sxy = 0, sxx = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        sxy += (pips[i] - s.mean_pips) * (points[i] - s.mean_points);
        sxx += (pips[i] - s.mean_pips) * (pips[i] - s.mean_pips);
    }
    s.slope_points_per_pip = sxx == 0 ? 0 : sxy / sxx;
    s.intercept = s.mean_points - s.slope_points_per_pip * s.mean_pips;

    std::vector<bool> winner(rows.size(), false);
    std::vector<double> pip_ranks, point_ranks;
    for (const auto& [game, members] : games) {
        int best = 0, top = -1, top_count = 0;
        std::vector<double> gp, gq;
        for (std::size_t i : members) {
            best = std::max(best, rows[i].points);
            if (rows[i].total_pips > top) {
                top = rows[i].total_pips;
                top_count = 0;
            }
            if (rows[i].total_pips == top) ++top_count;
            gp.push_back(rows[i].total_pips);
            gq.push_back(rows[i].points);
        }
        for (std::size_t i : members) winner[i] = rows[i].points == best;
        if (top_count == 1) {
            ++s.top_pips_games;
            for (std::size_t i : members)
                if (rows[i].total_pips == top && winner[i]) ++s.top_pips_won;
        }
        auto rp = ranks_desc(gp), rq = ranks_desc(gq);
        pip_ranks.insert(pip_ranks.end(), rp.begin(), rp.end());
        point_ranks.insert(point_ranks.end(), rq.begin(), rq.end());
    }
    s.corr_pips_rank = pearson(pip_ranks, point_ranks);

    double wsum = 0, osum = 0;
    int wn = 0, on = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (winner[i]) {
            wsum += rows[i].total_pips;
            ++wn;
        } else {
            osum += rows[i].total_pips;
            ++on;
        }
    }
    s.winner_mean_pips = wn ? wsum / wn : 0;
    s.others_mean_pips = on ? osum / on : 0;

    s.buckets = {{0, 17}, {18, 19}, {20, 21}, {22, 99}};
    for (auto& b : s.buckets) {
        double sum = 0;
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (rows[i].total_pips >= b.lo && rows[i].total_pips <= b.hi) {
                ++b.count;
                sum += rows[i].points;
                b.wins += winner[i];
            }
        b.mean_points = b.count ? sum / b.count : 0;
    }
    return s;
}

}  // namespace ctk
