// Internal to the colonist.io importer (colonist.hpp): the importer's class, shared by
// colonist.cpp (the document: settings, seats, the end of the game), colonist_entries.cpp
// (the log entries of a step) and colonist_deltas.cpp (what a step's deltas change, the
// events derived from them and the check that every change is explained). Not part of the
// public API.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/engine/event.hpp>
#include <catan/import/colonist_map.hpp>
#include <catan/io/json_util.hpp>

namespace ctk::colonist {

// The log entry types of `gameLogState` (`text.type`) this importer knows, as the files use
// them. Any other type is passed over when its step's deltas are all explained.
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

// Whether the importer knows the entry type: read into events, or an announcement known to
// change no state.
bool is_known_entry(int type);
bool is_announcement(int type);

// A piece that appeared in a stateChange's map delta, waiting for the event that builds it.
struct NewPiece {
    std::string path;  // JSON path of the delta entry
    int id;            // our vertex or edge
    int owner;         // colonist colour
    bool used = false;
};

// One gameLogState entry: the entry, its `text` object, their JSON paths and its type.
struct LogEntry {
    const nlohmann::json& entry;
    const nlohmann::json& text;
    std::string path;   // the entry
    std::string tpath;  // its text
    int type;
    Entry kind;
};

// A stated value of a step, with the JSON path that states it.
template <class T>
struct Stated {
    T value;
    std::string path;
};

// What one stateChange's deltas state, and the events its entries complete.
struct Change {
    std::string spath;                                 // the stateChange's JSON path
    std::vector<NewPiece> settlements, cities, roads;  // the map delta's new pieces
    int robber_to = -1;                                // the robber's stated tile; -1: not stated
    std::string robber_path;
    // seat -> what the step states after it: development card codes, resource card codes
    // (0 face-down), victory points by source.
    std::vector<std::optional<Stated<std::vector<int>>>> dev_after, hand_after;
    std::vector<std::optional<Stated<std::map<int, int>>>> vp_after;
    std::map<Resource, Stated<int>> bank_after;   // the bank's stated counts
    std::optional<int> turns_after, color_after;  // currentState after
    std::string turn_path;                        // currentState's JSON path
    bool turn_ends = false;                       // an end_turn is due
    // Indexes of this stateChange's events (-1: none): its roll, a monopoly awaiting its
    // resource (entry 86), a year of plenty awaiting its cards (entry 21).
    long roll_event = -1, monopoly_event = -1, plenty_event = -1;
    // A robbery of an earlier step whose steal this step's entries name (its hands change
    // here); -1: none.
    long steal_event = -1;
    // The step's entries as "gameLogState.K type T", for messages; and its unknown ones.
    std::vector<std::string> entries;
    std::vector<int> unknown;
};

class Importer {
  public:
    explicit Importer(std::string_view name) : name_(name) {}
    GameLog run(std::string_view text);

  private:
    using json = nlohmann::json;

    [[noreturn]] void fail(std::string_view path, const std::string& what) const;

    // ---- reading the entries' fields (colonist_entries.cpp) ----
    PlayerId player(const json& j, const std::string& path) const;
    Resource resource(const json& j, const std::string& path) const;
    // A list of resource codes; *hidden set when any is face-down (0).
    ResourceCounts cards(const json& j, const std::string& path, bool* hidden, int* count) const;
    ResourceCounts known_cards(const json& j, const std::string& path) const;
    ResourceCounts known(const LogEntry& e, const char* field) const;
    PlayerId actor(const LogEntry& e) const;
    int actor_color(const LogEntry& e) const;
    std::string seat_label(PlayerId p) const;

    // ---- the document (colonist.cpp) ----
    std::string read_perspectives(const json& data, const json& history,
                                  const std::string& hpath) const;
    void read_settings(const json& data, GameLog& log);
    void read_seats(const json& data, GameLog& log);
    void read_initial_state(const json& initial, const std::string& path);
    void check_end_pieces(const json& players, const std::string& ppath, const GameLog& log);
    void finish(const json& history, const std::string& path, GameLog& log);

    // ---- one step (colonist_entries.cpp) ----
    void read_event(const json& ev, const std::string& path, GameLog& log);
    std::vector<std::pair<int, const json*>> sorted_entries(const json& sc,
                                                            const std::string& spath) const;
    void end_turn(Change& change, GameLog& log);
    void read_entry(const LogEntry& e, Change& change, GameLog& log);
    void on_piece(const LogEntry& e, Change& change, GameLog& log);
    void on_roll(const LogEntry& e, Change& change, GameLog& log);
    void on_received(const LogEntry& e, const Change& change, GameLog& log);
    void on_steal(const LogEntry& e, Change& change, GameLog& log);
    void on_played(const LogEntry& e, Change& change, GameLog& log);
    void on_took(const LogEntry& e, Change& change, GameLog& log);
    void on_bought(const LogEntry& e, const Change& change, GameLog& log);

    // ---- the deltas (colonist_deltas.cpp) ----
    void read_deltas(const json& sc, Change& change);
    void read_map_delta(const json& sc, const std::string& spath, Change& change);
    void read_robber_tile(const json& sc, const std::string& spath, Change& change) const;
    void read_dev_cards_after(const json& sc, const std::string& spath, Change& change) const;
    void read_players_after(const json& sc, const std::string& spath, Change& change) const;
    void read_bank_after(const json& sc, const std::string& spath, Change& change) const;
    void read_turn(const json& sc, const std::string& spath, Change& change) const;
    // Events for the deltas no entry claimed: pieces, the robber's move (an action the site
    // took for a player is that player's event). `reserved` pieces (by kind 0 road,
    // 2 settlement, 3 city and colour) are left for the step's later entries, and the robber
    // when `robber_reserved`.
    void derive_events(Change& change, GameLog& log,
                       const std::map<std::pair<int, int>, int>& reserved, bool robber_reserved);
    void move_robber_to_delta(Change& change, PlayerId who, GameLog& log);
    // Every change the step states must be explained by its events; else InputError naming
    // the delta's path, what changed and the step's entries.
    void check_explained(const Change& change, const GameLog& log, std::size_t first_event) const;
    void finish_change(const Change& change, const std::string& gpath);
    bool award_changed(const json& sc, const std::string& spath, const char* mech, const char* flag,
                       PlayerId& held) const;
    void attach_claims(const json& sc, const Change& change, GameLog& log, std::size_t first_event);

    // ---- event construction ----
    static void emit(GameLog& log, EventBody body) {
        Event e;
        e.body = std::move(body);
        log.events.push_back(std::move(e));
    }
    static long index_of_last(const GameLog& log) {
        return static_cast<long>(log.events.size()) - 1;
    }
    static Claims& claims_of_last(GameLog& log) {
        Event& e = log.events.back();
        auto c = e.claims ? std::make_shared<Claims>(*e.claims) : std::make_shared<Claims>();
        e.claims = c;
        return *c;
    }
    int take_piece(std::vector<NewPiece>& q, int color, const std::string& path,
                   std::string_view what);

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
    std::vector<std::vector<int>> hands_;      // seat -> resource codes last stated, sorted
    std::vector<std::map<int, int>> vp_;       // seat -> victory points by source stated
    int current_color_ = -1;
    int completed_turns_ = 0;
    int robber_tile_ = -1;
    PlayerId longest_road_ = kNoPlayer, largest_army_ = kNoPlayer;
    bool setup_ = true;
    bool over_ = false;
    std::optional<int> declared_winner_;  // colonist colour
    std::array<int, 13> dice_{};
    std::map<int, int> passed_over_;  // unknown entry type -> entries passed over
    GameOptions options_;
    std::string game_id_, settings_, colors_text_, perspectives_;  // for the log's source
};

}  // namespace ctk::colonist
