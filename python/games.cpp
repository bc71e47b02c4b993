// catan.read and catan.Game: recorded games in every format the tools read (one way in:
// import/input.hpp), replayed and reported by the library's reports, as catan-replay and
// catan-roads report them.
#include <memory>
#include <optional>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/import/input.hpp>
#include <catan/io/event_json.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/replay.hpp>
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
