#include <catan/report/replay_report.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/io/event_text.hpp>
#include <catan/io/json_util.hpp>
#include <catan/io/log_format.hpp>
#include <catan/io/output.hpp>
#include <catan/report/state_report.hpp>
#include <catan/report/verdict_report.hpp>

namespace ctk {

void check_point(const std::string& name, std::size_t events, const Verdict& v,
                 std::optional<int> at, std::optional<int> turn) {
    if (at && *at >= static_cast<int>(events))
        throw PointOutOfRange(fmt::format("{}: --at {}: the log has {} events (0..{})", name, *at,
                                          events, static_cast<long long>(events) - 1));
    // The end of turn T exists when the log reaches turn T (its last turn may end the log);
    // a log that breaks a rule earlier has stopped there, which its violation says.
    if (turn && *turn > v.turns && v.violations.empty())
        throw PointOutOfRange(fmt::format("{}: --turn {}: the log ends in turn {} (0..{})", name,
                                          *turn, v.turns, v.turns));
}

std::string verdict_report(const Verdict& v, const GameLog& log, ReportShape shape) {
    if (shape.json) return json_util::dump(verdict_to_json(v, log), shape.one_line ? -1 : 2) + '\n';
    std::string text = verdict_to_text(v, log);
    return shape.one_line ? text.substr(0, text.find('\n') + 1) : text;
}

std::string hands_report(const std::string& name, const GameLog& log, const Verdict& v,
                         const HandsOptions& hands, ReportShape shape) {
    if (shape.json) {
        nlohmann::json j = {
            {"file", name},
            {"event", v.events > 0 ? nlohmann::json(v.events - 1) : nlohmann::json()}};
        j.update(belief_to_json(*v.belief, log.seats, hands));
        if (!v.violations.empty()) j["violations"] = verdict_to_json(v, log)["violations"];
        return json_util::dump(j, shape.one_line ? -1 : 2) + '\n';
    }
    std::string out = fmt::format("{}: hands after event {}: ", printable(name), v.events - 1) +
                      belief_to_text(*v.belief, log.seats, hands);
    for (const auto& x : v.violations) out += violation_text(x, log, name, &v) + '\n';
    return out;
}

std::string state_report(const std::string& name, const GameLog& log, const Verdict& v,
                         std::optional<int> at, std::optional<int> turn, int at_turn,
                         ReportShape shape) {
    if (shape.json) {
        nlohmann::json j = {{"file", name},
                            {"event", at ? nlohmann::json(*at) : nlohmann::json()},
                            {"turn", turn ? nlohmann::json(*turn) : nlohmann::json()},
                            {"state", state_to_json(*v.state, log.seats)}};
        if (!v.violations.empty()) j["violations"] = verdict_to_json(v, log)["violations"];
        return json_util::dump(j, shape.one_line ? -1 : 2) + '\n';
    }
    // --at names its event in words (the log is held whole for --at).
    const std::string point =
        at ? fmt::format("after event {} ({}{})", *at,
                         at_turn >= 0 ? fmt::format("turn {}, ", at_turn) : "",
                         event_text(log.events[static_cast<std::size_t>(*at)].body, log.seats,
                                    log_board(log)))
           : fmt::format("at the end of turn {}", *turn);
    std::string out = printable(fmt::format("{}: state {}", name, point)) + '\n';
    out += state_to_text(*v.state, log.seats);
    for (const auto& x : v.violations) out += violation_text(x, log, name, &v) + '\n';
    return out;
}

}  // namespace ctk
