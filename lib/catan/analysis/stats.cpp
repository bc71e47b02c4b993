#include <catan/analysis/stats.hpp>

#include <catan/import/import.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <span>
#include <tuple>

#include <fmt/format.h>
#include <boost/math/special_functions/gamma.hpp>
#include <nlohmann/json.hpp>

#include <catan/analysis/placement.hpp>
#include <catan/io/event_text.hpp>
#include <catan/io/json_util.hpp>
#include <catan/io/line.hpp>
#include <catan/io/log_format.hpp>

namespace ctk {

// ---------------------------------------------------------------- statistics

double chi_square_sf(double x, int df) {
    if (df < 1) throw InputError(fmt::format("chi-square: degrees of freedom {} < 1", df));
    if (!(x > 0)) return 1.0;
    return boost::math::gamma_q(df / 2.0, x / 2.0);
}

Interval wilson_interval(std::int64_t k, std::int64_t n, double z) {
    if (n <= 0) return {};
    const double nn = static_cast<double>(n);
    const double p = static_cast<double>(k) / nn;
    const double z2 = z * z;
    const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    const double half = z / (1 + z2 / nn) * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

DiceTest dice_test(const std::array<std::int64_t, 13>& dice) {
    DiceTest t;
    for (int s = 2; s <= 12; ++s) t.rolls += dice[static_cast<std::size_t>(s)];
    if (t.rolls == 0) return t;
    for (int s = 2; s <= 12; ++s) {
        const double expected = static_cast<double>(t.rolls) * dice_ways(s) / 36.0;
        const double d = static_cast<double>(dice[static_cast<std::size_t>(s)]) - expected;
        t.chi_square += d * d / expected;
    }
    t.p_value = chi_square_sf(t.chi_square, t.df);
    return t;
}

void Moments::add(std::int64_t x, std::int64_t y) {
    ++n;
    sx += x;
    sy += y;
    sxx += x * x;
    syy += y * y;
    sxy += x * y;
}

double Moments::correlation() const {
    if (n < 2) return 0;
    // n*sum(xy) - sum x sum y etc. are exact integers (well inside 64 bits for any corpus
    // of fewer than ~10^12 player-games of pips and VP below 100).
    const double cov = static_cast<double>(n * sxy - sx * sy);
    const double vx = static_cast<double>(n * sxx - sx * sx);
    const double vy = static_cast<double>(n * syy - sy * sy);
    if (vx <= 0 || vy <= 0) return 0;
    return cov / std::sqrt(vx * vy);
}

int pip_band(int pips) {
    int b = 0;
    for (int i = 0; i < static_cast<int>(kPipBandLow.size()); ++i)
        if (pips >= kPipBandLow[static_cast<std::size_t>(i)]) b = i;
    return b;
}

std::string_view card_source_name(int i) {
    static constexpr std::array<std::string_view, kCardSources> kNames{
        "production", "setup",          "trade_bank",     "trade_player",    "steal",
        "monopoly",   "year_of_plenty", "lost_to_robber", "lost_to_discard", "lost_to_monopoly"};
    return kNames.at(static_cast<std::size_t>(i));
}

// ---------------------------------------------------------------- adding games

namespace {

const ResourceCounts& flow(const CardFlow& f, int source) {
    switch (source) {
        case 0:
            return f.production;
        case 1:
            return f.setup;
        case 2:
            return f.trade_bank;
        case 3:
            return f.trade_player;
        case 4:
            return f.steal;
        case 5:
            return f.monopoly;
        case 6:
            return f.year_of_plenty;
        case 7:
            return f.lost_to_robber;
        case 8:
            return f.lost_to_discard;
        default:
            return f.lost_to_monopoly;
    }
}

// FNV-1a, 64 bits: the digest of a partial's counts and of each input's identity.
struct Fnv {
    std::uint64_t h = 14695981039346656037ull;
    void bytes(std::string_view s) {
        for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
        h = (h ^ 0xFFu) * 1099511628211ull;  // a separator: "ab","c" differs from "a","bc"
    }
    void number(std::int64_t n) { bytes(std::to_string(n)); }
};

// The identity of one input, from what it holds (its group, outcome, length, dice and
// winner; for a malformed input its name and the reader's message): the same game counted
// in two partials has the same identity wherever its file lay.
void note_source(StatsAggregate& agg, const GameRecord& rec) {
    Fnv f;
    f.bytes(rec.group);
    f.bytes(rec.outcome);
    f.number(rec.turns);
    f.number(rec.events);
    for (std::int64_t d : rec.dice) f.number(d);
    f.number(rec.winner_seat);
    if (rec.outcome == "malformed") {
        f.bytes(rec.name);
        f.bytes(rec.message);
    }
    agg.sources.push_back(f.h);
}

// The first violation in DESIGN.md section 5's one-line form, before escaping (the verdict
// report's raw_violation_text, lib/catan/report/verdict_report.hpp, writes the same): the
// record keeps it as text because partial aggregates carry it so and merge it.
std::string first_violation_line(const GameLog& log, const Verdict& v) {
    const Violation& x = v.violations.front();
    const Event* event = nullptr;
    if (x.event_index >= 0 && static_cast<std::size_t>(x.event_index) < log.events.size())
        event = &log.events[static_cast<std::size_t>(x.event_index)];
    return violation_line(v.name, x, event, log.seats, log_board(log));
}

void add_band(Band& b, int vp, bool win) {
    ++b.player_games;
    b.vp += vp;
    b.wins += win ? 1 : 0;
}

}  // namespace

std::string dice_kind(const GameLog& log) {
    const std::string_view src = log.source;
    const std::size_t at = src.find("diceSetting");
    if (at == std::string_view::npos) return "standard";
    std::size_t i = at + 11;
    while (i < src.size() && (src[i] == '=' || src[i] == ':' || src[i] == ' ' || src[i] == '"'))
        ++i;
    std::size_t j = i;
    while (j < src.size() && ((src[j] >= '0' && src[j] <= '9') || src[j] == '-')) ++j;
    return fmt::format("diceSetting={}", j > i ? src.substr(i, j - i) : "?");
}

std::string group_key(const GameLog& log) {
    std::string key = fmt::format("{} players", log.seats.size());
    const nlohmann::json options =
        log_header_to_json(log).value("options", nlohmann::json::object());
    for (const auto& [k, v] : options.items()) key += fmt::format(", {}={}", k, json_util::dump(v));
    return key + ", dice " + dice_kind(log);
}

void add_game(StatsAggregate& agg, const GameLog& log, const Verdict& v) {
    if (!v.stats) throw InputError(fmt::format("{}: replay without statistics", v.name));
    ++agg.inputs;
    GameRecord rec;
    rec.name = v.name;
    rec.group = group_key(log);
    rec.outcome = std::string(outcome_name(v.outcome));
    rec.turns = v.turns;
    rec.events = v.events;
    for (int s = 2; s <= 12; ++s)
        rec.dice[static_cast<std::size_t>(s)] = v.stats->dice[static_cast<std::size_t>(s)];
    if (v.outcome == Outcome::kInvalid) {
        ++agg.invalid;
        rec.message = v.violations.empty() ? "" : first_violation_line(log, v);
        note_source(agg, rec);
        agg.games.push_back(std::move(rec));
        return;
    }
    ++agg.valid;
    rec.winner_seat = v.winner;
    GroupStats& g = agg.groups[rec.group];
    if (g.key.empty()) {
        g.key = rec.group;
        g.players = static_cast<int>(log.seats.size());
    }
    const bool complete = v.outcome == Outcome::kComplete;
    g.turns_min = g.games == 0 ? v.turns : std::min<std::int64_t>(g.turns_min, v.turns);
    g.turns_max = g.games == 0 ? v.turns : std::max<std::int64_t>(g.turns_max, v.turns);
    ++g.games;
    ++(complete ? g.complete : g.unfinished);
    g.turns += v.turns;
    g.events += v.events;
    ++g.turn_bins[v.turns / 25];
    for (int s = 2; s <= 12; ++s)
        g.dice[static_cast<std::size_t>(s)] += rec.dice[static_cast<std::size_t>(s)];
    g.rolls += v.stats->rolls;

    const int n = static_cast<int>(log.seats.size());
    for (int p = 0; p < n; ++p)
        for (int src = 0; src < kCardSources; ++src)
            for (int r = 0; r < kResourceCount; ++r)
                g.cards[static_cast<std::size_t>(src)][static_cast<std::size_t>(r)] += flow(
                    v.stats->cards[static_cast<std::size_t>(p)], src)[static_cast<std::size_t>(r)];

    // Events: robber, discards, trades, development cards, opening placements.
    const Board& board = log_board(log);
    std::vector<ResourceCounts> opening(static_cast<std::size_t>(n), ResourceCounts{});
    bool after_knight = false;
    for (int i = 0; i < v.events; ++i) {
        const EventBody& e = log.events[static_cast<std::size_t>(i)].body;
        std::visit(
            [&](const auto& b) {
                using T = std::decay_t<decltype(b)>;
                if constexpr (std::is_same_v<T, PlaceSettlement>) {
                    const auto prod = vertex_production(board, b.vertex);
                    for (int r = 0; r < kResourceCount; ++r)
                        opening[static_cast<std::size_t>(b.player)][static_cast<std::size_t>(r)] +=
                            prod.pips[static_cast<std::size_t>(r)];
                } else if constexpr (std::is_same_v<T, MoveRobber>) {
                    ++(after_knight ? g.robber_after_knight : g.robber_after_seven);
                    if (b.victim != kNoPlayer) ++g.robberies;
                } else if constexpr (std::is_same_v<T, Discard>) {
                    ++g.discards;
                    g.cards_discarded += b.total();  // hidden discards: their count
                } else if constexpr (std::is_same_v<T, TradeBank>) {
                    ++g.trades_bank;
                } else if constexpr (std::is_same_v<T, TradePlayer>) {
                    ++g.trades_player;
                } else if constexpr (std::is_same_v<T, TradeOffer>) {
                    ++g.trade_offers;
                } else if constexpr (std::is_same_v<T, BuyDevCard>) {
                    ++g.dev_bought[b.card ? static_cast<std::size_t>(*b.card) : kDevCardKinds];
                } else if constexpr (std::is_same_v<T, PlayKnight>) {
                    ++g.dev_played[static_cast<std::size_t>(DevCard::kKnight)];
                } else if constexpr (std::is_same_v<T, PlayRoadBuilding>) {
                    ++g.dev_played[static_cast<std::size_t>(DevCard::kRoadBuilding)];
                } else if constexpr (std::is_same_v<T, PlayYearOfPlenty>) {
                    ++g.dev_played[static_cast<std::size_t>(DevCard::kYearOfPlenty)];
                } else if constexpr (std::is_same_v<T, PlayMonopoly>) {
                    ++g.dev_played[static_cast<std::size_t>(DevCard::kMonopoly)];
                }
                after_knight = std::is_same_v<T, PlayKnight>;
            },
            e);
    }
    if (complete && v.winner >= 0 && v.winner < n) {
        ++g.seat_wins[static_cast<std::size_t>(v.winner)];
        for (int p = 0; p < n; ++p) {
            const auto& o = opening[static_cast<std::size_t>(p)];
            int pips = 0, kinds = 0;
            for (int r = 0; r < kResourceCount; ++r) {
                pips += o[static_cast<std::size_t>(r)];
                kinds += o[static_cast<std::size_t>(r)] > 0 ? 1 : 0;
            }
            const int vp = v.standings[static_cast<std::size_t>(p)].vp;
            const bool win = p == v.winner;
            g.pips_vp.add(pips, vp);
            if (win) g.winner_pips += pips;
            add_band(g.pip_bands[static_cast<std::size_t>(pip_band(pips))], vp, win);
            add_band(g.resource_bands[static_cast<std::size_t>(kinds)], vp, win);
            for (int r = 0; r < kResourceCount; ++r) {
                g.opening_pips_all[static_cast<std::size_t>(r)] += o[static_cast<std::size_t>(r)];
                if (win)
                    g.opening_pips_winners[static_cast<std::size_t>(r)] +=
                        o[static_cast<std::size_t>(r)];
            }
        }
    }
    note_source(agg, rec);
    const DiceTest t = dice_test(rec.dice);
    if (agg.all_games || t.p_value < kSuspiciousP) agg.games.push_back(std::move(rec));
}

void add_malformed(StatsAggregate& agg, std::string_view name, std::string_view message) {
    ++agg.inputs;
    ++agg.malformed;
    GameRecord rec;
    rec.name = std::string(name);
    rec.outcome = "malformed";
    rec.message = std::string(message);
    note_source(agg, rec);
    agg.games.push_back(std::move(rec));
}

void add_log_text(StatsAggregate& agg, std::string_view text, std::string_view name) {
    GameLog log;
    try {
        log = read_any_log(text, name);  // a recording of another program converted too
    } catch (const InputError& e) {
        add_malformed(agg, name, e.what());
        return;
    }
    ReplayOptions opt;
    opt.stats = true;
    add_game(agg, log, replay(log, opt, name));
}

void add_catanstats(StatsAggregate& agg, std::span<const CatanstatsRow> rows,
                    std::string_view name) {
    std::map<int, std::vector<const CatanstatsRow*>> games;
    for (const auto& r : rows) games[r.game].push_back(&r);
    for (const auto& [num, players] : games) {
        const int n = static_cast<int>(players.size());  // 2..6, read_catanstats checks
        int best = -1, winner = -1;
        bool tie = false;
        for (const auto* r : players) {
            if (r->points > best) {
                best = r->points;
                winner = r->player - 1;
                tie = false;
            } else if (r->points == best) {
                tie = true;
            }
        }
        const bool complete = !tie && best >= 10;
        ++agg.inputs;
        ++agg.valid;
        GameRecord rec;
        rec.name = fmt::format("{}#game{}", name, num);
        rec.group = fmt::format("{} players, catanstats table", n);
        rec.outcome = complete ? "complete" : "unfinished";
        for (int s = 2; s <= 12; ++s) {
            rec.dice[static_cast<std::size_t>(s)] =
                players.front()->dice[static_cast<std::size_t>(s)];
            rec.turns += rec.dice[static_cast<std::size_t>(s)];
        }
        rec.winner_seat = complete ? winner : -1;
        note_source(agg, rec);
        GroupStats& g = agg.groups[rec.group];
        if (g.key.empty()) {
            g.key = rec.group;
            g.players = n;
        }
        g.turns_min = g.games == 0 ? rec.turns : std::min(g.turns_min, rec.turns);
        g.turns_max = g.games == 0 ? rec.turns : std::max(g.turns_max, rec.turns);
        ++g.games;
        ++(complete ? g.complete : g.unfinished);
        g.turns += rec.turns;
        g.rolls += rec.turns;
        ++g.turn_bins[static_cast<int>(rec.turns / 25)];
        for (int s = 2; s <= 12; ++s)
            g.dice[static_cast<std::size_t>(s)] += rec.dice[static_cast<std::size_t>(s)];
        if (complete) {
            ++g.seat_wins[static_cast<std::size_t>(winner)];
            for (const auto* r : players) {
                const bool win = r->player - 1 == winner;
                g.pips_vp.add(r->total_pips, r->points);
                if (win) g.winner_pips += r->total_pips;
                add_band(g.pip_bands[static_cast<std::size_t>(pip_band(r->total_pips))], r->points,
                         win);
                add_band(g.resource_bands[static_cast<std::size_t>(r->resources)], r->points, win);
                for (int k = 0; k < kResourceCount; ++k) {
                    g.opening_pips_all[static_cast<std::size_t>(k)] +=
                        r->pips[static_cast<std::size_t>(k)];
                    if (win)
                        g.opening_pips_winners[static_cast<std::size_t>(k)] +=
                            r->pips[static_cast<std::size_t>(k)];
                }
            }
        }
        if (agg.all_games || dice_test(rec.dice).p_value < kSuspiciousP)
            agg.games.push_back(std::move(rec));
    }
}

bool GameRecord::operator<(const GameRecord& o) const {
    return std::tie(name, group, outcome, turns, events, dice, winner_seat, message) <
           std::tie(o.name, o.group, o.outcome, o.turns, o.events, o.dice, o.winner_seat,
                    o.message);
}

void normalize(StatsAggregate& agg) {
    std::sort(agg.games.begin(), agg.games.end());
    std::sort(agg.sources.begin(), agg.sources.end());
}

// ---------------------------------------------------------------- fields, merge, JSONL

namespace {

// Every plain counter of a group, by name: merged by addition, written as a number.
template <class G, class F>
void for_each_counter(G& g, F&& f) {
    f("games", g.games);
    f("complete", g.complete);
    f("unfinished", g.unfinished);
    f("rolls", g.rolls);
    f("robber_after_seven", g.robber_after_seven);
    f("robber_after_knight", g.robber_after_knight);
    f("robberies", g.robberies);
    f("discards", g.discards);
    f("cards_discarded", g.cards_discarded);
    f("pips_vp_n", g.pips_vp.n);
    f("pips_vp_sx", g.pips_vp.sx);
    f("pips_vp_sy", g.pips_vp.sy);
    f("pips_vp_sxx", g.pips_vp.sxx);
    f("pips_vp_syy", g.pips_vp.syy);
    f("pips_vp_sxy", g.pips_vp.sxy);
    f("winner_pips", g.winner_pips);
    f("turns", g.turns);
    f("events", g.events);
    f("trades_bank", g.trades_bank);
    f("trades_player", g.trades_player);
    f("trade_offers", g.trade_offers);
}

// Every fixed-size array of counters, flattened, by name: merged element-wise.
template <class G, class F>
void for_each_array(G& g, F&& f) {
    f("dice", std::span(g.dice));
    f("seat_wins", std::span(g.seat_wins));
    f("dev_bought", std::span(g.dev_bought));
    f("dev_played", std::span(g.dev_played));
    f("opening_pips_all", std::span(g.opening_pips_all));
    f("opening_pips_winners", std::span(g.opening_pips_winners));
}

using nlohmann::json;

json bands_json(std::span<const Band> bands) {
    json a = json::array();
    for (const auto& b : bands) a.push_back({b.player_games, b.vp, b.wins});
    return a;
}

std::int64_t read_i64(const json& j, const std::string& path, std::int64_t lo = 0) {
    if (!j.is_number_integer())
        throw InputError(
            fmt::format("{}: expected an integer, got {}", path, json_util::type_name(j)));
    // Past 2^63-1 (unsigned in the parser) is out of range; printed as written, not wrapped.
    if (j.is_number_unsigned() &&
        j.get<std::uint64_t>() >
            static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        throw InputError(fmt::format("{}: expected an integer {}..{}, got {}", path, lo,
                                     std::numeric_limits<std::int64_t>::max(), json_util::dump(j)));
    const std::int64_t x = j.get<std::int64_t>();
    if (x < lo) throw InputError(fmt::format("{}: expected an integer >= {}, got {}", path, lo, x));
    return x;
}

void read_array(const json& j, const std::string& path, std::span<std::int64_t> out) {
    if (!j.is_array() || j.size() != out.size())
        throw InputError(fmt::format("{}: expected an array of {} integers", path, out.size()));
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = read_i64(j[i], json_util::index(path, i));
}

void read_bands(const json& j, const std::string& path, std::span<Band> out) {
    if (!j.is_array() || j.size() != out.size())
        throw InputError(fmt::format("{}: expected an array of {} bands", path, out.size()));
    for (std::size_t i = 0; i < out.size(); ++i) {
        std::array<std::int64_t, 3> v{};
        read_array(j[i], json_util::index(path, i), v);
        out[i] = Band{v[0], v[1], v[2]};
    }
}

// a += b, or InputError naming the field when the sum passes 2^63 - 1 (a count no partial
// of real games reaches: the partials were edited or made up).
void add_checked(std::int64_t& a, std::int64_t b, std::string_view field) {
    if (__builtin_add_overflow(a, b, &a))
        throw InputError(fmt::format("{}: the merged count passes 2^63 - 1", field));
}

void merge_group(GroupStats& a, const GroupStats& b) {
    if (b.games == 0) return;
    if (a.games == 0) {
        a.turns_min = b.turns_min;
        a.turns_max = b.turns_max;
    } else {
        a.turns_min = std::min(a.turns_min, b.turns_min);
        a.turns_max = std::max(a.turns_max, b.turns_max);
    }
    std::vector<std::int64_t*> mine;
    for_each_counter(a, [&](const char*, std::int64_t& x) { mine.push_back(&x); });
    std::size_t k = 0;
    for_each_counter(b,
                     [&](const char* f, const std::int64_t& x) { add_checked(*mine[k++], x, f); });
    std::vector<std::span<std::int64_t>> arrays;
    for_each_array(a, [&](const char*, std::span<std::int64_t> s) { arrays.push_back(s); });
    k = 0;
    for_each_array(b, [&](const char* f, std::span<const std::int64_t> s) {
        for (std::size_t i = 0; i < s.size(); ++i) add_checked(arrays[k][i], s[i], f);
        ++k;
    });
    auto add_bands = [](std::span<Band> x, std::span<const Band> y, const char* f) {
        for (std::size_t i = 0; i < x.size(); ++i) {
            add_checked(x[i].player_games, y[i].player_games, f);
            add_checked(x[i].vp, y[i].vp, f);
            add_checked(x[i].wins, y[i].wins, f);
        }
    };
    add_bands(a.pip_bands, b.pip_bands, "pip_bands");
    add_bands(a.resource_bands, b.resource_bands, "resource_bands");
    for (const auto& [bin, c] : b.turn_bins) add_checked(a.turn_bins[bin], c, "turn_bins");
    for (std::size_t s = 0; s < a.cards.size(); ++s)
        for (std::size_t r = 0; r < kResourceCount; ++r)
            add_checked(a.cards[s][r], b.cards[s][r], "cards");
}

}  // namespace

void merge(StatsAggregate& into, const StatsAggregate& part) {
    if (into.all_games != part.all_games)
        throw InputError(
            "partial aggregates made with and without --all-games cannot be merged (their game "
            "lists differ)");
    add_checked(into.inputs, part.inputs, "inputs");
    add_checked(into.valid, part.valid, "valid");
    add_checked(into.invalid, part.invalid, "invalid");
    add_checked(into.malformed, part.malformed, "malformed");
    into.sources.insert(into.sources.end(), part.sources.begin(), part.sources.end());
    for (const auto& [key, g] : part.groups) {
        GroupStats& mine = into.groups[key];
        if (mine.key.empty()) {
            mine.key = g.key;
            mine.players = g.players;
        }
        merge_group(mine, g);
    }
    into.games.insert(into.games.end(), part.games.begin(), part.games.end());
}

void merge_partial(StatsAggregate& into, const StatsAggregate& part) {
    // The same input in both: a partial given twice, or a chunk run twice.
    std::vector<std::uint64_t> a = into.sources, b = part.sources, both;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    // The same input twice within the part: a run that counted a game twice.
    const auto twice = std::adjacent_find(b.begin(), b.end());
    if (twice != b.end())
        throw InputError(fmt::format(
            "counts the input {:016x} twice (the same game twice in one run); make the partial "
            "again from each input once",
            *twice));
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
    if (!both.empty())
        throw InputError(fmt::format(
            "counts {} input{} that an earlier partial counts too (the same games twice: a "
            "partial given twice, or a chunk run twice); merge each input once",
            both.size(), both.size() == 1 ? "" : "s"));
    merge(into, part);
}

namespace {

std::string hex64(std::uint64_t v) {
    return fmt::format("{:016x}", v);
}

// The digest of a partial: its header's counts and input identities, then every line after
// the header exactly as written.
std::string partial_digest(const StatsAggregate& agg, std::string_view body) {
    Fnv f;
    f.bytes(agg.all_games ? "all" : "listed");
    for (std::int64_t n : {agg.inputs, agg.valid, agg.invalid, agg.malformed}) f.number(n);
    for (std::uint64_t id : agg.sources) f.bytes(hex64(id));
    f.bytes(body);
    return hex64(f.h);
}

}  // namespace

std::string partial_to_jsonl(const StatsAggregate& agg) {
    std::string out;
    for (const auto& [key, g] : agg.groups) {
        json j{{"group", key}, {"players", g.players}};
        for_each_counter(g, [&](const char* name, const std::int64_t& x) { j[name] = x; });
        for_each_array(g, [&](const char* name, std::span<const std::int64_t> s) {
            j[name] = json(std::vector<std::int64_t>(s.begin(), s.end()));
        });
        j["turns_min"] = g.turns_min;
        j["turns_max"] = g.turns_max;
        j["pip_bands"] = bands_json(g.pip_bands);
        j["resource_bands"] = bands_json(g.resource_bands);
        json bins = json::array();
        for (const auto& [bin, c] : g.turn_bins) bins.push_back({bin, c});
        j["turn_bins"] = bins;
        json cards = json::array();
        for (const auto& c : g.cards)
            cards.push_back(std::vector<std::int64_t>(c.begin(), c.end()));
        j["cards"] = cards;
        out += json_util::dump(j) + '\n';
    }
    for (const auto& r : agg.games) {
        json j{{"game", r.name},
               {"group", r.group},
               {"outcome", r.outcome},
               {"turns", r.turns},
               {"events", r.events},
               {"dice", std::vector<std::int64_t>(r.dice.begin() + 2, r.dice.end())},
               {"winner_seat", r.winner_seat},
               {"message", r.message}};
        out += json_util::dump(j) + '\n';
    }
    json sources = json::array();
    for (std::uint64_t id : agg.sources) sources.push_back(hex64(id));
    return json_util::dump(json{{"format", "catan-stats-partial"},
                                {"version", 2},
                                {"all_games", agg.all_games},
                                {"inputs", agg.inputs},
                                {"valid", agg.valid},
                                {"invalid", agg.invalid},
                                {"malformed", agg.malformed},
                                {"sources", std::move(sources)},
                                {"digest", partial_digest(agg, out)}}) +
           '\n' + out;
}

namespace {

// Every relation the counts of a partial must satisfy; InputError naming the partial and
// the line of the count that breaks one.
void check_partial(const StatsAggregate& agg, std::string_view name,
                   const std::map<std::string, int>& group_line) {
    auto fail = [&](int line, const std::string& what) {
        throw InputError(fmt::format("{}: line {}: {}", name, line, what));
    };
    if (agg.inputs != agg.valid + agg.invalid + agg.malformed)
        fail(1, fmt::format("inputs {} is not valid {} + invalid {} + malformed {}", agg.inputs,
                            agg.valid, agg.invalid, agg.malformed));
    if (static_cast<std::int64_t>(agg.sources.size()) != agg.inputs)
        fail(1, fmt::format("{} input identities for {} inputs", agg.sources.size(), agg.inputs));
    std::int64_t games = 0;
    for (const auto& [key, g] : agg.groups) {
        const int line = group_line.at(key);
        games += g.games;
        if (g.complete + g.unfinished != g.games)
            fail(line, fmt::format("games {} is not complete {} + unfinished {}", g.games,
                                   g.complete, g.unfinished));
        std::int64_t dice = 0;
        for (std::int64_t d : g.dice) dice += d;
        if (dice != g.rolls)
            fail(line, fmt::format("the dice counts sum to {}, but rolls is {}", dice, g.rolls));
        const std::string players = fmt::format("{} players", g.players);
        if (key.rfind(players, 0) != 0 ||
            (key.size() > players.size() && key[players.size()] != ','))
            fail(line,
                 fmt::format("the group \"{}\" does not agree with players {}", key, g.players));
        std::int64_t wins = 0;
        for (std::int64_t w : g.seat_wins) wins += w;
        if (wins != g.complete)
            fail(line,
                 fmt::format("the seats won {} games, but {} are complete", wins, g.complete));
    }
    if (games != agg.valid)
        fail(1, fmt::format("valid {} but the groups hold {} games", agg.valid, games));
    std::int64_t invalid = 0, malformed = 0;
    for (const GameRecord& r : agg.games) {
        invalid += r.outcome == "invalid";
        malformed += r.outcome == "malformed";
    }
    if (invalid != agg.invalid || malformed != agg.malformed)
        fail(1, fmt::format("invalid {} and malformed {}, but the games listed hold {} and {}",
                            agg.invalid, agg.malformed, invalid, malformed));
    if (agg.all_games && static_cast<std::int64_t>(agg.games.size()) != agg.inputs)
        fail(1, fmt::format("inputs {}, but {} games are listed (all_games)", agg.inputs,
                            agg.games.size()));
}

}  // namespace

StatsAggregate partial_from_jsonl(std::string_view text, std::string_view name) {
    StatsAggregate agg;
    bool header = false;
    std::string digest, body;               // the header's digest; the lines after it
    std::map<std::string, int> group_line;  // where each group was read
    int line_no = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::string_view line = take_line(text, pos);
        ++line_no;
        if (blank_line(line)) continue;
        const std::string where = fmt::format("{}: line {}", name, line_no);
        json j = json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            throw InputError(
                fmt::format("{}: expected a JSON object (a partial aggregate line)", where));
        // The digest covers what each line holds, written as catan-stats writes it: a partial
        // re-serialised (keys reordered, spacing, \u escapes) keeps its digest.
        if (header) body += json_util::dump(j) + '\n';
        try {
            if (!header) {
                if (j.value("format", "") != "catan-stats-partial")
                    throw InputError(
                        "format: expected \"catan-stats-partial\" (write it with catan-stats "
                        "--partial)");
                if (j.value("version", 0) != 2)
                    throw InputError(
                        "version: expected 2 (a partial of an earlier catan-stats has no digest "
                        "and no input identities: write it again with catan-stats --partial)");
                const json& src =
                    json_util::as_array(json_util::member(j, "sources", "header"), "sources");
                for (std::size_t i = 0; i < src.size(); ++i) {
                    const std::string id =
                        json_util::as_string(src[i], json_util::index("sources", i));
                    std::uint64_t v = 0;
                    auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), v, 16);
                    if (id.size() != 16 || ec != std::errc() || end != id.data() + id.size())
                        throw InputError(fmt::format("{}: expected 16 hex digits",
                                                     json_util::index("sources", i)));
                    agg.sources.push_back(v);
                }
                digest = json_util::as_string(json_util::member(j, "digest", "header"), "digest");
                agg.all_games =
                    json_util::as_bool(json_util::member(j, "all_games", "header"), "all_games");
                agg.inputs = read_i64(json_util::member(j, "inputs", "header"), "inputs");
                agg.valid = read_i64(json_util::member(j, "valid", "header"), "valid");
                agg.invalid = read_i64(json_util::member(j, "invalid", "header"), "invalid");
                agg.malformed = read_i64(json_util::member(j, "malformed", "header"), "malformed");
                header = true;
            } else if (j.contains("group") && !j.contains("game")) {
                GroupStats g;
                g.key = json_util::as_string(j["group"], "group");
                g.players = json_util::as_int(json_util::member(j, "players", "group"), "players",
                                              2, kMaxPlayers);
                for_each_counter(g, [&](const char* f, std::int64_t& x) {
                    x = read_i64(json_util::member(j, f, "group"), f);
                });
                for_each_array(g, [&](const char* f, std::span<std::int64_t> s) {
                    read_array(json_util::member(j, f, "group"), f, s);
                });
                g.turns_min = read_i64(json_util::member(j, "turns_min", "group"), "turns_min");
                g.turns_max = read_i64(json_util::member(j, "turns_max", "group"), "turns_max");
                read_bands(json_util::member(j, "pip_bands", "group"), "pip_bands", g.pip_bands);
                read_bands(json_util::member(j, "resource_bands", "group"), "resource_bands",
                           g.resource_bands);
                const json& bins =
                    json_util::as_array(json_util::member(j, "turn_bins", "group"), "turn_bins");
                for (std::size_t i = 0; i < bins.size(); ++i) {
                    std::array<std::int64_t, 2> b{};
                    read_array(bins[i], json_util::index("turn_bins", i), b);
                    g.turn_bins[static_cast<int>(b[0])] += b[1];
                }
                const json& cards = json_util::member(j, "cards", "group");
                if (!cards.is_array() || cards.size() != g.cards.size())
                    throw InputError(fmt::format("cards: expected {} arrays", g.cards.size()));
                for (std::size_t s = 0; s < g.cards.size(); ++s)
                    read_array(cards[s], json_util::index("cards", s), g.cards[s]);
                if (agg.groups.count(g.key))
                    throw InputError(fmt::format("group: \"{}\" repeated", g.key));
                group_line[g.key] = line_no;
                agg.groups[g.key] = std::move(g);
            } else if (j.contains("game")) {
                GameRecord r;
                r.name = json_util::as_string(j["game"], "game");
                r.group = json_util::as_string(json_util::member(j, "group", "game"), "group");
                r.outcome =
                    json_util::as_string(json_util::member(j, "outcome", "game"), "outcome");
                r.turns = read_i64(json_util::member(j, "turns", "game"), "turns");
                r.events = read_i64(json_util::member(j, "events", "game"), "events");
                read_array(json_util::member(j, "dice", "game"), "dice",
                           std::span(r.dice).subspan(2));
                r.winner_seat = json_util::as_int(json_util::member(j, "winner_seat", "game"),
                                                  "winner_seat", -1, kMaxPlayers - 1);
                r.message =
                    json_util::as_string(json_util::member(j, "message", "game"), "message");
                agg.games.push_back(std::move(r));
            } else {
                throw InputError("expected a \"group\" or a \"game\" record");
            }
        } catch (const InputError& e) {
            throw InputError(fmt::format("{}: {}", where, e.what()));
        }
    }
    if (!header)
        throw InputError(fmt::format("{}: empty: expected a catan-stats partial aggregate", name));
    check_partial(agg, name, group_line);
    if (partial_digest(agg, body) != digest)
        throw InputError(fmt::format(
            "{}: line 1: digest: the counts do not match their digest (the partial was changed "
            "after catan-stats wrote it)",
            name));
    normalize(agg);
    return agg;
}

}  // namespace ctk
