// Win probabilities (lib/catan/analysis/forecast.hpp): on real recorded games and on
// self-play games with their views.
#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>

#include <catan/agent/policy.hpp>
#include <catan/analysis/forecast.hpp>
#include <catan/board/generate.hpp>
#include <catan/engine/legal.hpp>
#include <catan/import/input.hpp>
#include <catan/play/sim.hpp>
#include <catan/report/eval_report.hpp>
#include <catan/track/view.hpp>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

using namespace ctk;

namespace {

GameLog stac_game() {
    return read_one_game(test::data_dir() + "/stac/human-game-1.soclog");
}

// Every probability in [0, 1], the players' sum 1 (each rollout's scores sum to 1), and
// each standard error sqrt(p (1 - p) / rollouts).
void check_position(const ForecastPosition& pos, int players, int rollouts) {
    REQUIRE(pos.p.size() == static_cast<std::size_t>(players));
    REQUIRE(pos.se.size() == pos.p.size());
    double sum = 0;
    for (std::size_t q = 0; q < pos.p.size(); ++q) {
        CHECK(pos.p[q] >= 0.0);
        CHECK(pos.p[q] <= 1.0);
        CHECK(pos.se[q] == Approx(std::sqrt(pos.p[q] * (1 - pos.p[q]) / rollouts)).margin(1e-12));
        sum += pos.p[q];
    }
    CHECK(sum == Approx(1.0).margin(1e-9));
}

}  // namespace

TEST_CASE("forecast: a real human game, every position a probability per player summing to 1",
          "[forecast]") {
    const GameLog log = stac_game();
    ForecastOptions opt;
    opt.rollouts = 20;
    opt.turns = {0, -0.25, -0.5, -0.75, -1.0};
    const Forecast f = forecast(log, opt, "human-game-1");
    // The game's last turn is 69: 25% of it is turn 17, 50% turn 35, 75% turn 52.
    REQUIRE(f.positions.size() == 5);
    CHECK(f.positions[0].turn == 0);
    CHECK(f.positions[1].turn == 17);
    CHECK(f.positions[2].turn == 35);
    CHECK(f.positions[3].turn == 52);
    CHECK(f.positions[4].turn == 69);
    for (const auto& pos : f.positions) {
        check_position(pos, 3, 20);
        CHECK(pos.states == 1);  // a full server log: nothing hidden
    }
    // The end decided: the winner (player_b, the third seat of player_c, player_a,
    // player_b) 1, the others 0, no error.
    CHECK(f.verdict.winner == 2);
    CHECK(f.positions.back().p == std::vector<double>{0, 0, 1});
    CHECK(f.positions.back().se == std::vector<double>{0, 0, 0});
    // Public VP at the end: 5, 4 and 9 (player_b's tenth point a victory point card).
    CHECK(f.positions.back().vp == std::vector<int>{5, 4, 9});
    // The turning points: at most 5, the largest move first, each naming its turns.
    REQUIRE(!f.turning_points.empty());
    REQUIRE(f.turning_points.size() <= 5);
    for (std::size_t k = 1; k < f.turning_points.size(); ++k)
        CHECK(std::abs(f.turning_points[k - 1].after - f.turning_points[k - 1].before) >=
              std::abs(f.turning_points[k].after - f.turning_points[k].before));
}

TEST_CASE("forecast: the same seed gives the same numbers on any number of threads", "[forecast]") {
    const GameLog log = stac_game();
    ForecastOptions opt;
    opt.rollouts = 16;
    opt.turns = {-0.5};
    opt.policy = Policy::kBuilder;
    const Forecast one = forecast(log, opt);
    opt.threads = 3;
    const Forecast three = forecast(log, opt);
    REQUIRE(one.positions.size() == 1);
    CHECK(one.positions[0].p == three.positions[0].p);
    CHECK(one.positions[0].se == three.positions[0].se);
    opt.seed = 2;
    const Forecast other = forecast(log, opt);
    CHECK(other.positions[0].p != one.positions[0].p);
}

TEST_CASE("forecast: a view and its full log agree where the view hides nothing", "[forecast]") {
    // A self-play game and the spectator's view of it: where the view's belief holds one
    // state, that state is the true one, so the same seed draws the same rollouts.
    SimOptions sim;
    sim.record = true;
    const SimGame g = play_game(11, 3, sim);
    const GameLog view = make_view(g.log, View::spectator());
    ForecastOptions opt;
    opt.rollouts = 12;
    opt.policy = Policy::kBuilder;
    opt.turns = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    const Forecast full = forecast(g.log, opt);
    const Forecast seen = forecast(view, opt);
    REQUIRE(full.positions.size() == seen.positions.size());
    int compared = 0;
    for (std::size_t k = 0; k < full.positions.size(); ++k) {
        CHECK(full.positions[k].event == seen.positions[k].event);
        if (seen.positions[k].states != 1) {
            // Hidden cards: within the errors (three standard errors of the difference).
            for (std::size_t q = 0; q < full.positions[k].p.size(); ++q) {
                const double e = std::hypot(full.positions[k].se[q], seen.positions[k].se[q]);
                CHECK(std::abs(full.positions[k].p[q] - seen.positions[k].p[q]) <= 3 * e + 1e-9);
            }
            continue;
        }
        ++compared;
        CHECK(full.positions[k].p == seen.positions[k].p);
    }
    CHECK(compared >= 1);  // the setup's end hides nothing
}

TEST_CASE("forecast: options out of range are refused, naming the option", "[forecast]") {
    const GameLog log = stac_game();
    ForecastOptions opt;
    opt.rollouts = 0;
    CHECK_THROWS_WITH(forecast(log, opt), "--rollouts: expected 1 to 1000000, got 0");
    opt.rollouts = 1;
    opt.policy = Policy::kSearch;
    CHECK_THROWS_WITH(forecast(log, opt), Catch::Contains("--policy"));
}

TEST_CASE("forecast: the moves of one position ranked, the move played among them", "[forecast]") {
    const GameLog log = stac_game();
    ForecastOptions opt;
    opt.rollouts = 12;
    // After event 130 player_b decides (the log then builds a settlement).
    const auto moves = rank_moves(log, 130, opt, 4);
    REQUIRE(moves.size() >= 4);
    REQUIRE(moves.size() <= 5);
    int played = 0;
    for (std::size_t k = 0; k < moves.size(); ++k) {
        CHECK(moves[k].p >= 0.0);
        CHECK(moves[k].p <= 1.0);
        CHECK(moves[k].rollouts == 12);
        if (k) CHECK(moves[k - 1].p >= moves[k].p);
        played += moves[k].played;
        if (moves[k].played) CHECK(moves[k].text.find("builds a settlement") != std::string::npos);
    }
    CHECK(played == 1);
    CHECK_THROWS_WITH(rank_moves(log, 100000, opt),
                      Catch::StartsWith("--at: event 100000 is not an event of the log"));
}

TEST_CASE("forecast report: JSON holds one probability per player at every position",
          "[forecast]") {
    const GameLog log = stac_game();
    ForecastOptions opt;
    opt.rollouts = 8;
    opt.turns = {-0.5, -1.0};
    const Forecast f = forecast(log, opt);
    const nlohmann::json j = forecast_to_json(f, log, "g");
    CHECK(j["players"] == nlohmann::json({"player_c", "player_a", "player_b"}));
    CHECK(j["winner"] == "player_b");
    CHECK(j["rollouts"] == 8);
    REQUIRE(j["positions"].size() == 2);
    CHECK(j["positions"][1]["p"] == nlohmann::json({0.0, 0.0, 1.0}));
    const std::string csv = forecast_csv(f, log, "g");
    CHECK(csv.rfind("file,event,turn,player,p,se,vp,production\n", 0) == 0);
    CHECK(std::count(csv.begin(), csv.end(), '\n') == 1 + 2 * 3);
    const std::string svg = forecast_svg(f, log, "g");
    CHECK(svg.find("<polyline") != std::string::npos);
}

TEST_CASE("opening values: the baseline is the policy's own opening, played on the same dice",
          "[forecast]") {
    // On the beginner board greedy's first pick is its best-valued spot; forcing that very
    // spot replays the baseline's games move for move (the same seeds), so the two agree
    // exactly, and another spot differs.
    const Board board = Board::beginner();
    ForecastOptions opt;
    opt.seed = 5;
    const OpeningValue baseline = opening_value(board, 4, kNoId, kNoId, opt, 12);
    GameState s(std::make_shared<const Board>(board), 4);
    LegalSet moves;
    legal_set(s, moves);
    Rng unused(0);
    const EventBody pick = move_event(moves.at(choose_move(Policy::kGreedy, s, moves, 0, unused)));
    const VertexId first = std::get<PlaceSettlement>(pick).vertex;
    const OpeningValue same = opening_value(board, 4, first, kNoId, opt, 12);
    CHECK(baseline.games == 12);
    CHECK(same.games == 12);
    CHECK(same.wins == baseline.wins);
    CHECK(same.se() == Approx(std::sqrt(same.rate() * (1 - same.rate()) / 12)));
    // Threads change nothing.
    opt.threads = 2;
    CHECK(opening_value(board, 4, first, kNoId, opt, 12).wins == same.wins);
    // A vertex off the board, or not a legal first settlement, is refused.
    CHECK_THROWS_WITH(opening_value(board, 4, 999, kNoId, opt, 1),
                      Catch::StartsWith("vertex 999 is not a vertex of the board"));
}
