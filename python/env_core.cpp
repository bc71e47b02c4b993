// The environment of catan.Env and catan.VecEnv (env_core.hpp): the action space, the legal
// moves as a mask, a step, the observation.
#include "env_core.hpp"

#include <algorithm>
#include <cstring>
#include <variant>

#include <fmt/format.h>

#include <catan/engine/rules.hpp>
#include <catan/play/sim.hpp>

namespace ctk::py {

namespace {

SimOptions sim_options(const EnvOptions& opt) {
    SimOptions s;
    s.players = opt.players;
    s.turn_cap = opt.turn_cap;
    s.options = opt.options;
    s.random_board = opt.random_board;
    s.board = opt.board;
    return s;
}

// Parts of the observation, in order (docs/python.md "The observation").
struct ObsLayout {
    int hexes, vertices, edges, players;
    int terrain() const { return 0; }                                   // 6 per hex
    int pips() const { return terrain() + 6 * hexes; }                  // 1 per hex
    int harbors() const { return pips() + hexes; }                      // 6 per vertex
    int robber() const { return harbors() + 6 * vertices; }             // 1 per hex
    int buildings() const { return robber() + hexes; }                  // 2 per (vertex, player)
    int roads() const { return buildings() + 2 * players * vertices; }  // per (edge, player)
    int own() const { return roads() + players * edges; }               // 16
    int seats() const { return own() + 16; }                            // 12 per player
    int bank() const { return seats() + 12 * players; }                 // 6
    int turn() const { return bank() + 6; }                             // 11 + players
    int size() const { return turn() + 11 + players; }
};

ObsLayout layout(const Board& b, int players) {
    const Topology& t = b.topology();
    return {t.hex_count(), t.vertex_count(), t.edge_count(), players};
}

// The observation's board part (terrain, pips, harbors).
std::shared_ptr<const std::vector<float>> board_part(const Board& b, int players) {
    const ObsLayout L = layout(b, players);
    auto part = std::make_shared<std::vector<float>>(static_cast<std::size_t>(L.robber()), 0.0F);
    std::vector<float>& o = *part;
    for (int h = 0; h < L.hexes; ++h) {
        o[static_cast<std::size_t>(L.terrain() + 6 * h + static_cast<int>(b.terrain(h)))] = 1;
        o[static_cast<std::size_t>(L.pips() + h)] = static_cast<float>(token_pips(b.token(h)));
    }
    for (int v = 0; v < L.vertices; ++v)
        if (auto k = b.harbor_at(v))
            o[static_cast<std::size_t>(L.harbors() + 6 * v + static_cast<int>(*k))] = 1;
    return part;
}

}  // namespace

ActionSpace::ActionSpace(const Board& board, int players) : players_(players) {
    const Topology& t = board.topology();
    const int sizes[kKindCount] = {t.vertex_count(),
                                   t.edge_count(),
                                   1,
                                   1,
                                   t.hex_count() * (players + 1),
                                   kResourceCount * kResourceCount,
                                   t.edge_count(),
                                   t.vertex_count(),
                                   t.vertex_count(),
                                   1,
                                   1,
                                   1,
                                   kResourceCount * kResourceCount,
                                   kResourceCount,
                                   1,
                                   players};
    offset_[0] = 0;
    for (int k = 0; k < kKindCount; ++k) offset_[k + 1] = offset_[k] + sizes[k];
}

int ActionSpace::index(const MoveCode& m) const {
    switch (m.type) {
        case event_type_index<PlaceSettlement>():
            return offset_[kPlaceSettlement] + m.id;
        case event_type_index<PlaceRoad>():
            return offset_[kPlaceRoad] + m.id;
        case event_type_index<Roll>():
            return offset_[kRoll];
        case event_type_index<Discard>():
            return offset_[kDiscard];
        case event_type_index<MoveRobber>():
            return offset_[kMoveRobber] + m.id * (players_ + 1) +
                   (m.victim == kNoPlayer ? 0 : m.victim + 1);
        case event_type_index<TradeBank>():
            return offset_[kTradeBank] + m.r1 * kResourceCount + m.r2;
        case event_type_index<BuildRoad>():
            return offset_[kBuildRoad] + m.id;
        case event_type_index<BuildSettlement>():
            return offset_[kBuildSettlement] + m.id;
        case event_type_index<BuildCity>():
            return offset_[kBuildCity] + m.id;
        case event_type_index<BuyDevCard>():
            return offset_[kBuyDevCard];
        case event_type_index<PlayKnight>():
            return offset_[kPlayKnight];
        case event_type_index<PlayRoadBuilding>():
            return offset_[kPlayRoadBuilding];
        case event_type_index<PlayYearOfPlenty>():
            // two cards (first <= second); one card r as (r, r); none (an empty bank) as 0
            return offset_[kPlayYearOfPlenty] +
                   (m.n == 0 ? 0 : m.r1 * kResourceCount + (m.n == 2 ? m.r2 : m.r1));
        case event_type_index<PlayMonopoly>():
            return offset_[kPlayMonopoly] + m.r1;
        case event_type_index<EndTurn>():
            return offset_[kEndTurn];
        case event_type_index<SpecialBuild>():
            return offset_[kSpecialBuild] + m.player;
        default:
            return -1;  // not generated (legal.hpp)
    }
}

ActionSpace::Kind ActionSpace::kind_of(int i) const {
    int k = 0;
    while (k + 1 < kKindCount && i >= offset_[k + 1]) ++k;
    return static_cast<Kind>(k);
}

int observation_size(const Board& board, int players) {
    return layout(board, players).size();
}

EnvCore::EnvCore(std::uint64_t seed, const EnvOptions& opt)
    : opt_(opt), seed_(seed), sampler_(game_seed(seed, 0)), ev_{EndTurn{0}, nullptr, 0} {
    validate_sim_options(sim_options(opt_));
    start();
    space_ = ActionSpace(state_->board(), opt_.players);
    obs_size_ = observation_size(state_->board(), opt_.players);
    slot_.assign(static_cast<std::size_t>(space_.size()), -1);
    list_moves();
}

void EnvCore::start() {
    ++starts_;
    rng_ = Rng(game_seed(seed_, episode_));
    const SimOptions sim = sim_options(opt_);
    state_.emplace(sim_board(sim, rng_), opt_.players, opt_.options);
    // A new header; the events' buffer is kept (no allocation per step once it has grown)
    std::vector<Event> events = std::move(log_.events);
    events.clear();
    log_ = GameLog{};
    log_.events = std::move(events);
    log_.options = opt_.options;
    log_.seats = sim_seats(opt_.players);
    log_.board = state_->board();
    log_.source = fmt::format("catan python Env: seed {}, episode {}, turn cap {}", seed_, episode_,
                              opt_.turn_cap);
    steps_ = 0;
    // the observation's board part: once for a fixed board (shared with other games of it:
    // share_board_part), for each game on random boards
    if (!board_obs_ || opt_.random_board) board_obs_ = board_part(state_->board(), opt_.players);
}

void EnvCore::share_board_part(const EnvCore& other) {
    if (!opt_.random_board && !other.opt_.random_board && *other.board_obs_ == *board_obs_)
        board_obs_ = other.board_obs_;
}

void EnvCore::reset() {
    if (steps_ > 0) ++episode_;
    start();
    list_moves();
}

void EnvCore::reseed(std::uint64_t seed) {
    seed_ = seed;
    episode_ = 1;
    sampler_ = Rng(game_seed(seed, 0));
    start();
    list_moves();
}

bool EnvCore::terminated() const {
    return state_->phase == Phase::kOver ||
           (win_due(*state_) != kNoPlayer && state_->special.builder == kNoPlayer);
}

bool EnvCore::truncated() const {
    return !terminated() && state_->turn > opt_.turn_cap;
}

PlayerId EnvCore::winner() const {
    return winner_at_end(*state_);
}

PlayerId EnvCore::current_player() const {
    return moves_.empty() ? kNoPlayer : moves_[0].player;
}

// The decision's moves (none once the game is over), and which index each takes: the first
// of several moves on one index (a bank trade at several rates: the best rate comes first).
void EnvCore::list_moves() {
    for (int i = 0; i < action_count_; ++i) slot_[static_cast<std::size_t>(actions_[i])] = -1;
    action_count_ = 0;
    moves_.clear();
    if (done()) return;
    legal_moves(*state_, moves_);
    // A discard owed: the first discarder's, alone (self-play's order).
    if (!moves_.empty() && moves_[0].type == event_type_index<Discard>()) {
        const MoveCode first = moves_[0];
        moves_.clear();
        moves_.push_back(first);
    }
    for (std::size_t i = 0; i < moves_.size(); ++i) {
        const int a = space_.index(moves_[i]);
        auto& s = slot_[static_cast<std::size_t>(a)];
        if (s >= 0) continue;
        s = static_cast<std::int16_t>(i);
        actions_[static_cast<std::size_t>(action_count_++)] = static_cast<std::int16_t>(a);
    }
}

void EnvCore::mask(std::uint8_t* out) const {
    std::memset(out, 0, static_cast<std::size_t>(space_.size()));
    for (int i = 0; i < action_count_; ++i) out[actions_[static_cast<std::size_t>(i)]] = 1;
}

bool EnvCore::legal(int a) const {
    return a >= 0 && a < space_.size() && slot_[static_cast<std::size_t>(a)] >= 0;
}

float EnvCore::step(int a, const ResourceCounts* discard) {
    if (done()) throw InputError("step: the game is over (call reset)");
    if (a < 0 || a >= space_.size())
        throw InputError(fmt::format("action: expected 0..{}, got {}", space_.size() - 1, a));
    if (!legal(a))
        throw InputError(
            fmt::format("action {}: not legal now ({} legal actions; see "
                        "action_mask)",
                        a, moves_.size()));
    const MoveCode m = moves_[static_cast<std::size_t>(slot_[static_cast<std::size_t>(a)])];
    move_event(m, ev_.body);
    if (auto* d = std::get_if<Discard>(&ev_.body); d != nullptr && discard != nullptr)
        d->cards = *discard;
    else
        fill_random_chance(*state_, ev_.body, rng_);
    if (auto v = check(*state_, ev_, static_cast<int>(log_.events.size())))
        throw std::logic_error(fmt::format("Env generated an illegal event {}: {}: {}",
                                           event_summary(ev_.body), v->rule_id, v->message));
    apply(*state_, ev_);
    log_.events.push_back(ev_);
    ++steps_;
    list_moves();
    return terminated() && winner() == m.player ? 1.0F : 0.0F;
}

void EnvCore::observe(PlayerId seat, float* out) const {
    const GameState& s = *state_;
    const Board& b = s.board();
    const ObsLayout L = layout(b, opt_.players);
    const int P = opt_.players;
    std::memcpy(out, board_obs_->data(), board_obs_->size() * sizeof(float));
    std::fill(out + L.robber(), out + L.size(), 0.0F);
    auto rel = [&](PlayerId q) { return s.seats_after(seat, q); };  // 0 = the seat itself
    if (s.robber != kNoId) out[L.robber() + s.robber] = 1;
    // buildings and roads from each player's sets (a bit per vertex or edge)
    for (PlayerId q = 0; q < P; ++q) {
        const PlayerState& p = s.players[static_cast<std::size_t>(q)];
        const int r = rel(q);
        float* settlements = out + L.buildings() + 2 * r;
        for_each_set_bit(p.settlement_at, static_cast<std::size_t>(L.vertices),
                         [&](std::size_t v) { settlements[2 * P * static_cast<int>(v)] = 1; });
        for_each_set_bit(p.city_at, static_cast<std::size_t>(L.vertices),
                         [&](std::size_t v) { settlements[2 * P * static_cast<int>(v) + 1] = 1; });
        float* roads = out + L.roads() + r;
        for_each_set_bit(p.roads, static_cast<std::size_t>(L.edges),
                         [&](std::size_t e) { roads[P * static_cast<int>(e)] = 1; });
    }
    const PlayerState& me = s.players[static_cast<std::size_t>(seat)];
    for (int r = 0; r < kResourceCount; ++r) out[L.own() + r] = static_cast<float>(me.hand[r]);
    for (int k = 0; k < kDevCardKinds; ++k) {
        out[L.own() + 5 + k] = me.dev_old[k];
        out[L.own() + 10 + k] = me.dev_new[k];
    }
    out[L.own() + 15] = static_cast<float>(s.vp(seat));
    for (PlayerId q = 0; q < P; ++q) {
        const PlayerState& p = s.players[static_cast<std::size_t>(q)];
        float* o = out + L.seats() + 12 * rel(q);
        o[0] = static_cast<float>(p.hand_size());
        o[1] = static_cast<float>(p.dev_cards_held());
        o[2] = static_cast<float>(s.public_vp(q));
        o[3] = static_cast<float>(p.knights_played());
        o[4] = p.roads_left;
        o[5] = p.settlements_left;
        o[6] = p.cities_left;
        o[7] = p.road_length;
        o[8] = s.longest_road == q ? 1.0F : 0.0F;
        o[9] = s.largest_army == q ? 1.0F : 0.0F;
        o[10] = s.discard_owed[static_cast<std::size_t>(q)];
        o[11] = p.resigned ? 1.0F : 0.0F;
    }
    for (int r = 0; r < kResourceCount; ++r) out[L.bank() + r] = static_cast<float>(s.bank[r]);
    out[L.bank() + 5] = static_cast<float>(s.deck_left);
    float* t = out + L.turn();
    t[static_cast<int>(s.phase)] = 1;  // setup, turn, over
    t[3] = s.rolled ? 1.0F : 0.0F;
    t[4] = s.dev_played ? 1.0F : 0.0F;
    t[5] = s.setup_road_due ? 1.0F : 0.0F;
    t[6] = s.robber_due == RobberReason::kSeven ? 1.0F : 0.0F;
    t[7] = s.robber_due == RobberReason::kKnight ? 1.0F : 0.0F;
    t[8] = static_cast<float>(s.free_roads);
    t[9] = static_cast<float>(s.last_roll);
    t[10] = static_cast<float>(s.turn);
    const PlayerId actor = current_player();
    if (actor != kNoPlayer) t[11 + rel(actor)] = 1;
}

}  // namespace ctk::py
