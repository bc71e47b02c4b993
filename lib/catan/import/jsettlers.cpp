#include <catan/import/jsettlers.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include <catan/import/detail/jsettlers_board.hpp>
#include <catan/import/detail/jsettlers_lines.hpp>
#include <catan/import/import_util.hpp>

namespace ctk {

using jsettlers::field;
using jsettlers::tail;

namespace {

constexpr std::string_view kHeader = "SOC game event log:";

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// ---- entries ----

struct Entry {
    int line = 0;
    std::string_view audience;  // all, pN, !pN, !p[a, b], ob, un, fN, fo
    std::string_view type;      // the message class
    std::string_view body;
};

// The header and entries of a game event log, read from its lines (jsettlers::LineReader).
class Reader : public jsettlers::LineReader {
  public:
    using LineReader::LineReader;

    // The header's fields ("type", "version", ...). Fails unless the first line that is
    // neither blank nor a comment is the header.
    struct Header {
        char type = 'F';
        int version = 0;
    };
    Header header() {
        while (std::optional<std::string_view> read = next_line()) {
            const std::string_view head = trim(*read);
            if (head.empty() || head.front() == '#') continue;
            if (!head.starts_with(kHeader))
                fail(line(),
                     "not a JSettlers game event log: the first line is not a \"SOC game "
                     "event log:\" header");
            Header h;
            bool type = false, version = false;
            std::string_view rest = head.substr(kHeader.size());
            while (!rest.empty()) {
                std::size_t comma = rest.find(',');
                std::string_view kv = trim(rest.substr(0, comma));
                rest =
                    comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
                std::size_t eq = kv.find('=');
                if (eq == std::string_view::npos) continue;
                std::string_view k = kv.substr(0, eq), v = kv.substr(eq + 1);
                if (k == "type") {
                    if (v != "F" && v != "C")
                        fail(line(), fmt::format("header: log type \"{}\", expected F (everything "
                                                 "the server sent and received) or C (what it "
                                                 "sent)",
                                                 std::string(v)));
                    h.type = v[0];
                    type = true;
                } else if (k == "version") {
                    auto n = jsettlers::parse_int(v);
                    if (!n || *n < 2000)
                        fail(line(), fmt::format("header: version \"{}\", expected a JSettlers "
                                                 "version number 2000 or later",
                                                 std::string(v)));
                    h.version = *n;
                    version = true;
                }
            }
            if (!type || !version)
                fail(line(), fmt::format("header: no {}", !type ? "type=" : "version="));
            return h;
        }
        fail(line(), "empty input: no \"SOC game event log:\" header");
    }

    // The next entry, or std::nullopt at the end. Skips blank and "#" lines.
    std::optional<Entry> next() {
        while (std::optional<std::string_view> read = next_line()) {
            std::string_view t = trim(*read);
            if (t.empty() || t.front() == '#') continue;
            std::string_view rest = t;
            // An optional elapsed time "m:ss.ddd:" (minutes may have several digits).
            if (std::isdigit(static_cast<unsigned char>(rest.front()))) {
                std::size_t c1 = rest.find(':');
                std::size_t c2 = c1 == rest.npos ? rest.npos : rest.find(':', c1 + 1);
                if (c2 == rest.npos) fail(line(), "entry without audience and message class");
                rest.remove_prefix(c2 + 1);
            }
            std::size_t c = rest.find(':');
            if (c == rest.npos) fail(line(), "entry without audience and message class");
            std::string_view audience = rest.substr(0, c);
            rest.remove_prefix(c + 1);
            c = rest.find(':');
            if (c == rest.npos || c == 0)
                fail(line(), fmt::format("entry without a message class: \"{}\"",
                                         std::string(t.substr(0, 60))));
            if (audience.empty()) fail(line(), "entry without an audience");
            return Entry{line(), audience, rest.substr(0, c), rest.substr(c + 1)};
        }
        return std::nullopt;
    }
};

// v2 development card numbering (SOCDevCardAction).
std::optional<DevCard> dev_card_code(int code) {
    if (code == 9) return DevCard::kKnight;
    if (code == 1) return DevCard::kRoadBuilding;
    if (code == 2) return DevCard::kYearOfPlenty;
    if (code == 3) return DevCard::kMonopoly;
    if (code >= 4 && code <= 8) return DevCard::kVictoryPoint;
    return std::nullopt;  // 0 = unknown (the masked copy)
}

using jsettlers::kMaxSeats;
using SeatCounts = std::array<ResourceCounts, kMaxSeats>;
using jsettlers::kStateOver;
using jsettlers::kStateSpecialBuilding;

// Game options that leave the rules as this toolkit models them (the number of seats, the
// 6-player board, board generation, undo limits, internal and debug ones), and those that
// change them beyond it, with what they do.
constexpr std::array<std::string_view, 7> kNeutralOptions{"PL", "PLB", "PLP",    "BC",
                                                          "UB", "UBL", "_VP_ALL"};
struct RefusedOption {
    std::string_view key, what;
};
constexpr std::array<RefusedOption, 2> kRefusedOptions{{
    {"SBL", "the sea board"},
    {"SC", "a scenario"},
}};
// House rules that forbid, mapped to the log's options (RULES.md "Variants"; N7 is below).
struct MappedFlag {
    std::string_view key;
    bool GameOptions::*flag;
};
constexpr std::array<MappedFlag, 3> kMappedFlags{{
    {"N7C", &GameOptions::no_seven_until_city},
    {"RD", &GameOptions::robber_not_to_desert},
    {"NT", &GameOptions::no_player_trades},
}};

// Events are built with JSettlers seat numbers in their player fields, then renumbered to
// turn order once the setup has shown who plays.
class Importer {
  public:
    Importer(std::string_view text, std::string_view name) : reader_(text, name), name_(name) {}
    GameLog run();

  private:
    [[noreturn]] void fail(const Entry& e, const std::string& what) const {
        reader_.fail(e.line, fmt::format("{}: {}", e.type, what));
    }
    int int_field(const Entry& e, std::string_view key, int base = 10) const {
        auto v = field(e.body, key);
        if (!v) fail(e, fmt::format("missing field \"{}\"", key));
        auto n = jsettlers::parse_int(*v, base);
        if (!n) fail(e, fmt::format("{} is not a number: \"{}\"", key, std::string(*v)));
        return *n;
    }
    int seat_field(const Entry& e, std::string_view key) const {
        int s = int_field(e, key);
        if (s < 0 || s >= kMaxSeats) fail(e, fmt::format("seat {} out of range", s));
        return s;
    }
    ResourceCounts resources(const Entry& e, std::string_view key) const {
        try {
            return jsettlers::resource_set(e.body, key);
        } catch (const InputError& x) {
            fail(e, x.what());
        }
    }
    std::vector<int> int_list(const Entry& e, std::string_view key) const {
        try {
            return jsettlers::int_list(e.body, key);
        } catch (const InputError& x) {
            fail(e, x.what());
        }
    }
    Resource resource(const Entry& e, int code) const {
        auto r = jsettlers::resource_code(code);
        if (!r) fail(e, fmt::format("resource code {} out of range 1..5", code));
        return *r;
    }
    // The seat a private message ("pN") goes to, or -1.
    static int private_seat(std::string_view audience) {
        if (audience.size() == 2 && audience[0] == 'p' && audience[1] >= '0' && audience[1] <= '9')
            return audience[1] - '0';
        return -1;
    }

    // The elements "e<type>=<value>,..." after the body's last '|' (SOCPlayerElements,
    // SOCGameElements): fn(type, value, the element's text) for each; a malformed one is
    // an error naming it.
    template <class Fn>
    void for_each_element(const Entry& e, Fn&& fn) const {
        std::string_view list = e.body.substr(e.body.rfind('|') + 1);
        while (!list.empty()) {
            const std::size_t comma = list.find(',');
            const std::string_view kv = list.substr(0, comma);
            list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
            const std::size_t eq = kv.find('=');
            const auto type =
                eq == kv.npos ? std::nullopt : jsettlers::parse_int(kv.substr(1, eq - 1));
            const auto value =
                eq == kv.npos ? std::nullopt : jsettlers::parse_int(kv.substr(eq + 1));
            if (kv.empty() || kv[0] != 'e' || !type || !value)
                fail(e, fmt::format("malformed element \"{}\"", std::string(kv)));
            fn(type.value_or(0), value.value_or(0), kv);
        }
    }
    void on_entry(const Entry& e);
    void on_play(const Entry& e);
    void on_other(const Entry& e);
    void on_masked(const Entry& e);
    void on_options(const Entry& e);
    void on_board(const Entry& e);
    void on_turn(const Entry& e);
    void on_put_piece(const Entry& e);
    void on_dev_card(const Entry& e);
    void on_elements(const Entry& e);
    void on_production(const Entry& e);
    void emit(const Entry& e, EventBody body);
    void flush_robber(const Entry& e);
    const jsettlers::Grid& grid(const Entry& e) const {
        if (!board_) fail(e, "a piece or the robber before the board (SOCBoardLayout)");
        return board_->topology().is_extended() ? jsettlers::Grid::extended()
                                                : jsettlers::Grid::standard();
    }
    bool in_setup() const { return state_ >= 5 && state_ <= 14; }

    Reader reader_;
    std::string name_;
    Reader::Header header_;
    GameOptions options_;
    std::string version_;  // "2.7.00" from SOCVersion
    std::vector<Event> events_;
    std::optional<Board> board_;
    std::array<std::string, kMaxSeats> nick_{};
    std::vector<int> order_;  // seats in turn order (from the setup)
    std::array<std::string, kMaxSeats> setup_nick_{};
    bool started_ = false;
    int state_ = 0;
    bool special_part_ = false;
    int cur_ = -1;
    int rolls_ = 0;
    bool over_ = false;
    // The robber moved, waiting for the robbery (or for the game state that says none).
    bool robber_ = false;
    int robber_seat_ = -1;
    HexId robber_hex_ = kNoId;
    // The private message just handled (its class and the seat it is about), whose masked
    // copy to the others may follow.
    struct Private {
        std::string_view type;
        int seat = -1;
    };
    Private last_private_;
    bool year_of_plenty_ = false;
    bool monopoly_ = false;
    // Claims by seat, mapped to players at the end.
    std::vector<std::pair<std::size_t, SeatCounts>> received_;  // roll event, gains
    struct Hand {
        std::size_t event;
        int seat;
        ResourceCounts cards;
    };
    std::vector<Hand> hands_;
    struct Award {
        std::size_t event;
        bool longest_road;
        int seat;  // -1 = nobody
    };
    std::vector<Award> awards_;
    std::optional<std::vector<int>> final_vp_;  // by seat
    std::string winner_nick_;
};

void Importer::emit(const Entry& e, EventBody body) {
    if (!std::holds_alternative<MoveRobber>(body)) flush_robber(e);
    events_.push_back(Event{std::move(body), nullptr, e.line});
}

void Importer::flush_robber(const Entry& e) {
    if (!robber_) return;
    robber_ = false;
    emit(e, MoveRobber{robber_seat_, robber_hex_, kNoPlayer, std::nullopt});
}

void Importer::on_options(const Entry& e) {
    auto opts = field(e.body, "param2");
    if (!opts) return;
    std::string_view rest = *opts;
    while (!rest.empty()) {
        std::size_t comma = rest.find(',');
        std::string_view kv = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
        if (kv.empty() || kv == "-") continue;
        std::size_t eq = kv.find('=');
        if (eq == std::string_view::npos)
            fail(e, fmt::format("game option \"{}\" without a value", std::string(kv)));
        std::string_view key = kv.substr(0, eq), value = kv.substr(eq + 1);
        // Boolean options are "t"/"f"; integer-and-boolean ones "t7"/"f7".
        const bool on = value.starts_with('t');
        if (key == "VP") {
            if (on) {
                constexpr const OptionSpec& vp = kGameOptions[0];
                static_assert(vp.number == &GameOptions::vp_to_win);
                auto n = jsettlers::parse_int(value.substr(1));
                if (!n || *n < vp.min || *n > vp.max)
                    fail(e, fmt::format("game option VP={}: expected t followed by {}..{} points",
                                        std::string(value), vp.min, vp.max));
                options_.vp_to_win = *n;
            }
            continue;
        }
        if (key == "N7") {  // no 7 rolled in the first N rounds (JSettlers2's roundCount)
            if (on) {
                const OptionSpec& n7 = kGameOptions[6];
                auto n = jsettlers::parse_int(value.substr(1));
                if (n7.number != &GameOptions::no_seven_rounds || !n || *n < 1 || *n > n7.max)
                    fail(e, fmt::format("game option N7={}: expected t followed by 1..{} rounds",
                                        std::string(value), n7.max));
                options_.no_seven_rounds = *n;
            }
            continue;
        }
        if (auto mapped = std::find_if(kMappedFlags.begin(), kMappedFlags.end(),
                                       [&](const MappedFlag& m) { return m.key == key; });
            mapped != kMappedFlags.end()) {
            options_.*(mapped->flag) = on;
            continue;
        }
        if (std::find(kNeutralOptions.begin(), kNeutralOptions.end(), key) !=
                kNeutralOptions.end() ||
            key.starts_with("DEBUG") || key == "_BHW")
            continue;
        const bool scenario = key.starts_with("_SC_");
        auto refused = std::find_if(kRefusedOptions.begin(), kRefusedOptions.end(),
                                    [&](const RefusedOption& o) { return o.key == key; });
        if (refused == kRefusedOptions.end() && !scenario)
            fail(e, fmt::format("unknown game option \"{}\" (value \"{}\"): cannot tell whether "
                                "it changes the rules",
                                std::string(key), std::string(value)));
        const bool set = key == "SC" ? !value.empty() : on;
        if (set)
            fail(e, fmt::format("game option {}={} ({}) changes the rules beyond what this "
                                "toolkit models; not imported",
                                std::string(key), std::string(value),
                                scenario ? "a scenario's rule" : refused->what));
    }
}

void Importer::on_board(const Entry& e) {
    try {
        if (e.type == "SOCBoardLayout") {
            std::vector<int> hexes = int_list(e, "hexLayout");
            std::vector<int> numbers = int_list(e, "numberLayout");
            board_ = jsettlers::board_v1(hexes, numbers);
            return;
        }
        const int bef = int_field(e, "bef");
        if (bef != 2)
            fail(e, fmt::format("board encoding bef={}: {}; only the 4-player and the 6-player "
                                "boards are read",
                                bef, bef == 3 ? "the sea board" : "not the 6-player board (2)"));
        board_ = jsettlers::board_v2(int_list(e, "HL"), int_list(e, "NL"), int_field(e, "RH"),
                                     int_list(e, "PL"));
    } catch (const InputError& x) {
        // Messages of our own fail() already carry the line.
        if (std::string_view(x.what()).starts_with(name_ + ":")) throw;
        reader_.fail(e.line, x.what());
    }
}

void Importer::on_turn(const Entry& e) {
    const int seat = seat_field(e, "playerNumber");
    if (field(e.body, "gameState")) state_ = int_field(e, "gameState");
    if (over_) return;
    if (state_ == kStateOver) {
        // The turn passed to a player who wins as it begins (with victory point cards).
        if (rolls_ > 0 && cur_ >= 0 && seat != cur_) emit(e, EndTurn{cur_});
        cur_ = seat;
        over_ = true;
        return;
    }
    // The special building phase (game state 100): the turn passes to each player who asked
    // to build, out of turn, before the next player's own turn. Their part is the native
    // special_build .. end_turn.
    if (state_ == kStateSpecialBuilding) {
        if (cur_ >= 0 && (seat != cur_ || special_part_)) emit(e, EndTurn{cur_});
        emit(e, SpecialBuild{seat});
        cur_ = seat;
        special_part_ = true;
        return;
    }
    // The turn passes (a special building part ends even when its builder's own turn comes
    // next).
    if (rolls_ > 0 && cur_ >= 0 && (seat != cur_ || special_part_)) emit(e, EndTurn{cur_});
    special_part_ = false;
    cur_ = seat;
}

void Importer::on_put_piece(const Entry& e) {
    const int seat = seat_field(e, "playerNumber");
    const int piece = int_field(e, "pieceType");
    const int coord = int_field(e, "coord", 16);
    const jsettlers::Grid& g = grid(e);
    if (piece == jsettlers::kPieceRoad) {
        auto edge = g.edge(coord);
        if (!edge) fail(e, fmt::format("road at 0x{:02x} is not an edge of the board", coord));
        if (in_setup())
            emit(e, PlaceRoad{seat, *edge});
        else
            emit(e, BuildRoad{seat, *edge});
        return;
    }
    if (piece != jsettlers::kPieceSettlement && piece != jsettlers::kPieceCity)
        fail(e, fmt::format("piece type {} (expected 0 road, 1 settlement, 2 city; ships and "
                            "other pieces belong to the sea board)",
                            piece));
    auto v = g.vertex(coord);
    if (!v) fail(e, fmt::format("node 0x{:02x} is not a corner of the board", coord));
    if (piece == jsettlers::kPieceSettlement && in_setup()) {
        if (std::find(order_.begin(), order_.end(), seat) == order_.end()) {
            order_.push_back(seat);
            setup_nick_[static_cast<std::size_t>(seat)] = nick_[static_cast<std::size_t>(seat)];
        }
        emit(e, PlaceSettlement{seat, *v});
    } else if (piece == jsettlers::kPieceSettlement) {
        emit(e, BuildSettlement{seat, *v});
    } else {
        emit(e, BuildCity{seat, *v});
    }
}

void Importer::on_dev_card(const Entry& e) {
    const int seat = seat_field(e, "playerNum");
    auto action = field(e.body, "actionType");
    if (!action) fail(e, "missing field \"actionType\"");
    // ADD_NEW / ADD_OLD: cards a joining client is told about, the victory point cards
    // shown at the end ("cardTypes=[5, 8]"), or a debug command's.
    if (*action != "DRAW" && *action != "PLAY") {
        if (started_ && !over_)
            fail(e, fmt::format("a card added during play (actionType {}), not by buying",
                                std::string(*action)));
        return;
    }
    const int code = int_field(e, "cardType");
    if (*action == "DRAW") {
        // The buyer's copy names the card; the others' copies say 0 (unknown).
        const int to = private_seat(e.audience);
        if (e.audience != "all" && to != seat) return;
        auto card = dev_card_code(code);
        if (!card && code != 0) fail(e, fmt::format("card type {} out of range 0..9", code));
        emit(e, BuyDevCard{seat, card});
        return;
    }
    if (e.audience != "all") return;  // PLAY
    auto card = dev_card_code(code);
    if (!card || *card == DevCard::kVictoryPoint)
        fail(e, fmt::format("card type {} cannot be played", code));
    switch (*card) {
        case DevCard::kKnight:
            emit(e, PlayKnight{seat});
            break;
        case DevCard::kRoadBuilding:
            emit(e, PlayRoadBuilding{seat});
            break;
        case DevCard::kYearOfPlenty:
            year_of_plenty_ = true;
            break;
        case DevCard::kMonopoly:
            monopoly_ = true;
            break;
        default:
            break;
    }
}

// SOCPlayerElements: "playerNum=N|actionType=SET|e1=2,e2=0,...". A SET of the five resource
// elements to the player (after a roll) states the hand.
void Importer::on_elements(const Entry& e) {
    const int seat = seat_field(e, "playerNum");
    if (!started_ || events_.empty() || private_seat(e.audience) != seat) return;
    auto action = field(e.body, "actionType");
    if (!action || *action != "SET") return;
    ResourceCounts hand{};
    int seen = 0;
    for_each_element(e, [&](int type, int value, std::string_view kv) {
        auto res = jsettlers::resource_code(type);
        if (!res) return;
        if (value < 0) fail(e, fmt::format("negative count in \"{}\"", std::string(kv)));
        hand[static_cast<std::size_t>(*res)] = value;
        seen |= 1 << static_cast<int>(*res);
    });
    if (seen == 0x1F) hands_.push_back(Hand{events_.size() - 1, seat, hand});
}

// SOCDiceResultResources: "p=" values: the number of gaining seats, then for each: the
// seat, its new hand size, (amount, resource) pairs, and a 0 before the next seat.
void Importer::on_production(const Entry& e) {
    if (received_.empty() || received_.back().first != events_.size() - 1)
        fail(e, "resources without the roll before them");
    std::vector<int> v;
    std::string_view rest = e.body;
    while (!rest.empty()) {
        std::size_t bar = rest.find('|');
        std::string_view tok = rest.substr(0, bar);
        rest = bar == std::string_view::npos ? std::string_view{} : rest.substr(bar + 1);
        if (!tok.starts_with("p=")) continue;
        auto n = jsettlers::parse_int(tok.substr(2));
        if (!n) fail(e, fmt::format("\"{}\" is not a number", std::string(tok)));
        v.push_back(*n);
    }
    std::size_t i = 0;
    auto take = [&]() {
        if (i >= v.size()) fail(e, "the list of gains ends early");
        return v[i++];
    };
    SeatCounts& gains = received_.back().second;
    const int players = take();
    for (int k = 0; k < players; ++k) {
        const int seat = take();
        if (seat < 0 || seat >= kMaxSeats) fail(e, fmt::format("seat {} out of range", seat));
        (void)take();  // the hand size after the roll
        while (i < v.size() && v[i] != 0) {
            const int amount = take();
            const Resource r = resource(e, take());
            if (amount < 0) fail(e, fmt::format("negative amount {}", amount));
            gains[static_cast<std::size_t>(seat)][static_cast<std::size_t>(r)] += amount;
        }
        if (i < v.size()) ++i;  // the 0 between seats
    }
    if (i != v.size()) fail(e, "more values than the seats it lists");
}

// The copy of a private message to everyone else, with the hidden part masked (a card
// type 0, a resource 6, "unknown" cards). After the private copy it says nothing new; in
// the log of a client that received only the masked copy, it is the event, with the hidden
// value null.
void Importer::on_masked(const Entry& e) {
    const std::string_view t = e.type;
    if (t == "SOCRobberyResult") {
        if (!robber_) return;  // the thief's or victim's copy came first
        const int perp = seat_field(e, "perp"), victim = seat_field(e, "victim");
        if (perp != robber_seat_)
            fail(e, fmt::format("seat {} robs, but seat {} moved the robber", perp, robber_seat_));
        robber_ = false;
        emit(e, MoveRobber{robber_seat_, robber_hex_, victim, std::nullopt});
        return;
    }
    if (t != "SOCDevCardAction" && t != "SOCDiscard") return;
    const int seat = seat_field(e, "playerNum");
    if (last_private_.type == t && last_private_.seat == seat) return;
    if (t == "SOCDiscard") {
        auto rest = tail(e.body, "resources");
        auto n = rest ? field(*rest, "unknown") : std::nullopt;
        auto count = n ? jsettlers::parse_int(*n) : std::nullopt;
        if (!count || *count < 1)
            fail(e, "the masked copy of a discard without its count of unknown cards");
        Discard d{seat, {}};
        d.hidden = true;
        d.count = *count;
        emit(e, d);
        return;
    }
    auto action = field(e.body, "actionType");
    if (action && *action == "DRAW") emit(e, BuyDevCard{seat, std::nullopt});
}

void Importer::on_entry(const Entry& e) {
    const std::string_view t = e.type;
    const std::string_view a = e.audience;
    // What clients sent and observers' and undetermined copies: the server's own messages
    // carry everything.
    if (a.starts_with('f') || a == "ob" || a == "un") return;
    if (a.starts_with('!')) {
        on_masked(e);
        last_private_ = {};
        return;
    }
    if (private_seat(a) >= 0 && (t == "SOCDevCardAction" || t == "SOCDiscard"))
        last_private_ = Private{t, seat_field(e, "playerNum")};
    else
        last_private_ = {};
    if (a != "all" && private_seat(a) < 0)
        reader_.fail(e.line, fmt::format("unknown audience \"{}\" (expected all, pN, !pN, "
                                         "!p[..], ob, un, fN or fo)",
                                         std::string(a)));
    if (t == "SOCVersion") {
        if (auto s = field(e.body, "str")) version_ = std::string(*s);
    } else if (t == "SOCNewGame") {
        // A game without options: the defaults.
    } else if (t == "SOCNewGameWithOptions") {
        on_options(e);
    } else if (t == "SOCBoardLayout" || t == "SOCBoardLayout2") {
        on_board(e);
    } else if (t == "SOCSitDown") {
        auto nick = field(e.body, "nickname");
        const int seat = seat_field(e, "playerNumber");
        if (nick) nick_[static_cast<std::size_t>(seat)] = std::string(*nick);
    } else if (t == "SOCStartGame") {
        started_ = true;
    } else if (t == "SOCGameState") {
        state_ = int_field(e, "state");
        if (robber_ && state_ != 51) flush_robber(e);  // 51: the thief chooses a victim
        if (state_ == kStateOver) over_ = true;
    } else if (t == "SOCTurn") {
        on_turn(e);
    } else if (t == "SOCPutPiece") {
        on_put_piece(e);
    } else {
        on_play(e);
    }
}

// The game's play: rolls and production, hands, the robber, discards, trades, cards.
void Importer::on_play(const Entry& e) {
    const std::string_view t = e.type;
    const std::string_view a = e.audience;
    if (t == "SOCDiceResult") {
        const int sum = int_field(e, "param");
        if (!started_ || sum < 0) return;  // -1: no roll yet
        if (sum < 2 || sum > 12) fail(e, fmt::format("dice sum {} out of range 2..12", sum));
        if (cur_ < 0) fail(e, "a roll before anyone's turn");
        emit(e, Roll{cur_, 0, sum});
        ++rolls_;
        if (sum != 7) received_.emplace_back(events_.size() - 1, SeatCounts{});
    } else if (t == "SOCDiceResultResources") {
        on_production(e);
    } else if (t == "SOCPlayerElements") {
        on_elements(e);
    } else if (t == "SOCMoveRobber") {
        const int coord = int_field(e, "coord", 16);
        auto h = grid(e).hex(coord);
        if (!h) fail(e, fmt::format("hex 0x{:02x} is not a land hex of the board", coord));
        flush_robber(e);
        robber_ = true;
        robber_seat_ = seat_field(e, "playerNumber");
        robber_hex_ = *h;
    } else if (t == "SOCRobberyResult") {
        if (!robber_) return;  // the second private copy (thief and victim each get one)
        const int perp = seat_field(e, "perp"), victim = seat_field(e, "victim");
        if (perp != robber_seat_)
            fail(e, fmt::format("seat {} robs, but seat {} moved the robber", perp, robber_seat_));
        robber_ = false;
        emit(e,
             MoveRobber{robber_seat_, robber_hex_, victim, resource(e, int_field(e, "resType"))});
    } else if (t == "SOCDiscard") {
        const int seat = seat_field(e, "playerNum");
        if (private_seat(a) != seat) return;
        emit(e, Discard{seat, resources(e, "resources")});
    } else if (t == "SOCBankTrade") {
        emit(e, TradeBank{seat_field(e, "pn"), resources(e, "give"), resources(e, "get")});
    } else if (t == "SOCAcceptOffer") {
        // The trade done: toAccepting is what the accepting seat receives. Either side may
        // have made the offer; the event is the turn player's.
        const int offering = seat_field(e, "offering"), accepting = seat_field(e, "accepting");
        const ResourceCounts to_accepting = resources(e, "toAccepting");
        const ResourceCounts to_offering = resources(e, "toOffering");
        if (accepting == cur_)
            emit(e, TradePlayer{accepting, offering, to_offering, to_accepting});
        else
            emit(e, TradePlayer{offering, accepting, to_accepting, to_offering});
    } else if (t == "SOCDevCardAction") {
        on_dev_card(e);
    } else if (t == "SOCPickResources") {
        if (!year_of_plenty_)
            fail(e,
                 "resources picked without a Year of Plenty card (a gold hex belongs to the "
                 "sea board)");
        year_of_plenty_ = false;
        emit(e, PlayYearOfPlenty{seat_field(e, "pn"), resources(e, "resources")});
    } else if (t == "SOCSimpleAction") {
        if (int_field(e, "actType") == 3) {  // RSRC_TYPE_MONOPOLIZED: v1 cards of type v2
            if (!monopoly_) fail(e, "a resource monopolized without a Monopoly card");
            monopoly_ = false;
            emit(e,
                 PlayMonopoly{seat_field(e, "pn"), resource(e, int_field(e, "v2")), std::nullopt});
        }
    } else {
        on_other(e);
    }
}

// Awards, the end of the game, a setup settlement taken back, and the messages that
// change nothing; an unknown message class is an error.
void Importer::on_other(const Entry& e) {
    const std::string_view t = e.type;
    const std::string_view a = e.audience;
    if (t == "SOCGameElements") {
        if (!started_ || events_.empty()) return;
        for_each_element(e, [&](int type, int value, std::string_view) {
            if (type != 5 && type != 6) return;  // LARGEST_ARMY / LONGEST_ROAD_PLAYER
            if (value < -1 || value >= kMaxSeats)
                fail(e, fmt::format("seat {} out of range", value));
            awards_.push_back(Award{events_.size() - 1, type == 6, value});
        });
    } else if (t == "SOCGameStats") {
        if (field(e.body, "stype")) return;  // the pre-game statistics, not scores
        std::vector<int> vp;
        std::size_t p = e.body.find('|');
        while (p != std::string_view::npos) {
            std::size_t end = e.body.find('|', p + 1);
            std::string_view tok =
                e.body.substr(p + 1, end == std::string_view::npos ? e.body.npos : end - p - 1);
            if (tok == "true" || tok == "false") break;
            auto n = jsettlers::parse_int(tok);
            if (!n) fail(e, fmt::format("points \"{}\" are not a number", std::string(tok)));
            vp.push_back(*n);
            p = end;
        }
        final_vp_ = std::move(vp);
    } else if (t == "SOCGameServerText") {
        auto text = tail(e.body, "text");
        std::size_t p;
        if (text && text->starts_with(">>> ") &&
            (p = text->find(" has won the game")) != std::string_view::npos)
            winner_nick_ = std::string(text->substr(4, p - 4));
    } else if (t == "SOCCancelBuildRequest") {
        // Sent to all in the setup, it takes back the settlement just placed: the server
        // ended a setup turn whose road could not be placed (a robot that failed). The
        // player keeps one settlement fewer; replay then reports the setup as it went on.
        if (a != "all" || !in_setup() || int_field(e, "pieceType") != jsettlers::kPieceSettlement)
            return;
        const auto* put =
            events_.empty() ? nullptr : std::get_if<PlaceSettlement>(&events_.back().body);
        if (!put) fail(e, "a setup settlement taken back, but the last event is not a settlement");
        const int seat = put->player;
        events_.pop_back();
        const bool placed_before =
            std::any_of(events_.begin(), events_.end(), [&](const Event& ev) {
                const auto* p = std::get_if<PlaceSettlement>(&ev.body);
                return p && p->player == seat;
            });
        if (!placed_before) order_.erase(std::find(order_.begin(), order_.end(), seat));
    } else if (t == "SOCClearOffer" || t == "SOCRejectOffer" || t == "SOCMakeOffer" ||
               t == "SOCClearTradeMsg" || t == "SOCRollDicePrompt" || t == "SOCPlayerElement" ||
               t == "SOCResourceCount" || t == "SOCChoosePlayerRequest" ||
               t == "SOCDiscardRequest" || t == "SOCDeclinePlayerRequest" || t == "SOCChangeFace" ||
               t == "SOCJoinGame" || t == "SOCJoinGameAuth" || t == "SOCSetSeatLock" ||
               t == "SOCPotentialSettlements" || t == "SOCGameMembers" ||
               t == "SOCBotJoinGameRequest" || t == "SOCLeaveGame" || t == "SOCRobotDismiss" ||
               t == "SOCSetTurn" || t == "SOCFirstPlayer" || t == "SOCPlayerStats" ||
               t == "SOCGameTextMsg" || t == "SOCSetPlayedDevCard" || t == "SOCLastSettlement" ||
               t == "SOCDevCardCount" || t == "SOCLongestRoad" || t == "SOCLargestArmy" ||
               t == "SOCStatusMessage" || t == "SOCTimingPing" || t == "SOCPlayerStartsTrading" ||
               t == "SOCSetSpecialItem") {
        // Offers and their answers (the trade itself is SOCAcceptOffer), prompts, counters
        // the events derive, lobby and seating.
    } else {
        fail(e, "unknown message class");
    }
}

GameLog Importer::run() {
    header_ = reader_.header();
    while (auto e = reader_.next()) on_entry(*e);
    if (!board_) reader_.fail(reader_.line(), "the log ends without a board: not a recorded game");
    Entry last{reader_.line(), "all", "end", {}};
    flush_robber(last);
    jsettlers::SetupPlayers players = jsettlers::setup_players(order_, setup_nick_, name_);
    if (!board_->topology().is_extended() && order_.size() > 4)
        throw InputError(fmt::format("{}: {} players on the 4-player board", name_, order_.size()));
    const std::array<PlayerId, jsettlers::kMaxSeats>& pid = players.player;
    GameLog log;
    log.options = options_;
    // JSettlers2's readings of three rules (RULES.md "Variants"; docs/catan-import.md): it
    // keeps no count of the bank's cards, serves the special building phase in the order
    // players ask (the player whose turn ended among them), and checks for a winner as the
    // turn passes to a player, special building phase or not.
    log.options.unlimited_bank = true;
    if (board_->topology().is_extended()) {
        log.options.special_building_any_order = true;
        log.options.win_when_turn_passes = true;
    }
    log.board = *board_;
    log.seats = std::move(players.seats);
    const auto n = order_.size();
    auto player_of = [&](int seat, int line) -> PlayerId {
        if (seat < 0) reader_.fail(line, "an action before the log says whose turn it is");
        PlayerId p = pid[static_cast<std::size_t>(seat)];
        if (p == kNoPlayer)
            reader_.fail(line, fmt::format("seat {} acts but took no part in the setup", seat));
        return p;
    };
    for (Event& e : events_)
        remap_players(e.body, [&](int seat) { return player_of(seat, e.source_line); });
    auto claims_of = [&](std::size_t event) -> Claims& {
        Event& e = events_[event];
        auto c = e.claims ? std::make_shared<Claims>(*e.claims) : std::make_shared<Claims>();
        e.claims = c;
        return *c;
    };
    for (const auto& [event, gains] : received_) {
        std::vector<ResourceCounts> rec(n);
        for (int s = 0; s < kMaxSeats; ++s) {
            const ResourceCounts& g = gains[static_cast<std::size_t>(s)];
            if (std::all_of(g.begin(), g.end(), [](int x) { return x == 0; })) continue;
            rec[static_cast<std::size_t>(player_of(s, events_[event].source_line))] = g;
        }
        claims_of(event).received = std::move(rec);
    }
    for (const Hand& h : hands_) {
        Claims& c = claims_of(h.event);
        if (!c.hands) c.hands.emplace(n);
        (*c.hands)[static_cast<std::size_t>(player_of(h.seat, events_[h.event].source_line))] =
            h.cards;
    }
    for (const Award& w : awards_) {
        const PlayerId p = w.seat < 0 ? kNoPlayer : player_of(w.seat, events_[w.event].source_line);
        (w.longest_road ? claims_of(w.event).longest_road : claims_of(w.event).largest_army) = p;
    }
    std::string status;
    if (final_vp_ && !events_.empty()) {
        Claims& c = claims_of(events_.size() - 1);
        std::vector<int> vp(n, 0);
        for (std::size_t s = 0; s < final_vp_->size() && s < kMaxSeats; ++s)
            if (pid[s] != kNoPlayer) vp[static_cast<std::size_t>(pid[s])] = (*final_vp_)[s];
        c.vp = std::move(vp);
        c.winner = kNoPlayer;
        for (std::size_t s = 0; s < kMaxSeats; ++s)
            if (!winner_nick_.empty() && pid[s] != kNoPlayer && nick_[s] == winner_nick_)
                c.winner = pid[s];
        status = *c.winner != kNoPlayer
                     ? "complete"
                     : "unfinished: the game was closed without a winner (players left)";
    } else {
        status = "unfinished: the log ends before the end of the game";
    }
    log.events = std::move(events_);
    log.source =
        fmt::format("catan-import --from jsettlers {} (JSettlers{} game event log, type {}; {})",
                    name_, version_.empty() ? std::string() : " " + version_, header_.type, status);
    return log;
}

}  // namespace

bool looks_like_jsettlers(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::string_view line = trim(take_line(text, pos));
        if (line.empty() || line.front() == '#') continue;
        return line.starts_with(kHeader);
    }
    return false;
}

GameLog import_jsettlers(std::string_view text, std::string_view name) {
    Importer imp(text, name);
    return imp.run();
}

}  // namespace ctk
