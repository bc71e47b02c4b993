#include <catan/io/event_json.hpp>
#include <catan/report/stats_report.hpp>

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/io/output.hpp>
#include <catan/render/plot.hpp>

namespace ctk {

namespace {

using nlohmann::json;

double ratio(std::int64_t a, std::int64_t b) {
    return b ? static_cast<double>(a) / static_cast<double>(b) : 0.0;
}

// Rounded to 6 decimals for JSON (the same digits on every machine).
double r6(double x) {
    const double r = std::round(x * 1e6) / 1e6;
    return r == 0 ? 0.0 : r;  // no "-0.0"
}

std::string band_label(int i) {
    const int lo = kPipBandLow[static_cast<std::size_t>(i)];
    if (i == 0) return fmt::format("<={}", kPipBandLow[1] - 1);
    if (i + 1 == static_cast<int>(kPipBandLow.size())) return fmt::format(">={}", lo);
    return fmt::format("{}-{}", lo, kPipBandLow[static_cast<std::size_t>(i) + 1] - 1);
}

json counts_json(const Counts64& c) {
    return every_resource_json(c);
}

json band_json(const Band& b) {
    const Interval ci = wilson_interval(b.wins, b.player_games);
    return {{"player_games", b.player_games},
            {"wins", b.wins},
            {"win_rate", r6(ratio(b.wins, b.player_games))},
            {"win_rate_ci95", {r6(ci.lo), r6(ci.hi)}},
            {"mean_vp", r6(ratio(b.vp, b.player_games))}};
}

json group_json(const GroupStats& g) {
    const DiceTest t = dice_test(g.dice);
    json counts = json::array(), expected = json::array();
    for (int s = 2; s <= 12; ++s) {
        counts.push_back(g.dice[static_cast<std::size_t>(s)]);
        expected.push_back(r6(static_cast<double>(t.rolls) * dice_ways(s) / 36.0));
    }
    json seats = json::array();
    for (int p = 0; p < g.players; ++p) {
        const std::int64_t w = g.seat_wins[static_cast<std::size_t>(p)];
        const Interval ci = wilson_interval(w, g.complete);
        seats.push_back({{"seat", p + 1},
                         {"wins", w},
                         {"games", g.complete},
                         {"win_rate", r6(ratio(w, g.complete))},
                         {"win_rate_ci95", {r6(ci.lo), r6(ci.hi)}}});
    }
    json pip_bands = json::array();
    for (std::size_t i = 0; i < g.pip_bands.size(); ++i) {
        json b = band_json(g.pip_bands[i]);
        b["pips"] = band_label(static_cast<int>(i));
        pip_bands.push_back(b);
    }
    json res_bands = json::array();
    for (std::size_t i = 0; i < g.resource_bands.size(); ++i) {
        json b = band_json(g.resource_bands[i]);
        b["resources"] = static_cast<int>(i);
        res_bands.push_back(b);
    }
    const std::int64_t others = g.pips_vp.n - g.complete;
    json cards = json::object();
    for (int s = 0; s < kCardSources; ++s)
        cards[std::string(card_source_name(s))] = counts_json(g.cards[static_cast<std::size_t>(s)]);
    json bought = json::object(), played = json::object();
    for (int k = 0; k < kDevCardKinds; ++k) {
        const std::string name(dev_card_name(static_cast<DevCard>(k)));
        bought[name] = g.dev_bought[static_cast<std::size_t>(k)];
        if (static_cast<DevCard>(k) != DevCard::kVictoryPoint)
            played[name] = g.dev_played[static_cast<std::size_t>(k)];
    }
    bought["unknown"] = g.dev_bought[kDevCardKinds];
    json bins = json::array();
    for (const auto& [bin, c] : g.turn_bins)
        bins.push_back({{"from", bin * 25}, {"to", bin * 25 + 24}, {"games", c}});
    return {{"group", g.key},
            {"players", g.players},
            {"games", g.games},
            {"complete", g.complete},
            {"unfinished", g.unfinished},
            {"dice",
             {{"rolls", t.rolls},
              {"totals", counts},
              {"expected", expected},
              {"chi_square", r6(t.chi_square)},
              {"df", t.df},
              {"p_value", r6(t.p_value)}}},
            {"robber",
             {{"sevens", g.dice[7]},
              {"sevens_share", r6(ratio(g.dice[7], t.rolls))},
              {"moves_after_seven", g.robber_after_seven},
              {"moves_after_knight", g.robber_after_knight},
              {"robberies", g.robberies},
              {"discards", g.discards},
              {"cards_discarded", g.cards_discarded}}},
            {"seats", seats},
            {"opening",
             {{"player_games", g.pips_vp.n},
              {"mean_pips", r6(g.pips_vp.mean_x())},
              {"mean_vp", r6(g.pips_vp.mean_y())},
              {"correlation_pips_vp", r6(g.pips_vp.correlation())},
              {"winners_mean_pips", r6(ratio(g.winner_pips, g.complete))},
              {"others_mean_pips", r6(ratio(g.pips_vp.sx - g.winner_pips, others))},
              {"pips_by_resource_all", counts_json(g.opening_pips_all)},
              {"pips_by_resource_winners", counts_json(g.opening_pips_winners)},
              {"pip_bands", pip_bands},
              {"resource_bands", res_bands}}},
            {"length",
             {{"turns_mean", r6(ratio(g.turns, g.games))},
              {"turns_min", g.turns_min},
              {"turns_max", g.turns_max},
              {"events_mean", r6(ratio(g.events, g.games))},
              {"turn_histogram", bins}}},
            {"cards", cards},
            {"trades",
             {{"bank", g.trades_bank}, {"player", g.trades_player}, {"offers", g.trade_offers}}},
            {"dev_cards", {{"bought", bought}, {"played", played}}}};
}

}  // namespace

json stats_to_json(const StatsAggregate& agg) {
    json groups = json::array();
    for (const auto& [key, g] : agg.groups) groups.push_back(group_json(g));
    json games = json::array();
    for (const auto& r : agg.games) {
        json j{{"name", r.name}, {"outcome", r.outcome}};
        if (r.outcome != "malformed") {
            const DiceTest t = dice_test(r.dice);
            j["group"] = r.group;
            j["turns"] = r.turns;
            j["events"] = r.events;
            j["rolls"] = t.rolls;
            j["chi_square"] = r6(t.chi_square);
            j["p_value"] = r6(t.p_value);
            j["winner_seat"] = r.winner_seat >= 0 ? json(r.winner_seat + 1) : json();
        }
        if (!r.message.empty()) j["message"] = r.message;
        games.push_back(j);
    }
    return {{"format", "catan-stats"},    {"version", 1},           {"inputs", agg.inputs},
            {"valid", agg.valid},         {"invalid", agg.invalid}, {"malformed", agg.malformed},
            {"all_games", agg.all_games}, {"groups", groups},       {"games", games}};
}

namespace {

std::string pct(double x) {
    return fmt::format("{:.1f}%", 100 * x);
}

void group_text(std::string& o, const GroupStats& g) {
    o += fmt::format("\n== {} ==\n", g.key);
    o += fmt::format("games {} (complete {}, unfinished {})\n", g.games, g.complete, g.unfinished);
    const DiceTest t = dice_test(g.dice);
    o += fmt::format("\ndice: {} rolls; chi-square {:.2f}, df {}, p-value {:.4f}{}\n", t.rolls,
                     t.chi_square, t.df, t.p_value,
                     t.rolls > 0 && t.rolls < 180 ? " (few rolls: approximate)" : "");
    o += "total   count  expected  share\n";
    for (int s = 2; s <= 12; ++s) {
        const std::int64_t c = g.dice[static_cast<std::size_t>(s)];
        o +=
            fmt::format("{:>5} {:>7} {:>9.1f} {:>6}\n", s, c,
                        static_cast<double>(t.rolls) * dice_ways(s) / 36.0, pct(ratio(c, t.rolls)));
    }
    o += fmt::format(
        "\n7s and robber: {} sevens ({} of rolls, expected 16.7%); robber moved {} times after a "
        "7 and {} after a knight, {} robberies; {} discard{} of {} card{}\n",
        g.dice[7], pct(ratio(g.dice[7], t.rolls)), g.robber_after_seven, g.robber_after_knight,
        g.robberies, g.discards, g.discards == 1 ? "" : "s", g.cards_discarded,
        g.cards_discarded == 1 ? "" : "s");
    o += fmt::format("\nseats (complete games, 95% Wilson interval; equal chance {}):\n",
                     pct(1.0 / g.players));
    for (int p = 0; p < g.players; ++p) {
        const std::int64_t w = g.seat_wins[static_cast<std::size_t>(p)];
        const Interval ci = wilson_interval(w, g.complete);
        o += fmt::format("  seat {}: {:>6} wins of {:>6}  {:>6}  [{}, {}]\n", p + 1, w, g.complete,
                         pct(ratio(w, g.complete)), pct(ci.lo), pct(ci.hi));
    }
    const std::int64_t others = g.pips_vp.n - g.complete;
    o += fmt::format(
        "\nopening placements (complete games; pips of both setup settlements): {} player-games, "
        "mean pips {:.2f}, mean final VP {:.2f}\n  correlation pips ~ final VP r = {:+.3f}; "
        "winners' mean pips {:.2f}, others' {:.2f}\n",
        g.pips_vp.n, g.pips_vp.mean_x(), g.pips_vp.mean_y(), g.pips_vp.correlation(),
        ratio(g.winner_pips, g.complete), ratio(g.pips_vp.sx - g.winner_pips, others));
    o += "  pips   player-games  mean VP  wins  win rate [95%]\n";
    for (std::size_t i = 0; i < g.pip_bands.size(); ++i) {
        const Band& b = g.pip_bands[i];
        const Interval ci = wilson_interval(b.wins, b.player_games);
        o += fmt::format("  {:<6} {:>12} {:>8.2f} {:>5}  {} [{}, {}]\n",
                         band_label(static_cast<int>(i)), b.player_games,
                         ratio(b.vp, b.player_games), b.wins, pct(ratio(b.wins, b.player_games)),
                         pct(ci.lo), pct(ci.hi));
    }
    o += "  resources  player-games  mean VP  wins  win rate\n";
    for (std::size_t i = 0; i < g.resource_bands.size(); ++i) {
        const Band& b = g.resource_bands[i];
        if (b.player_games == 0) continue;
        o += fmt::format("  {:>9} {:>13} {:>8.2f} {:>5}  {}\n", i, b.player_games,
                         ratio(b.vp, b.player_games), b.wins, pct(ratio(b.wins, b.player_games)));
    }
    o += fmt::format("\nlength: turns mean {:.1f}, min {}, max {}; events mean {:.1f}\n",
                     ratio(g.turns, g.games), g.turns_min, g.turns_max, ratio(g.events, g.games));
    o += "\ncards by source       brick  lumber    wool   grain     ore\n";
    for (int s = 0; s < kCardSources; ++s) {
        const auto& c = g.cards[static_cast<std::size_t>(s)];
        o += fmt::format("  {:<17} {:>7} {:>7} {:>7} {:>7} {:>7}\n", card_source_name(s), c[0],
                         c[1], c[2], c[3], c[4]);
    }
    o += fmt::format("\ntrades: {} with the bank or a harbor, {} between players, {} offers\n",
                     g.trades_bank, g.trades_player, g.trade_offers);
    o += "development cards: bought";
    for (int k = 0; k < kDevCardKinds; ++k)
        o += fmt::format(" {} {}", dev_card_name(static_cast<DevCard>(k)),
                         g.dev_bought[static_cast<std::size_t>(k)]);
    o += fmt::format(" unknown {}; played", g.dev_bought[kDevCardKinds]);
    for (int k = 0; k < kDevCardKinds; ++k)
        if (static_cast<DevCard>(k) != DevCard::kVictoryPoint)
            o += fmt::format(" {} {}", dev_card_name(static_cast<DevCard>(k)),
                             g.dev_played[static_cast<std::size_t>(k)]);
    o += "\n";
}

}  // namespace

std::string stats_to_text(const StatsAggregate& agg) {
    std::string o =
        fmt::format("catan-stats: {} input{}: {} valid, {} invalid, {} malformed; {} group{}\n",
                    agg.inputs, agg.inputs == 1 ? "" : "s", agg.valid, agg.invalid, agg.malformed,
                    agg.groups.size(), agg.groups.size() == 1 ? "" : "s");
    for (const auto& [key, g] : agg.groups) group_text(o, g);
    o += fmt::format("\ngames listed ({}):\n",
                     agg.all_games ? "every game" : "dice p-value < 0.001, invalid and malformed");
    if (agg.games.empty()) o += "  none\n";
    for (const auto& r : agg.games) {
        if (r.outcome == "malformed" || r.outcome == "invalid") {
            // the message names the input first: say it once. Messages are stored raw (the
            // first violation's line, or the reader's) and escaped here, once.
            const std::string name = printable(r.name);
            const std::string message = printable(r.message);
            std::string_view m = message;
            if (m.substr(0, name.size() + 2) == name + ": ") m.remove_prefix(name.size() + 2);
            o += fmt::format("  {}: {}: {}\n", name, r.outcome, m);
            continue;
        }
        const DiceTest t = dice_test(r.dice);
        o += fmt::format(
            "  {}: {}, {} turns, {} rolls, dice chi-square {:.2f} p {:.4f}, winner {}\n",
            printable(r.name), r.outcome, r.turns, t.rolls, t.chi_square, t.p_value,
            r.winner_seat >= 0 ? fmt::format("seat {}", r.winner_seat + 1) : "none");
    }
    return o;
}

namespace {

// A folder (the prefix ends in '/'): the files are named "stats-<n>-..." inside it.
std::string plot_prefix(const std::string& prefix) {
    return prefix.empty() || prefix.back() == '/' ? prefix + "stats" : prefix;
}

}  // namespace

std::string plots_written_text(const StatsAggregate& agg,
                               const std::vector<std::pair<std::string, std::string>>& plots,
                               const std::string& prefix_in) {
    const std::string prefix = plot_prefix(prefix_in);
    std::string text =
        fmt::format("wrote {} plot{} ({}-<group>-dice.svg, -seats.svg, -pips.svg):\n", plots.size(),
                    plots.size() == 1 ? "" : "s", printable(prefix));
    int n = 0;
    for (const auto& [key, g] : agg.groups) {
        const std::string mine = fmt::format("{}-{}-", prefix, ++n);
        text += fmt::format("  group {} ({}):", n, printable(key));
        for (const auto& [name, svg] : plots)
            if (name.starts_with(mine)) text += ' ' + printable(name);
        text += '\n';
    }
    return text;
}

std::vector<std::pair<std::string, std::string>> stats_plots(const StatsAggregate& agg,
                                                             const std::string& prefix_in) {
    std::vector<std::pair<std::string, std::string>> out;
    const std::string prefix = plot_prefix(prefix_in);
    int n = 0;
    for (const auto& [key, g] : agg.groups) {
        ++n;
        const DiceTest t = dice_test(g.dice);
        BarChart dice;
        dice.title =
            fmt::format("Dice totals: {} rolls in {} game{} (chi-square {:.1f}, p {:.3f})", t.rolls,
                        g.games, g.games == 1 ? "" : "s", t.chi_square, t.p_value);
        dice.subtitle = key;
        dice.legend = "bars: rolled; red line: expected with two fair dice";
        dice.x_label = "dice total";
        dice.y_label = "rolls";
        for (int s = 2; s <= 12; ++s)
            dice.bars.push_back({std::to_string(s),
                                 static_cast<double>(g.dice[static_cast<std::size_t>(s)]),
                                 static_cast<double>(t.rolls) * dice_ways(s) / 36.0, std::nullopt,
                                 std::nullopt, ""});
        out.emplace_back(fmt::format("{}-{}-dice.svg", prefix, n), render_bar_chart(dice));
        if (g.complete == 0) continue;
        BarChart seats;
        seats.title = fmt::format("Win rate by seat: {} complete games", g.complete);
        seats.subtitle = key;
        seats.legend = "whiskers: 95% Wilson interval; red line: equal chance";
        seats.x_label = "seat (turn order)";
        seats.y_label = "win rate";
        seats.y_format = "percent";
        for (int p = 0; p < g.players; ++p) {
            const std::int64_t w = g.seat_wins[static_cast<std::size_t>(p)];
            const Interval ci = wilson_interval(w, g.complete);
            seats.bars.push_back({std::to_string(p + 1), ratio(w, g.complete), 1.0 / g.players,
                                  ci.lo, ci.hi, fmt::format("{}/{}", w, g.complete)});
        }
        seats.y_max = 1;
        out.emplace_back(fmt::format("{}-{}-seats.svg", prefix, n), render_bar_chart(seats));
        BarChart pips;
        pips.title = fmt::format("Win rate by opening pips: {} player-games (r pips~VP = {:+.2f})",
                                 g.pips_vp.n, g.pips_vp.correlation());
        pips.subtitle = key;
        pips.legend = "whiskers: 95% Wilson interval; red line: equal chance";
        pips.x_label = "opening pips (both setup settlements)";
        pips.y_label = "win rate";
        pips.y_format = "percent";
        for (std::size_t i = 0; i < g.pip_bands.size(); ++i) {
            const Band& b = g.pip_bands[i];
            const Interval ci = wilson_interval(b.wins, b.player_games);
            pips.bars.push_back({band_label(static_cast<int>(i)), ratio(b.wins, b.player_games),
                                 1.0 / g.players, ci.lo, ci.hi,
                                 fmt::format("{}/{}", b.wins, b.player_games)});
        }
        pips.y_max = 1;
        out.emplace_back(fmt::format("{}-{}-pips.svg", prefix, n), render_bar_chart(pips));
    }
    return out;
}

}  // namespace ctk
