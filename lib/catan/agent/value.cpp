// The greedy player's value function and choice (value.hpp).
#include <catan/agent/value.hpp>

#include <algorithm>

#include <catan/engine/rules.hpp>

namespace ctk {

namespace {

constexpr double kVp = 25, kWin = 10000, kPip = 1.2, kDiversity = 2;
constexpr double kSpotNow = 0.6, kSpotNext = 0.3, kCard = 1, kProgress = 0.5;
constexpr double kCityReady = 4, kSettlementReady = 3, kOverCard = 1, kOverLimit = 2;
constexpr double kRoad = 0.5, kKnight = 2, kDevCard = 3, kFreeRoad = 3, kRobberDue = 2;
constexpr double kOthers = 0.15, kSteal = 1.5, kPassMargin = 0.01;

int vertex_pips(const GameState& s, VertexId v) {
    const Board& b = s.board();
    int pips = 0;
    for (HexId h : s.topology().vertex_hexes(v))
        if (b.resource_index(h) >= 0) pips += token_pips(b.token(h));
    return pips;
}

bool pays(const ResourceCounts& hand, const ResourceCounts& cost) {
    for (int r = 0; r < kResourceCount; ++r)
        if (hand[r] < cost[r]) return false;
    return true;
}

// The best spot p can build a settlement on now, and the best one a road beyond its
// network (pips; 0 when none).
std::pair<int, int> best_spots(const GameState& s, PlayerId p) {
    const Topology& t = s.topology();
    const PlayerState& me = s.players[p];
    const VertexSet blocked = s.blocked_for(p);
    EdgeSet roads;
    for (PlayerId q = 0; q < s.player_count(); ++q) roads |= s.players[q].roads;
    int now = 0, next = 0;
    for (VertexId v = 0; v < t.vertex_count(); ++v) {
        if (!me.road_ends[static_cast<std::size_t>(v)] || blocked[static_cast<std::size_t>(v)])
            continue;
        if (!s.crowded[static_cast<std::size_t>(v)]) now = std::max(now, vertex_pips(s, v));
        for (EdgeId e : t.vertex_edges(v)) {
            if (roads[static_cast<std::size_t>(e)]) continue;
            const VertexId w = t.other_end(e, v);
            if (!s.crowded[static_cast<std::size_t>(w)]) next = std::max(next, vertex_pips(s, w));
        }
    }
    return {now, next};
}

double production_value(const GameState& s, PlayerId p, const ResourceCounts& prod) {
    const unsigned harbors = s.players[p].harbors;
    double v = 0;
    int total = 0;
    for (int r = 0; r < kResourceCount; ++r) {
        total += prod[r];
        v += kPip * prod[r];
        if (prod[r] > 0) v += kDiversity;
        if (harbors & 1U << static_cast<unsigned>(harbor_of(static_cast<Resource>(r))))
            v += 0.25 * kPip * prod[r];
    }
    if (harbors & 1U << static_cast<unsigned>(HarborKind::kGeneric)) v += 0.1 * kPip * total;
    return v;
}

double hand_value(const GameState& s, PlayerId p, bool spot) {
    const PlayerState& me = s.players[p];
    const ResourceCounts& hand = me.hand;
    const int cards = me.hand_size();
    double v = kCard * cards;
    const bool city = me.cities_left > 0 && s.settlements_on_board(p) > 0;
    const bool settle = me.settlements_left > 0 && spot;
    for (int r = 0; r < kResourceCount; ++r) {
        if (city) v += kProgress * std::min(hand[r], kCityCost[r]);
        if (settle) v += kProgress * std::min(hand[r], kSettlementCost[r]);
    }
    if (city && pays(hand, kCityCost)) v += kCityReady;
    if (settle && pays(hand, kSettlementCost)) v += kSettlementReady;
    const int over = cards - s.options().discard_limit;
    if (over > 0) v -= kOverCard * over + kOverLimit;
    return v;
}

}  // namespace

ResourceCounts production_pips(const GameState& s, PlayerId p) {
    const Board& b = s.board();
    const Topology& t = s.topology();
    const PlayerState& me = s.players[p];
    ResourceCounts prod{};
    const VertexSet mine = me.buildings();
    for (VertexId v = 0; v < t.vertex_count(); ++v) {
        if (!mine[static_cast<std::size_t>(v)]) continue;
        const int mult = me.city_at[static_cast<std::size_t>(v)] ? 2 : 1;
        for (HexId h : t.vertex_hexes(v)) {
            const int r = b.resource_index(h);
            if (r >= 0 && h != s.robber) prod[r] += mult * token_pips(b.token(h));
        }
    }
    return prod;
}

double position_value(const GameState& s, PlayerId p) {
    const PlayerState& me = s.players[p];
    const int vp = s.vp(p);
    double v = kVp * vp + (vp >= s.vp_to_win() ? kWin : 0);
    v += production_value(s, p, production_pips(s, p));
    const auto [now, next] = best_spots(s, p);
    if (me.settlements_left > 0) v += kSpotNow * now + kSpotNext * next;
    v += hand_value(s, p, now > 0);
    v += kRoad * me.road_length + kKnight * me.knights_played();
    for (int k = 0; k < kDevCardKinds; ++k)
        if (k != static_cast<int>(DevCard::kVictoryPoint))
            v += kDevCard * (me.dev_old[k] + me.dev_new[k]);
    if (s.active == p) {
        v += kFreeRoad * s.free_roads;
        if (s.robber_due != RobberReason::kNone) v += kRobberDue;
    }
    for (PlayerId q = 0; q < s.player_count(); ++q) {
        if (q == p) continue;
        int pips = 0;
        for (int x : production_pips(s, q)) pips += x;
        v -= kOthers * (kVp * s.public_vp(q) + kPip * pips);
    }
    return v;
}

namespace {

// The value of a development card bought by p: the expectation over the kinds p cannot
// rule out (the deck's counts less p's own cards and every card played).
double buy_value(const GameState& s, PlayerId p, const Event& buy) {
    std::array<int, kDevCardKinds> unknown{};
    int total = 0;
    for (int k = 0; k < kDevCardKinds; ++k) {
        int n = s.deck_counts()[static_cast<std::size_t>(k)] - s.players[p].dev_old[k] -
                s.players[p].dev_new[k];
        for (PlayerId q = 0; q < s.player_count(); ++q) n -= s.players[q].dev_played[k];
        unknown[static_cast<std::size_t>(k)] = std::max(n, 0);
        total += unknown[static_cast<std::size_t>(k)];
    }
    double v = 0;
    for (int k = 0; k < kDevCardKinds; ++k) {
        const int n = total > 0 ? unknown[static_cast<std::size_t>(k)] : 1;
        if (n == 0) continue;
        GameState after = s;
        Event e = buy;
        std::get<BuyDevCard>(e.body).card = static_cast<DevCard>(k);
        apply(after, e);
        v += n * position_value(after, p);
    }
    return v / (total > 0 ? total : kDevCardKinds);
}

// A robber move by p: the robber on its new hex, and a card stolen.
double robber_value(const GameState& s, PlayerId p, const MoveRobber& m) {
    GameState after = s;
    after.robber = m.hex;
    after.robber_due = RobberReason::kNone;
    double v = position_value(after, p);
    if (m.victim != kNoPlayer)
        v += kSteal + kOthers * kVp * 0.1 * s.public_vp(m.victim);  // rob the leader
    return v;
}

}  // namespace

void greedy_values(const GameState& s, const MoveList& list, PlayerId seat,
                   std::vector<double>& values) {
    constexpr std::uint8_t kRollType = event_type_index<Roll>();
    constexpr std::uint8_t kEndType = event_type_index<EndTurn>();
    constexpr std::uint8_t kRobberType = event_type_index<MoveRobber>();
    constexpr std::uint8_t kBuyType = event_type_index<BuyDevCard>();
    constexpr std::uint8_t kSpecialType = event_type_index<SpecialBuild>();
    constexpr std::uint8_t kDiscardType = event_type_index<Discard>();
    values.assign(list.size(), kNotChosen);
    const double here = position_value(s, seat);
    Event e{EndTurn{0}, nullptr, 0};
    for (std::size_t i = 0; i < list.size(); ++i) {
        const MoveCode& m = list[i];
        if (m.type == kRollType || m.type == kEndType) {
            values[i] = here + kPassMargin;  // the pass
            continue;
        }
        if (m.type == kDiscardType || (m.type == kSpecialType && m.player != seat)) continue;
        move_event(m, e.body);
        if (m.type == kRobberType) {
            values[i] = robber_value(s, seat, std::get<MoveRobber>(e.body));
        } else if (m.type == kBuyType) {
            values[i] = buy_value(s, seat, e);
        } else {
            GameState after = s;
            apply(after, e);
            values[i] = position_value(after, seat);
        }
    }
}

std::size_t choose_greedy(const GameState& s, const LegalSet& moves, PlayerId seat) {
    if (moves.has(LegalSet::kDiscards) || moves.size() == 1) return 0;
    thread_local MoveList list;
    thread_local std::vector<double> values;
    legal_moves(moves, list);
    greedy_values(s, list, seat, values);
    std::size_t best = 0;
    for (std::size_t i = 1; i < values.size(); ++i)
        if (values[i] > values[best]) best = i;
    return best;
}

}  // namespace ctk
