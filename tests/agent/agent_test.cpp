// The players (lib/catan/agent/): every policy chooses only legal moves (each chosen event
// is in the generator's list, which tests/engine/legal_test.cpp's brute force proves equal
// to what check accepts, and passes check once its chance is drawn), is deterministic for a
// seed, random plays today's games, and the search player decides from its seat's belief
// only: two games that differ only in a card its seat cannot see give the same decisions.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>

#include <catan/agent/policy.hpp>
#include <catan/agent/rollout.hpp>
#include <catan/agent/search.hpp>
#include <catan/agent/value.hpp>
#include <catan/engine/legal.hpp>
#include <catan/engine/rules.hpp>
#include <catan/io/event_json.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/sim.hpp>
#include <catan/track/view.hpp>

using namespace ctk;

namespace {

// CATAN_TEST_SCALE (a factor, default 1; the sanitizer pass sets 0.1) times n, at least 1.
int scaled(int n) {
    double f = 1.0;
    if (const char* e = std::getenv("CATAN_TEST_SCALE"); e && *e) f = std::atof(e);
    return std::max(1, static_cast<int>(n * f));
}

SimOptions with_policies(std::vector<Policy> policies, int rollouts = 10) {
    SimOptions opt;
    opt.players = static_cast<int>(policies.size());
    opt.policies = std::move(policies);
    opt.search.rollouts = rollouts;
    opt.verify = true;  // every chosen event re-checked with the rules' check
    return opt;
}

std::string as_text(const GameLog& log) {
    return write_log(log, LogFormat::kJsonl);
}

}  // namespace

TEST_CASE("policy names parse, bad names and counts are named", "[agent]") {
    CHECK(parse_policy("greedy") == Policy::kGreedy);
    CHECK(policy_name(Policy::kBuilder) == "builder");
    CHECK(parse_policy_list("search,random,builder") ==
          std::vector<Policy>{Policy::kSearch, Policy::kRandom, Policy::kBuilder});
    CHECK_THROWS_WITH(parse_policy("smart"),
                      "policy: expected random, builder, greedy or search, got \"smart\"");
    CHECK_THROWS_WITH(parse_policy_list("greedy"),
                      "policies: expected 2..6 names (one per seat), got 1");
    CHECK_THROWS_WITH(parse_policy_list("random,,random"),
                      "policy: expected random, builder, greedy or search, got \"\"");
}

TEST_CASE("random seats play today's games, byte for byte", "[agent]") {
    SimOptions plain;
    plain.players = 4;
    const SimOptions named = with_policies(std::vector<Policy>(4, Policy::kRandom));
    for (int i = 1; i <= 3; ++i) {
        const SimGame a = play_game(7, i, plain), b = play_game(7, i, named);
        CHECK(as_text(a.log) == as_text(b.log));
        CHECK(a.log.source.find("uniform random legal moves") != std::string::npos);
    }
}

TEST_CASE("rotation gives every policy every seat", "[agent]") {
    SimOptions opt = with_policies({Policy::kGreedy, Policy::kRandom, Policy::kBuilder});
    opt.rotate = true;
    CHECK(game_policies(opt, 1) ==
          std::vector<Policy>{Policy::kGreedy, Policy::kRandom, Policy::kBuilder});
    CHECK(game_policies(opt, 2) ==
          std::vector<Policy>{Policy::kRandom, Policy::kBuilder, Policy::kGreedy});
    CHECK(game_policies(opt, 3) ==
          std::vector<Policy>{Policy::kBuilder, Policy::kGreedy, Policy::kRandom});
    CHECK(game_policies(opt, 4) == game_policies(opt, 1));
    opt.rotate = false;
    CHECK(game_policies(opt, 2) == game_policies(opt, 1));
}

TEST_CASE("every policy's games are legal, replay valid and are the same for a seed", "[agent]") {
    // 2, 4 and 6 players (the 5-6 extension's special building), a house rule.
    struct Run {
        std::vector<Policy> policies;
        bool friendly = false;
    };
    const std::vector<Run> runs = {
        {{Policy::kGreedy, Policy::kBuilder}, false},
        {{Policy::kSearch, Policy::kGreedy, Policy::kBuilder, Policy::kRandom}, false},
        {{Policy::kGreedy, Policy::kGreedy, Policy::kBuilder, Policy::kBuilder}, true},
        {{Policy::kGreedy, Policy::kBuilder, Policy::kRandom, Policy::kGreedy, Policy::kBuilder,
          Policy::kSearch},
         false}};
    for (const Run& run : runs) {
        SimOptions opt = with_policies(run.policies, 5);
        opt.options.friendly_robber = run.friendly;
        for (int i = 1; i <= scaled(2); ++i) {
            const SimGame g = play_game(11, i, opt);  // verify: check passed for every event
            REQUIRE(g.winner != kNoPlayer);
            // The log replays valid to the same final state.
            GameState s = GameState::initial(g.log);
            for (std::size_t k = 0; k < g.log.events.size(); ++k) {
                const auto v = check(s, g.log.events[k], static_cast<int>(k));
                REQUIRE_FALSE(v.has_value());
                apply(s, g.log.events[k]);
            }
            CHECK(s.players == g.state->players);  // (the board compared by pointer in ==)
            CHECK(s.winner == g.winner);
            CHECK(as_text(play_game(11, i, opt).log) == as_text(g.log));
        }
        CHECK(as_text(play_game(11, 1, opt).log) != as_text(play_game(12, 1, opt).log));
    }
}

TEST_CASE("the chosen move is one the generator lists and check accepts", "[agent]") {
    // At every decision of a greedy and builder game: each simple policy's choice.
    const SimOptions opt = with_policies({Policy::kGreedy, Policy::kBuilder, Policy::kGreedy});
    const SimGame g = play_game(3, 1, opt);
    GameState s = GameState::initial(g.log);
    Rng rng(5);
    std::vector<EventBody> listed;
    int decisions = 0;
    for (const Event& e : g.log.events) {
        LegalSet moves;
        legal_set(s, moves);
        legal_events(s, listed, false);
        const PlayerId who = decider(s, moves);
        for (std::size_t pick : {choose_random(moves, rng), choose_builder(moves, rng),
                                 choose_greedy(s, moves, who)}) {
            Event chosen{move_event(moves.at(pick)), nullptr, 0};
            REQUIRE(std::find_if(listed.begin(), listed.end(), [&](const EventBody& b) {
                        return event_to_json(Event{b, nullptr, 0}, g.log.seats) ==
                               event_to_json(chosen, g.log.seats);
                    }) != listed.end());
            if (auto* d = std::get_if<Discard>(&chosen.body))
                d->cards = keep_discard(s, d->player);
            else
                fill_chance(s, chosen.body, rng);
            REQUIRE_FALSE(check(s, chosen).has_value());
            ++decisions;
        }
        apply(s, e);
    }
    CHECK(decisions == 3 * static_cast<int>(g.log.events.size()));
}

TEST_CASE("keep_discard gives up what a city and a settlement need least", "[agent]") {
    GameState s(std::make_shared<const Board>(Board::beginner()), 3);
    s.players[1].hand = {4, 1, 3, 0, 2};  // 10 cards: discard 5
    s.discard_owed[1] = 5;
    // brick 4-1=3, wool 3-1=2, lumber 0, ore -1, grain -2: brick, brick, then brick/wool
    CHECK(keep_discard(s, 1) == ResourceCounts{3, 0, 2, 0, 0});
}

TEST_CASE("play_out plays a state to its end, the same for a seed", "[agent]") {
    const SimGame g = play_game(2, 1, with_policies({Policy::kGreedy, Policy::kGreedy}));
    GameState start = GameState::initial(g.log);
    for (std::size_t k = 0; k < 20; ++k) apply(start, g.log.events[k]);
    for (Policy p : {Policy::kRandom, Policy::kBuilder, Policy::kGreedy}) {
        GameState a = start, b = start;
        Rng ra(9), rb(9);
        const PlayerId wa = play_out(a, p, ra, 1000);
        CHECK(wa == play_out(b, p, rb, 1000));
        CHECK(a == b);
        CHECK(wa == winner_at_end(a));
        CHECK(game_over(a, 1000));
    }
    GameState capped = start;
    Rng r(1);
    const int turn = start.turn;
    CHECK(play_out(capped, Policy::kBuilder, r, turn + 2) == kNoPlayer);
    CHECK(capped.turn == turn + 3);
    CHECK_THROWS_AS(play_out(capped, Policy::kSearch, r, 10), std::invalid_argument);
}

namespace {

// The game of `log` up to event `end` (exclusive) with event `at` replaced by `alt`, if every
// event still passes check; its final state.
std::optional<GameState> replay_with(const GameLog& log, std::size_t end, std::size_t at,
                                     const Event& alt) {
    GameState s = GameState::initial(log);
    for (std::size_t k = 0; k < end; ++k) {
        const Event& e = k == at ? alt : log.events[k];
        if (check(s, e, static_cast<int>(k))) return std::nullopt;
        apply(s, e);
    }
    return s;
}

std::vector<std::string> seat_view(const GameLog& log, std::size_t end, PlayerId seat) {
    GameLog prefix = log;
    prefix.events.resize(end);
    prefix.events.back().claims = nullptr;  // (the last event's vp claim is public)
    std::vector<std::string> out;
    for (const Event& e : make_view(prefix, View::of_seat(seat)).events)
        out.push_back(event_to_json(e, log.seats).dump());
    return out;
}

// The search agent of `seat`, following the game of `log` up to `end`.
std::size_t search_decision(const GameLog& log, std::size_t end, std::size_t at, const Event& alt,
                            PlayerId seat, const LegalSet& moves) {
    SearchOptions opt;
    opt.rollouts = 20;
    SearchAgent agent(log, seat, opt, 77);
    GameState s = GameState::initial(log);
    for (std::size_t k = 0; k < end; ++k) {
        const Event& e = k == at ? alt : log.events[k];
        agent.observe(e, &s);
        apply(s, e);
    }
    return agent.choose(moves);
}

}  // namespace

TEST_CASE("search decides from its seat's belief: hidden cards change no decision", "[agent]") {
    // A game of random play; seat red's decisions after its roll, each with a variant of the
    // game where a card red cannot see (another player's bought card, or a stolen card
    // between two others) is another one that the rules allow there.
    const SimGame g = play_game(4, 2, with_policies(std::vector<Policy>(4, Policy::kRandom)));
    const GameLog& log = g.log;
    constexpr PlayerId kSeat = 0;
    int compared = 0;
    GameState s = GameState::initial(log);
    for (std::size_t end = 0;
         end < std::min<std::size_t>(log.events.size(), 400) && compared < scaled(3); ++end) {
        LegalSet moves;
        legal_set(s, moves);
        const bool decision = moves.player == kSeat && s.rolled && moves.size() > 3 &&
                              !moves.has(LegalSet::kDiscards);
        apply(s, log.events[end]);
        if (!decision) continue;
        // The latest hidden event before `end` that can be changed.
        for (std::size_t at = end; at-- > 0 && compared < scaled(3);) {
            Event alt = log.events[at];
            bool hidden = false;
            if (auto* b = std::get_if<BuyDevCard>(&alt.body); b && b->player != kSeat) {
                b->card = static_cast<DevCard>((static_cast<int>(*b->card) + 1) % kDevCardKinds);
                hidden = true;
            } else if (auto* m = std::get_if<MoveRobber>(&alt.body);
                       m && m->victim != kNoPlayer && m->player != kSeat && m->victim != kSeat) {
                m->stolen = static_cast<Resource>((static_cast<int>(*m->stolen) + 1) % 5);
                hidden = true;
            }
            if (!hidden) continue;
            const auto truth_b = replay_with(log, end, at, alt);
            if (!truth_b) continue;
            const auto truth_a = replay_with(log, end, log.events.size(), alt);
            REQUIRE(truth_a);
            if (seat_view(log, end, kSeat) != seat_view(
                                                  [&] {
                                                      GameLog v = log;
                                                      v.events[at] = alt;
                                                      return v;
                                                  }(),
                                                  end, kSeat))
                continue;
            REQUIRE_FALSE(*truth_a == *truth_b);  // the games differ
            LegalSet ma, mb;
            legal_set(*truth_a, ma);
            legal_set(*truth_b, mb);
            MoveList la, lb;
            legal_moves(ma, la);
            legal_moves(mb, lb);
            REQUIRE(std::equal(la.begin(), la.end(), lb.begin(), lb.end()));
            const std::size_t da = search_decision(log, end, log.events.size(), alt, kSeat, ma);
            const std::size_t db = search_decision(log, end, at, alt, kSeat, mb);
            CHECK(da == db);
            CHECK(da < ma.size());
            ++compared;
            break;
        }
    }
    CHECK(compared == scaled(3));
}
