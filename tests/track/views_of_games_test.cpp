// The belief of lib/track on views of full-information games (self-play and the shared
// recorded games): the truth must stay possible after every event, with calibrated
// probabilities, within the guaranteed bounds past the bound; a view states each
// monopoly's haul.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/engine/rules.hpp>
#include <catan/import/import.hpp>
#include <catan/play/replay.hpp>
#include <catan/play/sim.hpp>
#include <catan/report/track_report.hpp>
#include <catan/track/detail/belief_parts.hpp>
#include <catan/track/track.hpp>
#include <catan/track/view.hpp>
#include "test_support.hpp"
#include "track_fixture.hpp"

using namespace ctk;
using ctk::test::same_belief;
namespace fs = std::filesystem;

// ---- views of full-information games ----
namespace {

bool same_holdings(const GameState& a, const GameState& b) {
    if (a.bank != b.bank || a.deck != b.deck) return false;
    for (int p = 0; p < a.player_count(); ++p) {
        const PlayerState& x = a.players[p];
        const PlayerState& y = b.players[p];
        if (x.hand != y.hand || x.dev_old != y.dev_old || x.dev_new != y.dev_new) return false;
    }
    return true;
}

struct Calibration {
    // Per probability decile: sum of p, count of true hands, sum of p(1-p).
    std::array<double, 10> expected{}, observed{}, variance{};
    double log_score = 0;  // sum of log P(true hand): higher is better (a proper score)
    void add(double p, bool truth) {
        auto bin = std::min<std::size_t>(9, static_cast<std::size_t>(p * 10));
        expected[bin] += p;
        observed[bin] += truth ? 1 : 0;
        variance[bin] += p * (1 - p);
    }
    // The largest |observed - expected| in standard deviations over bins with data.
    double worst_z() const {
        double z = 0;
        for (std::size_t i = 0; i < 10; ++i)
            if (variance[i] > 0)
                z = std::max(z, std::abs(observed[i] - expected[i]) / std::sqrt(variance[i]));
        return z;
    }
};

constexpr int kEveryEvent = -2;  // run_view: score the true hand after every event

struct ViewRun {
    int events = 0;
    int truth_missing = 0;  // events after which some true hand was impossible
    std::size_t max_states = 0;
    double prob_sum = 0;  // of the true hands, for the mean probability
    int hands_scored = 0;
    int inexact_events = 0;  // events after which the belief was past its bound
    int outside_bounds = 0;  // of those, events after which a true hand left the bounds
    // With compare_per_state: events after which the belief differed (states, order,
    // weights) from one that checks and applies every event in every state.
    int differs_from_per_state = 0;
    int compact_differs = 0;  // the same, for a belief held as holdings (whole_states 0)
    bool exact = true;
};

// Past the bound: every player's true hand (of t) within the belief's guaranteed bounds.
bool within_bounds(const Belief& b, const GameState& t) {
    for (PlayerId p = 0; p < t.player_count(); ++p) {
        const HandBounds& h = b.bounds().at(static_cast<std::size_t>(p));
        const ResourceCounts& hand = t.players[p].hand;
        if (t.players[p].hand_size() < h.cards_min || t.players[p].hand_size() > h.cards_max)
            return false;
        for (int r = 0; r < kResourceCount; ++r)
            if (hand[r] < h.min[r] || hand[r] > h.max[r]) return false;
    }
    return true;
}

double scale() {
    const char* s = std::getenv("CATAN_TEST_SCALE");
    return s && *s ? std::atof(s) : 1.0;
}

// Steps the full log and its view side by side: the verdicts agree, and after every event
// the true complete holdings are one of the view's states. At event `sample` (when >= 0)
// every possible hand of every uncertain player goes to the calibration (true or not) and
// the same under uniform weights over the possible hands.
// compare_per_state: also steps a belief with TrackOptions::share_checks false (check /
// apply in every state) and counts the events after which the two differ.
ViewRun run_view(const GameLog& full, View view, int sample, Calibration* cal,
                 Calibration* cal_marginal, Calibration* uniform, TrackOptions track = {},
                 bool compare_per_state = false) {
    ViewRun out;
    // The importer's view (catan-import --view): same events in the same order.
    const GameLog seen = make_view(full, view);
    REQUIRE(seen.events.size() == full.events.size());
    Belief truth(full), belief(seen, track);
    TrackOptions every_state = track;
    every_state.share_checks = false;
    std::optional<Belief> per_state;
    // (from the same initial state: states compare their board by pointer)
    if (compare_per_state) per_state.emplace(seen, belief.front(), every_state);
    // and one that holds every belief of several states as holdings (whole_states 0)
    TrackOptions as_holdings = track;
    as_holdings.whole_states = 0;
    std::optional<Belief> compact;
    if (compare_per_state) compact.emplace(seen, belief.front(), as_holdings);
    std::vector<std::string> full_rules, view_rules;
    for (int i = 0; i < static_cast<int>(seen.events.size()); ++i) {
        for (const Violation& v :
             truth.step(full.events[static_cast<std::size_t>(i)], i, true).violations)
            full_rules.push_back(v.rule_id);
        for (const Violation& v :
             belief.step(seen.events[static_cast<std::size_t>(i)], i, true).violations)
            view_rules.push_back(v.rule_id);
        if (per_state) {
            per_state->step(seen.events[static_cast<std::size_t>(i)], i, true);
            compact->step(seen.events[static_cast<std::size_t>(i)], i, true);
            if (!same_belief(belief, *per_state)) ++out.differs_from_per_state;
            if (!same_belief(*compact, *per_state)) ++out.compact_differs;
        }
        const GameState& t = truth.front();
        bool found = false;
        belief.for_each_state(
            [&](const GameState& s, const Weight&) { found = found || same_holdings(s, t); });
        if (!found && belief.exact()) ++out.truth_missing;  // past the bound it may be lost
        ++out.events;
        if (!belief.exact()) ++out.inexact_events;
        if (!belief.exact() && !within_bounds(belief, t)) ++out.outside_bounds;
        if (sample == kEveryEvent) {
            // P(true hand) per player: the weight of the states where it is the hand
            for (PlayerId p = 0; p < t.player_count(); ++p) {
                Weight w = 0;
                belief.for_each_state([&](const GameState& s, const Weight& sw) {
                    if (s.players[p].hand == t.players[p].hand) w += sw;
                });
                out.prob_sum += belief.probability(w).convert_to<double>();
                ++out.hands_scored;
            }
            continue;
        }
        if (i != sample) continue;
        for (const PlayerBelief& pb : player_beliefs(belief)) {
            const ResourceCounts& real = t.players[pb.player].hand;
            for (const HandOdds& h : pb.hands)
                if (h.hand == real) {
                    out.prob_sum += h.probability.convert_to<double>();
                    ++out.hands_scored;
                }
            if (pb.hands.size() < 2 || i != sample || !cal) continue;
            for (const HandOdds& h : pb.hands) {
                cal->add(h.probability.convert_to<double>(), h.hand == real);
                if (h.hand == real) {
                    cal->log_score += std::log(h.probability.convert_to<double>());
                    uniform->log_score -= std::log(static_cast<double>(pb.hands.size()));
                }
            }
            // Per resource, P(holds k): the belief's, and the one of equal weights over
            // the possible hands.
            for (int r = 0; r < kResourceCount; ++r) {
                std::vector<double> even(pb.distribution[r].size(), 0.0);
                for (const HandOdds& h : pb.hands)
                    even[static_cast<std::size_t>(h.hand[r])] +=
                        1.0 / static_cast<double>(pb.hands.size());
                for (std::size_t k = 0; k < even.size(); ++k) {
                    if (pb.min[r] == pb.max[r]) break;
                    const bool truth = real[r] == static_cast<int>(k);
                    cal_marginal->add(pb.distribution[r][k].convert_to<double>(), truth);
                    uniform->add(even[k], truth);
                }
            }
        }
    }
    if (belief.exact()) {  // past the bound the belief decides no violation
        CHECK(full_rules == view_rules);
        const GameState& t = truth.most_probable();
        const GameState& b = belief.most_probable();
        CHECK(t.winner == b.winner);
        CHECK(phase_name(t.phase) == phase_name(b.phase));
    }
    out.max_states = belief.max_states_seen();
    out.exact = belief.exact();
    return out;
}

}  // namespace

// Random play hoards cards (hands of 20 and more): a hidden discard of 10 of them has
// hundreds of possible forms, so the views without discards are tested on the recorded
// games, and self-play games stop after this many turns.
constexpr int kTurnCap = 60;

TEST_CASE("track: views of self-play games keep the truth possible, calibrated", "[track][views]") {
    const int games = std::max(10, static_cast<int>(1000 * scale()));
    Calibration cal, marginal, uniform;
    std::size_t max_states = 0;
    int truth_missing = 0, inexact = 0;
    SimOptions so;
    so.turn_cap = kTurnCap;
    for (int g = 1; g <= games; ++g) {
        SimGame game = play_game(20261201, g, so);
        const auto n = static_cast<int>(game.log.events.size());
        {
            const View view = View::spectator();
            INFO("game " << g << ", spectator view");
            // One sampled event per game: samples of different games are independent.
            const int sample = static_cast<int>(game_seed(7, g) % static_cast<std::uint64_t>(n));
            ViewRun r = run_view(game.log, view, sample, &cal, &marginal, &uniform, {}, true);
            if (r.exact) truth_missing += r.truth_missing;  // past the bound it may be lost
            CHECK(r.outside_bounds == 0);                   // but never leaves the bounds
            // the same states and weights as check and apply in every state, held whole
            // or as holdings
            CHECK(r.differs_from_per_state == 0);
            CHECK(r.compact_differs == 0);
            max_states = std::max(max_states, r.max_states);
            inexact += r.exact ? 0 : 1;
        }
    }
    CHECK(truth_missing == 0);
    CHECK(inexact * 50 <= games);  // the bound is rarely reached (reported below)
    WARN("self-play views: " << games << " games (" << inexact
                             << " past the bound), largest belief " << max_states
                             << " states; calibration worst |z|: hands " << cal.worst_z()
                             << ", per-resource counts " << marginal.worst_z()
                             << ", per-resource counts with equal weights per hand "
                             << uniform.worst_z());
    CHECK(cal.worst_z() < 4);
    CHECK(marginal.worst_z() < 4);
    // Equal weights over the possible hands pass a binned calibration (a player's hands
    // then share one bin), so they are held to the proper log score: the model's must be
    // higher.
    WARN("log score of the true hands: belief " << cal.log_score << ", equal weights "
                                                << uniform.log_score);
    CHECK(cal.log_score > uniform.log_score);
}

// ---- views of the shared recorded games (../shared/data) ----
namespace {

// Views that hide discards can outgrow any practical bound when a player discards 10 of
// 20 cards (hundreds of possible discards per state); the test runs them under this
// smaller bound to stay quick and reports how often they pass it.
constexpr std::size_t kNoDiscardsBound = 2000;

// The full-information recordings of ../shared/data/<sub> ending in `ext`, sorted; every
// k-th when CATAN_TEST_SCALE < 1 (k = 1 / scale). Empty after a message when the corpus
// is missing (a failure in CI).
std::vector<fs::path> shared_games(const std::string& sub, const std::string& ext) {
    const fs::path dir = fs::path(test::data_dir()) / sub;
    std::vector<fs::path> out;
    if (!fs::is_directory(dir)) {
        if (std::getenv("CI")) FAIL("the shared corpus is missing in CI: " << dir.string());
        WARN("skipped: the shared corpus is not at " << dir.string());
        return out;
    }
    std::vector<fs::path> all;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ext) all.push_back(e.path());
    std::sort(all.begin(), all.end());
    const auto step = static_cast<std::size_t>(std::max(1.0, std::round(1.0 / scale())));
    for (std::size_t i = 0; i < all.size(); i += step) out.push_back(all[i]);
    return out;
}

struct ViewTotals {
    int views = 0, events = 0, inexact_events = 0, inexact_views = 0, truth_missing = 0;
    std::size_t max_states = 0;
    double prob_sum = 0;
    int hands_scored = 0;
    void add(const ViewRun& r) {
        ++views;
        events += r.events;
        inexact_events += r.inexact_events;
        inexact_views += r.exact ? 0 : 1;
        truth_missing += r.truth_missing;
        max_states = std::max(max_states, r.max_states);
        prob_sum += r.prob_sum;
        hands_scored += r.hands_scored;
    }
    std::string text() const {
        return fmt::format(
            "{} views, {} events: mean P(true hand) {:.3f}, largest belief {} states, "
            "events past the bound {} ({:.1f}%, in {} views)",
            views, events, hands_scored ? prob_sum / hands_scored : 1.0, max_states, inexact_events,
            events ? 100.0 * inexact_events / events : 0.0, inexact_views);
    }
};

// Every view of every game: spectator and each seat under the default bound (the truth
// possible after every event, the full log's verdict, never past the bound), and
// spectator-no-discards under kNoDiscardsBound (the same while exact; the share past the
// bound reported).
void check_views_of_corpus(const std::string& label, const std::vector<fs::path>& games,
                           ImportFormat format) {
    ViewTotals spectator, seats, no_discards;
    for (const fs::path& path : games) {
        const GameLog full =
            import_log(test::read_file(path.string()), path.filename().string(), format);
        std::vector<View> views{View::spectator()};
        for (PlayerId p = 0; p < static_cast<PlayerId>(full.seats.size()); ++p)
            views.push_back(View::of_seat(p));
        views.push_back(View::spectator_no_discards());
        for (const View& view : views) {
            INFO(path.filename().string() << ", view " << view_name(view, full.seats));
            TrackOptions track;
            if (view.kind == View::Kind::kSpectatorNoDiscards) track.max_states = kNoDiscardsBound;
            const ViewRun r =
                run_view(full, view, kEveryEvent, nullptr, nullptr, nullptr, track, true);
            CHECK(r.truth_missing == 0);
            CHECK(r.differs_from_per_state == 0);  // sharing outcomes changes nothing
            CHECK(r.compact_differs == 0);         // nor holding states as holdings, applied once
            CHECK(r.outside_bounds == 0);
            if (view.kind == View::Kind::kSpectatorNoDiscards) {
                no_discards.add(r);
                continue;
            }
            CHECK(r.exact);  // never past the default bound on the shared games
            CHECK(r.inexact_events == 0);
            (view.kind == View::Kind::kSpectator ? spectator : seats).add(r);
        }
    }
    WARN(label << " (" << games.size() << " games), spectator: " << spectator.text());
    WARN(label << ", each seat: " << seats.text());
    WARN(label << ", spectator without discards (bound " << kNoDiscardsBound
               << "): " << no_discards.text());
}

}  // namespace

TEST_CASE("track: past the bound the belief keeps few states, and the truth within the bounds",
          "[track][views]") {
    // Spectator-no-discards views of long self-play games (150 turns) under a bound of 500:
    // the belief passes it, then holds at most kKeptPastBound states after every later
    // event (so no event past the bound costs more than a few hundred full-information
    // steps), and the true hands stay within the guaranteed bounds.
    SimOptions so;
    so.turn_cap = 150;
    TrackOptions small;
    small.max_states = 500;
    int past = 0, checked = 0;
    for (int g = 1; g <= 6; ++g) {
        SimGame game = play_game(20261204, g, so);
        const GameLog seen = make_view(game.log, View::spectator_no_discards());
        Belief truth(game.log), belief(seen, small);
        for (int i = 0; i < static_cast<int>(seen.events.size()); ++i) {
            INFO("game " << g << ", event " << i);
            const auto k = static_cast<std::size_t>(i);
            REQUIRE(truth.step(game.log.events[k], i).violations.empty());
            belief.step(seen.events[k], i);
            if (belief.exact()) continue;
            REQUIRE(belief.size() <= kKeptPastBound);
            REQUIRE(within_bounds(belief, truth.front()));
            ++checked;
        }
        past += belief.exact() ? 0 : 1;
    }
    CHECK(past >= 3);  // most of these long views pass a bound of 500
    CHECK(checked > 0);
}

TEST_CASE("track: views of the shared STAC games keep the truth possible",
          "[track][views][corpus]") {
    check_views_of_corpus("STAC", shared_games("stac", ".soclog"), ImportFormat::kSoclog);
}

TEST_CASE("track: views of the shared catanatron games keep the truth possible",
          "[track][views][corpus]") {
    check_views_of_corpus("catanatron", shared_games("catanatron", ".json"),
                          ImportFormat::kCatanatron);
}

TEST_CASE("track: views of the shared colonist.io games keep the truth possible",
          "[track][views][corpus]") {
    check_views_of_corpus("colonist.io", shared_games("colonist", ".json"),
                          ImportFormat::kColonist);
}

TEST_CASE("track: a real game past a tiny bound keeps the truth within the bounds",
          "[track][views][corpus]") {
    // A spectator's view of a recorded game under a bound of 3 states: exact (the truth
    // among the states) until the first event after which more than 3 states are possible
    // (found with an unbounded belief), stated as such, and from there the true hand of
    // every player within the guaranteed bounds after every event.
    const auto games = shared_games("catanatron", ".json");
    if (games.empty()) return;
    const fs::path& path = games.front();
    const GameLog full = import_log(test::read_file(path.string()), path.filename().string(),
                                    ImportFormat::kCatanatron);
    const GameLog seen = make_view(full, View::spectator());
    TrackOptions tiny;
    tiny.max_states = 3;
    Belief truth(full), unbounded(seen), bounded(seen, tiny);
    std::optional<int> passed;  // where the unbounded belief first holds more than 3
    int outside = 0, checked = 0, sizes_known = 0;
    // Hand sizes are public, a monopoly's haul too (the view states it): every size stays
    // exact, past the bound as before it.
    int sizes_lost = 0, monopolies = 0;
    for (int i = 0; i < static_cast<int>(seen.events.size()); ++i) {
        const auto k = static_cast<std::size_t>(i);
        REQUIRE(truth.step(full.events[k], i).violations.empty());
        unbounded.step(seen.events[k], i);
        bounded.step(seen.events[k], i);
        if (!passed && unbounded.size() > tiny.max_states) passed = i;
        const GameState& t = truth.front();
        monopolies += std::holds_alternative<PlayMonopoly>(seen.events[k].body);
        if (!passed) {
            REQUIRE(bounded.exact());
            continue;
        }
        REQUIRE_FALSE(bounded.exact());
        REQUIRE(bounded.bounds().size() == static_cast<std::size_t>(t.player_count()));
        for (PlayerId p = 0; p < t.player_count(); ++p) {
            const HandBounds& h = bounded.bounds()[static_cast<std::size_t>(p)];
            const ResourceCounts& hand = t.players[p].hand;
            bool in =
                h.cards_min <= t.players[p].hand_size() && t.players[p].hand_size() <= h.cards_max;
            for (int r = 0; r < kResourceCount; ++r)
                in = in && h.min[r] <= hand[r] && hand[r] <= h.max[r];
            if (!in) {
                ++outside;
                UNSCOPED_INFO("event " << i << ", player " << p << ": outside the bounds");
            }
            sizes_known += h.cards_min == h.cards_max;
            sizes_lost += h.cards_min != h.cards_max;
            ++checked;
        }
    }
    INFO(path.filename().string());
    REQUIRE(passed.has_value());
    CHECK(bounded.inexact_from() == passed);
    CHECK(outside == 0);
    CHECK(sizes_lost == 0);
    CHECK(monopolies > 0);
    WARN(path.filename().string() << ": past the bound of 3 from event " << *passed << " of "
                                  << seen.events.size() << "; hand size known in " << sizes_known
                                  << " of " << checked << " (event, player) pairs");
}

// progress-card: a monopoly's haul is public at the table; a view states it where the log
// leaves it out (so hand sizes stay exact under hidden cards), and replay checks a stated
// haul against every hand, in each state of a belief.
TEST_CASE("track: a view states each monopoly's haul, and replay checks it", "[track][views]") {
    const GameLog full = read_log(
        test::read_file(test::source_path("samples/logs/valid/dev-cards.json")), "dev-cards.json");
    constexpr int kAt = 74;  // red's monopoly on grain: blue holds 2, white none
    REQUIRE(std::holds_alternative<PlayMonopoly>(full.events[kAt].body));
    CHECK_FALSE(std::get<PlayMonopoly>(full.events[kAt].body).given);
    const SeatCounts want{0, 2, 0, 0, 0, 0};
    for (const View& view : {View::spectator(), View::spectator_no_discards(), View::of_seat(1)}) {
        const GameLog seen = make_view(full, view);
        CHECK(std::get<PlayMonopoly>(seen.events[kAt].body).given == want);
        const Verdict v = replay(seen);
        CHECK(v.violations.empty());
        CHECK(v.outcome == Outcome::kUnfinished);
    }
    // A stated haul that is not what the hands hold: in the full log, and in a view (where
    // no state of the belief explains it).
    GameLog wrong = full;
    std::get<PlayMonopoly>(wrong.events[kAt].body).given = SeatCounts{0, 2, 1, 0, 0, 0};
    Verdict v = replay(wrong);
    REQUIRE(v.violations.size() == 1);
    CHECK(v.violations[0].rule_id == "progress-card");
    CHECK(v.violations[0].event_index == kAt);
    CHECK(v.violations[0].message ==
          "the log says white gives 1 grain to the monopoly; white holds 0");
    wrong = make_view(wrong, View::spectator());
    v = replay(wrong);
    REQUIRE(v.violations.size() == 1);
    CHECK(v.violations[0].event_index == kAt);
}
