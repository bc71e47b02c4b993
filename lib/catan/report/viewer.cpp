#include <catan/report/viewer.hpp>

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/engine/roads.hpp>
#include <catan/io/event_text.hpp>
#include <catan/io/json_util.hpp>
#include <catan/io/output.hpp>
#include <catan/render/render_svg.hpp>
#include <catan/report/verdict_report.hpp>
#include <catan/report/viewer_page.hpp>

// Page data, version 1 (what the page's script reads; short keys keep a long game small):
//   {"version": 1, "title", "source", "players": [{"name", "colour"}],
//    "geometry": {"width", "height", "radius", "vertices": [[x, y]], "hexes": [[x, y]],
//                 "robber": [[x, y]], "settlement", "city", "road_width", "road_outline",
//                 "edges": [[vertex, vertex]]},
//    "resources": [names], "dev_cards": [names], "dice_expected": [36ths of sums 2..12],
//    "verdict": {"outcome", "text", "violations": [{"event", "rule", "text"}],
//                "warnings": [{"rule", "message"}], "applied", "events"},
//    "initial": {"players": [player], "robber", "awards": [longest road, largest army]},
//    "events": [event]}
// event: {"x": text, "t": turn, "p": acting player or -1, "s": the state after it in words,
//         "d": [die, die] (rolls), "b": [[vertex, player, 1 settlement | 2 city]] (changed
//         buildings), "r": [[edge, player]] (new roads), "rb": robber hex (when moved),
//         "pl": [[player, player record]] (players whose figures changed), "aw": [longest
//         road, largest army] (when a holder changed; -1 nobody), "v": [violation indices]
//         (broken at this event), "n": 1 (not applied: replay stopped before it), "ir": edge
//         / "ib": [vertex, 1 settlement | 2 city] (the piece an event that breaks a rule
//         places, drawn in red at that event)}
// player record: {"vp", "pub": VP without hidden VP cards, "src": [settlements, cities,
//         longest road, largest army, VP cards] (VP from each source), "hand": [counts by
//         resource], "cards": hand size, "dev": [held by kind], "played": [by kind],
//         "kn": knights played,
//         "rl": road length, "trail": [edge ids of the longest trail], "res": resigned}
//         plus, when the log hides cards and the belief (lib/catan/track/track.hpp) holds more than
//         one state, the tracker's figures (then "hand" and "dev" are left out where uncertain, and
//         "vp", "src" are the most probable state's, shown with "vpr"): "ph": [[percent, [counts by
//         resource]]] the most likely possible hands (at most kPageHands, most likely first;
//         percent = probability x 100, one decimal, rounded half up), "prest": percent of the hands
//         not listed (when some are not), "hmin" / "hmax": [per resource] fewest / most cards of
//         each resource possible, "cmax": most cards in hand (when the hand size is uncertain;
//         "cards" is then the fewest), "pd": [[percent, [held by kind]]] the most likely sets of
//         unplayed development cards (at most kPageDevSets), "pdrest", "vpr": [fewest, most] VP
//         (when VP cards are uncertain).
// event (hidden information): "st": possible states after it (when more than one), "ix":
//         the event from which the belief is past its bound (not exact; then "ph" is
//         empty, "pd" empty, and "hmin" / "hmax", "cards" / "cmax" are guaranteed bounds).

namespace ctk {

namespace {

using nlohmann::json;

json counts(const ResourceCounts& r) {
    return json(std::vector<int>(r.begin(), r.end()));
}

template <class A>
json kinds(const A& a) {
    json j = json::array();
    for (auto x : a) j.push_back(static_cast<int>(x));
    return j;
}

constexpr std::size_t kPageHands = 4;    // possible hands listed per player and event
constexpr std::size_t kPageDevSets = 3;  // possible development card sets listed

// A probability as the page prints it: percent, one decimal, rounded half up.
double percent(const Probability& p) {
    return std::floor(p.convert_to<double>() * 1000.0 + 0.5) / 10.0;
}

// What the belief says about one player beyond the most probable state.
struct Uncertainty {
    const PlayerBelief* belief = nullptr;  // null: the belief is one state
    int vp_min = 0, vp_max = 0;
};

template <class Odds, class Counts>
void add_odds(json& rec, const char* key, const char* rest_key, const std::vector<Odds>& odds,
              std::size_t limit, Counts Odds::*counts) {
    json list = json::array();
    Probability rest = 0;
    for (std::size_t i = 0; i < odds.size(); ++i) {
        if (i < limit)
            list.push_back({percent(odds[i].probability), kinds(odds[i].*counts)});
        else
            rest += odds[i].probability;
    }
    rec[key] = std::move(list);
    if (odds.size() > limit) rec[rest_key] = percent(rest);
}

json player_record(const GameState& s, PlayerId p, const Uncertainty& u = {}) {
    const PlayerState& ps = s.players[p];
    std::array<int, kDevCardKinds> held{};
    for (int k = 0; k < kDevCardKinds; ++k) held[k] = ps.dev_old[k] + ps.dev_new[k];
    const int lr = s.longest_road == p ? 2 : 0, la = s.largest_army == p ? 2 : 0;
    Trail trail = longest_trail(s.topology(), ps.roads, s.blocked_for(p));
    json j = {{"vp", s.vp(p)},
              {"pub", s.public_vp(p)},
              {"src", {s.settlements_on_board(p), 2 * s.cities_on_board(p), lr, la, ps.vp_cards()}},
              {"hand", counts(ps.hand)},
              {"cards", ps.hand_size()},
              {"dev", kinds(held)},
              {"played", kinds(ps.dev_played)},
              {"kn", ps.knights_played()},
              {"rl", trail.length},
              {"trail", trail.edges}};
    if (ps.resigned) j["res"] = 1;
    if (const PlayerBelief* pb = u.belief) {
        if (pb->hands.size() != 1) {  // several, or none past the bound
            j.erase("hand");          // the most probable state's: not shown as certain
            add_odds(j, "ph", "prest", pb->hands, kPageHands, &HandOdds::hand);
            j["hmin"] = counts(pb->min);
            j["hmax"] = counts(pb->max);
            if (pb->cards_min != pb->cards_max) {
                j["cards"] = pb->cards_min;
                j["cmax"] = pb->cards_max;
            } else if (!pb->exact) {
                j["cards"] = pb->cards_min;
            }
        }
        if (pb->dev_cards.size() != 1) {
            j.erase("dev");
            add_odds(j, "pd", "pdrest", pb->dev_cards, kPageDevSets, &DevCardOdds::cards);
        }
        if (u.vp_min != u.vp_max) j["vpr"] = {u.vp_min, u.vp_max};
    }
    return j;
}

std::string state_words(const GameState& s, const GameLog& log) {
    if (s.phase == Phase::kOver)
        return s.winner == kNoPlayer
                   ? "game over"
                   : fmt::format("game over: {} wins", seat_name(log.seats, s.winner));
    std::string who = seat_name(log.seats, s.active);
    if (s.phase == Phase::kSetup) return fmt::format("setup: {} places", who);
    std::string due;
    if (s.seven_pending())
        due = s.robber_due != RobberReason::kNone ? ", robber to move" : ", discards due";
    return fmt::format("turn {}: {} {}{}", s.turn, who, s.rolled ? "has rolled" : "to roll", due);
}

// What changed between two states, as an event record's fields.
void add_changes(json& ev, const GameState& before, const Belief& belief,
                 std::vector<json>& records) {
    const GameState& after = belief.most_probable();
    const Topology& t = after.topology();
    json b = json::array(), r = json::array();
    for (VertexId v = 0; v < t.vertex_count(); ++v)
        if (after.building[v] != before.building[v] || after.owner[v] != before.owner[v])
            b.push_back({v, after.owner[v], static_cast<int>(after.building[v])});
    for (EdgeId e = 0; e < t.edge_count(); ++e)
        if (after.road_owner(e) != before.road_owner(e)) r.push_back({e, after.road_owner(e)});
    if (!b.empty()) ev["b"] = std::move(b);
    if (!r.empty()) ev["r"] = std::move(r);
    if (after.robber != before.robber) ev["rb"] = after.robber;
    if (after.longest_road != before.longest_road || after.largest_army != before.largest_army)
        ev["aw"] = {after.longest_road, after.largest_army};
    std::vector<PlayerBelief> beliefs;
    if (belief.size() > 1 || !belief.exact()) beliefs = player_beliefs(belief);
    if (belief.size() > 1) ev["st"] = belief.size();
    if (auto from = belief.inexact_from()) ev["ix"] = *from;
    json pl = json::array();
    for (PlayerId p = 0; p < after.player_count(); ++p) {
        Uncertainty u;
        if (!beliefs.empty()) {
            u.belief = &beliefs[static_cast<std::size_t>(p)];
            u.vp_min = u.vp_max = after.vp(p);
            belief.for_each_state([&](const GameState& s, const Weight&) {
                u.vp_min = std::min(u.vp_min, s.vp(p));
                u.vp_max = std::max(u.vp_max, s.vp(p));
            });
        }
        json rec = player_record(after, p, u);
        if (rec != records[static_cast<std::size_t>(p)]) {
            pl.push_back({p, rec});
            records[static_cast<std::size_t>(p)] = std::move(rec);
        }
    }
    if (!pl.empty()) ev["pl"] = std::move(pl);
}

std::string html_escape(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (c == '&')
            out += "&amp;";
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '"')
            out += "&quot;";
        else
            out += c;
    }
    return out;
}

}  // namespace

json replay_page_data(const GameLog& log, const ReplayOptions& opt_in, std::string_view name,
                      Verdict* verdict_out) {
    const std::string title = log_title(log, name);
    GameState start = GameState::initial(log);
    const int n = static_cast<int>(log.events.size());
    const int players = start.player_count();

    std::vector<json> records;
    json initial_players = json::array();
    for (PlayerId p = 0; p < players; ++p) {
        records.push_back(player_record(start, p));
        initial_players.push_back(records.back());
    }

    std::vector<json> events(static_cast<std::size_t>(n));
    GameState before = start;
    ReplayOptions opt;
    opt.keep_going = opt_in.keep_going;
    opt.strict_board = opt_in.strict_board;
    opt.stats = opt_in.stats;  // the verdict printed beside the page (--stats --html)
    int applied = 0;
    opt.track = opt_in.track;
    opt.on_belief = [&](int i, const Belief& belief) {
        const GameState& after = belief.most_probable();
        json& ev = events[static_cast<std::size_t>(i)];
        ev = json::object();
        add_changes(ev, before, belief, records);
        // the turn the event belongs to: end_turn closes its turn, a roll opens the next
        const bool closes =
            std::holds_alternative<EndTurn>(log.events[static_cast<std::size_t>(i)].body);
        ev["t"] = closes ? before.turn : after.turn;
        ev["s"] = state_words(after, log);
        before = after;
        applied = i + 1;
    };
    Verdict v = replay(log, opt, title);

    for (int i = 0; i < n; ++i) {
        const Event& e = log.events[static_cast<std::size_t>(i)];
        json& ev = events[static_cast<std::size_t>(i)];
        if (ev.is_null()) ev = {{"n", 1}, {"t", before.turn}};
        const PlayerId p = event_player(e.body);
        ev["p"] = p >= 0 && p < players ? p : -1;
        ev["x"] = event_text(e.body, log.seats, log_board(log));
        if (const auto* roll = std::get_if<Roll>(&e.body)) ev["d"] = {roll->die1, roll->die2};
    }
    json violations = json::array();
    for (std::size_t k = 0; k < v.violations.size(); ++k) {
        const Violation& x = v.violations[k];
        if (x.event_index >= 0 && x.event_index < n) {
            json& ev = events[static_cast<std::size_t>(x.event_index)];
            ev["v"].push_back(k);
            // The piece the illegal event places, for the page to draw in red.
            const EventBody& body = log.events[static_cast<std::size_t>(x.event_index)].body;
            if (const auto* r = std::get_if<BuildRoad>(&body)) ev["ir"] = r->edge;
            if (const auto* r = std::get_if<PlaceRoad>(&body)) ev["ir"] = r->edge;
            if (const auto* b = std::get_if<BuildSettlement>(&body)) ev["ib"] = {b->vertex, 1};
            if (const auto* b = std::get_if<PlaceSettlement>(&body)) ev["ib"] = {b->vertex, 1};
            if (const auto* b = std::get_if<BuildCity>(&body)) ev["ib"] = {b->vertex, 2};
        }
        violations.push_back({{"event", x.event_index < 0 ? json() : json(x.event_index)},
                              {"rule", x.rule_id},
                              {"text", violation_text(x, log, title)}});
    }
    json warnings = json::array();
    for (const auto& w : v.warnings)
        warnings.push_back({{"rule", w.rule_id}, {"message", w.message}});

    json seats = json::array();
    for (PlayerId p = 0; p < players; ++p)
        seats.push_back(
            {{"name", seat_name(log.seats, p)},
             {"colour", player_colour(log.seats[static_cast<std::size_t>(p)].color, p)}});
    const SvgGeometry g = svg_geometry(start.board());
    json edges = json::array();
    for (EdgeId e = 0; e < start.topology().edge_count(); ++e)
        edges.push_back(
            {start.topology().edge_vertices(e)[0], start.topology().edge_vertices(e)[1]});
    json resources = json::array(), dev = json::array();
    for (Resource r : kResources) resources.push_back(resource_name(r));
    for (int k = 0; k < kDevCardKinds; ++k) dev.push_back(dev_card_name(static_cast<DevCard>(k)));
    json dice = json::array();
    for (int sum = 2; sum <= 12; ++sum) dice.push_back(dice_ways(sum));

    json j = {{"version", 1},
              {"title", title},
              {"source", log.source},
              {"players", std::move(seats)},
              {"geometry",
               {{"width", g.width},
                {"height", g.height},
                {"radius", g.radius},
                {"vertices", g.vertices},
                {"hexes", g.hexes},
                {"robber", g.robber},
                {"edges", std::move(edges)},
                {"settlement", g.settlement_path},
                {"city", g.city_path},
                {"road_width", g.road_width},
                {"road_outline", g.road_outline}}},
              {"resources", std::move(resources)},
              {"dev_cards", std::move(dev)},
              {"dice_expected", std::move(dice)},
              {"verdict",
               {{"outcome", outcome_name(v.outcome)},
                {"text", verdict_to_text(v, log)},
                {"violations", std::move(violations)},
                {"warnings", std::move(warnings)},
                {"applied", applied},
                {"events", n}}},
              {"initial",
               {{"players", std::move(initial_players)},
                {"robber", start.robber},
                {"awards", {start.longest_road, start.largest_army}}}},
              {"events", std::move(events)}};
    if (verdict_out) *verdict_out = std::move(v);
    return j;
}

ReplayPage replay_page(const GameLog& log, const ReplayOptions& opt, std::string_view name,
                       const Forecast* forecast) {
    ReplayPage page;
    json data = replay_page_data(log, opt, name, &page.verdict);
    if (forecast) {
        json positions = json::array(), turning = json::array();
        for (const auto& p : forecast->positions) {
            json probabilities = json::array();
            for (double x : p.p) probabilities.push_back(std::round(x * 1000) / 1000);
            positions.push_back({{"e", p.event}, {"t", p.turn}, {"p", probabilities}});
        }
        for (const auto& t : forecast->turning_points)
            turning.push_back({{"e", t.event}, {"text", t.text}});
        data["forecast"] = {{"rollouts", forecast->rollouts},
                            {"policy", std::string(policy_name(forecast->policy))},
                            {"positions", positions},
                            {"turning_points", turning}};
    }
    // Inside <script>, "</script>" or "<!--" in a string would end or confuse the block:
    // every '<' is written as the JSON escape \u003c (it only occurs inside strings).
    std::string text;
    for (char c : json_util::dump(data)) {  // bytes that are not UTF-8 as U+FFFD
        if (c == '<')
            text += "\\u003c";
        else
            text += c;
    }
    const std::string svg = render_svg(GameState::initial(log).board());
    const std::map<std::string_view, std::string> fill{
        {"TITLE", html_escape(printable(data["title"].get<std::string>()))},
        {"BOARD_SVG", svg},
        {"DATA", std::move(text)}};
    // One pass over the template: {{NAME}} -> its text (inserted text is not scanned).
    const std::string_view tpl(kViewerPage);
    std::string& html = page.html;
    for (std::size_t at = 0;;) {
        const auto open = tpl.find("{{", at);
        const auto close = open == std::string_view::npos ? open : tpl.find("}}", open);
        if (close == std::string_view::npos) {
            html += tpl.substr(at);
            break;
        }
        html += tpl.substr(at, open - at);
        auto it = fill.find(tpl.substr(open + 2, close - open - 2));
        html +=
            it != fill.end() ? std::string_view(it->second) : tpl.substr(open, close + 2 - open);
        at = close + 2;
    }
    return page;
}

}  // namespace ctk
