// The invariant harness (DESIGN.md section 6, layer 3): thousands of seeded self-play
// games; after EVERY event the conservation laws of state.hpp hold, the production table
// equals the plain computation (rules.hpp owed_by_roll), the occupancy masks (state.hpp)
// equal the arrays they are derived from, road lengths equal a fresh count,
// and the final log ->
// JSON text -> read_log -> replay gives a state equal to the simulator's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <vector>

#include <nlohmann/json.hpp>

#include <catan/engine/invariants.hpp>
#include <catan/engine/rules.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/replay.hpp>
#include <catan/play/sim.hpp>
#include <catan/report/sim_report.hpp>
#include <catan/report/state_report.hpp>
#include <catan/report/verdict_report.hpp>

using namespace ctk;

namespace {

// Games in the harness: 2,000 in a normal build; 100 under sanitizers (about 10x slower).
// CATAN_SIM_GAMES in the environment overrides both (e.g. 100000 for a long soak).
int harness_games() {
    if (const char* g = std::getenv("CATAN_SIM_GAMES"); g && *g) return std::atoi(g);
#if defined(__SANITIZE_ADDRESS__) || defined(CATAN_SANITIZE)
    return 100;
#else
    return 2000;
#endif
}

// CATAN_TEST_SCALE (a factor, default 1; the sanitizer pass sets 0.1) times n, at least 1.
int scaled(int n) {
    double f = 1.0;
    if (const char* e = std::getenv("CATAN_TEST_SCALE"); e && *e) f = std::atof(e);
    return std::max(1, static_cast<int>(n * f));
}

// Plays `games` seeded games with `opt` (players cycling through `players`), checking the
// invariants after every event and that replay of the written log gives the same state.
// Returns the games won.
int play_checked(int games, SimOptions opt, const std::vector<int>& players, std::uint64_t seed) {
    int complete = 0;
    for (int g = 1; g <= games; ++g) {
        opt.players = players[static_cast<std::size_t>(g) % players.size()];
        SelfPlay sp(game_seed(seed, g), opt);
        while (!sp.over()) {
            sp.step();
            std::string broken = broken_invariant(sp.state());
            if (!broken.empty())
                FAIL("game " << g << ", event " << sp.events() - 1 << " ("
                             << event_summary(sp.log().events.back().body) << "): " << broken);
        }
        SimGame game = sp.finish();
        complete += game.winner != kNoPlayer;
        GameLog back = read_log(write_log(game.log, LogFormat::kJsonl), "sim");
        Verdict v = replay(back);
        INFO("game " << g);
        if (!v.violations.empty()) FAIL(violation_text(v.violations.front(), back, "sim"));
        REQUIRE(v.state.has_value());
        REQUIRE(state_to_json(*v.state, back.seats) == state_to_json(*game.state, game.log.seats));
    }
    return complete;
}

}  // namespace

TEST_CASE("house rules: invariants after every event, then replay agrees",
          "[invariants][variants]") {
    // 1,000 games under each house rule (a tenth under the sanitizers).
    const int games = scaled(1000);
    SimOptions opt;
    opt.random_board = true;
    SECTION("discard_limit 9") {
        opt.options.discard_limit = 9;
        CHECK(play_checked(games, opt, {2, 3, 4}, 12001) > 0);
    }
    SECTION("friendly robber") {
        opt.options.friendly_robber = true;
        CHECK(play_checked(games, opt, {2, 3, 4}, 12002) > 0);
    }
    SECTION("vp_to_win 15") {
        opt.options.vp_to_win = 15;
        opt.turn_cap = 2000;
        CHECK(play_checked(games, opt, {2, 3, 4}, 12003) > 0);
    }
}

TEST_CASE("house rules that forbid: invariants after every event, then replay agrees",
          "[invariants][variants]") {
    // 1,000 games under each (a tenth under the sanitizers); replay's check judges each
    // roll, robber move and trade against the option. The robber rule on 3 to 6 players
    // (two deserts on the extended board).
    const int games = scaled(1000);
    SimOptions opt;
    opt.random_board = true;
    SECTION("no_seven_rounds 3") {
        opt.options.no_seven_rounds = 3;
        CHECK(play_checked(games, opt, {2, 3, 4}, 12011) > 0);
    }
    SECTION("no_seven_until_city") {
        opt.options.no_seven_until_city = true;
        CHECK(play_checked(games, opt, {2, 3, 4}, 12012) > 0);
    }
    SECTION("robber_not_to_desert") {
        opt.options.robber_not_to_desert = true;
        CHECK(play_checked(games, opt, {3, 4, 5, 6}, 12013) > 0);
    }
    SECTION("no_player_trades") {
        opt.options.no_player_trades = true;
        CHECK(play_checked(games, opt, {2, 3, 4}, 12014) > 0);
    }
}

TEST_CASE("5-6 players: bank + hands = 24 per resource, deck + held + played = 34",
          "[invariants][variants]") {
    // 1,000 games of the extension on random extended boards (a tenth under sanitizers).
    SimOptions opt;
    int extended = 0;
    const int games = scaled(1000);
    CHECK(play_checked(games, opt, {5, 6}, 12004) > 0);
    for (int players : {5, 6}) {
        opt.players = players;
        SelfPlay sp(game_seed(1, players), opt);
        extended += sp.state().extension() && sp.state().bank_per_resource() == 24 &&
                    sp.state().deck_size() == 34;
    }
    CHECK(extended == 2);
}

TEST_CASE("JSettlers2's readings: invariants after every event, then replay agrees",
          "[invariants][variants]") {
    // 1,000 games of 5 and 6 players under unlimited_bank, special_building_any_order and
    // win_when_turn_passes (a tenth under sanitizers); then, that each reading is played:
    // a bank below zero, a part of the player whose turn ended, a part out of seat order,
    // a game won as the turn passed.
    SimOptions opt;
    opt.options.unlimited_bank = true;
    opt.options.special_building_any_order = true;
    opt.options.win_when_turn_passes = true;
    CHECK(play_checked(scaled(1000), opt, {5, 6}, 12006) > 0);
    opt.record = false;
    int overdrawn = 0, own_part = 0, out_of_order = 0, passed = 0;
    for (int g = 1; g <= scaled(200); ++g) {
        opt.players = 5 + g % 2;
        SelfPlay sp(game_seed(12007, g), opt);
        int last_seat = 0;
        while (!sp.over()) {
            const GameState& s = sp.state();
            if (!s.special.open()) last_seat = 0;
            const EventBody& e = sp.step();
            const GameState& t = sp.state();
            overdrawn += std::any_of(t.bank.begin(), t.bank.end(), [](int n) { return n < 0; });
            if (const auto* b = std::get_if<SpecialBuild>(&e)) {
                const int seat = t.seats_after(t.special.after, b->player);
                own_part += b->player == t.special.after;
                out_of_order += seat < last_seat;
                last_seat = seat;
            }
        }
        passed += sp.state().phase != Phase::kOver && win_due(sp.state()) != kNoPlayer;
    }
    CHECK(overdrawn > 0);
    CHECK(own_part > 0);
    CHECK(out_of_order > 0);
    CHECK(passed > 0);
}

TEST_CASE("5-6 players: self-play plays the special building phase", "[invariants][variants]") {
    // The 1,000 games above check it event by event; here: the phase is really played.
    SimOptions opt;
    opt.record = false;
    int parts = 0, builds = 0, cards = 0;
    for (int g = 1; g <= scaled(40); ++g) {
        opt.players = 5 + g % 2;
        SelfPlay sp(game_seed(12005, g), opt);
        while (!sp.over()) {
            const bool in_part = sp.state().special.builder != kNoPlayer;
            const EventBody& e = sp.step();
            parts += std::holds_alternative<SpecialBuild>(e);
            builds += in_part && !std::holds_alternative<EndTurn>(e);
            cards += in_part && std::holds_alternative<BuyDevCard>(e);
        }
    }
    CHECK(parts > 40);
    CHECK(builds > 0);
    CHECK(cards > 0);
}

TEST_CASE("invariants after every event of thousands of seeded games, then replay agrees",
          "[invariants]") {
    const int games = harness_games();
    std::int64_t events = 0;
    int complete = 0;
    for (int g = 1; g <= games; ++g) {
        SimOptions opt;
        opt.players = 2 + g % 3;  // 3, 4, 2, 3, 4, ...
        opt.random_board = g % 2 == 0;
        SelfPlay sp(game_seed(20261129, g), opt);
        while (!sp.over()) {
            sp.step();
            std::string broken = broken_invariant(sp.state());
            if (!broken.empty()) {
                FAIL("game " << g << ", event " << sp.events() - 1 << " ("
                             << event_summary(sp.log().events.back().body) << "): " << broken);
            }
        }
        events += sp.events();
        SimGame game = sp.finish();
        complete += game.winner != kNoPlayer;
        // log -> JSON text (JSON or JSONL) -> read_log -> replay: the same state.
        const auto format = g % 5 == 0 ? LogFormat::kJsonl : LogFormat::kJson;
        GameLog back = read_log(write_log(game.log, format), "sim");
        Verdict v = replay(back);
        INFO("game " << g);
        REQUIRE(v.violations.empty());
        CHECK(v.outcome == (game.winner != kNoPlayer ? Outcome::kComplete : Outcome::kUnfinished));
        REQUIRE(v.state.has_value());
        REQUIRE(state_to_json(*v.state, back.seats) == state_to_json(*game.state, game.log.seats));
    }
    CHECK(events > static_cast<std::int64_t>(games) * 100);
    CHECK(complete > 0);
}

TEST_CASE("self-play is deterministic: same seed, same log", "[invariants]") {
    SimOptions opt;
    opt.random_board = true;
    const auto a = write_log(play_game(5, 3, opt).log, LogFormat::kJsonl);
    const auto b = write_log(play_game(5, 3, opt).log, LogFormat::kJsonl);
    CHECK(a == b);
    CHECK(a != write_log(play_game(5, 4, opt).log, LogFormat::kJsonl));
}

TEST_CASE("self-play without re-checking its events plays the same games", "[invariants]") {
    for (int players : {2, 4, 6}) {
        for (int game = 1; game <= 4; ++game) {
            SimOptions checked;
            checked.players = players;
            checked.random_board = game % 2 == 0;
            SimOptions trusted = checked;
            trusted.verify = false;
            const SimGame a = play_game(5, game, checked), b = play_game(5, game, trusted);
            INFO(players << " players, game " << game);
            REQUIRE(a.events == b.events);
            CHECK(a.winner == b.winner);
            CHECK(write_log(a.log, LogFormat::kJsonl) == write_log(b.log, LogFormat::kJsonl));
        }
    }
}

TEST_CASE("a turn cap ends a game unfinished, and replay says so", "[invariants]") {
    SimOptions opt;
    opt.turn_cap = 3;
    SimGame g = play_game(1, 1, opt);
    CHECK(g.winner == kNoPlayer);
    CHECK(g.turns == 3);
    Verdict v = replay(g.log);
    CHECK(v.violations.empty());
    CHECK(v.outcome == Outcome::kUnfinished);
}

TEST_CASE("broken_invariant names the law a corrupted state breaks", "[invariants]") {
    SimOptions opt;
    opt.players = 4;
    SelfPlay sp(game_seed(7, 1), opt);
    for (int i = 0; i < 200 && !sp.over(); ++i) sp.step();
    const GameState good = sp.state();
    CHECK(broken_invariant(good).empty());
    CHECK(broken_invariant(good, InvariantScope::kLaws).empty());

    GameState s = good;
    ++s.bank[2];  // a wool card out of nowhere
    CHECK(broken_invariant(s, InvariantScope::kLaws) ==
          "bank + hands = " + std::to_string(s.bank_per_resource() + 1) + " for resource 2");

    s = good;
    ++s.players[1].roads_left;  // a road piece counted twice
    CHECK(broken_invariant(s, InvariantScope::kLaws) == "roads of player 1");

    s = good;
    s.players[0].road_length += 1;  // what apply keeps: only the full scope recounts it
    CHECK(broken_invariant(s, InvariantScope::kLaws).empty());
    CHECK(broken_invariant(s) ==
          "road length of player 0: " + std::to_string(good.players[0].road_length + 1) +
              ", a fresh count gives " + std::to_string(good.players[0].road_length));
}

TEST_CASE("self-play summary: text and JSON say the same counts", "[invariants][report]") {
    SimOptions opt;
    opt.players = 3;
    opt.record = false;
    SimSummary sum;
    for (int i = 1; i <= 3; ++i) sum.add(play_game(5, i, opt));
    SimRun run;
    run.seed = 5;
    run.options = opt;
    run.board = sim_board_name(opt, "");
    run.cpu = 0.5;
    CHECK(run.board == "beginner board");
    const auto j = nlohmann::json::parse(sim_summary_json(sum, run));
    CHECK(j.at("games") == 3);
    CHECK(j.at("complete").get<int>() + j.at("unfinished").get<int>() == 3);
    CHECK(j.at("games_per_second") == 6);
    CHECK(j.at("wins").size() == 3);
    const std::string text = sim_summary_text(sum, run);
    CHECK(text.starts_with("catan-sim: seed 5, 3 players, beginner board, turn cap 1000\n"));
    CHECK(std::count(text.begin(), text.end(), '\n') == 6);
    CHECK(text.find("logs written") == std::string::npos);
    run.logs = "stdout";
    CHECK(sim_summary_text(sum, run).find("(logs written to stdout)") != std::string::npos);
}
