// The reports of catan-place (placement_report.hpp): the board's opening placements, the
// setup of a game log, the catanstats analysis; text, JSON and CSV, and their SVG pictures.
#include <catan/report/placement_report.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/analysis/forecast.hpp>
#include <catan/io/event_json.hpp>
#include <catan/io/json_util.hpp>
#include <catan/io/log_format.hpp>
#include <catan/io/output.hpp>
#include <catan/render/render_svg.hpp>

namespace ctk {

using nlohmann::json;

namespace {

constexpr std::array<char, kResourceCount> kLetters{'B', 'L', 'W', 'G', 'O'};

// Every double in a JSON output is rounded to 4 decimals, so that the text does not depend
// on the last bits of a sum (DESIGN.md section 1: integers or fixed decimals).
void round_floats(json& j) {
    if (j.is_number_float()) {
        j = std::round(j.get<double>() * 10000.0) / 10000.0;
    } else if (j.is_structured()) {
        for (auto& x : j) round_floats(x);
    }
}

// The JSON report: floats rounded, two-space indent, one final newline.
std::string json_text(json j) {
    round_floats(j);
    return json_util::dump(j, 2) + '\n';
}

std::string at(const Board& b, VertexId v) {
    auto hc = b.topology().vertex_corner(v);
    return fmt::format("{}{}", hc.hex, corner_name(hc.corner));
}

std::string pip_cells(const ResourceCounts& p) {
    std::string s;
    for (int x : p) s += x ? fmt::format("{:>3}", x) : std::string("  .");
    return s;
}

std::string hand_text(const ResourceCounts& h) {
    std::string s;
    for (std::size_t r = 0; r < kResourceCount; ++r)
        for (int k = 0; k < h[r]; ++k) s += kLetters[r];
    return s.empty() ? "-" : s;
}

std::string numbers_text(const Board& b, VertexId v) {
    std::vector<int> n;
    for (HexId h : b.topology().vertex_hexes(v))
        if (b.resource(h) && h != b.robber() && b.token(h)) n.push_back(b.token(h));
    std::sort(n.begin(), n.end());
    std::string s;
    for (int x : n) {
        if (!s.empty()) s += ',';
        s += std::to_string(x);
    }
    return s.empty() ? "-" : s;
}

std::string hexes_text(const Board& b, VertexId v) {
    std::string s;
    int total = 0;
    for (HexId h : b.topology().vertex_hexes(v)) {
        if (!s.empty()) s += " + ";
        int pips = (b.resource(h) && h != b.robber()) ? token_pips(b.token(h)) : 0;
        total += pips;
        if (!b.resource(h))
            s += fmt::format("hex {} desert (0)", h);
        else if (h == b.robber())
            s += fmt::format("hex {} {} {} robbed (0)", h, terrain_name(b.terrain(h)), b.token(h));
        else
            s += fmt::format("hex {} {} {} ({})", h, terrain_name(b.terrain(h)), b.token(h), pips);
    }
    return fmt::format("{} = {} pips", s, total);
}

std::string rolls_text(const std::optional<double>& x) {
    return x ? fmt::format("{:.2f}", *x) : std::string("never");
}

json rolls_json(const std::optional<double>& x) {
    return x ? json(*x) : json(nullptr);
}

json counts_json(const ResourceCounts& c) {
    return every_resource_json(c);
}

json parts_json(const ScoreParts& p, bool pair) {
    json j{{"pips", p.pips},
           {"resources", p.resources},
           {"numbers", p.numbers},
           {"harbor", p.harbor},
           {"expansion", p.expansion}};
    if (pair) {
        j["roads"] = p.roads;
        j["cities"] = p.cities;
        j["start_hand"] = p.start_hand;
    }
    return j;
}

json vertex_json(const Board& b, const VertexScore& s, int rank) {
    auto hc = b.topology().vertex_corner(s.vertex);
    json hexes = json::array();
    for (HexId h : b.topology().vertex_hexes(s.vertex)) {
        auto r = b.resource(h);
        hexes.push_back({{"hex", h},
                         {"terrain", terrain_name(b.terrain(h))},
                         {"token", b.token(h) ? json(b.token(h)) : json(nullptr)},
                         {"robber", h == b.robber()},
                         {"pips", (r && h != b.robber()) ? token_pips(b.token(h)) : 0}});
    }
    json cards = json::object();
    for (std::size_t r = 0; r < kResourceCount; ++r)
        cards[std::string(resource_name(kResources[r]))] = s.production.pips[r] / 36.0;
    return {{"rank", rank},
            {"vertex", s.vertex},
            {"at", {{"hex", hc.hex}, {"corner", corner_name(hc.corner)}}},
            {"hexes", hexes},
            {"pips", counts_json(s.production.pips)},
            {"total_pips", s.production.total_pips},
            {"cards_per_roll", cards},
            {"weighted_pips", s.weighted_pips},
            {"numbers", s.production.numbers},
            {"resources", s.production.resources},
            {"harbor", s.harbor ? json{{"type", harbor_name(*s.harbor)}, {"value", s.harbor_value}}
                                : json(nullptr)},
            {"expansion", s.expansion},
            {"expansion_value", s.expansion_value},
            {"score_parts", parts_json(s.parts, false)},
            {"score", s.score}};
}

json odds_json(const ProductionOdds& o) {
    json cards = json::object();
    for (std::size_t r = 0; r < kResourceCount; ++r)
        cards[std::string(resource_name(kResources[r]))] = o.cards_per_roll[r];
    json until = json::object();
    for (std::size_t i = 0; i < kBuildTargets.size(); ++i)
        until[std::string(build_target_name(kBuildTargets[i]))] = rolls_json(o.rolls_until[i]);
    return {{"any_card_ways", o.any_card_ways},
            {"p_any_card", o.p_any_card},
            {"cards_ways", o.cards_ways},
            {"cards_per_roll", cards},
            {"rolls_until", until}};
}

json pair_json(const PairScore& p, int rank, const ProductionOdds* odds,
               const std::array<std::optional<double>, 4>* sim) {
    json j{{"rank", rank},
           {"first", p.first},
           {"second", p.second},
           {"pips", counts_json(p.pips)},
           {"total_pips", p.total_pips},
           {"numbers", p.numbers},
           {"resources", p.resources},
           {"covers_roads", p.covers_roads},
           {"covers_cities", p.covers_cities},
           {"start_hand", counts_json(p.start_hand)},
           {"harbor_value", p.harbor_value},
           {"expansion_value", p.expansion_value},
           {"score_parts", parts_json(p.parts, true)},
           {"score", p.score}};
    if (odds) j["odds"] = odds_json(*odds);
    if (sim) {
        json s = json::object();
        for (std::size_t i = 0; i < kBuildTargets.size(); ++i)
            s[std::string(build_target_name(kBuildTargets[i]))] = rolls_json((*sim)[i]);
        j["simulated_rolls_until"] = s;
    }
    return j;
}

// The board with a disc on every legal vertex coloured by its score, the top picks ringed
// and numbered by rank, and the taken vertices ringed in black.
std::string heat_map_svg(const Board& board, const PlacementModel& model,
                         const std::vector<VertexScore>& ranked, std::size_t top) {
    SvgOptions svg;
    svg.title = "Opening placements: vertex scores (catan-place)";
    svg.vertex_heat.assign(static_cast<std::size_t>(board.topology().vertex_count()), std::nullopt);
    for (const auto& s : ranked) svg.vertex_heat[static_cast<std::size_t>(s.vertex)] = s.score;
    svg.heat_label = "placement score";
    for (std::size_t i = 0; i < top; ++i)
        svg.vertex_marks.push_back({ranked[i].vertex, "#0050a0", fmt::format("#{}", i + 1)});
    for (VertexId v : model.taken()) svg.vertex_marks.push_back({v, "black", "taken"});
    return render_svg(board, svg);
}

}  // namespace

namespace {
// The best pairs with each pair of spots once: (a, b) is left out when (b, a) came before it
// (the same two settlements, the better order ranked first; the order only changes which
// one gives the starting hand).
std::vector<PairScore> distinct_pairs(std::vector<PairScore> pairs) {
    std::vector<PairScore> out;
    std::set<std::pair<VertexId, VertexId>> seen;
    for (auto& p : pairs)
        if (seen.insert(std::minmax(p.first, p.second)).second) out.push_back(std::move(p));
    return out;
}
}  // namespace

namespace {

// One board's analysis, computed once for whichever format reports it.
struct Analysis {
    Analysis(const Board& b, const PlacementRequest& o)
        : board(b), opt(o), model(b, o.taken, o.weights) {
        ranked = model.rank_vertices();
        pairs = distinct_pairs(model.best_pairs());
        top = std::min<std::size_t>(static_cast<std::size_t>(opt.top), ranked.size());
        npairs = std::min<std::size_t>(static_cast<std::size_t>(opt.pairs), pairs.size());
        for (std::size_t i = 0; i < npairs; ++i) {
            odds.push_back(model.pair_odds(pairs[i]));
            if (opt.simulate > 0) {
                std::array<VertexId, 2> vs{pairs[i].first, pairs[i].second};
                sims.push_back(simulate_rolls_until(board, vs, pairs[i].start_hand, opt.simulate,
                                                    opt.seed + i));
            }
        }
        if (opt.draft) draft = draft_setup(board, opt.taken, opt.seats, opt.weights);
        if (opt.evaluate > 0) {
            ForecastOptions fo;
            fo.seed = opt.seed;
            fo.threads = opt.threads;
            const int n = std::max(opt.seats, 2);
            baseline = opening_value(board, n, kNoId, kNoId, fo, opt.evaluate);
            for (std::size_t i = 0; i < top; ++i)
                vertex_values.push_back(
                    opening_value(board, n, ranked[i].vertex, kNoId, fo, opt.evaluate));
            for (std::size_t i = 0; i < npairs; ++i)
                pair_values.push_back(
                    opening_value(board, n, pairs[i].first, pairs[i].second, fo, opt.evaluate));
        }
    }
    const Board& board;
    const PlacementRequest& opt;
    PlacementModel model;
    std::vector<VertexScore> ranked;
    std::vector<PairScore> pairs;      // each pair of spots once
    std::size_t top = 0, npairs = 0;   // the vertices and pairs reported
    std::vector<ProductionOdds> odds;  // of the pairs reported
    std::vector<std::array<std::optional<double>, 4>> sims;
    std::vector<DraftPick> draft;
    OpeningValue baseline;                    // --evaluate: the first seat by the policy
    std::vector<OpeningValue> vertex_values;  // of the vertices reported
    std::vector<OpeningValue> pair_values;    // of the pairs reported
};

json value_json(const OpeningValue& v) {
    return {{"win_rate", v.rate()}, {"win_rate_se", v.se()}, {"games", v.games}};
}

std::string value_text(const OpeningValue& v) {
    return v.games
               ? fmt::format("{:5.1f}% ±{:.1f} ({} games)", 100 * v.rate(), 100 * v.se(), v.games)
               : std::string("  (no game: the spot was always taken first)");
}

// Text: the opening values (--evaluate).
std::string analysis_text_values(const Analysis& a) {
    if (a.opt.evaluate <= 0) return "";
    std::string out = fmt::format(
        "\nOpening values: the first of {} seats opens there, every seat plays greedy, {} games "
        "each on the same dice (seed {}); the first seat's win rate ± one standard error:\n",
        std::max(a.opt.seats, 2), a.opt.evaluate, a.opt.seed);
    out += fmt::format("  baseline (greedy's own opening): {}\n", value_text(a.baseline));
    for (std::size_t i = 0; i < a.vertex_values.size(); ++i)
        out += fmt::format("  vertex {:>3}       (score {:6.2f}): {}\n", a.ranked[i].vertex,
                           a.ranked[i].score, value_text(a.vertex_values[i]));
    for (std::size_t i = 0; i < a.pair_values.size(); ++i)
        out += fmt::format("  pair {:>3} then {:>3} (score {:6.2f}): {}\n", a.pairs[i].first,
                           a.pairs[i].second, a.pairs[i].score, value_text(a.pair_values[i]));
    return out;
}

// JSON (schemas/placement.schema.json, format catan-place).
std::string analysis_json(const Analysis& a) {
    const Board& board = a.board;
    const PlacementRequest& opt = a.opt;
    const PlacementWeights& weights = a.opt.weights;
    const PlacementModel& model = a.model;
    const auto& ranked = a.ranked;
    const auto& pairs = a.pairs;
    const std::size_t top = a.top, npairs = a.npairs;
    const auto& odds = a.odds;
    const auto& sims = a.sims;
    const auto& draft = a.draft;
    json j{{"format", "catan-place"},
           {"version", 1},
           {"board", {{"kind", board_kind_name(board.kind())}, {"robber", board.robber()}}},
           {"taken", opt.taken},
           {"weights", placement_weights_to_json(weights)},
           {"board_pips", counts_json(model.board_pips())},
           {"legal_count", ranked.size()}};
    json sc = json::object();
    for (std::size_t r = 0; r < kResourceCount; ++r)
        sc[std::string(resource_name(kResources[r]))] = model.scarcity()[r];
    j["scarcity"] = sc;
    j["vertices"] = json::array();
    for (std::size_t i = 0; i < top; ++i) {
        j["vertices"].push_back(vertex_json(board, ranked[i], static_cast<int>(i + 1)));
        if (opt.evaluate > 0) j["vertices"].back().update(value_json(a.vertex_values[i]));
    }
    j["pairs"] = json::array();
    for (std::size_t i = 0; i < npairs; ++i) {
        j["pairs"].push_back(pair_json(pairs[i], static_cast<int>(i + 1), &odds[i],
                                       opt.simulate > 0 ? &sims[i] : nullptr));
        if (opt.evaluate > 0) j["pairs"].back().update(value_json(a.pair_values[i]));
    }
    if (opt.evaluate > 0)
        j["opening_values"] = {{"games", opt.evaluate},           {"policy", "greedy"},
                               {"seats", std::max(opt.seats, 2)}, {"seed", opt.seed},
                               {"baseline", a.baseline.rate()},   {"baseline_se", a.baseline.se()}};
    if (opt.draft) {
        j["draft"] = json::array();
        for (const auto& p : draft)
            j["draft"].push_back(
                {{"seat", p.seat}, {"round", p.round}, {"vertex", p.vertex}, {"score", p.score}});
    }
    return json_text(std::move(j));
}

// CSV: the draft when asked for, else the ranked vertices.
std::string analysis_csv(const Analysis& a) {
    const Board& board = a.board;
    const PlacementRequest& opt = a.opt;
    const auto& ranked = a.ranked;
    const std::size_t top = a.top;
    const auto& draft = a.draft;
    const Topology& t = board.topology();
    std::string out;
    if (opt.draft) {
        out += fmt::format("pick,seat,round,vertex,hex,corner,score\n");
        for (std::size_t i = 0; i < draft.size(); ++i) {
            auto hc = t.vertex_corner(draft[i].vertex);
            out +=
                fmt::format("{},{},{},{},{},{},{:.3f}\n", i + 1, draft[i].seat + 1, draft[i].round,
                            draft[i].vertex, hc.hex, corner_name(hc.corner), draft[i].score);
        }
        return out;
    }
    out += fmt::format(
        "rank,vertex,hex,corner,total_pips,brick,lumber,wool,grain,ore,weighted_pips,"
        "numbers,resources,harbor,harbor_value,best_expansion,expansion_value,score{}\n",
        opt.evaluate > 0 ? ",win_rate,win_rate_se,games" : "");
    for (std::size_t i = 0; i < top; ++i) {
        const auto& s = ranked[i];
        auto hc = t.vertex_corner(s.vertex);
        const auto& p = s.production.pips;
        out += fmt::format(
            "{},{},{},{},{},{},{},{},{},{},{:.3f},{},{},{},{:.3f},{},{:.3f},{:.3f}\n", i + 1,
            s.vertex, hc.hex, corner_name(hc.corner), s.production.total_pips, p[0], p[1], p[2],
            p[3], p[4], s.weighted_pips, s.production.numbers, s.production.resources,
            s.harbor ? harbor_name(*s.harbor) : "", s.harbor_value,
            s.expansion.empty() ? std::string() : std::to_string(s.expansion[0]), s.expansion_value,
            s.score);
        if (opt.evaluate > 0) {
            out.pop_back();
            const OpeningValue& v = a.vertex_values[i];
            out += fmt::format(",{:.4f},{:.4f},{}\n", v.rate(), v.se(), v.games);
        }
    }
    return out;
}

// Text: the board's figures, the ranked vertices and why each scores as it does.
std::string analysis_text_vertices(const Analysis& a) {
    const Board& board = a.board;
    const PlacementRequest& opt = a.opt;
    const PlacementWeights& weights = a.opt.weights;
    const PlacementModel& model = a.model;
    const auto& ranked = a.ranked;
    const std::size_t top = a.top;
    std::string out;
    std::string taken = "nothing taken";
    if (!opt.taken.empty()) {
        taken = "taken:";
        for (int v : opt.taken) taken += fmt::format(" {}", v);
    }
    std::string robber = board.resource(board.robber())
                             ? fmt::format("{} {}", terrain_name(board.terrain(board.robber())),
                                           board.token(board.robber()))
                             : std::string("desert");
    out +=
        fmt::format("Opening placements: {} board, robber on hex {} ({}), {}; {} legal vertices\n",
                    board_kind_name(board.kind()), board.robber(), robber, taken, ranked.size());
    std::string bp, sc;
    int total = 0, present = 0;
    for (std::size_t r = 0; r < kResourceCount; ++r) {
        bp += fmt::format("{}{} {}", r ? ", " : "", resource_name(kResources[r]),
                          model.board_pips()[r]);
        sc += fmt::format("{}{} {:.3f}", r ? ", " : "", resource_name(kResources[r]),
                          model.scarcity()[r]);
        total += model.board_pips()[r];
        present += model.board_pips()[r] > 0;
    }
    out += fmt::format("Board pips: {} (mean {:.2f})\n", bp,
                       present ? static_cast<double>(total) / present : 0.0);
    out += fmt::format("Scarcity (mean / board pips)^{:g}: {}\n", weights.scarcity, sc);
    out += fmt::format(
        "score = {:g} x weighted pips + {:g} x resources + {:g} x numbers + {:g} x harbor value "
        "+ {:g} x best expansion (weighted pips)\n\n",
        weights.pips, weights.resource_diversity, weights.number_diversity, weights.harbor,
        weights.expansion);
    out += fmt::format(
        "rank vertex at    pips  B  L  W  G  O  cards/roll numbers   res harbor      expand       "
        "score\n");
    for (std::size_t i = 0; i < top; ++i) {
        const auto& s = ranked[i];
        std::string harbor =
            s.harbor ? fmt::format("{} {:.2f}", harbor_name(*s.harbor), s.harbor_value) : "-";
        std::string expand = s.expansion.empty()
                                 ? "-"
                                 : fmt::format("{} ({:.1f})", s.expansion[0], s.expansion_value);
        out += fmt::format(
            "{:>4} {:>6} {:<5} {:>4}{} {:>10.3f} {:<9} {:>3} {:<11} {:<10} {:>6.2f}\n", i + 1,
            s.vertex, at(board, s.vertex), s.production.total_pips, pip_cells(s.production.pips),
            s.production.total_pips / 36.0, numbers_text(board, s.vertex), s.production.resources,
            harbor, expand, s.score);
    }
    if (top > 0) out += fmt::format("\nWhy:\n");
    for (std::size_t i = 0; i < top; ++i) {
        const auto& s = ranked[i];
        out += fmt::format("{:>3}. vertex {} ({}): {}\n", i + 1, s.vertex, at(board, s.vertex),
                           hexes_text(board, s.vertex));
        std::string ex;
        for (VertexId x : s.expansion) ex += fmt::format("{}{}", ex.empty() ? "" : ", ", x);
        out += fmt::format(
            "     {:.2f} = pips {:.2f} + resources {:.2f} + numbers {:.2f} + harbor {:.2f} + "
            "expansion {:.2f}{}\n",
            s.score, s.parts.pips, s.parts.resources, s.parts.numbers, s.parts.harbor,
            s.parts.expansion, ex.empty() ? "" : fmt::format(" (towards {})", ex));
    }
    return out;
}

// Text: the best pairs with their odds, and the draft.
std::string analysis_text_pairs(const Analysis& a) {
    const Board& board = a.board;
    const PlacementRequest& opt = a.opt;
    const PlacementWeights& weights = a.opt.weights;
    const auto& pairs = a.pairs;
    const std::size_t npairs = a.npairs;
    const auto& odds = a.odds;
    const auto& sims = a.sims;
    const auto& draft = a.draft;
    std::string out;
    if (npairs > 0) {
        out += fmt::format(
            "\nBest pairs (each pair of spots once, in its better order: the first settlement, "
            "then the best second for it; the starting hand comes from the second):\n");
        out += fmt::format(
            "pair score = {:g} x weighted pips + {:g} x resources + {:g} x numbers + {:g} x "
            "harbors "
            "+ {:g} x expansions + {:g} brick&lumber + {:g} ore&grain + {:g} x hand cards\n",
            weights.pips, weights.resource_diversity, weights.number_diversity, weights.harbor,
            weights.expansion, weights.roads, weights.cities, weights.start_hand);
        out += fmt::format(
            "rank first second pips  B  L  W  G  O res covers  hand   score  P(card)  "
            "rolls until: road  settl.   city    dev\n");
        for (std::size_t i = 0; i < npairs; ++i) {
            const auto& p = pairs[i];
            const auto& o = odds[i];
            std::string covers =
                std::string(p.covers_roads ? "BL" : "--") + (p.covers_cities ? "OG" : "--");
            out += fmt::format(
                "{:>4} {:>5} {:>6} {:>4}{} {:>3} {:<6} {:<5} {:>6.2f} {:>7.1f}% {:>17} {:>7} {:>6} "
                "{:>6}\n",
                i + 1, p.first, p.second, p.total_pips, pip_cells(p.pips), p.resources, covers,
                hand_text(p.start_hand), p.score, 100.0 * o.p_any_card,
                rolls_text(o.rolls_until[0]), rolls_text(o.rolls_until[1]),
                rolls_text(o.rolls_until[2]), rolls_text(o.rolls_until[3]));
            if (opt.simulate > 0)
                out += fmt::format("{:>59}simulated ({} runs): {:>6} {:>7} {:>6} {:>6}\n", "",
                                   opt.simulate, rolls_text(sims[i][0]), rolls_text(sims[i][1]),
                                   rolls_text(sims[i][2]), rolls_text(sims[i][3]));
        }
        out += fmt::format(
            "(covers: BL when the pair touches brick and lumber (roads and settlements), OG when "
            "it touches ore and grain (cities), -- where one is missing; P(card): chance that a "
            "roll gives at least one card; rolls until: expected rolls before production alone "
            "pays for each on its own, from the starting hand; exact)\n");
    }
    if (opt.draft) {
        out += fmt::format("\nGreedy setup draft, {} seats (snake order):\n", opt.seats);
        for (std::size_t i = 0; i < draft.size(); ++i)
            out += fmt::format("{:>2}. seat {} round {}: vertex {} ({}) score {:.2f}\n", i + 1,
                               draft[i].seat + 1, draft[i].round, draft[i].vertex,
                               at(board, draft[i].vertex), draft[i].score);
    }
    return out;
}

}  // namespace

PlacementReport placement_report(const Board& board, const PlacementRequest& opt,
                                 std::string_view format, bool heat_map) {
    const Analysis a(board, opt);
    PlacementReport report;
    if (heat_map) report.heat_map = heat_map_svg(board, a.model, a.ranked, a.top);
    if (format == "json")
        report.text = analysis_json(a);
    else if (format == "csv")
        report.text = analysis_csv(a);
    else
        report.text = analysis_text_vertices(a) + analysis_text_pairs(a) + analysis_text_values(a);
    return report;
}

std::string setup_placement_report(const GameLog& log, std::string_view name,
                                   const PlacementWeights& weights, std::string_view format) {
    const Board& board = log_board(log);
    std::string out;
    std::vector<SetupPlacement> placements;
    std::vector<int> event_index;
    for (std::size_t i = 0; i < log.events.size(); ++i) {
        const auto& body = log.events[i].body;
        if (std::holds_alternative<Roll>(body)) break;  // turn 1 starts: the setup is over
        if (const auto* p = std::get_if<PlaceSettlement>(&body)) {
            placements.push_back({p->player, p->vertex});
            event_index.push_back(static_cast<int>(i));
        }
    }
    auto ratings = rate_setup(board, placements, weights);
    auto seat = [&](int p) { return seat_name(log.seats, p); };
    if (format == "json") {
        json j{{"format", "catan-place-log"},
               {"version", 1},
               {"log", name},
               {"weights", placement_weights_to_json(weights)},
               {"settlements", json::array()}};
        for (const auto& r : ratings)
            j["settlements"].push_back(
                {{"event", event_index[static_cast<std::size_t>(r.index)]},
                 {"player", seat(r.player)},
                 {"round", r.round},
                 {"vertex", r.vertex},
                 {"legal", r.legal},
                 {"total_pips", vertex_production(board, r.vertex).total_pips},
                 {"score", r.score},
                 {"rank", r.rank},
                 {"choices", r.choices},
                 {"best", r.best == kNoId ? json(nullptr) : json(r.best)},
                 {"best_score", r.best_score}});
        return json_text(std::move(j));
    }
    if (format == "csv") {
        out += fmt::format(
            "event,player,round,vertex,legal,total_pips,score,rank,choices,best,best_score\n");
        for (const auto& r : ratings)
            out += fmt::format("{},{},{},{},{},{},{:.3f},{},{},{},{:.3f}\n",
                               event_index[static_cast<std::size_t>(r.index)], seat(r.player),
                               r.round, r.vertex, r.legal ? 1 : 0,
                               vertex_production(board, r.vertex).total_pips, r.score, r.rank,
                               r.choices, r.best, r.best_score);
        return out;
    }
    out +=
        fmt::format("Setup of {}: {} settlements, each against the choices open at that moment\n",
                    printable(name), ratings.size());
    out += fmt::format(
        "(round 1: the best pair score the spot opens; round 2: the pair score with the "
        "player's first)\n");
    out += fmt::format(
        "event player       round vertex at    pips   score  rank/choices  best (score)\n");
    for (const auto& r : ratings)
        out += fmt::format(
            "{:>5} {:<12} {:>5} {:>6} {:<5} {:>4} {:>7} {:>13}  {} ({:.2f})\n",
            event_index[static_cast<std::size_t>(r.index)], seat(r.player), r.round, r.vertex,
            at(board, r.vertex), vertex_production(board, r.vertex).total_pips,
            r.legal ? fmt::format("{:.2f}", r.score) : std::string("illegal"),
            r.legal ? fmt::format("{}/{}", r.rank, r.choices) : fmt::format("-/{}", r.choices),
            r.best, r.best_score);
    return out;
}

// A scatter plot of opening pips (x) against final points (y), winners filled, with the
// least-squares line and the bucket means. Coordinates are integers (deterministic text).
std::string catanstats_svg(std::span<const CatanstatsRow> rows, const CatanstatsSummary& s) {
    const int w = 640, h = 440, left = 60, right = 20, top = 80, bottom = 50;
    int xmin = 99, xmax = 0, ymin = 0, ymax = 12;
    for (const auto& r : rows) {
        xmin = std::min(xmin, r.total_pips - 1);
        xmax = std::max(xmax, r.total_pips + 1);
        ymax = std::max(ymax, r.points + 1);
    }
    if (xmax <= xmin) xmax = xmin + 2;
    auto px = [&](double x) {
        return static_cast<int>(left + (x - xmin) * (w - left - right) / (xmax - xmin) + 0.5);
    };
    auto py = [&](double y) {
        return static_cast<int>(h - bottom - (y - ymin) * (h - top - bottom) / (ymax - ymin) + 0.5);
    };
    std::string o = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} "
        "{}\" "
        "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"{}\" height=\"{}\" "
        "fill=\"white\"/>\n",
        w, h, w, h, w, h);
    o += fmt::format(
        "<text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">Opening pips vs final "
        "points, "
        "catanstats ({} player-games, r = {:.2f})</text>\n",
        w / 2, s.rows, s.corr_pips_points);
    for (int x = xmin; x <= xmax; ++x)
        o += fmt::format(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#ddd\"/><text x=\"{0}\" "
            "y=\"{3}\" "
            "text-anchor=\"middle\">{4}</text>\n",
            px(x), py(ymin), py(ymax), py(ymin) + 16, x);
    for (int y = ymin; y <= ymax; y += 2)
        o += fmt::format(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#ddd\"/><text x=\"{3}\" "
            "y=\"{4}\" "
            "text-anchor=\"end\">{5}</text>\n",
            px(xmin), py(y), px(xmax), px(xmin) - 6, py(y) + 4, y);
    o += fmt::format(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">total pips of the two starting "
        "settlements</text>\n",
        (left + w - right) / 2, h - 12);
    o += fmt::format(
        "<text x=\"16\" y=\"{}\" text-anchor=\"middle\" transform=\"rotate(-90 16 {})\">final "
        "victory points</text>\n",
        (top + h - bottom) / 2, (top + h - bottom) / 2);
    // Points with equal (pips, points) are drawn side by side so that none hides another.
    std::map<std::pair<int, int>, int> seen;
    for (const auto& r : rows) {
        int k = seen[{r.total_pips, r.points}]++;
        int dx = (k % 2 ? 1 : -1) * ((k + 1) / 2) * 3;
        bool win = false;
        for (const auto& q : rows) win = win || (q.game == r.game && q.points > r.points);
        win = !win;
        o += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{}\" stroke=\"#1f4e79\"/>\n",
                         px(r.total_pips) + dx, py(r.points), win ? "#1f4e79" : "none");
    }
    o += fmt::format(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#c00\" stroke-width=\"2\"/>\n",
        px(xmin), py(s.intercept + s.slope_points_per_pip * xmin), px(xmax),
        py(s.intercept + s.slope_points_per_pip * xmax));
    for (const auto& b : s.buckets) {
        if (b.count == 0) continue;
        int lo = std::max(b.lo, xmin), hi = std::min(b.hi + 1, xmax);
        o += fmt::format(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#e69f00\" "
            "stroke-width=\"3\"/>\n",
            px(lo), py(b.mean_points), px(hi));
    }
    o += fmt::format(
        "<text x=\"{}\" y=\"{}\" fill=\"#c00\">least squares: points = {:.2f} + {:.3f} x "
        "pips</text>\n",
        left, 44, s.intercept, s.slope_points_per_pip);
    o += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"#e69f00\">mean points per pip bucket</text>\n",
                     left, 60);
    o += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"#1f4e79\">filled: the game's winner</text>\n",
                     left, 76);
    o += "</svg>\n";
    return o;
}

namespace {

// Correlations from fewer player-games than this are not printed as text (a correlation of 2
// points is +-1 whatever the game): 30, the usual least sample for Pearson's r to mean much.
constexpr int kMinCorrelationRows = 30;

void correlation_text(std::string& out, const CatanstatsSummary& s) {
    out += fmt::format("correlation (Pearson r) pips ~ final points:         {:+.3f}\n",
                       s.corr_pips_points);
    out += fmt::format("correlation pips ~ cards produced in the game:       {:+.3f}\n",
                       s.corr_pips_production);
    out += fmt::format("within-game rank correlation, pips ~ points:         {:+.3f}\n",
                       s.corr_pips_rank);
    out += fmt::format("least squares: points = {:.2f} + {:.3f} x pips\n", s.intercept,
                       s.slope_points_per_pip);
}

}  // namespace

std::string catanstats_report(std::span<const CatanstatsRow> rows, const CatanstatsSummary& s,
                              std::string_view format) {
    std::string out;
    if (format == "json") {
        json buckets = json::array();
        for (const auto& b : s.buckets)
            buckets.push_back({{"lo", b.lo},
                               {"hi", b.hi},
                               {"count", b.count},
                               {"mean_points", b.mean_points},
                               {"wins", b.wins}});
        json j{{"format", "catan-place-catanstats"},
               {"version", 1},
               {"rows", s.rows},
               {"games", s.games},
               {"mean_pips", s.mean_pips},
               {"mean_points", s.mean_points},
               {"corr_pips_points", s.corr_pips_points},
               {"corr_pips_production", s.corr_pips_production},
               {"corr_pips_rank", s.corr_pips_rank},
               {"slope_points_per_pip", s.slope_points_per_pip},
               {"intercept", s.intercept},
               {"winner_mean_pips", s.winner_mean_pips},
               {"others_mean_pips", s.others_mean_pips},
               {"top_pips_won", s.top_pips_won},
               {"top_pips_games", s.top_pips_games},
               {"buckets", buckets}};
        return json_text(std::move(j));
    }
    if (format == "csv") {
        out += fmt::format(
            "line,game,player,points,production,total_pips,brick,lumber,wool,grain,ore,"
            "resources\n");
        for (const auto& r : rows)
            out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}\n", r.line, r.game, r.player,
                               r.points, r.production, r.total_pips, r.pips[0], r.pips[1],
                               r.pips[2], r.pips[3], r.pips[4], r.resources);
        return out;
    }
    out += fmt::format(
        "catanstats: {} player-game{} in {} game{}; opening pips = token pips of the 6 hexes "
        "around both starting settlements\n",
        s.rows, s.rows == 1 ? "" : "s", s.games, s.games == 1 ? "" : "s");
    out += fmt::format("mean opening pips {:.2f}, mean final points {:.2f}\n", s.mean_pips,
                       s.mean_points);
    if (s.rows < kMinCorrelationRows) {
        out += fmt::format(
            "correlations and least squares: not shown below {} player-games (the table has {})\n",
            kMinCorrelationRows, s.rows);
    } else {
        correlation_text(out, s);
    }
    out += fmt::format("winners' mean pips {:.2f}, others' {:.2f}\n", s.winner_mean_pips,
                       s.others_mean_pips);
    out += fmt::format(
        "the player with the most opening pips won {} of {} game{} ({:.0f}%; chance alone: 25%)\n",
        s.top_pips_won, s.top_pips_games, s.top_pips_games == 1 ? "" : "s",
        s.top_pips_games ? 100.0 * s.top_pips_won / s.top_pips_games : 0.0);
    out += fmt::format("\npips     players  mean points  wins  win rate\n");
    for (const auto& b : s.buckets)
        out +=
            fmt::format("{:<8} {:>7} {:>12.2f} {:>5} {:>8.0f}%\n",
                        b.hi >= 99  ? fmt::format("{}+", b.lo)
                        : b.lo == 0 ? fmt::format("<{}", b.hi + 1)
                                    : fmt::format("{}-{}", b.lo, b.hi),
                        b.count, b.mean_points, b.wins, b.count ? 100.0 * b.wins / b.count : 0.0);
    return out;
}

}  // namespace ctk
