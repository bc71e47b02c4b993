// The summary of a self-play run (sim_report.hpp).
#include <catan/report/sim_report.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/analysis/stats.hpp>
#include <catan/io/board_json.hpp>
#include <catan/io/json_util.hpp>
#include <catan/io/log_format.hpp>
#include <catan/io/output.hpp>

namespace ctk {

namespace {

// The figures both forms print, from the sums.
struct Figures {
    double avg_turns = 0, avg_events = 0;
    double gps = 0, eps = 0;  // games and events per CPU second (0 when no CPU time)
};

Figures figures(const SimSummary& sum, const SimRun& run) {
    Figures f;
    f.avg_turns = static_cast<double>(sum.turns) / static_cast<double>(sum.games);
    f.avg_events = static_cast<double>(sum.events) / static_cast<double>(sum.games);
    // Throughput per CPU second of this process: the figure that does not depend on what
    // else the machine runs (wall time is printed beside it).
    f.gps = run.cpu > 0 ? static_cast<double>(sum.games) / run.cpu : 0.0;
    f.eps = run.cpu > 0 ? static_cast<double>(sum.events) / run.cpu : 0.0;
    return f;
}

// The policies played, in the order of Policy (those with no seat left out).
std::vector<Policy> played(const SimSummary& sum) {
    std::vector<Policy> out;
    for (int i = 0; i < kPolicyCount; ++i)
        if (sum.policies[static_cast<std::size_t>(i)].seats > 0)
            out.push_back(static_cast<Policy>(i));
    return out;
}

struct PolicyFigures {
    double win_rate = 0, mean_vp = 0, mean_turns = 0;
    Interval ci;
};

PolicyFigures policy_figures(const PolicyTally& t) {
    PolicyFigures f;
    const auto n = static_cast<double>(t.seats);
    f.win_rate = static_cast<double>(t.wins) / n;
    f.mean_vp = static_cast<double>(t.vp) / n;
    f.mean_turns = static_cast<double>(t.turns) / n;
    f.ci = wilson_interval(t.wins, t.seats);
    return f;
}

}  // namespace

std::string sim_board_name(const SimOptions& opt, const std::string& board_file) {
    if (!board_file.empty()) return board_file;
    if (opt.players > 4) return "random extended boards";
    return opt.random_board ? "random boards" : "beginner board";
}

std::string sim_summary_json(const SimSummary& sum, const SimRun& run) {
    const SimOptions& opt = run.options;
    const Figures f = figures(sum, run);
    const auto seats = sim_seats(opt.players);
    // Numbers are JSON numbers, rounded as the text summary prints them.
    auto rounded = [](double x, double scale) { return std::round(x * scale) / scale; };
    nlohmann::json wins = nlohmann::json::object();
    for (int p = 0; p < opt.players; ++p) wins[seats[p].name] = sum.wins[p];
    const bool extended = opt.board ? opt.board->kind() == BoardKind::kExtended : opt.players > 4;
    nlohmann::json j = {
        {"seed", run.seed},
        {"games", sum.games},
        {"players", opt.players},
        {"board", run.board},
        {"turn_cap", opt.turn_cap},
        {"options", options_to_json(opt.options, extended)},
        {"complete", sum.complete},
        {"unfinished", sum.unfinished},
        {"turns",
         {{"total", sum.turns},
          {"average", rounded(f.avg_turns, 100)},
          {"min", sum.min_turns},
          {"max", sum.max_turns}}},
        {"events", {{"total", sum.events}, {"average", rounded(f.avg_events, 100)}}},
        {"wins", wins},
        {"seconds", rounded(run.seconds, 1000)},
        {"games_per_second", static_cast<std::int64_t>(f.gps)},
        {"events_per_second", static_cast<std::int64_t>(f.eps)}};
    if (!opt.policies.empty()) {
        nlohmann::json pol = nlohmann::json::object();
        for (Policy p : played(sum)) {
            const PolicyTally& t = sum.policies[static_cast<std::size_t>(p)];
            const PolicyFigures pf = policy_figures(t);
            pol[std::string(policy_name(p))] = {
                {"seats", t.seats},
                {"wins", t.wins},
                {"win_rate", rounded(pf.win_rate, 10000)},
                {"ci95", {rounded(pf.ci.lo, 10000), rounded(pf.ci.hi, 10000)}},
                {"mean_vp", rounded(pf.mean_vp, 100)},
                {"mean_turns", rounded(pf.mean_turns, 100)}};
        }
        j["policies"] = pol;
        j["rotate"] = opt.rotate;
    }
    return j.dump(2) + '\n';
}

std::string sim_summary_text(const SimSummary& sum, const SimRun& run) {
    const SimOptions& opt = run.options;
    const Figures f = figures(sum, run);
    const auto seats = sim_seats(opt.players);
    std::string winners;
    for (int p = 0; p < opt.players; ++p)
        winners += fmt::format("{} {}, ", seats[p].name, sum.wins[p]);
    std::string policies;
    if (!opt.policies.empty()) {
        policies = fmt::format("policies{}:\n", opt.rotate ? " (seats rotated)" : "");
        for (Policy p : played(sum)) {
            const PolicyTally& t = sum.policies[static_cast<std::size_t>(p)];
            const PolicyFigures pf = policy_figures(t);
            policies += fmt::format(
                "  {:<8} seats {}, wins {} ({:.2f}%, 95% CI {:.2f}-{:.2f}%), mean VP {:.2f}, "
                "mean length {:.2f} turns\n",
                policy_name(p), t.seats, t.wins, 100 * pf.win_rate, 100 * pf.ci.lo, 100 * pf.ci.hi,
                pf.mean_vp, pf.mean_turns);
        }
    }
    return fmt::format("catan-sim: seed {}, {} players, {}, turn cap {}\n", run.seed, opt.players,
                       run.board, opt.turn_cap) +
           fmt::format("games: {} (complete {}, unfinished {})\n", sum.games, sum.complete,
                       sum.unfinished) +
           fmt::format("turns: average {:.2f}, min {}, max {}\n", f.avg_turns, sum.min_turns,
                       sum.max_turns) +
           fmt::format("events: {} (average {:.2f} per game)\n", sum.events, f.avg_events) +
           fmt::format("winners: {}none {}\n", winners, sum.unfinished) + policies +
           fmt::format(
               "speed: {:.3f} s wall, {:.3f} s CPU; per CPU second {:.0f} games, {:.0f} "
               "events{}\n",
               run.seconds, run.cpu, f.gps, f.eps,
               run.logs.empty() ? "" : fmt::format(" (logs written to {})", run.logs));
}

std::string sim_run_marker(const SimRun& run, const std::string& log_format) {
    const SimOptions& opt = run.options;
    const bool extended = opt.board ? opt.board->kind() == BoardKind::kExtended : opt.players > 4;
    nlohmann::json board =
        opt.board ? board_to_json(*opt.board) : nlohmann::json(sim_board_name(opt, ""));
    nlohmann::json j = {
        {"format", "catan-sim-run"}, {"seed", run.seed},
        {"players", opt.players},    {"board", std::move(board)},
        {"turn_cap", opt.turn_cap},  {"options", options_to_json(opt.options, extended)},
        {"log_format", log_format}};
    return json_util::dump(j) + '\n';
}

namespace {

// A value of the marker in a few words: a number or a name as it is, a board as "another board".
std::string marker_value(const nlohmann::json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_object() && v.contains("hexes")) return "a board given as a file";
    return json_util::dump(v);
}

// The first file of `dir` named like a log of catan-sim (game-*.json, game-*.jsonl), or "".
std::string first_log(const std::filesystem::path& dir) {
    std::string first;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        const bool log =
            name.rfind("game-", 0) == 0 && (name.ends_with(".json") || name.ends_with(".jsonl"));
        if (log && (first.empty() || name < first)) first = name;
    }
    return first;
}

}  // namespace

void claim_sim_folder(const std::string& dir, const std::string& marker) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw InputError(fmt::format("{}: cannot create directory: {}", dir, ec.message()));
    const std::string path = (fs::path(dir) / ".catan-sim-run").string();
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (const std::string log = first_log(dir); !log.empty())
            throw InputError(fmt::format(
                "{}: holds game logs ({}) but no run marker: an earlier run's; give a new or "
                "empty folder",
                dir, log));
        write_file_atomically(path, marker);
        return;
    }
    std::ostringstream text;
    text << in.rdbuf();
    const auto theirs = nlohmann::json::parse(text.str(), nullptr, false);
    const auto ours = nlohmann::json::parse(marker);
    if (!theirs.is_object() || theirs.value("format", "") != "catan-sim-run")
        throw InputError(fmt::format("{}: not a run marker (expected a catan-sim-run line)", path));
    for (const char* key : {"seed", "players", "board", "turn_cap", "options", "log_format"}) {
        const nlohmann::json& value = ours[key];
        if (theirs.contains(key) && theirs[key] == value) continue;
        throw InputError(fmt::format(
            "{}: holds the logs of another run (its {} is {}, this run's {}); give a new or "
            "empty folder",
            dir, key, theirs.contains(key) ? marker_value(theirs[key]) : "missing",
            marker_value(value)));
    }
}

}  // namespace ctk
