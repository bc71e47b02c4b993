// The state of a game as JSON and as text (state_report.hpp).
#include <catan/report/state_report.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/engine/rules.hpp>
#include <catan/io/event_json.hpp>
#include <catan/io/log_format.hpp>
#include <catan/io/output.hpp>
#include <catan/render/render.hpp>

namespace ctk {

namespace {

template <class A>
nlohmann::json dev_json(const A& a) {
    nlohmann::json j = nlohmann::json::object();
    for (int k = 0; k < kDevCardKinds; ++k)
        j[std::string(dev_card_name(static_cast<DevCard>(k)))] = static_cast<int>(a[k]);
    return j;
}

// The name for text output: control characters escaped (lib/catan/io/output.hpp printable).
std::string tname(const std::vector<Seat>& seats, PlayerId p) {
    return printable(seat_name(seats, p));
}

// What the turn owes before it goes on (pending-seven, a knight's robber): the discards due
// after a 7 and the robber move, in words (empty when nothing is owed).
std::string pending_text(const GameState& s, const std::vector<Seat>& seats) {
    std::string out;
    for (PlayerId p = 0; p < s.player_count(); ++p)
        if (s.discard_owed[p] > 0)
            out += fmt::format("; {} owes a discard of {} card{}", tname(seats, p),
                               s.discard_owed[p], s.discard_owed[p] == 1 ? "" : "s");
    if (s.robber_due != RobberReason::kNone)
        out += fmt::format(
            "; {} to move the robber ({})", tname(seats, s.active),
            s.robber_due == RobberReason::kSeven ? "a 7 was rolled" : "a knight was played");
    return out;
}

}  // namespace

nlohmann::json state_to_json(const GameState& s, const std::vector<Seat>& seats) {
    using nlohmann::json;
    auto name = [&](PlayerId p) { return p == kNoPlayer ? json() : json(seat_name(seats, p)); };
    json players = json::array();
    for (int p = 0; p < s.player_count(); ++p) {
        const PlayerState& ps = s.players[p];
        json pj = {{"name", seat_name(seats, p)},
                   {"hand", every_resource_json(ps.hand)},
                   {"cards", ps.hand_size()},
                   {"dev_cards", dev_json(ps.dev_old)},
                   {"dev_cards_new", dev_json(ps.dev_new)},
                   {"dev_cards_played", dev_json(ps.dev_played)},
                   {"roads_left", ps.roads_left},
                   {"settlements_left", ps.settlements_left},
                   {"cities_left", ps.cities_left},
                   {"knights", ps.knights_played()},
                   {"road_length", ps.road_length},
                   {"vp", s.vp(p)},
                   {"public_vp", s.public_vp(p)},
                   {"resigned", ps.resigned}};
        players.push_back(std::move(pj));
    }
    json buildings = json::array();
    for (int v = 0; v < s.topology().vertex_count(); ++v)
        if (s.building[v] != Building::kNone)
            buildings.push_back({{"vertex", v},
                                 {"owner", name(s.owner[v])},
                                 {"kind", building_name(s.building[v])}});
    json roads = json::array();
    for (int e = 0; e < s.topology().edge_count(); ++e)
        if (s.road_owner(e) != kNoPlayer)
            roads.push_back({{"edge", e}, {"owner", name(s.road_owner(e))}});
    json owed = json::object();
    for (int p = 0; p < s.player_count(); ++p)
        if (s.discard_owed[p] > 0) owed[seat_name(seats, p)] = s.discard_owed[p];
    json deck = dev_json(s.deck);
    json j = {{"phase", phase_name(s.phase)},
              {"turn", s.turn},
              {"active", name(s.active)},
              {"rolled", s.rolled},
              {"last_roll", s.last_roll},
              {"dev_card_played", s.dev_played},
              {"discards_owed", std::move(owed)},
              {"robber_due", s.robber_due != RobberReason::kNone},
              {"free_roads", s.free_roads},
              {"robber", s.robber},
              {"bank", every_resource_json(s.bank)},
              {"deck", std::move(deck)},
              {"deck_left", s.deck_left},
              {"players", std::move(players)},
              {"buildings", std::move(buildings)},
              {"roads", std::move(roads)},
              {"longest_road", name(s.longest_road)},
              {"largest_army", name(s.largest_army)},
              {"winner", name(s.winner)},
              {"options", options_to_json(s.options(), s.extension())}};
    if (s.phase == Phase::kSetup) j["setup_step"] = s.setup_step;
    // The house rules that forbid a 7 read the round and whether a city stands.
    if (s.options().no_seven_rounds > 0) j["round"] = s.round;
    if (s.options().no_seven_until_city) j["city_built"] = city_built(s);
    if (s.offer.open)
        j["offer"] = {{"from", name(s.offer.from)},
                      {"to", name(s.offer.to)},
                      {"give", every_resource_json(s.offer.give)},
                      {"get", every_resource_json(s.offer.get)},
                      {"accepted", s.offer.accepted}};
    if (s.special.open()) {
        // In seat order from the next player (the one whose turn ended last, when it may
        // take a part: special_building_any_order).
        json to_come = json::array();
        for (int k = 1; k <= s.player_count(); ++k) {
            const PlayerId q = (s.special.after + k) % s.player_count();
            if (may_open_special_part(s, q)) to_come.push_back(name(q));
        }
        j["special_building"] = {{"after", name(s.special.after)},
                                 {"builder", name(s.special.builder)},
                                 {"to_come", std::move(to_come)}};
    }
    return j;
}

std::string state_to_text(const GameState& s, const std::vector<Seat>& seats) {
    Board shown = s.board();
    shown.set_robber(s.robber);
    // Pieces on the board: s1 / C1 a settlement / city of the first player, 1 its roads.
    AsciiPieces pieces;
    pieces.vertex_marks.assign(static_cast<std::size_t>(s.topology().vertex_count()), "");
    pieces.edge_marks.assign(static_cast<std::size_t>(s.topology().edge_count()), '\0');
    for (int v = 0; v < s.topology().vertex_count(); ++v)
        if (s.building[v] != Building::kNone)
            pieces.vertex_marks[static_cast<std::size_t>(v)] =
                fmt::format("{}{}", s.building[v] == Building::kCity ? 'C' : 's', s.owner[v] + 1);
    for (int e = 0; e < s.topology().edge_count(); ++e)
        if (s.road_owner(e) != kNoPlayer)
            pieces.edge_marks[static_cast<std::size_t>(e)] =
                static_cast<char>('1' + s.road_owner(e));
    std::string out = render_ascii(shown, {}, pieces);
    out += "pieces: sN settlement, CN city, N road of player N:";
    for (int p = 0; p < s.player_count(); ++p)
        out += fmt::format("{} {} {}", p ? "," : "", p + 1, tname(seats, p));
    out += '\n';
    if (s.phase == Phase::kSetup)
        out += fmt::format("\nsetup (turn 0), {} to place a {}\n", tname(seats, s.active),
                           s.setup_road_due ? "road" : "settlement");
    else if (s.phase == Phase::kOver)
        out += fmt::format("\ngame over on turn {}: {} wins\n", s.turn, tname(seats, s.winner));
    else
        out += fmt::format("\nturn {}, {} to act{}{}\n", s.turn, tname(seats, s.active),
                           s.rolled ? fmt::format(", rolled {}", s.last_roll) : ", not rolled yet",
                           pending_text(s, seats));
    out += fmt::format("bank: {} brick, {} lumber, {} wool, {} grain, {} ore; deck {} cards\n",
                       s.bank[0], s.bank[1], s.bank[2], s.bank[3], s.bank[4], s.deck_left);
    out += fmt::format("longest road: {}; largest army: {}\n", tname(seats, s.longest_road),
                       tname(seats, s.largest_army));
    for (int p = 0; p < s.player_count(); ++p) {
        const PlayerState& ps = s.players[p];
        std::string dev;
        for (int k = 0; k < kDevCardKinds; ++k)
            if (int n = ps.dev_old[k] + ps.dev_new[k])
                dev += fmt::format(" {} {}", n, dev_card_name(static_cast<DevCard>(k)));
        std::string settlements, cities, roads;
        for (int v = 0; v < s.topology().vertex_count(); ++v) {
            if (s.owner[v] != p) continue;
            (s.building[v] == Building::kCity ? cities : settlements) += fmt::format(" {}", v);
        }
        for_each_set_bit(ps.roads, kMaxEdges,
                         [&](std::size_t e) { roads += fmt::format(" {}", e); });
        out += fmt::format(
            "{}: {} VP ({} public){}; hand {} brick, {} lumber, {} wool, {} grain, {} ore ({} "
            "cards); dev:{}; knights {}; road length {}\n  settlements:{}\n  cities:{}\n  "
            "roads:{}\n",
            tname(seats, p), s.vp(p), s.public_vp(p), ps.resigned ? " resigned" : "", ps.hand[0],
            ps.hand[1], ps.hand[2], ps.hand[3], ps.hand[4], ps.hand_size(),
            dev.empty() ? " none" : dev, ps.knights_played(), ps.road_length,
            settlements.empty() ? " none" : settlements, cities.empty() ? " none" : cities,
            roads.empty() ? " none" : roads);
    }
    return out;
}

}  // namespace ctk
