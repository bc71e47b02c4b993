// Win probabilities in words, JSON, CSV and SVG (eval_report.hpp).
#include <catan/report/eval_report.hpp>

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/io/event_json.hpp>
#include <catan/io/output.hpp>
#include <catan/render/plot.hpp>
#include <catan/render/render_svg.hpp>
#include <catan/report/verdict_report.hpp>

namespace ctk {

namespace {

using nlohmann::json;

double round4(double x) {
    return std::round(x * 10000) / 10000;
}

json rounded(const std::vector<double>& v) {
    json a = json::array();
    for (double x : v) a.push_back(round4(x));
    return a;
}

json name_or_null(const GameLog& log, PlayerId p) {
    return p == kNoPlayer ? json(nullptr) : json(seat_name(log.seats, p));
}

// A CSV field: quoted (quotes doubled) when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + '"';
}

// How the game ended, in words (the replay's verdict).
std::string end_text(const Forecast& f, const GameLog& log) {
    const Verdict& v = f.verdict;
    if (v.outcome == Outcome::kInvalid)
        return fmt::format("the log breaks a rule at event {}: positions stop there",
                           v.violations.empty() ? -1 : v.violations.front().event_index);
    if (v.winner != kNoPlayer)
        return fmt::format("{} won (turn {})", printable(seat_name(log.seats, v.winner)), v.turns);
    if (!v.decided) return "the end is not decided under hidden information";
    return fmt::format("unfinished after turn {}", v.turns);
}

}  // namespace

json forecast_to_json(const Forecast& f, const GameLog& log, std::string_view name) {
    json players = json::array();
    for (const Seat& s : log.seats) players.push_back(s.name);
    json positions = json::array();
    for (const auto& p : f.positions)
        positions.push_back({{"event", p.event},
                             {"turn", p.turn},
                             {"p", rounded(p.p)},
                             {"se", rounded(p.se)},
                             {"vp", p.vp},
                             {"production", p.production},
                             {"states", p.states}});
    json turning = json::array();
    for (const auto& t : f.turning_points)
        turning.push_back({{"event", t.event},
                           {"turn", t.turn},
                           {"player", seat_name(log.seats, t.player)},
                           {"before", round4(t.before)},
                           {"after", round4(t.after)},
                           {"what", t.what},
                           {"text", t.text}});
    return {{"file", std::string(name)},
            {"players", players},
            {"rollouts", f.rollouts},
            {"policy", std::string(policy_name(f.policy))},
            {"seed", f.seed},
            {"positions", positions},
            {"turning_points", turning},
            {"winner", name_or_null(log, f.verdict.winner)},
            {"outcome", std::string(outcome_name(f.verdict.outcome))},
            {"decided", f.verdict.decided}};
}

std::string forecast_text(const Forecast& f, const GameLog& log, std::string_view name) {
    std::string out = fmt::format(
        "{}: win probabilities from {} rollouts a position ({} players, seed {}); ± one "
        "standard error\n",
        printable(log_title(log, name)), f.rollouts, policy_name(f.policy), f.seed);
    out += fmt::format("{:>5} {:>6}", "turn", "event");
    for (const Seat& s : log.seats) {
        std::string n = printable(s.name);
        if (n.size() > 12) n = n.substr(0, 11) + "~";
        out += fmt::format(" {:>12}", n);
    }
    out += '\n';
    for (const auto& p : f.positions) {
        std::string row = fmt::format("{:>5} {:>6}", p.turn, p.event);
        for (std::size_t q = 0; q < p.p.size(); ++q)
            row +=
                fmt::format(" {:>12}", fmt::format("{:.1f}% ±{:.0f}", 100 * p.p[q], 100 * p.se[q]));
        if (p.states > 1) row += fmt::format("  ({} possible states)", p.states);
        while (row.back() == ' ') row.pop_back();
        out += row + '\n';
    }
    if (!f.turning_points.empty()) {
        out += "turning points:\n";
        for (const auto& t : f.turning_points) out += "  " + printable(t.text) + '\n';
    }
    out += "end: " + end_text(f, log) + '\n';
    return out;
}

std::string forecast_csv(const Forecast& f, const GameLog& log, std::string_view name) {
    std::string out = "file,event,turn,player,p,se,vp,production\n";
    const std::string file = csv_field(std::string(name));
    for (const auto& p : f.positions)
        for (std::size_t q = 0; q < p.p.size(); ++q)
            out += fmt::format("{},{},{},{},{:.4f},{:.4f},{},{}\n", file, p.event, p.turn,
                               csv_field(seat_name(log.seats, static_cast<PlayerId>(q))), p.p[q],
                               p.se[q], p.vp[q], p.production[q]);
    return out;
}

std::string forecast_svg(const Forecast& f, const GameLog& log, std::string_view name) {
    LineChart c;
    c.title = fmt::format("Win probabilities: {}", log_title(log, name));
    c.subtitle = fmt::format("{} rollouts a position by {} players; band: ± one standard error",
                             f.rollouts, policy_name(f.policy));
    const bool by_event = f.positions.size() > 1 && f.positions[0].turn == f.positions[1].turn;
    c.x_label = by_event ? "event" : "turn";
    c.y_label = "probability of winning";
    for (const auto& p : f.positions) c.x.push_back(by_event ? p.event : p.turn);
    for (std::size_t q = 0; q < log.seats.size(); ++q) {
        LineChart::Series s;
        s.label = log.seats[q].name;
        s.colour = player_colour(log.seats[q].color, static_cast<int>(q));
        for (const auto& p : f.positions) {
            s.y.push_back(q < p.p.size() ? p.p[q] : 0);
            s.band.push_back(q < p.se.size() ? p.se[q] : 0);
        }
        c.series.push_back(std::move(s));
    }
    for (const auto& t : f.turning_points)
        c.marks.push_back({by_event ? static_cast<double>(t.event) : t.turn,
                           t.turn ? fmt::format("turn {}", t.turn) : "setup"});
    return render_line_chart(c);
}

std::string ranked_moves_text(const std::vector<RankedMove>& moves, const GameLog& log, int at,
                              std::string_view name) {
    std::string out = fmt::format(
        "{}: after event {}, the moves ranked by the mover's win "
        "probability (± one standard error):\n",
        printable(log_title(log, name)), at);
    if (moves.empty()) return out + "  (no decision of one player here: discards, or the end)\n";
    for (const auto& m : moves)
        out += m.rollouts == 0
                   ? fmt::format("      —      {}{}  (not allowed in any state drawn)\n",
                                 printable(m.text), m.played ? "  (played)" : "")
                   : fmt::format("  {:>5.1f}% ±{:<3.1f} {}{}\n", 100 * m.p, 100 * m.se,
                                 printable(m.text), m.played ? "  (played)" : "");
    return out;
}

json ranked_moves_to_json(const std::vector<RankedMove>& moves, const GameLog& log, int at,
                          std::string_view name) {
    json list = json::array();
    PlayerId who = kNoPlayer;
    for (const auto& m : moves) {
        who =
            std::visit([](const auto& e) { return static_cast<PlayerId>(e.player); }, m.event.body);
        json move = event_to_json(m.event, log.seats);
        for (const char* chance : {"sum", "dice", "stolen", "card", "given"}) move.erase(chance);
        list.push_back({{"move", move},
                        {"text", m.text},
                        {"p", round4(m.p)},
                        {"se", round4(m.se)},
                        {"rollouts", m.rollouts},
                        {"played", m.played}});
    }
    return {{"file", std::string(name)},
            {"event", at},
            {"player", name_or_null(log, who)},
            {"moves", list}};
}

}  // namespace ctk
