// The wide judge of the tracker: the views of self-play games of every player count, under
// the standard rules and under house rules, the spectator's and each seat's, each stepped
// beside its full log. After every event:
//   - the belief equals the reference that checks and applies the event in every state
//     (share_checks false), held by default and as holdings over shared public parts
//     (whole_states 0): the same states, order and weights;
//   - the true state, whole (public part and holdings: phase, winner, what is owed after a
//     7, the pieces, every hand), is one of the belief's states while it is exact, and past
//     the bound every hand and every player's VP cards lie within the guaranteed bounds
//     (also for a belief of a bound of 2 states: the bounds path at nearly every event);
//   - how the events may have ended (possible_ends) includes the true end, and the view
//     breaks no rule (the full games are legal).
// Configurations: 2-6 players, each under the standard rules, house rules that change the
// game and house rules that forbid (judge_config).
// Games per configuration: CATAN_VIEWS_GAMES when set (the full judge: 1000), else a share
// that keeps the Release suite quick, times CATAN_TEST_SCALE (the sanitizer pass).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

#include <catan/play/sim.hpp>
#include <catan/track/track.hpp>
#include <catan/track/view.hpp>

#include "track_fixture.hpp"

using namespace ctk;
using ctk::test::same_belief;
using ctk::test::same_state;

namespace {

double scale() {
    const char* s = std::getenv("CATAN_TEST_SCALE");
    return s && *s ? std::atof(s) : 1.0;
}

// Games per configuration (see above).
int games_per_config() {
    if (const char* g = std::getenv("CATAN_VIEWS_GAMES"); g && *g) return std::max(1, std::atoi(g));
    return std::max(2, static_cast<int>(std::lround(20 * scale())));
}

// Random play hoards cards; self-play games stop after this many turns (as the other views
// tests), and the house rules' lower VP target ends many of them with a win first.
constexpr int kTurnCap = 60;

// Past the bound: the truth t within the guaranteed bounds (hands, hand sizes, VP cards).
bool within_bounds(const Belief& b, const GameState& t) {
    const std::vector<VpCardBounds> vp = b.vp_card_bounds();
    for (PlayerId p = 0; p < t.player_count(); ++p) {
        const auto k = static_cast<std::size_t>(p);
        const HandBounds& h = b.bounds().at(k);
        const PlayerState& x = t.players[p];
        if (x.hand_size() < h.cards_min || x.hand_size() > h.cards_max) return false;
        for (int r = 0; r < kResourceCount; ++r)
            if (x.hand[r] < h.min[r] || x.hand[r] > h.max[r]) return false;
        if (x.vp_cards() < vp.at(k).min || x.vp_cards() > vp.at(k).max) return false;
    }
    return true;
}

struct Tally {
    int views = 0, events = 0, past_bound = 0, undecided = 0;
    int differs = 0, compact_differs = 0, truth_missing = 0, outside_bounds = 0, end_missing = 0,
        violations = 0;
    int first_differs = -1;  // the first event after which a belief differed (for messages)
    std::size_t largest = 0;
};

// One view of `full`, stepped event by event beside it (see the file's comment).
void judge(const GameLog& full, const View& view, Tally& t) {
    const GameLog seen = make_view(full, view);
    REQUIRE(seen.events.size() == full.events.size());
    Belief truth(full);
    // (from the full log's initial state: states compare their board by pointer)
    Belief belief(seen, truth.front());
    TrackOptions per_state_opt;
    per_state_opt.share_checks = false;
    Belief per_state(seen, truth.front(), per_state_opt);
    TrackOptions holdings_opt;
    holdings_opt.whole_states = 0;
    Belief compact(seen, truth.front(), holdings_opt);
    // and past a tiny bound from the first branching on (the bounds path, fuzzed by the games)
    TrackOptions tiny_opt;
    tiny_opt.max_states = 2;
    Belief tiny(seen, truth.front(), tiny_opt);
    for (int i = 0; i < static_cast<int>(seen.events.size()); ++i) {
        const auto k = static_cast<std::size_t>(i);
        INFO("event " << i);
        truth.step(full.events[k], i, true);
        t.violations += static_cast<int>(belief.step(seen.events[k], i, true).violations.size());
        per_state.step(seen.events[k], i, true);
        compact.step(seen.events[k], i, true);
        tiny.step(seen.events[k], i, true);
        ++t.events;
        const bool differs = !same_belief(belief, per_state);
        const bool compact_differs = !same_belief(compact, per_state);
        t.differs += differs ? 1 : 0;
        t.compact_differs += compact_differs ? 1 : 0;
        if ((differs || compact_differs) && t.first_differs < 0) t.first_differs = i;
        const GameState& real = truth.front();
        if (!tiny.exact() && !within_bounds(tiny, real)) ++t.outside_bounds;
        if (belief.exact()) {
            bool found = false;
            belief.for_each_state(
                [&](const GameState& s, const Weight&) { found = found || same_state(s, real); });
            if (!found) ++t.truth_missing;
        } else if (!within_bounds(belief, real)) {
            ++t.outside_bounds;
        }
    }
    const PlayerId w = winner_at_end(truth.front());
    auto has_end = [w](const PossibleEnds& ends) {
        return w == kNoPlayer
                   ? ends.unfinished
                   : std::find(ends.winners.begin(), ends.winners.end(), w) != ends.winners.end();
    };
    const PossibleEnds ends = possible_ends(belief);
    if (!has_end(ends)) ++t.end_missing;
    if (!has_end(possible_ends(tiny))) ++t.end_missing;
    ++t.views;
    t.past_bound += belief.exact() ? 0 : 1;
    t.undecided += ends.decided() ? 0 : 1;
    t.largest = std::max(t.largest, belief.max_states_seen());
}

// The house rules of a configuration: none, those that change the game (a lower VP target,
// the friendly robber, a higher discard limit; on 5-6 players JSettlers2's readings of the
// special building phase), or those that forbid (no 7 in the first 2 rounds nor before a
// city, the robber kept off the desert, no trades between players).
enum class House { kNone, kChange, kForbid };

const char* house_name(House h) {
    return h == House::kChange   ? " (house rules that change)"
           : h == House::kForbid ? " (house rules that forbid)"
                                 : "";
}

void judge_config(int players, House rules) {
    SimOptions so;
    so.players = players;
    so.turn_cap = kTurnCap;
    if (rules == House::kForbid) {
        so.options.no_seven_rounds = 2;
        so.options.no_seven_until_city = true;
        so.options.robber_not_to_desert = true;
        so.options.no_player_trades = true;
    } else if (rules == House::kChange) {
        so.options.vp_to_win = 6;
        so.options.friendly_robber = true;
        so.options.discard_limit = 9;
        if (players >= 5) {
            so.options.special_building_any_order = true;
            so.options.win_when_turn_passes = true;
        }
    }
    const int games = games_per_config();
    Tally t;
    for (int g = 1; g <= games; ++g) {
        const SimGame game = play_game(20261207 + static_cast<std::uint64_t>(players), g, so);
        std::vector<View> views{View::spectator()};
        for (PlayerId p = 0; p < players; ++p) views.push_back(View::of_seat(p));
        for (const View& view : views) {
            INFO(players << " players" << house_name(rules) << ", game " << g << ", view "
                         << view_name(view, game.log.seats));
            Tally before = t;
            before.first_differs = t.first_differs = -1;
            judge(game.log, view, t);
            INFO("first event after which the belief differs from the reference: "
                 << t.first_differs);
            CHECK(t.differs == before.differs);
            CHECK(t.compact_differs == before.compact_differs);
            CHECK(t.truth_missing == before.truth_missing);
            CHECK(t.outside_bounds == before.outside_bounds);
            CHECK(t.end_missing == before.end_missing);
            CHECK(t.violations == before.violations);
        }
    }
    WARN(players << " players" << house_name(rules) << ": " << games << " games, " << t.views
                 << " views, " << t.events << " events; " << t.past_bound
                 << " views past the bound, " << t.undecided << " with an undecided end, largest "
                 << t.largest << " states");
}

}  // namespace

TEST_CASE("track judge: views of 2-player self-play games", "[track][views][judge]") {
    judge_config(2, House::kNone);
}
TEST_CASE("track judge: views of 3-player self-play games", "[track][views][judge]") {
    judge_config(3, House::kNone);
}
TEST_CASE("track judge: views of 4-player self-play games", "[track][views][judge]") {
    judge_config(4, House::kNone);
}
TEST_CASE("track judge: views of 5-player self-play games", "[track][views][judge]") {
    judge_config(5, House::kNone);
}
TEST_CASE("track judge: views of 6-player self-play games", "[track][views][judge]") {
    judge_config(6, House::kNone);
}
TEST_CASE("track judge: views of 2-player self-play games, house rules", "[track][views][judge]") {
    judge_config(2, House::kChange);
}
TEST_CASE("track judge: views of 3-player self-play games, house rules", "[track][views][judge]") {
    judge_config(3, House::kChange);
}
TEST_CASE("track judge: views of 4-player self-play games, house rules", "[track][views][judge]") {
    judge_config(4, House::kChange);
}
TEST_CASE("track judge: views of 5-player self-play games, house rules", "[track][views][judge]") {
    judge_config(5, House::kChange);
}
TEST_CASE("track judge: views of 6-player self-play games, house rules", "[track][views][judge]") {
    judge_config(6, House::kChange);
}
TEST_CASE("track judge: views of 2-player self-play games, house rules that forbid",
          "[track][views][judge]") {
    judge_config(2, House::kForbid);
}
TEST_CASE("track judge: views of 3-player self-play games, house rules that forbid",
          "[track][views][judge]") {
    judge_config(3, House::kForbid);
}
TEST_CASE("track judge: views of 4-player self-play games, house rules that forbid",
          "[track][views][judge]") {
    judge_config(4, House::kForbid);
}
TEST_CASE("track judge: views of 5-player self-play games, house rules that forbid",
          "[track][views][judge]") {
    judge_config(5, House::kForbid);
}
TEST_CASE("track judge: views of 6-player self-play games, house rules that forbid",
          "[track][views][judge]") {
    judge_config(6, House::kForbid);
}
