#include <catan/engine/state.hpp>

#include <catan/io/output.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/render/render.hpp>

namespace ctk {

std::string_view phase_name(Phase p) {
    switch (p) {
        case Phase::kSetup:
            return "setup";
        case Phase::kTurn:
            return "turn";
        case Phase::kOver:
            return "over";
    }
    return "?";
}

std::string_view building_name(Building b) {
    switch (b) {
        case Building::kNone:
            return "none";
        case Building::kSettlement:
            return "settlement";
        case Building::kCity:
            return "city";
    }
    return "?";
}

int PlayerState::hand_size() const {
    int n = 0;
    for (int x : hand) n += x;
    return n;
}

int PlayerState::dev_cards_held() const {
    int n = 0;
    for (int k = 0; k < kDevCardKinds; ++k) n += dev_old[k] + dev_new[k];
    return n;
}

GameState::GameState(std::shared_ptr<const Board> board, int players, const GameOptions& options)
    : board_(std::move(board)), players_(players), options_(options) {
    if (!board_) throw InputError("game state: no board");
    if (players < 2 || players > kMaxPlayers)
        throw InputError(fmt::format("game state: 2..{} players, got {}", kMaxPlayers, players));
    extension_ = board_->kind() == BoardKind::kExtended;
    if (players > 4 && !extension_)
        throw InputError(fmt::format(
            "{} seats on a {} board: the base game holds at most 4 players (5 or 6 play the "
            "5-6 player extension on the extended 30-hex board)",
            players, board_kind_name(board_->kind())));
    topology_ = &board_->topology();
    robber = board_->robber();
    bank.fill(bank_per_resource());
    deck = deck_counts();
    deck_left = deck_size();
    owner.fill(static_cast<std::int8_t>(kNoPlayer));
    road_owner.fill(static_cast<std::int8_t>(kNoPlayer));
}

GameState GameState::initial(const GameLog& log) {
    // The board is shared between states; one copy per replay.
    auto board = std::make_shared<const Board>(log_board(log));
    return GameState(std::move(board), static_cast<int>(log.seats.size()), log.options);
}

PlayerId GameState::setup_player(int step) const {
    return step < players_ ? step : 2 * players_ - 1 - step;
}

int GameState::public_vp(PlayerId p) const {
    int vp = settlements_on_board(p) + 2 * cities_on_board(p);
    if (longest_road == p) vp += 2;
    if (largest_army == p) vp += 2;
    return vp;
}

int GameState::vp(PlayerId p) const {
    return public_vp(p) + players[p].vp_cards();
}

bool GameState::seven_pending() const {
    if (robber_due != RobberReason::kNone) return true;
    for (int p = 0; p < players_; ++p)
        if (discard_owed[p] > 0) return true;
    return false;
}

VertexSet GameState::blocked_for(PlayerId p) const {
    return occupied & ~players[p].buildings();
}

PlayerId GameState::next_player(PlayerId p) const {
    for (int i = 1; i <= players_; ++i) {
        PlayerId q = (p + i) % players_;
        if (!players[q].resigned) return q;
    }
    return p;
}

int GameState::active_players() const {
    int n = 0;
    for (int p = 0; p < players_; ++p) n += players[p].resigned ? 0 : 1;
    return n;
}

void GameState::update_road_lengths(PlayerId only) {
    for (int p = 0; p < players_; ++p) {
        if (only != kNoPlayer && p != only) continue;
        PlayerState& ps = players[p];
        if (ps.roads.none()) {
            ps.road_length = 0;
            continue;
        }
        ps.road_length =
            static_cast<std::int8_t>(longest_trail_length(*topology_, ps.roads, blocked_for(p)));
    }
}

void GameState::update_awards() {
    std::array<int, kMaxPlayers> lengths{}, knights{};
    for (int p = 0; p < players_; ++p) {
        // A resigned player's pieces stay on the board, but they hold no award.
        lengths[p] = players[p].resigned ? 0 : players[p].road_length;
        knights[p] = players[p].resigned ? 0 : players[p].knights_played();
    }
    PlayerId lr =
        longest_road != kNoPlayer && players[longest_road].resigned ? kNoPlayer : longest_road;
    PlayerId la =
        largest_army != kNoPlayer && players[largest_army].resigned ? kNoPlayer : largest_army;
    auto n = static_cast<std::size_t>(players_);
    longest_road = longest_road_holder(lr, std::span<const int>(lengths.data(), n));
    largest_army = largest_army_holder(la, std::span<const int>(knights.data(), n));
}

// ---------------------------------------------------------------- output

namespace {

nlohmann::json res_json(const ResourceCounts& r) {
    nlohmann::json j = nlohmann::json::object();
    for (Resource res : kResources) j[std::string(resource_name(res))] = r[static_cast<int>(res)];
    return j;
}

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

}  // namespace

nlohmann::json options_to_json(const GameOptions& o, bool extension) {
    return {{"vp_to_win", o.vp_to_win},
            {"discard_limit", o.discard_limit},
            {"friendly_robber", o.friendly_robber},
            {"extension", extension}};
}

std::string options_text(const GameOptions& o, bool extension) {
    const GameOptions base;
    std::string out;
    auto add = [&](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
    if (o.vp_to_win != base.vp_to_win) add(fmt::format("vp_to_win {}", o.vp_to_win));
    if (o.discard_limit != base.discard_limit)
        add(fmt::format("discard_limit {}", o.discard_limit));
    if (o.friendly_robber) add("friendly robber");
    if (extension) add("5-6 player extension");
    return out;
}

nlohmann::json state_to_json(const GameState& s, const std::vector<Seat>& seats) {
    using nlohmann::json;
    auto name = [&](PlayerId p) { return p == kNoPlayer ? json() : json(seat_name(seats, p)); };
    json players = json::array();
    for (int p = 0; p < s.player_count(); ++p) {
        const PlayerState& ps = s.players[p];
        json pj = {{"name", seat_name(seats, p)},
                   {"hand", res_json(ps.hand)},
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
        if (s.road_owner[e] != kNoPlayer)
            roads.push_back({{"edge", e}, {"owner", name(s.road_owner[e])}});
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
              {"bank", res_json(s.bank)},
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
    if (s.offer.open)
        j["offer"] = {{"from", name(s.offer.from)},
                      {"to", name(s.offer.to)},
                      {"give", res_json(s.offer.give)},
                      {"get", res_json(s.offer.get)},
                      {"accepted", s.offer.accepted}};
    if (s.special.open()) {
        json to_come = json::array();
        for (int k = s.special.served + 1; k < s.player_count(); ++k) {
            const PlayerId q = (s.special.after + k) % s.player_count();
            if (!s.players[q].resigned) to_come.push_back(name(q));
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
        if (s.road_owner[e] != kNoPlayer)
            pieces.edge_marks[static_cast<std::size_t>(e)] =
                static_cast<char>('1' + s.road_owner[e]);
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
        out += fmt::format("\nturn {}, {} to act{}\n", s.turn, tname(seats, s.active),
                           s.rolled ? fmt::format(", rolled {}", s.last_roll) : ", not rolled yet");
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
        for (int e = 0; e < s.topology().edge_count(); ++e)
            if (s.road_owner[e] == p) roads += fmt::format(" {}", e);
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
