// Seeded self-play over the legal-move generator and the rules (see sim.hpp for the policy).
#include <catan/play/sim.hpp>

#include <catan/engine/invariants.hpp>

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include <catan/agent/rollout.hpp>
#include <catan/agent/value.hpp>
#include <catan/board/generate.hpp>
#include <catan/engine/legal.hpp>
#include <catan/engine/rules.hpp>

namespace ctk {

namespace {

const std::shared_ptr<const Board>& beginner_board() {
    static const std::shared_ptr<const Board> b = std::make_shared<const Board>(Board::beginner());
    return b;
}

}  // namespace

std::shared_ptr<const Board> sim_board(const SimOptions& opt, Rng& rng) {
    const bool extended = opt.players > 4 && !opt.board;
    if (opt.random_board || extended) {
        // A Generator's output depends on its scratch arrays as left by earlier calls, so
        // each game draws from a fresh copy of a pristine one: the board is then a function
        // of the game's seed alone.
        static const Generator pristine(BoardRecipe::standard(), Constraints{});
        static const Generator pristine_extended(BoardRecipe::extended(), Constraints{});
        Generator gen = extended ? pristine_extended : pristine;
        RawBoard raw;
        gen.generate(rng, raw);
        return std::make_shared<const Board>(gen.to_board(raw));
    }
    return opt.board ? opt.board : beginner_board();
}

const SimOptions& validate_sim_options(const SimOptions& opt) {
    if (opt.players < 2 || opt.players > kMaxPlayers)
        throw InputError(fmt::format("players: expected 2..{}, got {}", kMaxPlayers, opt.players));
    if (opt.players > 4 && opt.board && opt.board->kind() != BoardKind::kExtended)
        throw InputError(
            fmt::format("players: {} players need the extended (5-6 player) board", opt.players));
    if (opt.turn_cap < 1)
        throw InputError(fmt::format("turn cap: expected at least 1, got {}", opt.turn_cap));
    return opt;
}

void fill_random_chance(const GameState& s, EventBody& e, Rng& rng) {
    if (auto* d = std::get_if<Discard>(&e))
        d->cards = random_discard(s, d->player, rng);
    else
        fill_chance(s, e, rng);
}

std::uint64_t game_seed(std::uint64_t seed, std::int64_t index) {
    std::uint64_t st = seed;
    std::uint64_t a = Rng::splitmix64(st);
    st = a ^ static_cast<std::uint64_t>(index);
    return Rng::splitmix64(st);
}

std::uint64_t seat_seed(std::uint64_t game, PlayerId p) {
    std::uint64_t st = game ^ (0xD1B54A32D192ED03ULL * static_cast<std::uint64_t>(p + 1));
    return Rng::splitmix64(st);
}

std::vector<Policy> game_policies(const SimOptions& opt, std::int64_t index) {
    std::vector<Policy> out(static_cast<std::size_t>(opt.players), Policy::kRandom);
    const auto n = static_cast<std::int64_t>(opt.players);
    for (std::int64_t p = 0; p < n; ++p) {
        const std::int64_t k = opt.rotate ? (p + index - 1) % n : p;
        if (k < static_cast<std::int64_t>(opt.policies.size()))
            out[static_cast<std::size_t>(p)] = opt.policies[static_cast<std::size_t>(k)];
    }
    return out;
}

std::vector<Seat> sim_seats(int players) {
    if (players < 2 || players > kMaxPlayers)
        throw InputError(fmt::format("players: expected 2..{}, got {}", kMaxPlayers, players));
    std::vector<Seat> seats;
    for (int p = 0; p < players; ++p) {
        const std::string name(kSeatColours[static_cast<std::size_t>(p)].name);
        seats.push_back(Seat{name, name, std::nullopt});
    }
    return seats;
}

SelfPlay::SelfPlay(std::uint64_t seed, const SimOptions& opt)
    : opt_(validate_sim_options(opt)),
      rng_(seed),
      state_(sim_board(opt_, rng_), opt_.players, opt_.options),
      ev_{EndTurn{0}, nullptr, 0} {
    log_.options = opt_.options;
    log_.seats = sim_seats(opt_.players);
    log_.board = state_.board();
    policy_.fill(Policy::kRandom);
    agent_.resize(static_cast<std::size_t>(opt_.players));
    for (PlayerId p = 0; p < opt_.players; ++p) {
        if (static_cast<std::size_t>(p) < opt_.policies.size()) policy_[p] = opt_.policies[p];
        seat_rng_.emplace_back(seat_seed(seed, p));
        if (policy_[p] == Policy::kSearch)
            agent_[p] =
                std::make_unique<SearchAgent>(log_, p, opt_.search, seat_rng_.back().next());
    }
}

SelfPlay::~SelfPlay() = default;

bool SelfPlay::over() const {
    // (a win due as the turn passes, win_when_turn_passes: the players take no further
    // part, so the log ends there with that win)
    return game_over(state_, opt_.turn_cap);
}

const EventBody& SelfPlay::step() {
    legal_set(state_, moves_);
    // special-building: a player opens a part only when it can build something there (a
    // player who builds nothing writes nothing).
    drop_empty_special_builds(state_, moves_);
    if (moves_.empty())
        throw std::logic_error(fmt::format("self-play: no legal event at turn {} ({} to act)",
                                           state_.turn, state_.active));
    // The k-th move of the list legal_moves would give, built alone; the first player
    // owing a discard discards first. The chosen event is built in place (ev_), its chance
    // filled in there: no copy of the event variant on the way to apply.
    const PlayerId who = decider(state_, moves_);
    const Policy policy = policy_[who];
    const bool search = policy == Policy::kSearch;
    // (builder draws from its seat's own stream: seat_rng_)
    Rng& rng = policy == Policy::kBuilder ? seat_rng_[who] : rng_;
    const std::size_t pick =
        search ? agent_[who]->choose(moves_) : choose_move(policy, state_, moves_, who, rng);
    move_event(moves_.at(pick), ev_.body);
    if (auto* d = std::get_if<Discard>(&ev_.body)) {
        // The first player owing a discard: by its policy (random: uniformly among its
        // distinct discards, from the game's stream).
        d->cards =
            search ? agent_[who]->discard() : choose_discard(policy, state_, d->player, rng_);
    } else {
        fill_chance(state_, ev_.body, rng_);
    }
    if (opt_.verify)
        if (auto v = check(state_, ev_, static_cast<int>(events_)))
            throw std::logic_error(
                fmt::format("self-play generated an illegal event {} at turn {}: {}: {}",
                            event_summary(ev_.body), state_.turn, v->rule_id, v->message));
    for (const auto& agent : agent_)
        if (agent) agent->observe(ev_, &state_);
    apply(state_, ev_);
#ifdef CATAN_ASSERT_INVARIANTS
    abort_on_broken_invariant(state_, ev_, static_cast<long>(events_));
#endif
    ++events_;
    if (opt_.record) log_.events.push_back(ev_);
    return ev_.body;
}

SimGame SelfPlay::finish() {
    while (!over()) step();
    SimGame g;
    g.winner = winner_at_end(state_);
    g.turns = g.winner != kNoPlayer ? state_.turn : state_.turn - 1;
    g.events = events_;
    if (opt_.record && opt_.claims && !log_.events.empty()) {
        auto c = std::make_shared<Claims>();
        std::vector<int> vp;
        for (PlayerId p = 0; p < state_.player_count(); ++p) vp.push_back(state_.vp(p));
        c->vp = std::move(vp);
        c->longest_road = state_.longest_road;
        c->largest_army = state_.largest_army;
        c->winner = g.winner;
        log_.events.back().claims = std::move(c);
    }
    g.log = std::move(log_);
    g.state = std::move(state_);
    return g;
}

SimGame play_game(std::uint64_t seed, std::int64_t index, const SimOptions& opt) {
    SimOptions o = opt;
    o.policies = game_policies(opt, index);
    SelfPlay sp(game_seed(seed, index), o);
    SimGame g = sp.finish();
    g.policies = o.policies;
    const bool all_random = std::all_of(o.policies.begin(), o.policies.end(),
                                        [](Policy p) { return p == Policy::kRandom; });
    std::string players = "uniform random legal moves";
    if (!all_random) {
        players = "policies";
        for (std::size_t p = 0; p < o.policies.size(); ++p)
            players += fmt::format("{} {} {}", p == 0 ? "" : ",", g.log.seats[p].name,
                                   policy_name(o.policies[p]));
    }
    g.log.source = fmt::format("catan-sim: seed {}, game {}; {}, turn cap {}", seed, index, players,
                               opt.turn_cap);
    return g;
}

void SimSummary::add(const SimGame& g) {
    if (games == 0 || g.turns < min_turns) min_turns = g.turns;
    if (games == 0 || g.turns > max_turns) max_turns = g.turns;
    ++games;
    if (g.winner != kNoPlayer) {
        ++complete;
        ++wins[g.winner];
    } else {
        ++unfinished;
    }
    turns += g.turns;
    events += g.events;
    for (std::size_t p = 0; p < g.policies.size(); ++p) {
        PolicyTally& t = policies[static_cast<std::size_t>(g.policies[p])];
        ++t.seats;
        if (g.winner == static_cast<PlayerId>(p)) ++t.wins;
        if (g.state) t.vp += g.state->vp(static_cast<PlayerId>(p));
        t.turns += g.turns;
    }
}

}  // namespace ctk
