// The verdict of a replay for people and programs (verdict_report.hpp).
#include <catan/report/verdict_report.hpp>

#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/io/event_json.hpp>
#include <catan/io/event_text.hpp>
#include <catan/io/log_format.hpp>
#include <catan/io/output.hpp>

namespace ctk {

namespace {

// The name for text output: control characters escaped (lib/catan/io/output.hpp printable).
std::string tname(const GameLog& log, PlayerId p) {
    return printable(seat_name(log.seats, p));
}

}  // namespace

std::string log_title(const GameLog& log, std::string_view name) {
    if (!name.empty() && name != "-") return std::string(name);
    if (!log.source.empty()) return log.source.substr(0, log.source.find(" ("));
    return "standard input";
}

namespace {
// The event a violation names: from the log when it holds its events, else from those the
// verdict kept (a streamed replay holds no events).
const Event* violation_event(const Violation& v, const GameLog& log, const Verdict* verdict) {
    if (v.event_index < 0) return nullptr;
    if (static_cast<std::size_t>(v.event_index) < log.events.size())
        return &log.events[static_cast<std::size_t>(v.event_index)];
    if (verdict)
        for (const auto& [i, e] : verdict->violating_events)
            if (i == v.event_index) return &e;
    return nullptr;
}
}  // namespace

std::string raw_violation_text(const Violation& v, const GameLog& log, std::string_view name,
                               const Verdict* verdict) {
    return violation_line(name, v, violation_event(v, log, verdict), log.seats, log_board(log));
}

std::string violation_text(const Violation& v, const GameLog& log, std::string_view name,
                           const Verdict* verdict) {
    // One line for a terminal: names and quoted input with control characters escaped.
    return printable(raw_violation_text(v, log, name, verdict));
}

nlohmann::json verdict_to_json(const Verdict& v, const GameLog& log) {
    using nlohmann::json;
    auto name = [&](PlayerId p) { return p == kNoPlayer ? json() : json(seat_name(log.seats, p)); };
    json violations = json::array();
    for (const auto& x : v.violations) {
        json j = {{"rule", x.rule_id},
                  {"event", x.event_index < 0 ? json() : json(x.event_index)},
                  {"turn", x.turn},
                  {"player", name(x.player)},
                  {"message", x.message},
                  {"pointer", x.json_pointer},
                  {"text", violation_text(x, log, v.name, &v)}};
        violations.push_back(std::move(j));
    }
    json warnings = json::array();
    for (const auto& w : v.warnings)
        warnings.push_back({{"rule", w.rule_id}, {"message", w.message}});
    json standings = json::array();
    for (const auto& s : v.standings)
        standings.push_back({{"player", seat_name(log.seats, s.player)},
                             {"rank", s.rank},
                             {"vp", s.vp},
                             {"settlements", s.settlements},
                             {"cities", s.cities},
                             {"awards", s.awards},
                             {"vp_cards", s.vp_cards},
                             {"resigned", s.resigned}});
    for (std::size_t i = 0; i < v.standings.size(); ++i)
        if (v.standings[i].vp_max != v.standings[i].vp)
            standings[i]["vp_max"] = v.standings[i].vp_max;
    json j = {
        {"file", v.name},
        {"valid", v.outcome != Outcome::kInvalid},
        {"outcome", outcome_name(v.outcome)},
        {"violations", std::move(violations)},
        {"warnings", std::move(warnings)},
        {"standings", std::move(standings)},
        {"longest_road", name(v.longest_road)},
        {"largest_army", name(v.largest_army)},
        {"winner", name(v.winner)},
        {"turns", v.turns},
        {"rolls", v.rolls},
        {"events", v.events},
        {"options", options_to_json(log.options, log_board(log).kind() == BoardKind::kExtended)}};
    if (!v.decided) {
        j["decided"] = false;
        json candidates = json::array();
        for (PlayerId p : v.possible_winners) candidates.push_back(name(p));
        j["candidates"] = std::move(candidates);
    }
    if (!log.source.empty()) j["source"] = log.source;
    if (v.stats) {
        const GameStats& st = *v.stats;
        json dice = json::array();
        for (int sum = 2; sum <= 12; ++sum) {
            const int pips = dice_ways(sum);
            dice.push_back({{"sum", sum},
                            {"rolled", st.dice[static_cast<std::size_t>(sum)]},
                            {"expected", fmt::format("{:.2f}", st.rolls * pips / 36.0)}});
        }
        json players = json::array();
        for (int p = 0; p < static_cast<int>(log.seats.size()); ++p) {
            const CardFlow& c = st.cards[p];
            players.push_back({{"player", seat_name(log.seats, p)},
                               {"received",
                                {{"production", resources_to_json(c.production)},
                                 {"setup", resources_to_json(c.setup)},
                                 {"trade_bank", resources_to_json(c.trade_bank)},
                                 {"trade_player", resources_to_json(c.trade_player)},
                                 {"steal", resources_to_json(c.steal)},
                                 {"monopoly", resources_to_json(c.monopoly)},
                                 {"year_of_plenty", resources_to_json(c.year_of_plenty)}}},
                               {"lost",
                                {{"robber", resources_to_json(c.lost_to_robber)},
                                 {"discard", resources_to_json(c.lost_to_discard)},
                                 {"monopoly", resources_to_json(c.lost_to_monopoly)}}}});
        }
        j["stats"] = {
            {"rolls", st.rolls}, {"dice", std::move(dice)}, {"players", std::move(players)}};
    }
    return j;
}

namespace {
// The outcome line of a verdict whose end the states not ruled out do not decide.
std::string undecided_line(const Verdict& v, const GameLog& log) {
    std::string list, alternatives;  // "blue, white" and "blue or white"
    for (std::size_t i = 0; i < v.possible_winners.size(); ++i) {
        list += (i == 0 ? "" : ", ") + tname(log, v.possible_winners[i]);
        alternatives += (i == 0 ? "" : " or ") + tname(log, v.possible_winners[i]);
    }
    const bool bound = v.belief && !v.belief->exact();
    const std::string_view why = bound ? "past the tracking bound" : "under hidden information";
    if (v.outcome == Outcome::kComplete)
        return fmt::format(
            "{}: valid, complete: the winner is {}{} — not decidable {} (turn {}, {} rolls, {} "
            "events)\n",
            printable(v.name), v.possible_winners.size() > 1 ? "one of " : "", list, why, v.turns,
            v.rolls, v.events);
    return fmt::format(
        "{}: valid, unfinished or complete: {} may have won — not decidable {} (turn {}, {} "
        "rolls, {} events)\n",
        printable(v.name), alternatives, why, v.turns, v.rolls, v.events);
}
}  // namespace

std::string verdict_to_text(const Verdict& v, const GameLog& log) {
    std::string out;
    if (v.outcome == Outcome::kInvalid) {
        for (const auto& x : v.violations) out += violation_text(x, log, v.name, &v) + "\n";
    } else if (!v.decided) {
        out += undecided_line(v, log);
    } else if (v.outcome == Outcome::kComplete) {
        out += fmt::format(
            "{}: valid, complete: {} wins with {} VP on turn {} ({} rolls, {} events)\n",
            printable(v.name), tname(log, v.winner),
            v.standings[static_cast<std::size_t>(v.winner)].vp, v.turns, v.rolls, v.events);
    } else {
        out += fmt::format("{}: valid, unfinished: no winner after turn {} ({} rolls, {} events)\n",
                           printable(v.name), v.turns, v.rolls, v.events);
    }
    for (const auto& w : v.warnings)
        out += printable(fmt::format("{}: warning: {}: {}", v.name, w.rule_id, w.message)) + '\n';
    if (auto rules = options_text(log.options, log_board(log).kind() == BoardKind::kExtended);
        !rules.empty())
        out += fmt::format("  rules: {}\n", rules);
    // A recording of another program (converted in memory or by catan-import before) names
    // the conversion and its format.
    if (log.source.starts_with("catan-import "))
        out += fmt::format("  source: {}\n", printable(log.source));
    auto sorted = v.standings;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Standing& a, const Standing& b) { return a.rank < b.rank; });
    // VP by source, in words that cannot be read as piece counts: "3 settlements, 1 city,
    // longest road + largest army, 1 VP card" (a source worth nothing is left out).
    auto plural = [](int n, std::string_view one, std::string_view many) {
        return fmt::format("{} {}", n, n == 1 ? one : many);
    };
    for (const auto& s : sorted) {
        std::vector<std::string> parts;
        if (s.settlements > 0) parts.push_back(plural(s.settlements, "settlement", "settlements"));
        if (s.cities > 0) parts.push_back(plural(s.cities / 2, "city", "cities"));
        std::string awards;
        if (v.longest_road == s.player) awards = "longest road";
        if (v.largest_army == s.player)
            awards += awards.empty() ? "largest army" : " + largest army";
        if (!awards.empty()) parts.push_back(awards);
        if (s.vp_cards > 0 && s.vp_max == s.vp)
            parts.push_back(plural(s.vp_cards, "VP card", "VP cards"));
        std::string from;
        if (s.vp_max != s.vp)
            parts.push_back(
                fmt::format("{} to {} VP cards", s.vp_cards, s.vp_cards + s.vp_max - s.vp));
        for (const auto& x : parts) from += (from.empty() ? "" : ", ") + x;
        const std::string vp =
            s.vp_max != s.vp ? fmt::format("{}-{}", s.vp, s.vp_max) : fmt::format("{:>2}", s.vp);
        out += fmt::format("  {}. {:<10} {} VP{}{}\n", s.rank, tname(log, s.player), vp,
                           from.empty() ? "" : ": " + from, s.resigned ? " (resigned)" : "");
    }
    out += fmt::format("  longest road: {}; largest army: {}\n", tname(log, v.longest_road),
                       tname(log, v.largest_army));
    if (v.stats) {
        const GameStats& st = *v.stats;
        out += "  dice:";
        for (int sum = 2; sum <= 12; ++sum) {
            const int pips = dice_ways(sum);
            out += fmt::format(" {}:{}/{:.1f}", sum, st.dice[static_cast<std::size_t>(sum)],
                               st.rolls * pips / 36.0);
        }
        out += "  (rolled/expected)\n";
        auto line = [](const ResourceCounts& r) {
            return fmt::format("{}", r[0] + r[1] + r[2] + r[3] + r[4]);
        };
        for (int p = 0; p < static_cast<int>(log.seats.size()); ++p) {
            const CardFlow& c = st.cards[p];
            out += fmt::format(
                "  {}: received production {}, setup {}, bank trades {}, player trades {}, steals "
                "{}, monopoly {}, year of plenty {}; lost robber {}, discards {}, monopoly {}\n",
                tname(log, p), line(c.production), line(c.setup), line(c.trade_bank),
                line(c.trade_player), line(c.steal), line(c.monopoly), line(c.year_of_plenty),
                line(c.lost_to_robber), line(c.lost_to_discard), line(c.lost_to_monopoly));
        }
    }
    return out;
}

std::string events_text(const GameLog& log, const ReplayOptions& opt, std::string_view name,
                        Verdict* verdict) {
    ReplayOptions listing = opt;
    listing.keep_going = true;
    listing.stop_at_event.reset();
    listing.stop_at_turn.reset();
    // The turn each event belongs to: the turn of the state before it (-1: an event replay
    // could not apply, where it stopped even going on).
    std::vector<int> turns(log.events.size(), -1);
    int turn = 0;
    listing.on_event = [&](int index, const GameState& after) {
        turns[static_cast<std::size_t>(index)] = turn;
        turn = after.turn;
    };
    Verdict v = replay(log, listing, name);
    std::map<int, std::vector<const Violation*>> broken;
    for (const auto& x : v.violations) broken[x.event_index].push_back(&x);
    const Board& board = log_board(log);
    std::string out;
    auto list_broken = [&](int index) {
        if (auto it = broken.find(index); it != broken.end())
            for (const Violation* x : it->second)
                out += printable(fmt::format("         ! {}: {}", x->rule_id, x->message)) + '\n';
    };
    list_broken(-1);
    for (std::size_t i = 0; i < log.events.size(); ++i) {
        const std::string turn_text =
            turns[i] >= 0 ? fmt::format("turn {}", turns[i]) : std::string("not replayed");
        out += printable(fmt::format("{:>5}  {} — {}", i, turn_text,
                                     event_text(log.events[i].body, log.seats, board))) +
               '\n';
        list_broken(static_cast<int>(i));
    }
    const std::string text = verdict_to_text(v, log);
    out += text.substr(0, text.find('\n') + 1);
    if (verdict) *verdict = std::move(v);
    return out;
}

}  // namespace ctk
