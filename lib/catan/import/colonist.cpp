#include <catan/import/colonist.hpp>

#include <algorithm>
#include <array>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <catan/import/colonist_map.hpp>
#include <catan/import/import_util.hpp>
#include <catan/io/json_util.hpp>

namespace ctk {

namespace ju = json_util;
using nlohmann::json;

bool looks_like_colonist(std::string_view text) {
    return json_object_containing(text, "\"eventHistory\"");
}

namespace {

using colonist::dev_card_of_code;
using colonist::kFaceDownDevCard;
using colonist::kFaceDownResource;
using colonist::resource_of_code;

// The log entry types of `gameLogState` (`text.type`), as the files use them.
enum class Entry : int {
    kReconnected = 0,         // a player's connection is back (announcement)
    kBoughtDevCard = 1,       // a development card bought
    kPlaced = 4,              // a piece placed: setup, or a free road of road building
    kBuilt = 5,               // a piece built
    kRolled = 10,             // the dice
    kMovedRobber = 11,        // the robber moved (the tile in mechanicRobberState)
    kStoleThiefView = 14,     // "you stole <card> from <playerColor>"
    kStoleVictimView = 15,    // "<playerColor> stole <card> from you"
    kStoleOthersView = 16,    // "<thief> stole a card from <victim>": the others' view
    kPlayedDevCard = 20,      // a development card played
    kYearOfPlentyTook = 21,   // the cards year of plenty took
    kDisconnected = 24,       // a player's connection dropped (announcement)
    kTurnSeparator = 44,      // between two turns
    kWinner = 45,             // the site declares the winner
    kReceived = 47,           // cards received: setup (distributionType 0) or production (1)
    kTileBlocked = 49,        // the robber's tile produced nothing (announcement)
    kNoProduction = 60,       // a roll gave nobody anything (announcement)
    kAutoDiscard = 64,        // the site discards for a player who ran out of time; the
                              // discard itself follows as entry 55
    kDiscarded = 55,          // a discard on a 7
    kAwardGained = 66,        // longest road or largest army gained (mechanic states say who)
    kAwardTaken = 68,         // an award taken from another player (the same)
    kMustMoveRobber = 74,     // a player is to move the robber (announcement)
    kMonopolyTook = 86,       // the resource a monopoly took
    kLeft = 112,              // a player left the game
    kTradeCompleted = 115,    // a completed player trade
    kBankTrade = 116,         // a bank or harbor trade
    kOfferToPlayer = 117,     // a trade offered to one player (negotiation)
    kOffer = 118,             // a trade offered to all (negotiation)
    kTurnLimitNotice = 130,   // the game's turn or time limit (announcement)
    kMustDiscardCount = 139,  // how many players must discard (announcement)
};

// The entry types that change no state, with the reason: what they announce is either in
// another entry or in the stateChange's deltas, which the claims cross-check.
bool is_announcement(int type) {
    switch (static_cast<Entry>(type)) {
        case Entry::kReconnected:
        case Entry::kDisconnected:
        case Entry::kTileBlocked:
        case Entry::kNoProduction:
        case Entry::kAutoDiscard:
        case Entry::kAwardGained:
        case Entry::kAwardTaken:
        case Entry::kMustMoveRobber:
        case Entry::kLeft:
        case Entry::kOfferToPlayer:
        case Entry::kOffer:
        case Entry::kTurnLimitNotice:
        case Entry::kMustDiscardCount:
            return true;
        default:
            return false;
    }
}

// A piece that appeared in a stateChange's map delta, waiting for the log entry that
// built it.
struct NewPiece {
    std::string path;  // JSON path of the delta entry
    int id;            // our vertex or edge
    int owner;         // colonist colour
    bool used = false;
};

// One gameLogState entry: the entry, its `text` object, their JSON paths and its type.
struct LogEntry {
    const json& entry;
    const json& text;
    std::string path;   // the entry
    std::string tpath;  // its text
    int type;
    Entry kind;
};

// What one stateChange states beside its log entries, and the events its entries complete.
struct Change {
    std::vector<NewPiece> settlements, cities, roads;  // the map delta's new pieces
    int robber_to = -1;                                // the robber's new tile; -1: it did not move
    std::vector<std::optional<std::vector<int>>> dev_after;  // seat -> codes held after
    std::optional<int> turns_after, color_after;             // currentState after
    std::string turn_path;                                   // currentState's JSON path
    bool turn_ends = false;                                  // an end_turn is due
    // Indexes of this stateChange's events (-1: none): its roll, a monopoly awaiting its
    // resource (entry 86), a year of plenty awaiting its cards (entry 21).
    long roll_event = -1, monopoly_event = -1, plenty_event = -1;
};

class Importer {
  public:
    explicit Importer(std::string_view name) : name_(name) {}
    GameLog run(std::string_view text);

  private:
    [[noreturn]] void fail(std::string_view path, const std::string& what) const {
        throw InputError(fmt::format("{}: {}: {}", name_, path, what));
    }

    // ---- reading helpers ----
    PlayerId player(const json& j, const std::string& path) const {
        int c = ju::as_int(j, path, 0, 1000);
        auto it = seat_of_color_.find(c);
        if (it == seat_of_color_.end())
            fail(path, fmt::format("colour {} is not a player of playOrder", c));
        return it->second;
    }
    Resource resource(const json& j, const std::string& path) const {
        int c = ju::as_int(j, path, 0, 1000);
        auto r = resource_of_code(c);
        if (!r) fail(path, fmt::format("unknown resource code {} (expected 1..5)", c));
        return *r;
    }
    // A list of resource codes; *hidden set when any is face-down (0).
    ResourceCounts cards(const json& j, const std::string& path, bool* hidden, int* count) const {
        const json& a = ju::as_array(j, path);
        ResourceCounts out{};
        *hidden = false;
        *count = static_cast<int>(a.size());
        for (std::size_t k = 0; k < a.size(); ++k) {
            std::string p = ju::index(path, k);
            if (ju::as_int(a[k], p, 0, 1000) == kFaceDownResource) {
                *hidden = true;
                continue;
            }
            ++out[static_cast<std::size_t>(resource(a[k], p))];
        }
        return out;
    }
    ResourceCounts known_cards(const json& j, const std::string& path) const {
        bool hidden = false;
        int n = 0;
        ResourceCounts c = cards(j, path, &hidden, &n);
        if (hidden) fail(path, "a face-down card where the cards must be known");
        return c;
    }
    // An entry's text field listing known cards.
    ResourceCounts known(const LogEntry& e, const char* field) const {
        return known_cards(ju::member(e.text, field, e.tpath), ju::field(e.tpath, field));
    }
    // The seat and the colour of the entry's player (`text.playerColor`).
    PlayerId actor(const LogEntry& e) const {
        return player(ju::member(e.text, "playerColor", e.tpath),
                      ju::field(e.tpath, "playerColor"));
    }
    int actor_color(const LogEntry& e) const { return colors_[static_cast<std::size_t>(actor(e))]; }

    std::string read_perspectives(const json& data, const json& history,
                                  const std::string& hpath) const;
    void read_settings(const json& data, GameLog& log);
    void read_seats(const json& data, GameLog& log);
    void read_initial_state(const json& initial, const std::string& path);
    void read_event(const json& ev, const std::string& path, GameLog& log);
    void read_map_delta(const json& sc, const std::string& spath, Change& change);
    int read_robber_tile(const json& sc, const std::string& spath) const;
    std::vector<std::optional<std::vector<int>>> read_dev_cards_after(
        const json& sc, const std::string& spath) const;
    void read_turn(const json& sc, const std::string& spath, Change& change) const;
    std::vector<std::pair<int, const json*>> sorted_entries(const json& sc,
                                                            const std::string& spath) const;
    void end_turn(Change& change, GameLog& log);
    void read_entry(const LogEntry& e, Change& change, GameLog& log);
    void on_piece(const LogEntry& e, Change& change, GameLog& log);
    void on_roll(const LogEntry& e, Change& change, GameLog& log);
    void on_received(const LogEntry& e, const Change& change, GameLog& log);
    void on_steal(const LogEntry& e, GameLog& log);
    void on_played(const LogEntry& e, Change& change, GameLog& log);
    void on_took(const LogEntry& e, Change& change, GameLog& log);
    void on_bought(const LogEntry& e, const Change& change, GameLog& log);
    void finish_change(const Change& change, const std::string& spath, const std::string& gpath);
    bool award_changed(const json& sc, const std::string& spath, const char* mech, const char* flag,
                       PlayerId& held) const;
    void attach_claims(const json& sc, const std::string& spath, GameLog& log,
                       std::size_t first_event);
    void finish(const json& history, const std::string& path, GameLog& log);

    // ---- event construction ----
    void emit(GameLog& log, EventBody body) {
        Event e;
        e.body = std::move(body);
        log.events.push_back(std::move(e));
    }
    static long index_of_last(const GameLog& log) {
        return static_cast<long>(log.events.size()) - 1;
    }
    Claims& claims_of_last(GameLog& log) {
        Event& e = log.events.back();
        auto c = e.claims ? std::make_shared<Claims>(*e.claims) : std::make_shared<Claims>();
        e.claims = c;
        return *c;
    }
    int take_piece(std::vector<NewPiece>& q, int color, const std::string& path,
                   std::string_view what) {
        for (NewPiece& p : q)
            if (!p.used && p.owner == color) {
                p.used = true;
                return p.id;
            }
        fail(path, fmt::format("a {} with no new {} of that player in the stateChange's mapState",
                               what, what));
    }

    std::string name_;
    std::map<int, PlayerId> seat_of_color_;  // colonist colour -> seat
    std::vector<int> colors_;                // seat -> colonist colour
    std::map<int, HexId> hex_of_tile_;       // tileHexStates key -> our hex
    std::map<int, VertexId> vertex_of_corner_;
    std::map<int, EdgeId> edge_of_edge_;
    std::map<int, int> corner_owner_;  // tileCornerStates key -> colonist colour

    // The state the deltas update.
    ResourceCounts bank_{};
    std::vector<std::vector<int>> dev_cards_;  // seat -> development card codes held
    int current_color_ = -1;
    int completed_turns_ = 0;
    int robber_tile_ = -1;
    PlayerId longest_road_ = kNoPlayer, largest_army_ = kNoPlayer;
    bool setup_ = true;
    bool over_ = false;
    std::optional<int> declared_winner_;  // colonist colour
    std::array<int, 13> dice_{};
    GameOptions options_;
    std::string game_id_, settings_, colors_text_, perspectives_;  // for the log's source
};

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

// One stateChange: first what it states beside its log entries (the map's new pieces, the
// robber's tile, the development cards held, the turn), then its log entries in key order,
// each read by the handler of its type, then the claims of what it states.
void Importer::read_event(const json& ev, const std::string& path, GameLog& log) {
    std::string spath = ju::field(path, "stateChange");
    const json& sc = ju::as_object(ju::member(ev, "stateChange", path), spath);
    std::size_t first_event = log.events.size();

    Change change;
    read_map_delta(sc, spath, change);
    change.robber_to = read_robber_tile(sc, spath);
    change.dev_after = read_dev_cards_after(sc, spath);
    read_turn(sc, spath, change);

    std::string gpath = ju::field(spath, "gameLogState");
    for (const auto& [key, entry] : sorted_entries(sc, spath)) {
        std::string p = ju::field(gpath, std::to_string(key));
        std::string tpath = ju::field(p, "text");
        const json& text = ju::as_object(ju::member(*entry, "text", p), tpath);
        const int type =
            ju::as_int(ju::member(text, "type", tpath), ju::field(tpath, "type"), 0, 1000000);
        if (static_cast<Entry>(type) == Entry::kTurnSeparator) {
            end_turn(change, log);
            continue;
        }
        if (over_) continue;  // entries after the site's win announcement
        read_entry(LogEntry{*entry, text, p, tpath, type, static_cast<Entry>(type)}, change, log);
    }
    end_turn(change, log);
    finish_change(change, spath, gpath);
    attach_claims(sc, spath, log, first_event);
}

// The pieces that appear in the stateChange's map delta.
void Importer::read_map_delta(const json& sc, const std::string& spath, Change& change) {
    const json* map = ju::optional_member(sc, "mapState", spath);
    if (!map || map->is_null()) return;
    std::string mpath = ju::field(spath, "mapState");
    ju::as_object(*map, mpath);
    if (const json* cs = ju::optional_member(*map, "tileCornerStates", mpath)) {
        std::string cpath = ju::field(mpath, "tileCornerStates");
        for (auto it = ju::as_object(*cs, cpath).begin(); it != cs->end(); ++it) {
            std::string p = ju::field(cpath, it.key());
            int key = ju::as_int(json::parse(it.key(), nullptr, false), p, 0, 100000);
            auto v = vertex_of_corner_.find(key);
            if (v == vertex_of_corner_.end()) fail(p, "not a corner of the map");
            ju::as_object(*it, p);
            if (const json* o = ju::optional_member(*it, "owner", p))
                corner_owner_[key] = ju::as_int(*o, ju::field(p, "owner"), 0, 1000);
            const json* bt = ju::optional_member(*it, "buildingType", p);
            if (!bt) continue;
            int type = ju::as_int(*bt, ju::field(p, "buildingType"), 0, 2);
            if (type == 0) continue;
            auto owner = corner_owner_.find(key);
            if (owner == corner_owner_.end()) fail(p, "a building without an owner");
            (type == 1 ? change.settlements : change.cities)
                .push_back(NewPiece{p, v->second, owner->second});
        }
    }
    if (const json* es = ju::optional_member(*map, "tileEdgeStates", mpath)) {
        std::string epath = ju::field(mpath, "tileEdgeStates");
        for (auto it = ju::as_object(*es, epath).begin(); it != es->end(); ++it) {
            std::string p = ju::field(epath, it.key());
            int key = ju::as_int(json::parse(it.key(), nullptr, false), p, 0, 100000);
            auto e = edge_of_edge_.find(key);
            if (e == edge_of_edge_.end()) fail(p, "not an edge of the map");
            ju::as_object(*it, p);
            const json* o = ju::optional_member(*it, "owner", p);
            if (!o || o->is_null()) continue;
            change.roads.push_back(
                NewPiece{p, e->second, ju::as_int(*o, ju::field(p, "owner"), 0, 1000)});
        }
    }
}

// The robber's tile after the stateChange; -1 when it did not move.
int Importer::read_robber_tile(const json& sc, const std::string& spath) const {
    const json* r = ju::optional_member(sc, "mechanicRobberState", spath);
    if (!r) return -1;
    std::string rpath = ju::field(spath, "mechanicRobberState");
    const json* l = ju::optional_member(ju::as_object(*r, rpath), "locationTileIndex", rpath);
    if (!l) return -1;
    int tile = ju::as_int(*l, ju::field(rpath, "locationTileIndex"), 0, 1000);
    if (!hex_of_tile_.count(tile))
        fail(ju::field(rpath, "locationTileIndex"),
             fmt::format("tile {} is not a tile of the map", tile));
    return tile;
}

// The development card codes each seat holds after the stateChange, where it states them.
std::vector<std::optional<std::vector<int>>> Importer::read_dev_cards_after(
    const json& sc, const std::string& spath) const {
    std::vector<std::optional<std::vector<int>>> after(colors_.size());
    const json* d = ju::optional_member(sc, "mechanicDevelopmentCardsState", spath);
    if (!d) return after;
    std::string dpath = ju::field(spath, "mechanicDevelopmentCardsState");
    const json* ps = ju::optional_member(ju::as_object(*d, dpath), "players", dpath);
    if (!ps) return after;
    std::string ppath = ju::field(dpath, "players");
    for (auto it = ju::as_object(*ps, ppath).begin(); it != ps->end(); ++it) {
        std::string p = ju::field(ppath, it.key());
        PlayerId seat = player(json::parse(it.key(), nullptr, false), p);
        const json* dc = ju::optional_member(ju::as_object(*it, p), "developmentCards", p);
        if (!dc) continue;
        std::string cp = ju::field(p, "developmentCards");
        const json& list = ju::as_array(ju::member(*dc, "cards", cp), ju::field(cp, "cards"));
        std::vector<int> codes;
        for (std::size_t k = 0; k < list.size(); ++k) {
            std::string kp = ju::index(ju::field(cp, "cards"), k);
            int code = ju::as_int(list[k], kp, 0, 1000);
            if (code != kFaceDownDevCard && !dev_card_of_code(code))
                fail(kp, fmt::format("unknown development card code {} (expected 10..15)", code));
            codes.push_back(code);
        }
        after[static_cast<std::size_t>(seat)] = std::move(codes);
    }
    return after;
}

// The turn after the stateChange: an end_turn is due when its completed turns changed.
void Importer::read_turn(const json& sc, const std::string& spath, Change& change) const {
    change.turn_path = ju::field(spath, "currentState");
    const std::string& cpath = change.turn_path;
    if (const json* cur = ju::optional_member(sc, "currentState", spath)) {
        ju::as_object(*cur, cpath);
        if (const json* t = ju::optional_member(*cur, "completedTurns", cpath))
            change.turns_after = ju::as_int(*t, ju::field(cpath, "completedTurns"), 0, 1000000);
        if (const json* c = ju::optional_member(*cur, "currentTurnPlayerColor", cpath))
            change.color_after =
                ju::as_int(*c, ju::field(cpath, "currentTurnPlayerColor"), 0, 1000);
    }
    change.turn_ends = change.turns_after && *change.turns_after != completed_turns_;
}

// The end_turn of a turn that ended in this stateChange, once, at its first separator entry
// (or after its last entry); none in the setup or after the end.
void Importer::end_turn(Change& change, GameLog& log) {
    if (!change.turn_ends) return;
    change.turn_ends = false;
    if (setup_ || over_) return;
    auto it = seat_of_color_.find(current_color_);
    if (it == seat_of_color_.end())
        fail(ju::field(change.turn_path, "completedTurns"),
             fmt::format("the turn of colour {} ends, who is not a player", current_color_));
    emit(log, EndTurn{it->second});
}

// The stateChange's log entries (null ones left out), in key order.
std::vector<std::pair<int, const json*>> Importer::sorted_entries(const json& sc,
                                                                  const std::string& spath) const {
    std::vector<std::pair<int, const json*>> entries;
    const json* gl = ju::optional_member(sc, "gameLogState", spath);
    if (!gl) return entries;
    std::string gpath = ju::field(spath, "gameLogState");
    for (auto it = ju::as_object(*gl, gpath).begin(); it != gl->end(); ++it) {
        int key = ju::as_int(json::parse(it.key(), nullptr, false), ju::field(gpath, it.key()), 0,
                             100000000);
        if (!it->is_null()) entries.emplace_back(key, &*it);
    }
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    return entries;
}

// One log entry, by its type.
void Importer::read_entry(const LogEntry& e, Change& change, GameLog& log) {
    switch (e.kind) {
        case Entry::kPlaced:
        case Entry::kBuilt:
            return on_piece(e, change, log);
        case Entry::kRolled:
            return on_roll(e, change, log);
        case Entry::kReceived:
            return on_received(e, change, log);
        case Entry::kDiscarded: {
            bool hidden = false;
            int count = 0;
            ResourceCounts c = cards(ju::member(e.text, "cardEnums", e.tpath),
                                     ju::field(e.tpath, "cardEnums"), &hidden, &count);
            return emit(
                log, Discard{actor(e), hidden ? ResourceCounts{} : c, hidden, hidden ? count : 0});
        }
        case Entry::kMovedRobber:
            if (change.robber_to < 0)
                fail(e.path,
                     "a robber move with no new mechanicRobberState.locationTileIndex in the "
                     "stateChange");
            emit(log,
                 MoveRobber{actor(e), hex_of_tile_.at(change.robber_to), kNoPlayer, std::nullopt});
            robber_tile_ = change.robber_to;
            change.robber_to = -1;
            return;
        case Entry::kStoleThiefView:
        case Entry::kStoleVictimView:
        case Entry::kStoleOthersView:
            return on_steal(e, log);
        case Entry::kPlayedDevCard:
            return on_played(e, change, log);
        case Entry::kMonopolyTook:
        case Entry::kYearOfPlentyTook:
            return on_took(e, change, log);
        case Entry::kBoughtDevCard:
            return on_bought(e, change, log);
        case Entry::kBankTrade:
            return emit(log, TradeBank{actor(e), known(e, "givenCardEnums"),
                                       known(e, "receivedCardEnums")});
        case Entry::kTradeCompleted: {
            PlayerId partner = player(ju::member(e.text, "acceptingPlayerColor", e.tpath),
                                      ju::field(e.tpath, "acceptingPlayerColor"));
            return emit(log, TradePlayer{actor(e), partner, known(e, "givenCardEnums"),
                                         known(e, "receivedCardEnums")});
        }
        case Entry::kWinner:
            declared_winner_ = actor_color(e);
            over_ = true;
            return;
        default:
            if (is_announcement(e.type)) return;
            fail(ju::field(e.tpath, "type"),
                 fmt::format("unknown log entry type {}: not one this importer reads, nor an "
                             "announcement known to change no state",
                             e.type));
    }
}

// A piece placed (setup, road building) or built, matched to the map delta's new pieces.
void Importer::on_piece(const LogEntry& e, Change& change, GameLog& log) {
    int piece = ju::as_int(ju::member(e.text, "pieceEnum", e.tpath),
                           ju::field(e.tpath, "pieceEnum"), 0, 1000);
    PlayerId who = actor(e);
    int c = actor_color(e);
    std::string pp = ju::field(e.tpath, "pieceEnum");
    const bool placed = e.kind == Entry::kPlaced;
    if (piece == 0) {
        EdgeId edge = take_piece(change.roads, c, pp, "road");
        if (placed && setup_)
            emit(log, PlaceRoad{who, edge});
        else
            emit(log, BuildRoad{who, edge});
    } else if (piece == 2) {
        VertexId v = take_piece(change.settlements, c, pp, "settlement");
        if (placed && setup_)
            emit(log, PlaceSettlement{who, v});
        else if (!placed)
            emit(log, BuildSettlement{who, v});
        else
            fail(ju::field(e.tpath, "type"), "a settlement placed free after the setup");
    } else if (piece == 3 && !placed) {
        emit(log, BuildCity{who, take_piece(change.cities, c, pp, "city")});
    } else {
        fail(pp, fmt::format("unknown piece {} for entry type {} (expected 0 road, 2 "
                             "settlement{})",
                             piece, e.type, placed ? "" : ", 3 city"));
    }
}

// The dice; production claims start at nothing for each seat, the entries 47 add to them.
void Importer::on_roll(const LogEntry& e, Change& change, GameLog& log) {
    int d1 =
        ju::as_int(ju::member(e.text, "firstDice", e.tpath), ju::field(e.tpath, "firstDice"), 1, 6);
    int d2 = ju::as_int(ju::member(e.text, "secondDice", e.tpath), ju::field(e.tpath, "secondDice"),
                        1, 6);
    emit(log, Roll{actor(e), d1, d2});
    ++dice_[static_cast<std::size_t>(d1 + d2)];
    setup_ = false;
    change.roll_event = index_of_last(log);
    if (d1 + d2 != 7)
        claims_of_last(log).received =
            std::vector<ResourceCounts>(colors_.size(), ResourceCounts{});
}

// Cards received, as a claim on the roll (production) or the settlement just placed (setup).
void Importer::on_received(const LogEntry& e, const Change& change, GameLog& log) {
    int kind = ju::as_int(ju::member(e.text, "distributionType", e.tpath),
                          ju::field(e.tpath, "distributionType"), 0, 1000);
    PlayerId who = actor(e);
    ResourceCounts got = known(e, "cardsToBroadcast");
    long at = -1;
    if (kind == 1) {
        at = change.roll_event;
    } else if (kind == 0 && !log.events.empty() &&
               std::holds_alternative<PlaceSettlement>(log.events.back().body) &&
               event_player(log.events.back().body) == who) {
        at = index_of_last(log);
    } else if (kind != 0) {
        fail(ju::field(e.tpath, "distributionType"),
             fmt::format("unknown distribution type {} (expected 0 setup, 1 roll)", kind));
    }
    if (at < 0)
        fail(e.tpath, kind == 1 ? "production with no roll in the same stateChange"
                                : "setup resources with no settlement just placed");
    Event& ev = log.events[static_cast<std::size_t>(at)];
    auto c = ev.claims ? std::make_shared<Claims>(*ev.claims) : std::make_shared<Claims>();
    if (!c->received) c->received = std::vector<ResourceCounts>(colors_.size());
    for (int r = 0; r < kResourceCount; ++r)
        (*c->received)[static_cast<std::size_t>(who)][static_cast<std::size_t>(r)] +=
            got[static_cast<std::size_t>(r)];
    ev.claims = c;
}

// A steal, seen by the thief, the victim or the others: sets the victim (and the card, when
// the view shows it) on the robber move it follows; two views of one steal must agree.
void Importer::on_steal(const LogEntry& e, GameLog& log) {
    MoveRobber* m = log.events.empty() ? nullptr : std::get_if<MoveRobber>(&log.events.back().body);
    if (!m) fail(e.tpath, "a steal that follows no robber move");
    PlayerId thief, victim;
    if (e.kind == Entry::kStoleOthersView) {
        thief = player(ju::member(e.text, "playerColorThief", e.tpath),
                       ju::field(e.tpath, "playerColorThief"));
        victim = player(ju::member(e.text, "playerColorVictim", e.tpath),
                        ju::field(e.tpath, "playerColorVictim"));
    } else if (e.kind == Entry::kStoleThiefView) {
        thief = player(ju::member(e.entry, "from", e.path), ju::field(e.path, "from"));
        victim = actor(e);
    } else {
        thief = actor(e);
        const json& to = ju::as_array(ju::member(e.entry, "specificRecipients", e.path),
                                      ju::field(e.path, "specificRecipients"));
        if (to.size() != 1)
            fail(ju::field(e.path, "specificRecipients"), "expected the one victim");
        victim = player(to[0], ju::index(ju::field(e.path, "specificRecipients"), 0));
    }
    if (thief != m->player) fail(e.tpath, "the thief is not the player who moved the robber");
    if (m->victim != kNoPlayer && m->victim != victim)
        fail(e.tpath, "the victim differs from the other view of the same steal");
    m->victim = victim;
    if (e.kind == Entry::kStoleOthersView) return;  // card backs only: which card stays hidden
    const json& ce =
        ju::as_array(ju::member(e.text, "cardEnums", e.tpath), ju::field(e.tpath, "cardEnums"));
    if (ce.size() != 1) fail(ju::field(e.tpath, "cardEnums"), "expected the one stolen card");
    std::string cp = ju::index(ju::field(e.tpath, "cardEnums"), 0);
    if (ju::as_int(ce[0], cp, 0, 1000) == kFaceDownResource) return;
    Resource r = resource(ce[0], cp);
    if (m->stolen && *m->stolen != r)
        fail(cp, "the stolen card differs from the other view of the same steal");
    m->stolen = r;
}

// A development card played; monopoly and year of plenty wait for the entry that says what
// they took.
void Importer::on_played(const LogEntry& e, Change& change, GameLog& log) {
    std::string cp = ju::field(e.tpath, "cardEnum");
    int code = ju::as_int(ju::member(e.text, "cardEnum", e.tpath), cp, 0, 1000);
    auto card = dev_card_of_code(code);
    PlayerId who = actor(e);
    if (!card || *card == DevCard::kVictoryPoint)
        fail(cp, fmt::format("card {} cannot be played (expected 11, 13, 14, 15)", code));
    if (*card == DevCard::kKnight) emit(log, PlayKnight{who});
    if (*card == DevCard::kRoadBuilding) emit(log, PlayRoadBuilding{who});
    if (*card == DevCard::kMonopoly) {
        emit(log, PlayMonopoly{who, Resource::kBrick, std::nullopt});
        change.monopoly_event = index_of_last(log);
    }
    if (*card == DevCard::kYearOfPlenty) {
        emit(log, PlayYearOfPlenty{who, {}});
        change.plenty_event = index_of_last(log);
    }
}

// What a monopoly (entry 86) or a year of plenty (entry 21) took, set on the card played.
void Importer::on_took(const LogEntry& e, Change& change, GameLog& log) {
    if (e.kind == Entry::kMonopolyTook) {
        if (change.monopoly_event < 0)
            fail(e.tpath, "a monopoly haul with no monopoly played before it");
        auto& m = std::get<PlayMonopoly>(
            log.events[static_cast<std::size_t>(change.monopoly_event)].body);
        if (actor(e) != m.player) fail(e.tpath, "not the player who played the monopoly");
        m.resource =
            resource(ju::member(e.text, "cardEnum", e.tpath), ju::field(e.tpath, "cardEnum"));
        change.monopoly_event = -1;
        return;
    }
    if (change.plenty_event < 0)
        fail(e.tpath, "year of plenty cards with no card played before them");
    auto& y =
        std::get<PlayYearOfPlenty>(log.events[static_cast<std::size_t>(change.plenty_event)].body);
    if (actor(e) != y.player) fail(e.tpath, "not the player who played year of plenty");
    y.take = known(e, "cardEnums");
    change.plenty_event = -1;
}

// A development card bought: the card is the one the buyer's list gained (face-down: unknown).
void Importer::on_bought(const LogEntry& e, const Change& change, GameLog& log) {
    PlayerId who = actor(e);
    const auto& after = change.dev_after[static_cast<std::size_t>(who)];
    std::optional<DevCard> card;
    if (after) {
        std::vector<int> added = *after, before = dev_cards_[static_cast<std::size_t>(who)];
        std::sort(added.begin(), added.end());
        std::sort(before.begin(), before.end());
        std::vector<int> diff;
        std::set_difference(added.begin(), added.end(), before.begin(), before.end(),
                            std::back_inserter(diff));
        if (diff.size() != 1)
            fail(e.tpath, fmt::format("the buyer's development cards gained {} cards, "
                                      "expected the one bought",
                                      diff.size()));
        card = dev_card_of_code(diff[0]);
    }
    emit(log, BuyDevCard{who, card});
}

// After the entries: nothing the stateChange states may be left without its entry; the
// turn, the colour and the development cards move on.
void Importer::finish_change(const Change& change, const std::string& spath,
                             const std::string& gpath) {
    if (change.monopoly_event >= 0)
        fail(gpath, "a monopoly played without the resource it took (entry 86)");
    if (change.plenty_event >= 0)
        fail(gpath, "a year of plenty played without the cards it took (entry 21)");
    for (const auto* q : {&change.settlements, &change.cities, &change.roads})
        for (const NewPiece& piece : *q)
            if (!piece.used) fail(piece.path, "a new piece with no log entry that builds it");
    if (change.robber_to >= 0 && change.robber_to != robber_tile_)
        fail(ju::field(spath, "mechanicRobberState"), "the robber moves with no log entry");
    if (change.turns_after) completed_turns_ = *change.turns_after;
    if (change.color_after) current_color_ = *change.color_after;
    for (std::size_t s = 0; s < colors_.size(); ++s)
        if (change.dev_after[s]) dev_cards_[s] = *change.dev_after[s];
}

// Whether the holder of an award changed, from the mechanic state's per-seat flag.
bool Importer::award_changed(const json& sc, const std::string& spath, const char* mech,
                             const char* flag, PlayerId& held) const {
    const json* m = ju::optional_member(sc, mech, spath);
    if (!m) return false;
    std::string mp = ju::field(spath, mech);
    bool changed = false;
    for (auto it = ju::as_object(*m, mp).begin(); it != m->end(); ++it) {
        std::string p = ju::field(mp, it.key());
        PlayerId seat = player(json::parse(it.key(), nullptr, false), p);
        const json* f = ju::optional_member(ju::as_object(*it, p), flag, p);
        if (!f) continue;
        bool has = !f->is_null() && ju::as_bool(*f, ju::field(p, flag));
        if (has && held != seat) {
            held = seat;
            changed = true;
        } else if (!has && held == seat) {
            held = kNoPlayer;
            changed = true;
        }
    }
    return changed;
}

// Claims of what the stateChange states (the bank, the hands shown, the awards), on its
// last event.
void Importer::attach_claims(const json& sc, const std::string& spath, GameLog& log,
                             std::size_t first_event) {
    bool bank_changed = false;
    if (const json* b = ju::optional_member(sc, "bankState", spath)) {
        std::string bpath = ju::field(spath, "bankState");
        if (const json* rc =
                ju::optional_member(ju::as_object(*b, bpath), "resourceCards", bpath)) {
            std::string rpath = ju::field(bpath, "resourceCards");
            for (auto it = ju::as_object(*rc, rpath).begin(); it != rc->end(); ++it) {
                std::string kp = ju::field(rpath, it.key());
                Resource r = resource(json::parse(it.key(), nullptr, false), kp);
                bank_[static_cast<std::size_t>(r)] = ju::as_int(*it, kp, 0, 1000);
                bank_changed = true;
            }
        }
    }
    std::vector<std::optional<ResourceCounts>> hands(colors_.size());
    bool any_hand = false;
    if (const json* ps = ju::optional_member(sc, "playerStates", spath)) {
        std::string ppath = ju::field(spath, "playerStates");
        for (auto it = ju::as_object(*ps, ppath).begin(); it != ps->end(); ++it) {
            std::string p = ju::field(ppath, it.key());
            PlayerId seat = player(json::parse(it.key(), nullptr, false), p);
            const json* rc = ju::optional_member(ju::as_object(*it, p), "resourceCards", p);
            if (!rc) continue;
            std::string rp = ju::field(p, "resourceCards");
            bool hidden = false;
            int n = 0;
            ResourceCounts hand =
                cards(ju::member(*rc, "cards", rp), ju::field(rp, "cards"), &hidden, &n);
            if (hidden) continue;
            hands[static_cast<std::size_t>(seat)] = hand;
            any_hand = true;
        }
    }
    bool road_changed =
        award_changed(sc, spath, "mechanicLongestRoadState", "hasLongestRoad", longest_road_);
    bool army_changed =
        award_changed(sc, spath, "mechanicLargestArmyState", "hasLargestArmy", largest_army_);
    if (log.events.size() == first_event) return;  // nothing to attach claims to
    if (!any_hand && !bank_changed && !road_changed && !army_changed) return;
    Claims& c = claims_of_last(log);
    if (any_hand) c.hands = hands;
    if (bank_changed) c.bank = bank_;
    if (road_changed) c.longest_road = longest_road_;
    if (army_changed) c.largest_army = largest_army_;
}

void Importer::finish(const json& history, const std::string& path, GameLog& log) {
    std::string status = "unfinished: the replay stops before anyone wins";
    const json* end = ju::optional_member(history, "endGameState", path);
    if (end && !end->is_null() && !log.events.empty()) {
        std::string epath = ju::field(path, "endGameState");
        const json& players =
            ju::as_object(ju::member(*end, "players", epath), ju::field(epath, "players"));
        std::vector<int> vp(colors_.size(), 0);
        std::optional<int> site_winner;  // colour of `winningPlayer`
        for (std::size_t s = 0; s < colors_.size(); ++s) {
            std::string key = std::to_string(colors_[s]);
            std::string p = ju::field(ju::field(epath, "players"), key);
            const json& pl = ju::member(players, key, ju::field(epath, "players"));
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
        if (declared_winner_ && site_winner && *declared_winner_ != *site_winner)
            fail(ju::field(epath, "players"),
                 fmt::format("the winning player is colour {}, but log entry 45 declared colour {}",
                             *site_winner, *declared_winner_));
        if (!declared_winner_) declared_winner_ = site_winner;
        Claims& c = claims_of_last(log);
        c.vp = vp;
        c.winner = kNoPlayer;
        if (declared_winner_) {
            PlayerId w = seat_of_color_.at(*declared_winner_);
            const std::string& wname = log.seats[static_cast<std::size_t>(w)].name;
            if (vp[static_cast<std::size_t>(w)] >= options_.vp_to_win) {
                c.winner = w;
                status = fmt::format("complete: {} wins", wname);
            } else {
                status = fmt::format(
                    "unfinished: the site declared {} the winner with {} VP of {} (a player "
                    "left; leaving is not resigning)",
                    wname, vp[static_cast<std::size_t>(w)], options_.vp_to_win);
            }
        }
    }
    log.source = fmt::format("catan-import --from colonist {} (colonist.io replay{}; {}{}; {}; {})",
                             name_, game_id_, settings_, colors_text_, perspectives_, status);
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

}  // namespace

GameLog import_colonist(std::string_view text, std::string_view name) {
    Importer imp(name);
    return imp.run(text);
}

}  // namespace ctk
