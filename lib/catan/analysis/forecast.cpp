// Win probabilities of a recorded game (forecast.hpp).
#include <catan/analysis/forecast.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <regex>

#include <fmt/format.h>

#include <catan/agent/rollout.hpp>
#include <catan/agent/value.hpp>
#include <catan/engine/legal.hpp>
#include <catan/engine/rules.hpp>
#include <catan/io/event_text.hpp>
#include <catan/play/batch.hpp>

namespace ctk {

namespace {

using Scores = std::array<double, kMaxPlayers>;

void check_options(const ForecastOptions& opt) {
    if (opt.rollouts < 1 || opt.rollouts > 1000000)
        throw InputError(fmt::format("--rollouts: expected 1 to 1000000, got {}", opt.rollouts));
    if (opt.policy == Policy::kSearch)
        throw InputError(
            "--policy: the rollout policy is random, builder or greedy (search needs a game's "
            "history)");
    if (opt.turn_cap < 1) throw InputError("--turn-cap: expected at least 1");
    for (double t : opt.turns)
        if (t < -1 || (t < 0 && t > -1e-9) || (t >= 0 && t != std::floor(t)))
            throw InputError(fmt::format(
                "--turns: expected turns (0, 1, ...) or shares of the game (25%), got {}", t));
}

// The random stream of rollout i of the position after `event` (forecast.hpp): splitmix64
// steps over the three numbers, so that nearby seeds, events and rollouts are unrelated.
std::uint64_t rollout_seed(std::uint64_t seed, int event, std::uint64_t i) {
    auto mix = [](std::uint64_t z) {
        z += 0x9e3779b97f4a7c15ULL;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    };
    return mix(mix(mix(seed) ^ static_cast<std::uint64_t>(event + 1)) ^ i);
}

// The score of a rollout's end (forecast.hpp): 1 for the winner; unfinished, 1/k for each
// of the k players ahead on victory points.
Scores end_scores(const GameState& s, PlayerId winner) {
    Scores out{};
    if (winner != kNoPlayer) {
        out[static_cast<std::size_t>(winner)] = 1;
        return out;
    }
    int best = -1, count = 0;
    for (PlayerId p = 0; p < s.player_count(); ++p) {
        const int vp = s.players[p].resigned ? -1 : s.vp(p);
        if (vp > best) best = vp, count = 0;
        if (vp == best) ++count;
    }
    for (PlayerId p = 0; p < s.player_count(); ++p)
        if (!s.players[p].resigned && s.vp(p) == best)
            out[static_cast<std::size_t>(p)] = 1.0 / count;
    return out;
}

// The states rollouts start from: the index drawn for each rollout, each distinct state
// made whole once.
struct Starts {
    std::vector<std::size_t> index;  // per rollout
    std::vector<Rng> rng;            // per rollout: its stream after the draw
    std::map<std::size_t, GameState> states;
};

Starts draw_starts(const Belief& b, const ForecastOptions& opt, int event) {
    Starts st;
    const std::vector<double> cumulative = cumulative_weights(b);
    st.index.resize(static_cast<std::size_t>(opt.rollouts));
    for (std::size_t i = 0; i < st.index.size(); ++i) {
        Rng& rng = st.rng.emplace_back(rollout_seed(opt.seed, event, i));
        st.index[i] = cumulative.size() > 1 ? draw_state(cumulative, rng) : 0;
        if (!st.states.count(st.index[i])) st.states.emplace(st.index[i], b.state(st.index[i]));
    }
    return st;
}

// Runs rollouts i = 0..n-1 on opt.threads threads: play(i) gives rollout i's scores, or
// nothing when the rollout does not count (a move not legal in its state); returns the mean
// and standard error per player over the rollouts that count, and their number.
std::size_t estimate(std::size_t n, int players, const ForecastOptions& opt,
                     const std::function<std::optional<Scores>(std::size_t)>& play,
                     std::vector<double>& p, std::vector<double>& se) {
    Scores sum{};
    std::size_t counted = 0;
    ordered_parallel_for<std::optional<Scores>>(n, opt.threads, play,
                                                [&](std::size_t, std::optional<Scores>&& s) {
                                                    if (!s) return;
                                                    ++counted;
                                                    for (std::size_t k = 0; k < kMaxPlayers; ++k)
                                                        sum[k] += (*s)[k];
                                                });
    p.assign(static_cast<std::size_t>(players), 0.0);
    se.assign(static_cast<std::size_t>(players), 0.0);
    if (!counted) return 0;
    const auto m = static_cast<double>(counted);
    for (std::size_t k = 0; k < p.size(); ++k) {
        p[k] = sum[k] / m;
        se[k] = std::sqrt(std::max(0.0, p[k] * (1 - p[k])) / m);
    }
    return counted;
}

// Rollout i from its drawn start: `move` (when given: its chance drawn, then applied) and
// the game played on by opt.policy; nothing when the move is not legal in the state drawn
// (under hidden information the mover's cards there may not allow it: the rollout does not
// count). `event` is the index of the log's event the start follows.
std::optional<Scores> play_rollout(const Starts& st, std::size_t i, const ForecastOptions& opt,
                                   const Event* move, int event) {
    Rng rng = st.rng[i];
    GameState s = st.states.at(st.index[i]);
    if (move) {
        Event e = *move;
        fill_chance(s, e.body, rng);
        if (check(s, e, event + 1)) return std::nullopt;
        apply(s, e);
    }
    const PlayerId w = play_out(s, opt.policy, rng, s.turn + opt.turn_cap);
    return end_scores(s, w);
}

// The position after `event`, labelled `turn` (forecast's label).
ForecastPosition evaluate(const Belief& b, const ForecastOptions& opt, int event, int turn) {
    ForecastPosition pos;
    pos.event = event;
    pos.turn = turn;
    const GameState& top = b.most_probable();
    pos.states = b.size();
    const int n = top.player_count();
    for (PlayerId q = 0; q < n; ++q) {
        pos.vp.push_back(top.public_vp(q));
        const ResourceCounts pips = production_pips(top, q);
        pos.production.push_back(std::accumulate(pips.begin(), pips.end(), 0));
    }
    const Starts st = draw_starts(b, opt, event);
    estimate(
        st.index.size(), n, opt,
        [&](std::size_t i) { return play_rollout(st, i, opt, nullptr, event); }, pos.p, pos.se);
    return pos;
}

// The turn each applied event ends in (the state's turn after it); replay's own stop
// (a violation) ends the list.
std::vector<int> event_turns(const GameLog& log, const ForecastOptions& opt,
                             std::string_view name) {
    std::vector<int> turns;
    ReplayOptions r = opt.replay;
    r.on_belief = nullptr;
    r.on_event = [&](int, const GameState& after) { turns.push_back(after.turn); };
    (void)replay(log, r, name);
    return turns;
}

// " [hex 18]", " [vertex 35]": the ids event_text adds for readers of messages.
std::string without_ids(const std::string& text) {
    static const std::regex ids(R"( \[(hex|vertex|edge) [0-9]+\])");
    return std::regex_replace(text, ids, "");
}

// What happened in events first..last in words: the moves that change the board, the cards
// or the dice (bank trades, offers, end_turn and the setup's roads left out), at most four,
// then "and N more".
std::string moves_text(const GameLog& log, const Board& board, int first, int last) {
    std::vector<std::string> parts;
    int more = 0;
    for (int i = std::max(first, 0); i <= last; ++i) {
        const EventBody& e = log.events[static_cast<std::size_t>(i)].body;
        if (std::holds_alternative<PlaceRoad>(e) || std::holds_alternative<TradeBank>(e) ||
            std::holds_alternative<TradeOffer>(e) || std::holds_alternative<TradeAccept>(e) ||
            std::holds_alternative<TradeReject>(e) || std::holds_alternative<TradeCancel>(e) ||
            std::holds_alternative<EndTurn>(e) || std::holds_alternative<SpecialBuild>(e))
            continue;
        if (parts.size() < 4)
            parts.push_back(without_ids(event_text(e, log.seats, board)));
        else
            ++more;
    }
    if (parts.empty()) return "nothing but bank trades, offers and the end of the turn";
    std::string out;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        if (k) out += k + 1 == parts.size() && !more ? " and " : ", ";
        out += parts[k];
    }
    if (more) out += fmt::format(" and {} more", more);
    return out;
}

// A move before its chance is drawn, in words: "rolls the dice", "steals a card", "buys a
// development card".
std::string move_text(const EventBody& e, const GameLog& log) {
    if (const auto* r = std::get_if<Roll>(&e))
        return seat_name(log.seats, r->player) + " rolls the dice";
    std::string t = without_ids(event_text(e, log.seats, log_board(log)));
    for (const auto& [from, to] :
         {std::pair<std::string, std::string>{" a hidden card", " a card"}, {" (hidden)", ""}}) {
        const auto at = t.find(from);
        if (at != std::string::npos) t.replace(at, from.size(), to);
    }
    return t;
}

// The body without what chance decides (dice, the stolen card, the card bought) nor what a
// monopoly's haul was.
EventBody without_chance(EventBody e) {
    if (auto* r = std::get_if<Roll>(&e)) r->die1 = r->die2 = 0;
    if (auto* m = std::get_if<MoveRobber>(&e)) m->stolen.reset();
    if (auto* b = std::get_if<BuyDevCard>(&e)) b->card.reset();
    if (auto* m = std::get_if<PlayMonopoly>(&e)) m->given.reset();
    return e;
}

// The same move, chance aside (compared in words: every field an event has is said).
bool same_move(const EventBody& a, const EventBody& b, const GameLog& log, const Board& board) {
    return a.index() == b.index() && event_text(without_chance(a), log.seats, board) ==
                                         event_text(without_chance(b), log.seats, board);
}

std::vector<TurningPoint> turning_points(const GameLog& log, const Board& board,
                                         const std::vector<ForecastPosition>& positions) {
    std::vector<TurningPoint> all;
    for (std::size_t k = 0; k < positions.size(); ++k) {
        const ForecastPosition& now = positions[k];
        const std::size_t n = now.p.size();
        TurningPoint t;
        t.event = now.event;
        t.turn = now.turn;
        double move = -1;
        for (std::size_t q = 0; q < n; ++q) {
            const double before = k ? positions[k - 1].p[q] : 1.0 / static_cast<double>(n);
            if (std::abs(now.p[q] - before) > move + 1e-12) {
                move = std::abs(now.p[q] - before);
                t.player = static_cast<PlayerId>(q);
                t.before = before;
                t.after = now.p[q];
            }
        }
        const int first = k ? positions[k - 1].event + 1 : 0;
        t.what = moves_text(log, board, first, now.event);
        const std::string who = seat_name(log.seats, t.player);
        // The turns the moves span: "turn 23", "turns 18-35" (positions far apart), "setup".
        const int from = k ? positions[k - 1].turn + 1 : 0;
        const std::string when = now.turn == 0      ? std::string("setup")
                                 : from >= now.turn ? fmt::format("turn {}", now.turn)
                                                    : fmt::format("turns {}-{}", from, now.turn);
        t.text = fmt::format("{}: {}; {} from {:.0f}% to {:.0f}%", when, t.what, who,
                             100 * t.before, 100 * t.after);
        all.push_back(std::move(t));
    }
    std::stable_sort(all.begin(), all.end(), [](const TurningPoint& a, const TurningPoint& b) {
        return std::abs(a.after - a.before) > std::abs(b.after - b.before);
    });
    if (all.size() > 5) all.resize(5);
    return all;
}

}  // namespace

Forecast forecast(const GameLog& log, const ForecastOptions& opt, std::string_view name) {
    check_options(opt);
    Forecast f;
    f.rollouts = opt.rollouts;
    f.policy = opt.policy;
    f.seed = opt.seed;
    const std::vector<int> turns = event_turns(log, opt, name);
    // A turn's position is the state after the event that ends it (the turn's end_turn, or
    // the setup's last placement), labelled with the turn it ended; the log's last event
    // is always a position.
    std::vector<bool> at(turns.size(), false);
    std::vector<int> label(turns.size(), 0);
    for (std::size_t i = 0; i < turns.size(); ++i) {
        const bool ends = i > 0 && turns[i] != turns[i - 1];
        label[i] = opt.every_event ? turns[i] : ends ? turns[i - 1] : turns[i];
        at[i] = opt.every_event || ends || i + 1 == turns.size();
    }
    if (!opt.turns.empty() && !opt.every_event) {
        // The turns asked for, shares of the game made turns of the last one reached.
        const int last = turns.empty() ? 0 : turns.back();
        std::vector<int> wanted;
        for (double t : opt.turns)
            wanted.push_back(t < 0 ? static_cast<int>(std::lround(-t * last))
                                   : static_cast<int>(t));
        for (std::size_t i = 0; i < turns.size(); ++i)
            at[i] = at[i] && std::find(wanted.begin(), wanted.end(), label[i]) != wanted.end();
    }
    const auto total = static_cast<std::size_t>(std::count(at.begin(), at.end(), true));
    ReplayOptions r = opt.replay;
    r.on_belief = [&](int index, const Belief& b) {
        const auto i = static_cast<std::size_t>(index);
        if (i >= at.size() || !at[i]) return;
        f.positions.push_back(evaluate(b, opt, index, label[i]));
        if (opt.progress) opt.progress(f.positions.size(), total);
    };
    f.verdict = replay(log, r, name);
    f.turning_points = turning_points(log, log_board(log), f.positions);
    return f;
}

std::vector<RankedMove> rank_moves(const GameLog& log, int at, const ForecastOptions& opt,
                                   int candidates, std::string_view name) {
    check_options(opt);
    if (at < 0 || at >= static_cast<int>(log.events.size()))
        throw InputError(fmt::format("--at: event {} is not an event of the log (0 to {})", at,
                                     static_cast<int>(log.events.size()) - 1));
    ReplayOptions r = opt.replay;
    r.stop_at_event = at;
    std::vector<RankedMove> out;
    bool reached = false;
    r.on_belief = [&](int index, const Belief& b) {
        if (index != at) return;
        reached = true;
        const GameState& top = b.most_probable();
        LegalSet moves;
        legal_set(top, moves);
        drop_empty_special_builds(top, moves);
        if (moves.empty() || moves.has(LegalSet::kDiscards)) return;
        const PlayerId who = decider(top, moves);
        MoveList list;
        legal_moves(moves, list);
        std::vector<double> values;
        greedy_values(top, list, who, values);
        // The move the log plays next, when it is this player's decision.
        const Event* next = at + 1 < static_cast<int>(log.events.size())
                                ? &log.events[static_cast<std::size_t>(at + 1)]
                                : nullptr;
        std::vector<std::size_t> order(list.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t c) { return values[a] > values[c]; });
        std::vector<std::size_t> chosen;
        std::optional<std::size_t> played;
        for (std::size_t k : order) {
            if (next && same_move(move_event(list[k]), next->body, log, log_board(log))) played = k;
        }
        for (std::size_t k : order)
            if (chosen.size() < static_cast<std::size_t>(candidates) && values[k] != kNotChosen)
                chosen.push_back(k);
        if (played && std::find(chosen.begin(), chosen.end(), *played) == chosen.end())
            chosen.push_back(*played);
        const Starts st = draw_starts(b, opt, at);
        for (std::size_t k : chosen) {
            RankedMove m;
            m.event = Event{move_event(list[k]), nullptr, 0};
            m.text = move_text(m.event.body, log);
            m.played = played && *played == k;
            std::vector<double> p, se;
            const std::size_t counted = estimate(
                st.index.size(), top.player_count(), opt,
                [&](std::size_t i) { return play_rollout(st, i, opt, &m.event, at); }, p, se);
            m.rollouts = counted;
            m.p = p[static_cast<std::size_t>(who)];
            m.se = se[static_cast<std::size_t>(who)];
            out.push_back(std::move(m));
        }
    };
    const Verdict v = replay(log, r, name);
    if (!reached)
        throw InputError(fmt::format(
            "--at {}: replay stopped before it ({})", at,
            v.violations.empty() ? std::string("the log ends") : v.violations.front().message));
    std::stable_sort(out.begin(), out.end(),
                     [](const RankedMove& a, const RankedMove& b) { return a.p > b.p; });
    return out;
}

namespace {

// The other seats leave the first seat's second spot v open (opening_value): v and its
// neighbours dropped from a setup settlement decision, unless nothing else is left.
void reserve(const GameState& s, LegalSet& moves, VertexId v) {
    VertexSet drop;
    drop.set(static_cast<std::size_t>(v));
    for (VertexId w : s.topology().vertex_neighbours(v)) drop.set(static_cast<std::size_t>(w));
    const auto removed = static_cast<std::uint16_t>((moves.spots & drop).count());
    if (removed == 0 || removed >= moves.count[LegalSet::kPlaceSettlement]) return;
    moves.spots &= ~drop;
    moves.count[LegalSet::kPlaceSettlement] =
        static_cast<std::uint16_t>(moves.count[LegalSet::kPlaceSettlement] - removed);
    moves.total -= removed;
}

}  // namespace

double OpeningValue::se() const {
    const double r = rate();
    return games ? std::sqrt(std::max(0.0, r * (1 - r)) / games) : 0.0;
}

OpeningValue opening_value(const Board& board, int players, VertexId first, VertexId second,
                           const ForecastOptions& opt, int games) {
    check_options(opt);
    auto board_ptr = std::make_shared<const Board>(board);
    const GameState start(board_ptr, players);
    for (VertexId v : {first, second})
        if (v != kNoId && (v < 0 || v >= start.topology().vertex_count()))
            throw InputError(fmt::format("vertex {} is not a vertex of the board (0 to {})", v,
                                         start.topology().vertex_count() - 1));
    if (first != kNoId && check(start, Event{PlaceSettlement{0, first}, nullptr, 0}, 0))
        throw InputError(fmt::format("vertex {} is not a legal first settlement", first));
    // The first seat's placements: setup step 0 and step 2n-1 (snake order).
    const int last_step = 2 * players - 1;
    OpeningValue out;
    ordered_parallel_for<std::optional<double>>(
        static_cast<std::size_t>(games), opt.threads,
        [&](std::size_t i) -> std::optional<double> {
            Rng rng(rollout_seed(opt.seed, -2, i));
            GameState s = start;
            LegalSet moves;
            Event e{EndTurn{0}, nullptr, 0};
            while (s.phase == Phase::kSetup) {
                legal_set(s, moves);
                const PlayerId who = decider(s, moves);
                const bool own = who == 0 && moves.has(LegalSet::kPlaceSettlement);
                const VertexId forced = !own                        ? kNoId
                                        : s.setup_step == 0         ? first
                                        : s.setup_step == last_step ? second
                                                                    : kNoId;
                if (forced != kNoId) {
                    e.body = PlaceSettlement{0, forced};
                    if (check(s, e, 0)) return std::nullopt;  // taken, or next to a settlement
                } else {
                    if (who != 0 && second != kNoId && moves.has(LegalSet::kPlaceSettlement))
                        reserve(s, moves, second);
                    move_event(moves.at(choose_move(opt.policy, s, moves, who, rng)), e.body);
                }
                apply(s, e);
            }
            const PlayerId w = play_out(s, opt.policy, rng, s.turn + opt.turn_cap);
            return end_scores(s, w)[0];
        },
        [&](std::size_t, std::optional<double>&& score) {
            if (!score) return;
            ++out.games;
            out.wins += *score;
        });
    return out;
}

}  // namespace ctk
