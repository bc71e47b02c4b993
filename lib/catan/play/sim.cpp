// Seeded self-play over the legal-move generator and the rules (see sim.hpp for the policy).
#include <catan/play/sim.hpp>

#include <catan/engine/invariants.hpp>

#include <bit>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include <catan/board/generate.hpp>
#include <catan/engine/legal.hpp>
#include <catan/engine/rules.hpp>

namespace ctk {

namespace {

const std::shared_ptr<const Board>& beginner_board() {
    static const std::shared_ptr<const Board> b = std::make_shared<const Board>(Board::beginner());
    return b;
}

// A card drawn uniformly among `counts` (each card equally likely); total > 0.
int draw_card(Rng& rng, const int* counts, int kinds, int total) {
    int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
    for (int k = 0; k < kinds; ++k) {
        if (i < counts[k]) return k;
        i -= counts[k];
    }
    return kinds - 1;
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

void fill_chance(const GameState& s, EventBody& e, Rng& rng) {
    if (auto* d = std::get_if<Discard>(&e)) {
        // The first player owing a discard picks one of its distinct discards uniformly.
        const ResourceCounts& hand = s.players[d->player].hand;
        const int k = s.discard_owed[d->player];
        const DiscardTable discards(hand, k);
        d->cards = discards.at(
            static_cast<std::int64_t>(rng.below(static_cast<std::uint32_t>(discards.count()))));
    } else if (auto* r = std::get_if<Roll>(&e)) {  // chance
        r->die1 = 1 + static_cast<int>(rng.below(6));
        r->die2 = 1 + static_cast<int>(rng.below(6));
    } else if (auto* m = std::get_if<MoveRobber>(&e)) {
        if (m->victim != kNoPlayer) {
            const PlayerState& v = s.players[m->victim];
            m->stolen =
                static_cast<Resource>(draw_card(rng, v.hand.data(), kResourceCount, v.hand_size()));
        }
    } else if (auto* b = std::get_if<BuyDevCard>(&e)) {
        b->card = static_cast<DevCard>(draw_card(rng, s.deck.data(), kDevCardKinds, s.deck_left));
    }
}

std::uint64_t game_seed(std::uint64_t seed, std::int64_t index) {
    std::uint64_t st = seed;
    std::uint64_t a = Rng::splitmix64(st);
    st = a ^ static_cast<std::uint64_t>(index);
    return Rng::splitmix64(st);
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
}

bool SelfPlay::over() const {
    // (a win due as the turn passes, win_when_turn_passes: the players take no further
    // part, so the log ends there with that win)
    return state_.phase == Phase::kOver || state_.turn > opt_.turn_cap ||
           (win_due(state_) != kNoPlayer && state_.special.builder == kNoPlayer);
}

const EventBody& SelfPlay::step() {
    legal_set(state_, moves_);
    // special-building: a player opens a part only when it can build something there (a
    // player who builds nothing writes nothing).
    if (moves_.has(LegalSet::kSpecialBuilds))
        for (unsigned q = moves_.builders; q != 0; q &= q - 1) {
            const PlayerId builder = std::countr_zero(q);
            GameState part = state_;
            apply(part, Event{SpecialBuild{builder}, nullptr, 0});
            LegalSet in_part;
            legal_set(part, in_part);
            if (in_part.size() <= 1) moves_.drop_special_build(builder);  // end_turn alone
        }
    if (moves_.empty())
        throw std::logic_error(fmt::format("self-play: no legal event at turn {} ({} to act)",
                                           state_.turn, state_.active));
    // The k-th move of the list legal_moves would give, built alone; the first player
    // owing a discard discards first.
    const std::size_t pick =
        moves_.has(LegalSet::kDiscards) ? 0 : rng_.below(static_cast<std::uint32_t>(moves_.size()));
    // The chosen event is built in place (ev_), its chance filled in there: no copy of the
    // event variant on the way to apply.
    move_event(moves_.at(pick), ev_.body);
    fill_chance(state_, ev_.body, rng_);
    if (opt_.verify)
        if (auto v = check(state_, ev_, static_cast<int>(events_)))
            throw std::logic_error(
                fmt::format("self-play generated an illegal event {} at turn {}: {}: {}",
                            event_summary(ev_.body), state_.turn, v->rule_id, v->message));
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
    SelfPlay sp(game_seed(seed, index), opt);
    SimGame g = sp.finish();
    g.log.source =
        fmt::format("catan-sim: seed {}, game {}; uniform random legal moves, turn cap {}", seed,
                    index, opt.turn_cap);
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
}

}  // namespace ctk
