// catan.Env and catan.VecEnv: the environment of env_core.hpp with Gymnasium's shape
// (reset -> (observation, info); step -> (observation, reward, terminated, truncated, info)),
// without depending on Gymnasium. VecEnv steps n games in C++ and writes into numpy arrays
// allocated once.
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/io/event_json.hpp>
#include <catan/io/log_format.hpp>
#include <catan/report/state_report.hpp>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "convert.hpp"
#include "env_core.hpp"
#include "policy.hpp"
#include "vec_core.hpp"

namespace ctk::py {

namespace {

constexpr const char* kKindNames[ActionSpace::kKindCount] = {
    "place_settlement",    "place_road",    "roll",        "discard",
    "move_robber",         "trade_bank",    "build_road",  "build_settlement",
    "build_city",          "buy_dev_card",  "play_knight", "play_road_building",
    "play_year_of_plenty", "play_monopoly", "end_turn",    "special_build"};

// Env's keyword options: turn_cap, board (a Board, "beginner" or "random") and the house
// rules of the log header (engine/event.hpp kGameOptions).
EnvOptions env_options(int players, const pyb::kwargs& kw) {
    EnvOptions o;
    o.players = players;
    for (const auto& [key_obj, value] : kw) {
        const std::string key = pyb::str(key_obj).cast<std::string>();
        if (key == "turn_cap") {
            o.turn_cap = value.cast<int>();
            continue;
        }
        if (key == "board") {
            if (pyb::isinstance<pyb::str>(value)) {
                const std::string b = value.cast<std::string>();
                if (b == "random")
                    o.random_board = true;
                else if (b != "beginner")
                    throw InputError(fmt::format(
                        "board: expected a catan.Board, \"beginner\" or \"random\", got \"{}\"",
                        b));
            } else {
                o.board = value.cast<std::shared_ptr<Board>>();
            }
            continue;
        }
        bool known = false;
        for (const OptionSpec& spec : kGameOptions) {
            if (key != spec.key) continue;
            known = true;
            if (spec.flag) {
                o.options.*spec.flag = value.cast<bool>();
            } else {
                const int n = value.cast<int>();
                if (n < spec.min || n > spec.max)
                    throw InputError(
                        fmt::format("{}: expected {}..{}, got {}", key, spec.min, spec.max, n));
                o.options.*spec.number = n;
            }
        }
        if (!known) {
            std::string names = "turn_cap, board";
            for (const OptionSpec& spec : kGameOptions) names += fmt::format(", {}", spec.key);
            throw InputError(fmt::format("{}: unknown option (expected {})", key, names));
        }
    }
    return o;
}

pyb::object seat_or_none(const EnvCore& e, PlayerId p) {
    if (p == kNoPlayer) return pyb::none();
    return pyb::str(e.log().seats[static_cast<std::size_t>(p)].name);
}

pyb::array_t<float> observation(const EnvCore& e, PlayerId seat) {
    if (seat < 0 || seat >= e.state().player_count())
        throw InputError(
            fmt::format("seat: expected 0..{}, got {}", e.state().player_count() - 1, seat));
    pyb::array_t<float> obs(e.obs_size());
    e.observe(seat, obs.mutable_data());
    return obs;
}

// The seat whose observation a step returns: the player to act, or once the game is over
// the one who acted last.
PlayerId viewer(const EnvCore& e, PlayerId acted) {
    const PlayerId p = e.current_player();
    return p != kNoPlayer ? p : acted;
}

// The keys of the info dict, made once (interned): Env.step builds one dict a step.
struct InfoKeys {
    pyb::object player, turn, events, episode, winner, acted;
};
const InfoKeys& info_keys() {
    auto key = [](const char* s) {
        return pyb::reinterpret_steal<pyb::object>(PyUnicode_InternFromString(s));
    };
    // never destroyed: the module's objects outlive no interpreter
    static const InfoKeys* keys = new InfoKeys{key("player"),  key("turn"),   key("events"),
                                               key("episode"), key("winner"), key("acted")};
    return *keys;
}

void set_item(const pyb::dict& d, const pyb::object& key, long long value, bool none = false) {
    const pyb::object v = none ? pyb::object(pyb::none())
                               : pyb::reinterpret_steal<pyb::object>(PyLong_FromLongLong(value));
    if (PyDict_SetItem(d.ptr(), key.ptr(), v.ptr()) != 0) throw pyb::error_already_set();
}

// {"player": the seat to act or None, "turn", "events": events so far, "episode", "winner":
// the winner's seat or None}, and "acted" (the seat that acted) when acted is given.
pyb::dict info(const EnvCore& e, std::optional<PlayerId> acted = std::nullopt) {
    const InfoKeys& k = info_keys();
    pyb::dict d;
    set_item(d, k.player, e.current_player(), e.current_player() == kNoPlayer);
    set_item(d, k.turn, e.state().turn);
    set_item(d, k.events, static_cast<long long>(e.log().events.size()));
    set_item(d, k.episode, e.episode());
    set_item(d, k.winner, e.winner(), e.winner() == kNoPlayer);
    if (acted) set_item(d, k.acted, *acted);
    return d;
}

// The legal actions as event dicts with their action index ("action"); chance left out (it is
// drawn when the action is played).
pyb::list legal_actions(const EnvCore& e) {
    pyb::list l;
    for (const MoveCode& m : e.moves()) {
        nlohmann::json j = event_to_json(Event{move_event(m), nullptr, 0}, e.log().seats);
        for (const char* chance : {"dice", "sum", "cards", "count"}) j.erase(chance);
        j["action"] = e.space().index(m);
        l.append(to_python(j));
    }
    return l;
}

int action_of(const pyb::object& action) {
    if (pyb::isinstance<pyb::dict>(action)) {
        const pyb::dict d = action;
        if (!d.contains("action"))
            throw InputError("action: a dict from legal_actions() (with its \"action\" index)");
        return d["action"].cast<int>();
    }
    return action.cast<int>();
}

pyb::tuple step(EnvCore& e, const pyb::object& action) {
    const PlayerId acted = e.current_player();
    // an int (the usual case) first: no type lookup
    const float reward = PyLong_CheckExact(action.ptr()) ? e.step(action.cast<int>())
                         : is_policy(action)             ? step_with_policy(e, action)
                                                         : e.step(action_of(action));
    pyb::object items[5] = {observation(e, viewer(e, acted)), pyb::float_(reward),
                            pyb::bool_(e.terminated()), pyb::bool_(e.truncated()), info(e, acted)};
    pyb::tuple t(5);
    for (int i = 0; i < 5; ++i) PyTuple_SET_ITEM(t.ptr(), i, items[i].release().ptr());
    return t;
}

pyb::dict action_layout(const ActionSpace& s) {
    pyb::dict d;
    for (int k = 0; k < ActionSpace::kKindCount; ++k) {
        const auto kind = static_cast<ActionSpace::Kind>(k);
        d[kKindNames[k]] = pyb::make_tuple(s.offset(kind), s.block(kind));
    }
    return d;
}

// n games stepped together in C++ (vec_core.hpp); their arrays allocated once and
// overwritten by each step.
class VecEnv {
  public:
    VecEnv(int n, int players, std::uint64_t seed, int threads, const pyb::kwargs& kw)
        : core_(n, seed, env_options(players, kw), threads) {
        const auto rows = static_cast<pyb::ssize_t>(n);
        const EnvCore& e = core_.env(0);
        obs_ = pyb::array_t<float>({rows, static_cast<pyb::ssize_t>(e.obs_size())});
        masks_ = pyb::array_t<bool>({rows, static_cast<pyb::ssize_t>(e.space().size())});
        rewards_ = pyb::array_t<float>(rows);
        terminated_ = pyb::array_t<bool>(rows);
        truncated_ = pyb::array_t<bool>(rows);
        players_ = pyb::array_t<std::int32_t>(rows);
        actions_ = pyb::array_t<std::int64_t>(rows);
        std::fill_n(actions_.mutable_data(), n, std::int64_t{0});
        core_.attach({obs_.mutable_data(), reinterpret_cast<std::uint8_t*>(masks_.mutable_data()),
                      rewards_.mutable_data(), terminated_.mutable_data(),
                      truncated_.mutable_data(), players_.mutable_data()});
    }

    pyb::tuple reset() {
        {
            pyb::gil_scoped_release unlocked;
            core_.reset();
        }
        return pyb::make_tuple(obs_, pyb::dict());
    }

    // One action per game; a finished game is reset at once (its next episode's first
    // observation and mask are written, its done flag is set for this step).
    pyb::tuple step(
        const pyb::array_t<std::int64_t, pyb::array::c_style | pyb::array::forcecast>& actions) {
        if (actions.ndim() != 1 || actions.shape(0) != static_cast<pyb::ssize_t>(core_.size()))
            throw InputError(fmt::format("actions: expected shape ({},), got {}", core_.size(),
                                         shape_text(actions)));
        const std::int64_t* a = actions.data();
        core_.check_actions(a);
        {
            pyb::gil_scoped_release unlocked;
            core_.step(a);
        }
        return pyb::make_tuple(obs_, rewards_, terminated_, truncated_, pyb::dict());
    }

    // A random legal action per game, into `out` or this VecEnv's own actions array.
    pyb::array_t<std::int64_t> sample_actions(std::optional<pyb::array_t<std::int64_t>> out) {
        pyb::array_t<std::int64_t> target = out ? *out : actions_;
        if (target.ndim() != 1 || target.shape(0) != static_cast<pyb::ssize_t>(core_.size()) ||
            (target.flags() & pyb::array::c_style) == 0 || !target.writeable())
            throw InputError(fmt::format(
                "out: expected a writable C-contiguous int64 array of shape ({},), got {}",
                core_.size(), shape_text(target)));
        core_.sample(target.mutable_data());
        return target;
    }

    const EnvCore& env(int i) const {
        if (i < 0 || i >= core_.size())
            throw InputError(fmt::format("index: expected 0..{}, got {}", core_.size() - 1, i));
        return core_.env(i);
    }
    int size() const { return core_.size(); }
    int threads() const { return core_.threads(); }

    pyb::array_t<float> obs_, rewards_;
    pyb::array_t<bool> masks_, terminated_, truncated_;
    pyb::array_t<std::int32_t> players_;
    pyb::array_t<std::int64_t> actions_;

  private:
    template <class A>
    static std::string shape_text(const A& a) {
        std::string s = "(";
        for (pyb::ssize_t d = 0; d < a.ndim(); ++d)
            s += fmt::format("{}{}", a.shape(d),
                             a.ndim() == 1 ? "," : (d + 1 < a.ndim() ? ", " : ""));
        return s + ")";
    }
    VecCore core_;
};

}  // namespace

void bind_env(pyb::module_& m) {
    pyb::class_<EnvCore>(m, "Env",
                         "One game for reinforcement learning, in Gymnasium's shape "
                         "(docs/python.md).")
        .def(pyb::init([](int players, std::uint64_t seed, const pyb::kwargs& kw) {
                 return std::make_unique<EnvCore>(seed, env_options(players, kw));
             }),
             pyb::arg("players") = 4, pyb::arg("seed") = 1,
             "Options: turn_cap (1000), board (a Board, 'beginner' or 'random'), and the log "
             "header's house rules (vp_to_win, discard_limit, friendly_robber, "
             "unlimited_bank, special_building_any_order, win_when_turn_passes).")
        .def(
            "reset",
            [](EnvCore& e, std::optional<std::uint64_t> seed) {
                if (seed)
                    e.reseed(*seed);
                else
                    e.reset();
                return pyb::make_tuple(observation(e, e.current_player()), info(e));
            },
            pyb::arg("seed") = pyb::none(),
            "Starts the next game (with seed: game 1 of that seed). Returns (observation, info).")
        .def("legal_actions", &legal_actions,
             "The legal actions as event dicts, each with its index in 'action'.")
        .def(
            "action_mask",
            [](const EnvCore& e) {
                pyb::array_t<bool> mask(e.space().size());
                e.mask(reinterpret_cast<std::uint8_t*>(mask.mutable_data()));
                return mask;
            },
            "numpy bool array of action_count entries: True where the action is legal.")
        .def(
            "sample_action",
            [](EnvCore& e) {
                const int a = e.sample();
                return a < 0 ? pyb::object(pyb::none()) : pyb::object(pyb::int_(a));
            },
            "A uniformly random legal action index, drawn in C++ by this game's own sampler "
            "(seeded from the seed, independent of the game's chance; reset(seed=) reseeds it); "
            "None once the game is over.")
        .def("step", &step, pyb::arg("action"),
             "Plays an action (an index, a dict of legal_actions(), or a catan.Policy: the "
             "action it chooses, with its cards for a discard). Returns (observation of "
             "the next player to act, reward of the player who acted: 1.0 for the winning "
             "action, terminated, truncated, info). InputError for an illegal action.")
        .def("observation", &observation, pyb::arg("seat"),
             "numpy float32 array of observation_size: what seat may see (docs/python.md).")
        .def(
            "to_log",
            [](const EnvCore& e, const std::string& format) {
                if (format != "json" && format != "jsonl")
                    throw InputError(
                        fmt::format("format: expected json or jsonl, got \"{}\"", format));
                return write_log(e.log(), format == "json" ? LogFormat::kJson : LogFormat::kJsonl);
            },
            pyb::arg("format") = "jsonl", "The game so far as a native log catan-replay reads.")
        .def(
            "state",
            [](const EnvCore& e) { return to_python(state_to_json(e.state(), e.log().seats)); },
            "The full state as `catan-replay --at N --format json` writes it (every card: for "
            "analysis, not for an agent).")
        .def(
            "action_layout", [](const EnvCore& e) { return action_layout(e.space()); },
            "{kind: (offset, size)} of the action space.")
        .def_property_readonly("action_count", [](const EnvCore& e) { return e.space().size(); })
        .def_property_readonly("observation_size", &EnvCore::obs_size)
        .def_property_readonly(
            "current_player",
            [](const EnvCore& e) {
                return e.current_player() == kNoPlayer ? pyb::object(pyb::none())
                                                       : pyb::object(pyb::int_(e.current_player()));
            },
            "The seat to act (0-based), None once the game is over.")
        .def_property_readonly("seats",
                               [](const EnvCore& e) {
                                   std::vector<std::string> s;
                                   for (const Seat& x : e.log().seats) s.push_back(x.name);
                                   return s;
                               })
        .def_property_readonly(
            "board",
            [](const EnvCore& e) { return std::const_pointer_cast<Board>(e.state().board_ptr()); },
            "This game's board.")
        .def_property_readonly("terminated", &EnvCore::terminated)
        .def_property_readonly("truncated", &EnvCore::truncated)
        .def_property_readonly(
            "winner", [](const EnvCore& e) { return seat_or_none(e, e.winner()); },
            "The winner's seat name, None while nobody has won.")
        .def_property_readonly("episode", &EnvCore::episode);

    pyb::class_<VecEnv>(m, "VecEnv",
                        "n games stepped together in C++; game i plays as Env(players, "
                        "seed + i, **options).")
        .def(pyb::init<int, int, std::uint64_t, int, const pyb::kwargs&>(), pyb::arg("n"),
             pyb::arg("players") = 4, pyb::arg("seed") = 1, pyb::arg("threads") = 1,
             "threads: the games split over this many threads in step() and reset() (0: one a "
             "core; the results are the same whatever the count). Options as Env's.")
        .def("reset", &VecEnv::reset,
             "Starts the next game of every env. Returns (observations, {}).")
        .def("step", &VecEnv::step, pyb::arg("actions"),
             "One action per game (int array of shape (n,)). Returns (observations, rewards, "
             "terminated, truncated, {}): the arrays of this VecEnv, overwritten in place by "
             "each step. A finished game restarts at once. InputError (nothing stepped) when "
             "an action is not legal.")
        .def("sample_actions", &VecEnv::sample_actions, pyb::arg("out") = pyb::none(),
             "A uniformly random legal action of each game, drawn in C++ by each game's own "
             "generator (seeded from seed + i): written into out (int64, shape (n,)) or into "
             "this VecEnv's own actions array, which is returned (overwritten by the next "
             "call).")
        .def_readonly("observations", &VecEnv::obs_, "float32 (n, observation_size)")
        .def_readonly("masks", &VecEnv::masks_, "bool (n, action_count)")
        .def_readonly("rewards", &VecEnv::rewards_, "float32 (n,)")
        .def_readonly("terminated", &VecEnv::terminated_, "bool (n,)")
        .def_readonly("truncated", &VecEnv::truncated_, "bool (n,)")
        .def_readonly("players", &VecEnv::players_, "int32 (n,): the seat to act in each game")
        .def_readonly("actions", &VecEnv::actions_,
                      "int64 (n,): where sample_actions() writes by default")
        .def_property_readonly("threads", &VecEnv::threads)
        .def("__len__", &VecEnv::size)
        .def_property_readonly("action_count",
                               [](const VecEnv& v) { return v.env(0).space().size(); })
        .def_property_readonly("observation_size",
                               [](const VecEnv& v) { return v.env(0).obs_size(); })
        .def(
            "to_log",
            [](const VecEnv& v, int i) { return write_log(v.env(i).log(), LogFormat::kJsonl); },
            pyb::arg("i"), "Game i so far (its current episode) as a native log.");
}

}  // namespace ctk::py
