// The search player (search.hpp).
#include <catan/agent/search.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

#include <fmt/format.h>

#include <catan/agent/rollout.hpp>
#include <catan/agent/value.hpp>
#include <catan/engine/rules.hpp>

namespace ctk {

namespace {

// The score of a rollout's end for `seat` (search.hpp).
double score(const GameState& s, PlayerId seat, PlayerId winner) {
    if (winner != kNoPlayer) return winner == seat ? 1.0 : 0.0;
    double best = -1e300;
    for (PlayerId q = 0; q < s.player_count(); ++q)
        if (q != seat) best = std::max(best, position_value(s, q));
    return 0.5 + 0.5 * std::tanh((position_value(s, seat) - best) / 50.0);
}

}  // namespace

SearchAgent::SearchAgent(const GameLog& game, PlayerId seat, const SearchOptions& opt,
                         std::uint64_t seed)
    : header_(game), view_(View::of_seat(seat)), seat_(seat), opt_(opt), rng_(seed) {
    if (seat < 0 || seat >= static_cast<PlayerId>(game.seats.size()))
        throw InputError(fmt::format("search: seat {} is not a seat of the game", seat));
    if (opt.rollouts < 1 || opt.horizon < 1 || opt.candidates < 1 || opt.rollout == Policy::kSearch)
        throw InputError(
            "search: rollouts, horizon and candidates must be at least 1 and the "
            "rollout policy random, builder or greedy");
    header_.events.clear();
    TrackOptions track;
    track.max_states = opt.max_states;
    belief_ = std::make_unique<Belief>(header_, track);
}

SearchAgent::~SearchAgent() = default;

void SearchAgent::observe(const Event& e, const GameState* before) {
    belief_->step(view_event(e, view_, before), index_++, true);
}

ResourceCounts SearchAgent::discard() const {
    return keep_discard(belief_->front(), seat_);
}

GameState SearchAgent::sample(const std::vector<double>& cumulative) {
    return belief_->state(draw_state(cumulative, rng_));
}

std::size_t SearchAgent::choose(const LegalSet& moves) {
    if (moves.has(LegalSet::kDiscards) || moves.size() == 1) return 0;
    // The belief's states by probability.
    const Belief& b = *belief_;
    const std::vector<double> cumulative = cumulative_weights(b);
    // The candidates: the moves of highest greedy value on the most probable state.
    MoveList list;
    legal_moves(moves, list);
    std::vector<double> values;
    greedy_values(b.most_probable(), list, seat_, values);
    std::vector<std::size_t> order(list.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return values[x] > values[y]; });
    const std::size_t k =
        std::min<std::size_t>(order.size(), static_cast<std::size_t>(opt_.candidates));
    std::vector<std::size_t> cands(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k));
    std::sort(cands.begin(), cands.end());
    if (values[cands.front()] == kNotChosen && k == 1) return cands.front();
    const int rounds = std::max(1, opt_.rollouts / static_cast<int>(k));
    std::vector<double> total(k, 0.0);
    Event e{EndTurn{0}, nullptr, 0};
    for (int round = 0; round < rounds; ++round) {
        const GameState start = sample(cumulative);
        const std::uint64_t seed = rng_.next();
        for (std::size_t c = 0; c < k; ++c) {
            if (values[cands[c]] == kNotChosen) {
                total[c] = -1;  // never chosen (another player's part)
                continue;
            }
            GameState s = start;
            Rng r(seed);
            move_event(list[cands[c]], e.body);
            fill_chance(s, e.body, r);
            apply(s, e);
            const PlayerId winner = play_out(s, opt_.rollout, r, start.turn + opt_.horizon);
            total[c] += score(s, seat_, winner);
        }
    }
    std::size_t best = 0;
    for (std::size_t c = 1; c < k; ++c)
        if (total[c] > total[best]) best = c;
    return cands[best];
}

}  // namespace ctk
