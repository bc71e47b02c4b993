#include <catan/play/replay.hpp>

#include <catan/io/log_format.hpp>

#include <algorithm>

#include <fmt/format.h>

namespace ctk {

std::string_view outcome_name(Outcome o) {
    switch (o) {
        case Outcome::kComplete:
            return "complete";
        case Outcome::kUnfinished:
            return "unfinished";
        case Outcome::kInvalid:
            return "invalid";
    }
    return "?";
}

namespace {

void add(ResourceCounts& to, const ResourceCounts& x) {
    for (int r = 0; r < kResourceCount; ++r) to[r] += x[r];
}

// Per-game statistics: what the event moved, seen from the states around it.
void count_stats(GameStats& st, const GameState& before, const GameState& after, const Event& e) {
    const auto& got = after.last_received;
    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            const int n = after.player_count();
            if constexpr (std::is_same_v<T, Roll>) {
                ++st.dice[static_cast<std::size_t>(b.die1 + b.die2)];
                ++st.rolls;
                for (int p = 0; p < n; ++p) add(st.cards[p].production, got[p]);
            } else if constexpr (std::is_same_v<T, PlaceSettlement>) {
                add(st.cards[b.player].setup, got[b.player]);
            } else if constexpr (std::is_same_v<T, TradeBank>) {
                add(st.cards[b.player].trade_bank, got[b.player]);
            } else if constexpr (std::is_same_v<T, TradePlayer>) {
                add(st.cards[b.player].trade_player, got[b.player]);
                add(st.cards[b.partner].trade_player, got[b.partner]);
            } else if constexpr (std::is_same_v<T, MoveRobber>) {
                add(st.cards[b.player].steal, got[b.player]);
                if (b.victim != kNoPlayer) add(st.cards[b.victim].lost_to_robber, got[b.player]);
            } else if constexpr (std::is_same_v<T, Discard>) {
                add(st.cards[b.player].lost_to_discard, b.cards);
            } else if constexpr (std::is_same_v<T, PlayMonopoly>) {
                add(st.cards[b.player].monopoly, got[b.player]);
                const int r = static_cast<int>(b.resource);
                for (int q = 0; q < n; ++q)
                    if (q != b.player)
                        st.cards[q].lost_to_monopoly[r] +=
                            before.players[q].hand[r] - after.players[q].hand[r];
            } else if constexpr (std::is_same_v<T, PlayYearOfPlenty>) {
                add(st.cards[b.player].year_of_plenty, got[b.player]);
            }
        },
        e.body);
}

}  // namespace

Replayer::Replayer(const GameLog& header, const ReplayOptions& opt, std::string_view name)
    : opt_(opt), belief_(std::make_shared<Belief>(header, opt.track)) {
    v_.name = std::string(name);
    const Board& board = belief_->front().board();
    const bool strict = opt.strict_board || header.options.strict_board;
    // Boards: composition is a violation; red numbers side by side a warning unless strict.
    for (const auto& p : check_composition(board))
        v_.violations.push_back(Violation{p.rule_id, -1, 0, kNoPlayer, p.message, "/board"});
    for (const auto& p : check_red_adjacent(board)) {
        if (strict)
            v_.violations.push_back(Violation{p.rule_id, -1, 0, kNoPlayer, p.message, "/board"});
        else
            v_.warnings.push_back(Warning{p.rule_id, p.message});
    }
    if (opt.stats) {
        v_.stats.emplace();
        before_ = std::make_unique<GameState>(belief_->front());
    }
    stopped_ = !v_.violations.empty() && !opt.keep_going;
}

void Replayer::feed(const Event& e) {
    if (stopped_) return;
    const int i = index_++;
    Belief& belief = *belief_;
    const GameState& s = belief.front();
    const int turn_before = s.turn;
    const Phase phase_before = s.phase;
    const bool counted = v_.stats && belief.size() == 1;
    if (counted) *before_ = s;
    StepResult r = belief.step(e, i, opt_.keep_going);
    const bool had_violation = !r.violations.empty();
    for (Violation& x : r.violations) {
        v_.violating_events.emplace_back(x.event_index, e);
        v_.violations.push_back(std::move(x));
    }
    if (!r.applied) {
        stopped_ = true;
        return;
    }
    if (counted && belief.size() == 1) count_stats(*v_.stats, *before_, belief.front(), e);
    if (std::holds_alternative<Roll>(e.body)) ++v_.rolls;
    ++v_.events;
    if (opt_.on_event) opt_.on_event(i, belief.most_probable());
    if (opt_.on_belief) opt_.on_belief(i, belief);
    if (had_violation && !opt_.keep_going) {
        stopped_ = true;
        return;
    }
    const GameState& after = belief.front();
    if (opt_.stop_at_event && i >= *opt_.stop_at_event) stopped_ = true;
    if (opt_.stop_at_turn && turn_before == *opt_.stop_at_turn &&
        (after.turn > turn_before || (phase_before != Phase::kOver && after.phase == Phase::kOver)))
        stopped_ = true;
}

Verdict Replayer::finish() {
    Verdict v = std::move(v_);
    std::shared_ptr<Belief> belief = std::move(belief_);
    if (auto from = belief->inexact_from()) {
        v.warnings.push_back(Warning{
            "hidden-information",
            fmt::format("from event {} the possible states exceed the bound of {}: tracking "
                        "is not exact from there on; hands are given as guaranteed "
                        "per-resource bounds (no probabilities) and no violation is decided",
                        *from, opt_.track.max_states)});
        for (int i : belief->unexplained())
            v.warnings.push_back(Warning{
                "hidden-information",
                fmt::format("event {}: none of the kept states explains it; applied anyway", i)});
    }
    GameState s = belief->most_probable();
    v.belief = std::move(belief);

    // (the end of the log ends a special building phase: a win due then comes)
    PlayerId winner = winner_at_end(s);
    v.outcome = !v.violations.empty() ? Outcome::kInvalid
                : winner != kNoPlayer ? Outcome::kComplete
                                      : Outcome::kUnfinished;
    // Several states: the end only where every state not ruled out agrees (a hidden VP card
    // may win in some; past the bound, the states dropped may differ from those kept).
    if (v.violations.empty() && (v.belief->size() > 1 || !v.belief->exact())) {
        const PossibleEnds ends = possible_ends(*v.belief);
        if (!ends.decided()) {
            v.decided = false;
            v.possible_winners = ends.winners;
        }
        // decided: the one end of every state (past the bound the most probable kept state
        // may have taken events no kept state explained, and ended otherwise)
        winner = ends.decided() && !ends.unfinished ? ends.winners.front() : kNoPlayer;
        v.outcome = ends.unfinished ? Outcome::kUnfinished : Outcome::kComplete;
    }
    std::vector<VpCardBounds> vp_cards;
    if (!v.belief->exact()) vp_cards = v.belief->vp_card_bounds();
    v.longest_road = s.longest_road;
    v.largest_army = s.largest_army;
    v.winner = winner;
    v.turns = s.turn;
    for (int p = 0; p < s.player_count(); ++p) {
        Standing st;
        st.player = p;
        st.vp = s.vp(p);
        st.settlements = s.settlements_on_board(p);
        st.cities = 2 * s.cities_on_board(p);
        st.awards = 2 * ((s.longest_road == p) + (s.largest_army == p));
        st.vp_cards = s.players[p].vp_cards();
        if (!vp_cards.empty()) {
            st.vp_cards = vp_cards[static_cast<std::size_t>(p)].min;
            st.vp = s.public_vp(p) + st.vp_cards;
        }
        st.vp_max =
            vp_cards.empty() ? st.vp : s.public_vp(p) + vp_cards[static_cast<std::size_t>(p)].max;
        st.resigned = s.players[p].resigned;
        v.standings.push_back(st);
    }
    // Rank: the winner first, then by VP; equal VP share a rank.
    for (auto& st : v.standings) {
        int better = 0;
        for (const auto& o : v.standings) {
            if (o.player == st.player) continue;
            if (o.player == v.winner || (st.player != v.winner && o.vp > st.vp)) ++better;
        }
        st.rank = better + 1;
    }
    v.state = std::move(s);
    return v;
}

Verdict replay(const GameLog& log, const ReplayOptions& opt, std::string_view name) {
    Replayer r(log, opt, name);
    for (const Event& e : log.events) {
        if (r.stopped()) break;
        r.feed(e);
    }
    return r.finish();
}

namespace {
// The reader's current game replayed as it is read. Reads to the game's end even after
// replay stopped: a malformed line anywhere is reported, as by read_log, and the event
// count is known.
StreamedReplay replay_read(LogReader& reader, std::string_view name, const ReplayOptions& opt) {
    StreamedReplay out;
    out.header = reader.header();
    Replayer r(out.header, opt, name);
    Event e;  // one event, refilled by each line
    while (reader.next(e))
        if (!r.stopped()) r.feed(e);
    out.events = reader.events_read();
    out.verdict = r.finish();
    return out;
}
}  // namespace

StreamedReplay replay_stream(std::istream& in, std::string_view name, const ReplayOptions& opt) {
    LogReader reader(in, std::string(name));
    return replay_read(reader, name, opt);
}

void replay_stream_games(std::istream& in, std::string_view name, const ReplayOptions& opt,
                         const std::function<void(const std::string&, StreamedReplay&&)>& each) {
    LogReader reader(in, std::string(name), true);
    std::string game_name(name);
    for (int k = 1;; ++k) {
        StreamedReplay game = replay_read(reader, game_name, opt);
        const std::string next_name = fmt::format("{}#{}", name, k + 1);
        const bool more = reader.next_game(next_name);
        // The first of several games is named as such only once the second begins.
        if (k == 1 && more) game_name = game.verdict.name = fmt::format("{}#1", name);
        each(game_name, std::move(game));
        if (!more) return;
        game_name = next_name;
    }
}

}  // namespace ctk
