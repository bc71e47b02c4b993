#include <catan/import/colonist.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <catan/import/colonist_map.hpp>
#include <catan/import/detail/colonist_importer.hpp>
#include <catan/import/import_util.hpp>
#include <catan/io/json_util.hpp>

namespace ctk {

bool looks_like_colonist(std::string_view text) {
    return json_object_containing(text, "\"eventHistory\"");
}

namespace colonist {

namespace ju = json_util;
using nlohmann::json;

void Importer::fail(std::string_view path, const std::string& what) const {
    throw InputError(fmt::format("{}: {}: {}", name_, path, what));
}

// Whose views the replay merges: `eventsPerspectives` lists the colours whose private
// entries it holds (every seat: full information), `playerPerspective` the colour it was
// saved by. What a view does not see arrives face-down and is imported as null.
std::string Importer::read_perspectives(const json& data, const json& history,
                                        const std::string& hpath) const {
    std::vector<int> seen;
    if (const json* ep = ju::optional_member(history, "eventsPerspectives", hpath);
        ep && !ep->is_null()) {
        std::string path = ju::field(hpath, "eventsPerspectives");
        const json& a = ju::as_array(*ep, path);
        for (std::size_t i = 0; i < a.size(); ++i) {
            int c = ju::as_int(a[i], ju::index(path, i), 0, 1000);
            if (!seat_of_color_.count(c))
                fail(ju::index(path, i), fmt::format("colour {} is not a player of playOrder", c));
            seen.push_back(c);
        }
    }
    std::string saved_by;
    if (const json* pp = ju::optional_member(data, "playerPerspective", "data");
        pp && !pp->is_null())
        saved_by =
            fmt::format(", saved by colour {}", ju::as_int(*pp, "data.playerPerspective", 0, 1000));
    std::sort(seen.begin(), seen.end());
    seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
    if (seen.empty()) return fmt::format("perspectives not stated{}", saved_by);
    if (seen.size() == colors_.size())
        return fmt::format("every seat's perspective merged{}", saved_by);
    return fmt::format("the perspective of colours {} only{}: what they did not see is null",
                       fmt::join(seen, ", "), saved_by);
}

void Importer::read_settings(const json& data, GameLog& log) {
    const json& gs = ju::as_object(ju::member(data, "gameSettings", "data"), "data.gameSettings");
    for (const char* key : {"modeSetting", "extensionSetting", "scenarioSetting", "mapSetting"}) {
        const json* v = ju::optional_member(gs, key, "data.gameSettings");
        if (!v) continue;
        std::string path = ju::field("data.gameSettings", key);
        int s = ju::as_int(*v, path, -1000000, 1000000);
        if (s != 0)
            fail(path, fmt::format("{} = {} changes the game beyond the base game on the "
                                   "standard map; only 0 can be imported",
                                   key, s));
    }
    options_.vp_to_win = ju::as_int(ju::member(gs, "victoryPointsToWin", "data.gameSettings"),
                                    "data.gameSettings.victoryPointsToWin", 3, 30);
    options_.discard_limit = ju::as_int(ju::member(gs, "cardDiscardLimit", "data.gameSettings"),
                                        "data.gameSettings.cardDiscardLimit", 2, 99);
    const json* fr = ju::optional_member(gs, "friendlyRobber", "data.gameSettings");
    options_.friendly_robber = fr && ju::as_bool(*fr, "data.gameSettings.friendlyRobber");
    log.options = options_;
}

void Importer::read_seats(const json& data, GameLog& log) {
    const json& order = ju::as_array(ju::member(data, "playOrder", "data"), "data.playOrder");
    if (order.size() < 2 || order.size() > 4)
        fail("data.playOrder",
             fmt::format("{} players, expected 2..4 (the standard board)", order.size()));
    std::map<int, std::string> names;
    const json& users =
        ju::as_array(ju::member(data, "playerUserStates", "data"), "data.playerUserStates");
    for (std::size_t i = 0; i < users.size(); ++i) {
        std::string path = ju::index("data.playerUserStates", i);
        int c = ju::as_int(ju::member(users[i], "selectedColor", path),
                           ju::field(path, "selectedColor"), 0, 1000);
        // The site's own replays name players by "username"; the public dataset replaces it
        // by a pseudonymous "playerId"; with neither, the seat is named by its colour below.
        std::string name;
        for (const char* key : {"username", "playerId"})
            if (const json* n = ju::optional_member(users[i], key, path); n && !n->is_null()) {
                name = ju::as_string(*n, ju::field(path, key));
                break;
            }
        names[c] = name;
    }
    for (std::size_t i = 0; i < order.size(); ++i) {
        std::string path = ju::index("data.playOrder", i);
        int c = ju::as_int(order[i], path, 0, 1000);
        if (seat_of_color_.count(c)) fail(path, fmt::format("colour {} plays twice", c));
        auto it = names.find(c);
        if (it == names.end())
            fail(path, fmt::format("colour {} has no entry in playerUserStates", c));
        std::string name = it->second.empty() ? fmt::format("colour-{}", c) : it->second;
        for (const Seat& s : log.seats)
            if (s.name == name) name = fmt::format("{}-{}", name, c);
        seat_of_color_[c] = static_cast<PlayerId>(i);
        colors_.push_back(c);
        log.seats.push_back(Seat{name, std::string(kImportColors[i]), c});
    }
    dev_cards_.assign(order.size(), {});
    hands_.assign(order.size(), {});
    vp_.assign(order.size(), {});
}

void Importer::read_initial_state(const json& initial, const std::string& path) {
    std::string bpath = ju::field(path, "bankState");
    const json& bank = ju::member(ju::member(initial, "bankState", path), "resourceCards", bpath);
    bpath = ju::field(bpath, "resourceCards");
    for (int c = 1; c <= 5; ++c) {
        std::string key = std::to_string(c);
        bank_[static_cast<std::size_t>(*resource_of_code(c))] =
            ju::as_int(ju::member(bank, key, bpath), ju::field(bpath, key), 0, 1000);
    }
    std::string rpath = ju::field(path, "mechanicRobberState");
    const json& robber = ju::member(initial, "mechanicRobberState", path);
    robber_tile_ = ju::as_int(ju::member(robber, "locationTileIndex", rpath),
                              ju::field(rpath, "locationTileIndex"), 0, 1000);
    if (!hex_of_tile_.count(robber_tile_))
        fail(ju::field(rpath, "locationTileIndex"),
             fmt::format("tile {} is not a tile of the map", robber_tile_));
    std::string cpath = ju::field(path, "currentState");
    const json& cur = ju::member(initial, "currentState", path);
    current_color_ = ju::as_int(ju::member(cur, "currentTurnPlayerColor", cpath),
                                ju::field(cpath, "currentTurnPlayerColor"), 0, 1000);
    if (const json* t = ju::optional_member(cur, "completedTurns", cpath))
        completed_turns_ = ju::as_int(*t, ju::field(cpath, "completedTurns"), 0, 1000000);
}

// The pieces and victory point cards endGameState counts (`victoryPoints` keys 0
// settlements, 1 cities, 2 VP cards) must be those the events build and buy: a claim the
// events do not reach is refused, whatever is missing (the awards, keys 3 and 4, are left to
// replay's vp claim, which derives them from the events).
void Importer::check_end_pieces(const json& players, const std::string& ppath, const GameLog& log) {
    const std::size_t n = colors_.size();
    std::vector<int> settlements(n), cities(n), vp_cards(n), hidden_buys(n);
    for (const Event& e : log.events) {
        const auto s = static_cast<std::size_t>(event_player(e.body));
        if (std::holds_alternative<PlaceSettlement>(e.body) ||
            std::holds_alternative<BuildSettlement>(e.body))
            ++settlements[s];
        if (std::holds_alternative<BuildCity>(e.body)) {
            --settlements[s];
            ++cities[s];
        }
        if (const auto* b = std::get_if<BuyDevCard>(&e.body)) {
            if (!b->card) ++hidden_buys[s];
            if (b->card == DevCard::kVictoryPoint) ++vp_cards[s];
        }
    }
    for (std::size_t s = 0; s < n; ++s) {
        std::string vpath =
            ju::field(ju::field(ppath, std::to_string(colors_[s])), "victoryPoints");
        const json& v = players[std::to_string(colors_[s])]["victoryPoints"];
        auto stated = [&](const char* key) {
            const json* c = ju::optional_member(v, key, vpath);
            return c ? ju::as_int(*c, ju::field(vpath, key), 0, 100) : 0;
        };
        if (stated("0") != settlements[s])
            fail(ju::field(vpath, "0"),
                 fmt::format("{} settlements, but the events leave {} with {}", stated("0"),
                             seat_label(static_cast<PlayerId>(s)), settlements[s]));
        if (stated("1") != cities[s])
            fail(ju::field(vpath, "1"),
                 fmt::format("{} cities, but the events leave {} with {}", stated("1"),
                             seat_label(static_cast<PlayerId>(s)), cities[s]));
        if (stated("2") < vp_cards[s] || stated("2") > vp_cards[s] + hidden_buys[s])
            fail(ju::field(vpath, "2"),
                 fmt::format("{} victory point cards, but the events give {} {} (and {} cards "
                             "bought face-down)",
                             stated("2"), seat_label(static_cast<PlayerId>(s)), vp_cards[s],
                             hidden_buys[s]));
    }
}

// The site's result, a claim the events must reach: the dice of `diceStats`, the final VP
// by source and the winner. A game with no events is held to the same claims.
void Importer::finish(const json& history, const std::string& path, GameLog& log) {
    std::string status = "unfinished: the replay stops before anyone wins";
    const json* end = ju::optional_member(history, "endGameState", path);
    if (end && !end->is_null()) {
        std::string epath = ju::field(path, "endGameState");
        std::string ppath = ju::field(epath, "players");
        const json& players = ju::as_object(ju::member(*end, "players", epath), ppath);
        std::vector<int> vp(colors_.size(), 0);
        std::optional<int> site_winner;  // colour of `winningPlayer`
        for (std::size_t s = 0; s < colors_.size(); ++s) {
            std::string key = std::to_string(colors_[s]);
            std::string p = ju::field(ppath, key);
            const json& pl = ju::member(players, key, ppath);
            std::string vpath = ju::field(p, "victoryPoints");
            const json& v = ju::as_object(ju::member(pl, "victoryPoints", p), vpath);
            // The site's winner: entry 45 where the log has it, else only here.
            if (const json* w = ju::optional_member(pl, "winningPlayer", p);
                w && !w->is_null() && ju::as_bool(*w, ju::field(p, "winningPlayer"))) {
                if (site_winner) fail(ju::field(p, "winningPlayer"), "a second winning player");
                site_winner = colors_[s];
            }
            static constexpr std::array<int, 5> kWorth{1, 2, 1, 2, 2};
            for (auto it = v.begin(); it != v.end(); ++it) {
                std::string kp = ju::field(vpath, it.key());
                int k = ju::as_int(json::parse(it.key(), nullptr, false), kp, 0, 4);
                vp[s] += kWorth[static_cast<std::size_t>(k)] * ju::as_int(*it, kp, 0, 100);
            }
        }
        // The dice statistics: rolls by sum 2..12.
        if (const json* ds = ju::optional_member(*end, "diceStats", epath)) {
            std::string dpath = ju::field(epath, "diceStats");
            const json& a = ju::as_array(*ds, dpath);
            if (a.size() != 11) fail(dpath, "expected 11 counts (sums 2..12)");
            for (std::size_t k = 0; k < 11; ++k) {
                int n = ju::as_int(a[k], ju::index(dpath, k), 0, 1000000);
                if (n != dice_[k + 2])
                    fail(ju::index(dpath, k), fmt::format("{} rolls of {}, but the events hold {}",
                                                          n, k + 2, dice_[k + 2]));
            }
        }
        check_end_pieces(players, ppath, log);
        if (declared_winner_ && site_winner && *declared_winner_ != *site_winner)
            fail(ppath,
                 fmt::format("the winning player is colour {}, but log entry 45 declared colour {}",
                             *site_winner, *declared_winner_));
        if (!declared_winner_) declared_winner_ = site_winner;
        PlayerId winner = kNoPlayer;
        if (declared_winner_) {
            PlayerId w = seat_of_color_.at(*declared_winner_);
            const std::string& wname = log.seats[static_cast<std::size_t>(w)].name;
            if (vp[static_cast<std::size_t>(w)] >= options_.vp_to_win) {
                winner = w;
                status = fmt::format("complete: {} wins", wname);
            } else {
                status = fmt::format(
                    "unfinished: the site declared {} the winner with {} VP of {} (a player "
                    "left; leaving is not resigning)",
                    wname, vp[static_cast<std::size_t>(w)], options_.vp_to_win);
            }
        }
        if (!log.events.empty()) {
            Claims& c = claims_of_last(log);
            c.vp = vp;
            c.winner = winner;
        }
    }
    std::string passed;
    if (!passed_over_.empty()) {
        int n = 0;
        std::vector<int> types;
        for (const auto& [t, k] : passed_over_) {
            n += k;
            types.push_back(t);
        }
        passed = fmt::format("; passed over: {} {} of {} {}", n, n == 1 ? "entry" : "entries",
                             types.size() == 1 ? "type" : "types", fmt::join(types, ", "));
    }
    log.source =
        fmt::format("catan-import --from colonist {} (colonist.io replay{}; {}{}; {}{}; {})", name_,
                    game_id_, settings_, colors_text_, perspectives_, passed, status);
}

GameLog Importer::run(std::string_view text) {
    json doc = json::parse(text, nullptr, false);
    if (doc.is_discarded()) throw InputError(fmt::format("{}: not valid JSON", name_));
    if (!doc.is_object())
        throw InputError(fmt::format("{}: expected a JSON object (a colonist.io replay)", name_));
    try {
        const json& data = ju::as_object(ju::member(doc, "data", ""), "data");
        GameLog log;
        read_settings(data, log);
        read_seats(data, log);
        if (const json* id = ju::optional_member(data, "databaseGameId", "data");
            id && id->is_string())
            game_id_ = fmt::format(" {}", id->get<std::string>());
        const json& gs = data["gameSettings"];
        std::vector<std::string> kept;
        for (auto it = gs.begin(); it != gs.end(); ++it)
            if (it->is_number_integer() || it->is_boolean())
                if (it.key() != "victoryPointsToWin" && it.key() != "cardDiscardLimit" &&
                    it.key() != "friendlyRobber")
                    kept.push_back(fmt::format("{}={}", it.key(), it->dump()));
        settings_ = fmt::format("settings {}", fmt::join(kept, ", "));
        std::vector<std::string> cols;
        for (std::size_t s = 0; s < colors_.size(); ++s)
            cols.push_back(fmt::format("{}={}", log.seats[s].name, colors_[s]));
        colors_text_ = fmt::format("; colonist colours {}", fmt::join(cols, ", "));

        const std::string hpath = "data.eventHistory";
        const json& history = ju::as_object(ju::member(data, "eventHistory", "data"), hpath);
        perspectives_ = read_perspectives(data, history, hpath);
        std::string ipath = ju::field(hpath, "initialState");
        const json& initial = ju::as_object(ju::member(history, "initialState", hpath), ipath);
        colonist::ColonistMap map = colonist::read_colonist_map(initial, ipath);
        log.board = std::move(map.board);
        hex_of_tile_ = std::move(map.hex_of_tile);
        vertex_of_corner_ = std::move(map.vertex_of_corner);
        edge_of_edge_ = std::move(map.edge_of_edge);
        read_initial_state(initial, ipath);
        log.board->set_robber(hex_of_tile_.at(robber_tile_));
        std::string epath = ju::field(hpath, "events");
        const json& events = ju::as_array(ju::member(history, "events", hpath), epath);
        for (std::size_t i = 0; i < events.size(); ++i)
            read_event(ju::as_object(events[i], ju::index(epath, i)), ju::index(epath, i), log);
        finish(history, hpath, log);
        return log;
    } catch (const InputError& e) {
        std::string what = e.what();
        if (what.rfind(name_ + ": ", 0) == 0) throw;
        throw InputError(fmt::format("{}: {}", name_, what));
    }
}

}  // namespace colonist

GameLog import_colonist(std::string_view text, std::string_view name) {
    colonist::Importer imp(name);
    return imp.run(text);
}

}  // namespace ctk
