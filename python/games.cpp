// catan.read and catan.Game: recorded games in every format the tools read (one way in:
// import/input.hpp), replayed and reported by the library's reports, as catan-replay and
// catan-roads report them.
#include <memory>
#include <optional>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/analysis/forecast.hpp>
#include <catan/import/input.hpp>
#include <catan/io/event_json.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/batch.hpp>
#include <catan/play/replay.hpp>
#include <catan/report/eval_report.hpp>
#include <catan/report/replay_report.hpp>
#include <catan/report/roads_report.hpp>
#include <catan/report/state_report.hpp>
#include <catan/report/track_report.hpp>
#include <catan/report/verdict_report.hpp>

#include <pybind11/stl.h>

#include "convert.hpp"

namespace ctk::py {

namespace {

// One game of an input, as read whole.
struct Game {
    std::string name;
    std::shared_ptr<const GameLog> log;
};

// The games of an input: every game, or an InputError for the first that cannot be read.
std::vector<Game> read_games(const pyb::object& source, const std::optional<std::string>& name) {
    bool is_path = false;
    std::string text = path_or_text(source, is_path);
    std::vector<Game> games;
    auto each = [&](GameInput& g) {
        games.push_back(Game{g.name, std::make_shared<const GameLog>(std::move(g.log))});
    };
    auto fail = [](const std::string&, const InputError& e) { throw InputError(e.what()); };
    pyb::gil_scoped_release unlocked;
    if (is_path) {
        if (text == "-") throw InputError("-: read a path or a text, not standard input");
        for_each_game(text, GameReading::kWhole, {}, each, fail);
    } else {
        Input in = text_game_input(std::move(text), name.value_or("<text>"));
        for_each_game(in, GameReading::kWhole, {}, each, fail);
    }
    return games;
}

// The verdict where replay stops after event `at` (nullopt: the end); PointOutOfRange
// (an InputError) past the log's events, as catan-replay --at says it.
Verdict replay_to(const Game& g, std::optional<int> at, ReplayOptions opt = {}) {
    opt.stop_at_event = at;
    Verdict v;
    {
        pyb::gil_scoped_release unlocked;
        v = replay(*g.log, opt, g.name);
    }
    check_point(g.name, g.log->events.size(), v, at, std::nullopt);
    return v;
}

pyb::object verdict(const Game& g, bool keep_going, bool strict, bool stats) {
    ReplayOptions opt;
    opt.keep_going = keep_going;
    opt.strict_board = strict;
    opt.stats = stats;
    return to_python(verdict_to_json(replay_to(g, std::nullopt, opt), *g.log));
}

pyb::object state(const Game& g, int n) {
    const Verdict v = replay_to(g, n);
    return to_python(state_to_json(*v.state, g.log->seats));
}

pyb::object hands(const Game& g, std::optional<int> n, int limit) {
    if (limit < 0) throw InputError(fmt::format("limit: expected 0 or more, got {}", limit));
    const Verdict v = replay_to(g, n);
    return to_python(belief_to_json(*v.belief, g.log->seats, HandsOptions{limit}));
}

pyb::object roads(const Game& g, std::optional<int> n) {
    const Verdict v = replay_to(g, n);
    const Position p = position_from_state(*v.state, g.log->seats);
    return to_python(roads_report_to_json(p, roads_report(p)));
}

pyb::list events(const Game& g) {
    pyb::list l;
    for (const Event& e : g.log->events) l.append(to_python(event_to_json(e, g.log->seats)));
    return l;
}

std::string events_text_of(const Game& g) {
    pyb::gil_scoped_release unlocked;
    return events_text(*g.log, {}, g.name);
}

// catan.eval's turns: a turn number (>= 0) or a share of the game as "25%" (ForecastOptions
// turns: -0.25), as catan-eval --turns reads them.
std::vector<double> turn_list(const pyb::list& turns) {
    std::vector<double> out;
    for (const pyb::handle item : turns) {
        if (pyb::isinstance<pyb::str>(item)) {
            const std::string t = item.cast<std::string>();
            const std::string digits =
                t.empty() || t.back() != '%' ? "" : t.substr(0, t.size() - 1);
            if (digits.empty() || digits.size() > 3 ||
                digits.find_first_not_of("0123456789") != std::string::npos ||
                std::stoi(digits) < 1 || std::stoi(digits) > 100)
                throw InputError(fmt::format(
                    "turns: expected a turn number or a share from 1% to 100%, got \"{}\"", t));
            out.push_back(-std::stoi(digits) / 100.0);
        } else {
            const long long n = item.cast<long long>();
            if (n < 0 || n > 1000000)
                throw InputError(fmt::format("turns: expected a turn number >= 0, got {}", n));
            out.push_back(static_cast<double>(n));
        }
    }
    return out;
}

// catan.eval: the forecast of catan-eval --format json, or with `at` its ranked moves.
pyb::object evaluate(const Game& g, int rollouts, const std::string& policy, std::uint64_t seed,
                     const std::string& every, const std::optional<pyb::list>& turns, int threads,
                     int turn_cap, std::optional<std::size_t> max_states, std::optional<int> at,
                     int candidates) {
    ForecastOptions opt;
    if (rollouts < 1 || rollouts > 1000000)
        throw InputError(fmt::format("rollouts: expected 1..1000000, got {}", rollouts));
    opt.rollouts = rollouts;
    opt.policy = parse_policy(policy);
    if (opt.policy == Policy::kSearch)
        throw InputError("policy: expected random, builder or greedy, got \"search\"");
    opt.seed = seed;
    if (every != "turn" && every != "event")
        throw InputError(fmt::format("every: expected turn or event, got \"{}\"", every));
    opt.every_event = every == "event";
    if (turns) opt.turns = turn_list(*turns);
    if (threads < 0 || threads > 1024)
        throw InputError(fmt::format("threads: expected 0..1024, got {}", threads));
    opt.threads = resolve_threads(threads);
    opt.turn_cap = turn_cap;
    if (max_states) opt.replay.track.max_states = *max_states;
    nlohmann::json j;
    {
        pyb::gil_scoped_release unlocked;
        if (at) {
            if (candidates < 1 || candidates > 512)
                throw InputError(fmt::format("candidates: expected 1..512, got {}", candidates));
            j = ranked_moves_to_json(rank_moves(*g.log, *at, opt, candidates, g.name), *g.log, *at,
                                     g.name);
        } else {
            j = forecast_to_json(forecast(*g.log, opt, g.name), *g.log, g.name);
        }
    }
    return to_python(j);
}

}  // namespace

void bind_games(pyb::module_& m) {
    pyb::class_<Game>(m, "Game", "One recorded game, read by catan.read.")
        .def_readonly("name", &Game::name,
                      "The input's name, or '<name>#k' for the k-th game of a stream.")
        .def_property_readonly("events", &events,
                               "The events as dicts in the log format (schemas/log.schema.json).")
        .def_property_readonly(
            "seats",
            [](const Game& g) {
                std::vector<std::string> names;
                for (const Seat& s : g.log->seats) names.push_back(s.name);
                return names;
            },
            "The seat names in turn order.")
        .def_property_readonly(
            "board", [](const Game& g) { return std::make_shared<Board>(log_board(*g.log)); },
            "The board the game is played on (the beginner board when the log states none).")
        .def_property_readonly(
            "source", [](const Game& g) { return to_str(g.log->source); },
            "Where the log came from (free text).")
        .def("verdict", &verdict, pyb::arg("keep_going") = false, pyb::arg("strict") = false,
             pyb::arg("stats") = false,
             "The verdict as `catan-replay --format json` reports it (with --keep-going, "
             "--strict, --stats).")
        .def("state", &state, pyb::arg("n"),
             "The state after event n (0-based), the 'state' of `catan-replay --at n --format "
             "json`; where a rule is broken before n, the state replay stopped at. InputError "
             "for n past the events.")
        .def("hands", &hands, pyb::arg("n") = pyb::none(), pyb::arg("limit") = 10,
             "Each player's possible hands with their probabilities after event n (None: the "
             "last), as `catan-replay --hands [--at n] --format json` (schemas/hands.schema.json).")
        .def("roads", &roads, pyb::arg("n") = pyb::none(),
             "The longest roads after event n (None: the last), as `catan-roads --format json` "
             "reports that state (schemas/roads.schema.json).")
        .def("events_text", &events_text_of,
             "The game in words, one line per event, as `catan-replay --events` writes it.")
        .def(
            "to_log",
            [](const Game& g, const std::string& format) {
                if (format != "json" && format != "jsonl")
                    throw InputError(
                        fmt::format("format: expected json or jsonl, got \"{}\"", format));
                return write_log(*g.log, format == "json" ? LogFormat::kJson : LogFormat::kJsonl);
            },
            pyb::arg("format") = "jsonl", "The game as a native log (JSON Lines or JSON).")
        .def("__len__", [](const Game& g) { return g.log->events.size(); })
        .def("__repr__", [](const Game& g) {
            return fmt::format("<catan.Game {} ({} seats, {} events)>", g.name, g.log->seats.size(),
                               g.log->events.size());
        });

    m.def("eval", &evaluate, pyb::arg("game"), pyb::arg("rollouts") = 500,
          pyb::arg("policy") = "greedy", pyb::arg("seed") = 1, pyb::arg("every") = "turn",
          pyb::arg("turns") = pyb::none(), pyb::arg("threads") = 1, pyb::arg("turn_cap") = 300,
          pyb::arg("max_states") = pyb::none(), pyb::arg("at") = pyb::none(),
          pyb::arg("candidates") = 10,
          "Win probabilities of a recorded game, the dict of `catan-eval --format json` "
          "(schemas/eval.schema.json): each player's probability of winning at every position "
          "(every='turn': the end of each turn; 'event': after every event; turns=[10, '50%']: "
          "only those), estimated by `rollouts` games played on from it by `policy` (random, "
          "builder, greedy) with `seed`, over `threads` (0: every core; the same numbers); "
          "`turn_cap` turns a rollout may play on; `max_states` the tracking bound where cards "
          "are hidden. With at=N, the moves of the player to act after event N ranked "
          "(`catan-eval --at N --format json`, `candidates` moves). InputError for options out "
          "of range or N past the events.");
    m.def(
        "read",
        [](const pyb::object& source, const std::optional<std::string>& name) -> pyb::object {
            std::vector<Game> games = read_games(source, name);
            if (games.size() == 1) return pyb::cast(std::move(games[0]));
            return pyb::cast(std::move(games));
        },
        pyb::arg("source"), pyb::arg("name") = pyb::none(),
        "Reads a recorded game: a path (str or os.PathLike) or the text itself (str or bytes), "
        "in any format catan-replay reads (native JSON or JSON Lines, soclog, JSettlers, "
        "catanatron, colonist.io, catanlog). One game gives a Game, a stream of several a "
        "list of Game. Raises InputError naming the file, the event or the field.");
}

}  // namespace ctk::py
