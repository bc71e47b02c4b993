#include <catan/import/soclog.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include <catan/import/detail/jsettlers_board.hpp>
#include <catan/import/detail/jsettlers_lines.hpp>
#include <catan/import/import_util.hpp>

namespace ctk {

std::optional<HexId> soclog_hex(int coord) {
    return jsettlers::Grid::standard().hex(coord);
}

std::optional<VertexId> soclog_vertex(int coord) {
    return jsettlers::Grid::standard().vertex(coord);
}

std::optional<EdgeId> soclog_edge(int coord) {
    return jsettlers::Grid::standard().edge(coord);
}

bool looks_like_soclog(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::string_view line = take_line(text, pos);
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        return line.size() > 30 && line[4] == ':' && line[7] == ':' &&
               line.find(":SOC") != line.npos;
    }
    return false;
}

namespace {

// ---- records ----

struct Record {
    int line = 0;
    std::string_view type;
    std::string_view body;
};

// The records of a soclog, read from its lines (jsettlers::LineReader).
class Reader : public jsettlers::LineReader {
  public:
    using LineReader::LineReader;

    // The next record, or std::nullopt at the end. Skips blank lines and the fragments of
    // STAC chat records that lost their timestamp.
    std::optional<Record> next() {
        while (std::optional<std::string_view> read = next_line()) {
            const std::string_view line = *read;
            // A file cut off mid-record (its last line has no newline) ends before that
            // record: an unreadable last line is the truncation, not a malformed record.
            const bool cut = cut_last_line();
            if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
            if (line.starts_with("SOC game event log"))
                fail(this->line(),
                     "a JSettlers 2.x game event log (\"SOC game event log\" header), not a STAC / "
                     "JSettlers 1.x soclog: read it with --from jsettlers");
            // A timestamp is 8 colon-separated fields: YYYY:MM:DD:HH:MM:SS:mmm:+ZZZZ.
            std::size_t p = 0;
            int colons = 0;
            while (colons < 8 && p < line.size()) {
                if (line[p] == ':') ++colons;
                ++p;
            }
            bool stamped = colons == 8 && line.size() > 5 &&
                           std::isdigit(static_cast<unsigned char>(line[0])) && line[4] == ':';
            if (!stamped && cut) return std::nullopt;
            if (!stamped) {
                if (line.find("speaking-queue=") != line.npos) continue;  // STAC chat fragment
                if (line.starts_with("#") || line.find(":SOC") != line.npos)
                    fail(this->line(),
                         "unsupported format: not a STAC / JSettlers 1.x soclog record "
                         "(looks like a JSettlers 2.x game event log line)");
                fail(this->line(), fmt::format("not a soclog record (no timestamp): \"{}\"",
                                               std::string(line.substr(0, 60))));
            }
            std::string_view rest = line.substr(p);
            std::size_t colon = rest.find(':');
            if (colon == std::string_view::npos) {
                if (cut) return std::nullopt;
                fail(this->line(), "record without a message type");
            }
            return Record{this->line(), rest.substr(0, colon), rest.substr(colon + 1)};
        }
        return std::nullopt;
    }
};

using jsettlers::field;
using jsettlers::resource_code;
using jsettlers::tail;

// v1 development card numbering.
std::optional<DevCard> dev_card_code(int code) {
    if (code == 0) return DevCard::kKnight;
    if (code == 1) return DevCard::kRoadBuilding;
    if (code == 2) return DevCard::kYearOfPlenty;
    if (code == 3) return DevCard::kMonopoly;
    if (code >= 4 && code <= 8) return DevCard::kVictoryPoint;
    return std::nullopt;  // 9 = unknown (the masked copy)
}

struct PendingPut {
    bool set = false;
    int line = 0;
    int seat = -1;
    int piece = -1;
    int coord = 0;
};

using jsettlers::kMaxSeats;
using SeatCounts = std::array<ResourceCounts, kMaxSeats>;

// Events are built with source seat numbers in their player fields, then renumbered to
// turn order once the setup has shown who plays.
class Importer {
  public:
    Importer(std::string_view text, std::string_view name) : reader_(text, name), name_(name) {}

    GameLog run();
    struct RawHand {
        std::size_t event;
        int seat;
        ResourceCounts hand;
        int seen;  // bit per resource
    };
    std::vector<RawHand> hands_;
    std::vector<SoclogHand> hands() const { return hands_out_; }
    std::vector<SoclogHand> hands_out_;

  private:
    [[noreturn]] void fail(const Record& r, const std::string& what) const {
        reader_.fail(r.line, what);
    }

    int int_field(const Record& r, std::string_view key, int base = 10) const {
        auto v = field(r.body, key);
        if (!v) fail(r, fmt::format("{}: missing field \"{}\"", r.type, key));
        return parse_int(r, *v, key, base);
    }
    int parse_int(const Record& r, std::string_view s, std::string_view what, int base = 10) const {
        if (base == 16 && s.starts_with("0x")) s.remove_prefix(2);
        int v = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
        if (ec != std::errc() || p != s.data() + s.size())
            fail(r, fmt::format("{}: {} is not a number: \"{}\"", r.type, what, std::string(s)));
        return v;
    }
    int seat_field(const Record& r, std::string_view key) const {
        int s = int_field(r, key);
        if (s < 0 || s >= kMaxSeats) fail(r, fmt::format("{}: seat {} out of range", r.type, s));
        return s;
    }
    // "clay=0|ore=0|sheep=2|wheat=0|wood=0|unknown=0" right after "key=".
    ResourceCounts resource_set(const Record& r, std::string_view key) const;

    void on_record(const Record& r);
    Board parse_board(const Record& r) const;
    std::vector<int> int_list(const Record& r, std::string_view key) const;
    void on_turn(const Record& r);
    void on_player_element(const Record& r);
    std::vector<int> game_stats(const Record& r) const;
    void on_server_text(const Record& r, std::string_view text);
    void on_built(const Record& r, std::string_view text, std::size_t p);
    void on_traded(const Record& r, std::string_view text, std::size_t p);
    void emit(const Record& r, EventBody body);
    void finish_production();
    int seat_named(std::string_view nick) const;
    bool in_setup() const { return state_ >= 5 && state_ <= 14; }

    Reader reader_;
    std::string name_;
    std::vector<Event> events_;
    std::optional<Board> board_;
    std::array<std::string, kMaxSeats> nick_{};  // who sits in each seat now
    std::vector<int> order_;                     // source seats in turn order (from the setup)
    std::array<std::string, kMaxSeats> setup_nick_{};
    int state_ = 0;              // SOCGameState
    bool special_part_ = false;  // cur_ is building in the special building phase
    int cur_ = -1;               // seat whose turn it is (SOCTurn)
    int rolls_ = 0;
    PendingPut put_;
    // Production of the last roll, collected from GAIN lines until the server's summary.
    bool collecting_ = false;
    std::size_t roll_event_ = 0;
    SeatCounts gains_{};
    // Robber: set by SOCMoveRobber, steal taken from the GAIN/LOSE lines that follow.
    bool robber_ = false;
    int robber_seat_ = -1;
    HexId robber_hex_ = kNoId;
    int victim_ = -1;
    std::optional<Resource> stolen_;
    // Discard request waiting for the server's "discarded" text.
    std::optional<ResourceCounts> discard_;
    int discard_seat_ = -1;
    // GAIN / LOSE lines of resources since the last server text (trades read them).
    struct Elem {
        int seat, action;
        Resource res;
        int value;
    };
    std::vector<Elem> elems_;
    std::optional<DevCard> drawn_;
    int drawn_seat_ = -1;
    bool yop_played_ = false;
    std::optional<ResourceCounts> yop_pick_;
    bool mono_played_ = false;
    std::optional<Resource> mono_pick_;
    // End of game.
    std::optional<std::vector<int>> final_vp_;  // by source seat
    std::string winner_nick_;
    bool over_ = false;
    int expected_ = -1;  // seat the server said is to roll next ("It's X's turn to roll")
    std::string gap_;    // set when the recording skips turns: the import stops there
};

ResourceCounts Importer::resource_set(const Record& r, std::string_view key) const {
    try {
        return jsettlers::resource_set(r.body, key);
    } catch (const InputError& e) {
        fail(r, fmt::format("{}: {}", r.type, e.what()));
    }
}

std::vector<int> Importer::int_list(const Record& r, std::string_view key) const {
    try {
        return jsettlers::int_list(r.body, key);
    } catch (const InputError& e) {
        fail(r, fmt::format("{}: {}", r.type, e.what()));
    }
}

Board Importer::parse_board(const Record& r) const {
    std::vector<int> hexes = int_list(r, "hexLayout");
    std::vector<int> numbers = int_list(r, "numberLayout");
    try {
        return jsettlers::board_v1(hexes, numbers);
    } catch (const InputError& e) {
        fail(r, e.what());
    }
}

int Importer::seat_named(std::string_view nick) const {
    for (int s = 0; s < kMaxSeats; ++s)
        if (!nick_[static_cast<std::size_t>(s)].empty() &&
            nick_[static_cast<std::size_t>(s)] == nick)
            return s;
    return -1;
}

void Importer::emit(const Record& r, EventBody body) {
    if (collecting_) finish_production();
    Event e;
    e.body = std::move(body);
    e.source_line = r.line;
    events_.push_back(std::move(e));
}

void Importer::finish_production() {
    collecting_ = false;
    auto c = std::make_shared<Claims>();
    std::vector<ResourceCounts> rec;
    // Indexed by source seat here; renumbered with the players at the end.
    for (int s = 0; s < kMaxSeats; ++s) rec.push_back(gains_[static_cast<std::size_t>(s)]);
    c->received = std::move(rec);
    events_[roll_event_].claims = c;
}

// SOCTurn: the turn passes, to a player's own turn or to a part of the special building
// phase.
void Importer::on_turn(const Record& r) {
    int seat = seat_field(r, "playerNumber");
    // JSettlers' special building phase (5-6 players, game state 100 SPECIAL_BUILDING,
    // sent just before the turn message; JSettlers 2 puts it in the turn message): the
    // turn passes to each player who asked to build, out of turn, before the next
    // player's own turn. Their part is the native special_build .. end_turn.
    if (field(r.body, "gameState")) state_ = int_field(r, "gameState");
    if (state_ == jsettlers::kStateSpecialBuilding && !over_) {
        if (cur_ >= 0 && (seat != cur_ || special_part_)) emit(r, EndTurn{cur_});
        emit(r, SpecialBuild{seat});
        cur_ = seat;
        special_part_ = true;
        return;
    }
    if (expected_ >= 0 && seat != expected_ && !over_) {
        // The server announced one seat's turn and the next turn is another's: the
        // recording lost lines. Nothing after it can be replayed faithfully.
        gap_ = fmt::format(
            "the recording has a gap before line {} (the server gave the turn to seat {}, "
            "the next turn recorded is seat {}'s); imported up to there",
            r.line, expected_, seat);
        return;
    }
    expected_ = -1;
    // The turn passes (a special building part ends even when its builder's own turn
    // comes next).
    if (rolls_ > 0 && cur_ >= 0 && (seat != cur_ || special_part_) && !over_)
        emit(r, EndTurn{cur_});
    special_part_ = false;
    cur_ = seat;
}

// SOCPlayerElement: resources gained and lost (production, steals, discards, trades) and the
// hands the server sets after a roll.
void Importer::on_player_element(const Record& r) {
    int seat = seat_field(r, "playerNum");
    int action = int_field(r, "actionType");
    int element = int_field(r, "elementType");
    int value = int_field(r, "value");
    auto res = resource_code(element);
    if (!res) return;  // unknown (6) and piece / knight counters
    if (collecting_ && action == jsettlers::kElementGain)
        gains_[static_cast<std::size_t>(seat)][static_cast<std::size_t>(*res)] += value;
    if (robber_) {
        if (action == jsettlers::kElementLose && victim_ < 0) {
            victim_ = seat;
            stolen_ = res;
        }
    }
    if (discard_ && action == jsettlers::kElementLose && discard_seat_ < 0) discard_seat_ = seat;
    if (action == jsettlers::kElementGain || action == jsettlers::kElementLose)
        elems_.push_back({seat, action, *res, value});
    // Right after a roll the server resends every hand (SET): kept for verification.
    if (action == jsettlers::kElementSet && !events_.empty() &&
        std::holds_alternative<Roll>(events_.back().body)) {
        std::size_t ev = events_.size() - 1;
        auto it = std::find_if(hands_.begin(), hands_.end(),
                               [&](const RawHand& h) { return h.event == ev && h.seat == seat; });
        if (it == hands_.end()) it = hands_.insert(hands_.end(), RawHand{ev, seat, {}, 0});
        it->hand[static_cast<std::size_t>(*res)] = value;
        it->seen |= 1 << static_cast<int>(*res);
    }
}

// SOCGameStats "game=G|vp0|vp1|vp2|vp3|robot0|...": the final points by seat.
std::vector<int> Importer::game_stats(const Record& r) const {
    // "game=G|vp0|vp1|vp2|vp3|robot0|..."
    std::vector<int> vp;
    std::size_t p = r.body.find('|');
    while (p != std::string_view::npos) {
        std::size_t end = r.body.find('|', p + 1);
        std::string_view tok =
            r.body.substr(p + 1, end == std::string_view::npos ? r.body.npos : end - p - 1);
        if (tok == "true" || tok == "false") break;
        vp.push_back(parse_int(r, tok, "points"));
        p = end;
    }
    return vp;
}

void Importer::on_record(const Record& r) {
    const std::string_view t = r.type;
    if (t == "SOCBoardLayout") {
        board_ = parse_board(r);
    } else if (t == "SOCBoardLayout2") {
        fail(r,
             "SOCBoardLayout2: a board in JSettlers' later layout encoding (the 6-player or the "
             "sea board), which this importer does not read (it reads the 4-player board of "
             "SOCBoardLayout)");
    } else if (t == "SOCSitDown") {
        auto nick = field(r.body, "nickname");
        int seat = seat_field(r, "playerNumber");
        if (nick && *nick != "dummy") nick_[static_cast<std::size_t>(seat)] = std::string(*nick);
    } else if (t == "SOCGameState") {
        state_ = int_field(r, "state");
        if (state_ == jsettlers::kStateOver) over_ = true;
    } else if (t == "SOCTurn") {
        on_turn(r);
    } else if (t == "SOCPutPiece") {
        put_ = {true, r.line, seat_field(r, "playerNumber"), int_field(r, "pieceType"),
                int_field(r, "coord", 16)};
    } else if (t == "SOCPlayerElement") {
        on_player_element(r);
    } else if (t == "SOCMoveRobber") {
        int seat = seat_field(r, "playerNumber");
        int coord = int_field(r, "coord", 16);
        auto h = soclog_hex(coord);
        if (!h)
            fail(r,
                 fmt::format("SOCMoveRobber: hex 0x{:02x} is not a land hex of the board", coord));
        robber_ = true;
        robber_seat_ = seat;
        robber_hex_ = *h;
        victim_ = -1;
        stolen_.reset();
    } else if (t == "SOCDiscard") {
        discard_ = resource_set(r, "resources");
        discard_seat_ = -1;
    } else if (t == "SOCDevCard") {
        int action = int_field(r, "actionType");
        int type = int_field(r, "cardType");
        if (type < 0 || type > 9)
            fail(r, fmt::format("SOCDevCard: card type {} out of range 0..9", type));
        if (action == 0 && type != 9) {
            drawn_ = dev_card_code(type);
            drawn_seat_ = seat_field(r, "playerNum");
        }
    } else if (t == "SOCDiscoveryPick") {
        yop_pick_ = resource_set(r, "resources");
    } else if (t == "SOCMonopolyPick") {
        int code = int_field(r, "resource");
        auto res = resource_code(code);
        if (!res) fail(r, fmt::format("SOCMonopolyPick: resource code {} out of range 1..5", code));
        mono_pick_ = res;
    } else if (t == "SOCGameStats") {
        final_vp_ = game_stats(r);
    } else if (t == "SOCGameTextMsg") {
        auto nick = field(r.body, "nickname");
        auto text = tail(r.body, "text");
        if (nick && *nick == "Server" && text) {
            on_server_text(r, *text);
            elems_.clear();
        }
    } else if (t == "SOCSetSeatLock" || t == "SOCJoinGame" || t == "SOCLeaveGame" ||
               t == "SOCChangeFace" || t == "SOCStartGame" || t == "SOCSetTurn" ||
               t == "SOCRollDicePrompt" || t == "SOCRollDice" || t == "SOCDiceResult" ||
               t == "SOCBuildRequest" || t == "SOCCancelBuildRequest" || t == "SOCResourceCount" ||
               t == "SOCDevCardCount" || t == "SOCBuyCardRequest" || t == "SOCPlayDevCardRequest" ||
               t == "SOCSetPlayedDevCard" || t == "SOCChoosePlayer" || t == "SOCRejectOffer" ||
               t == "SOCBankTrade" || t == "SOCMakeOffer" || t == "SOCAcceptOffer" ||
               t == "SOCClearOffer" || t == "SOCClearTradeMsg" || t == "SOCPlayerStartsTrading" ||
               t == "SOCEndTurn" || t == "SOCClearGameHistory" || t == "GAME-TEXT-MESSAGE" ||
               t == "SOCSpeakingQueueChanged" || t == "SOCPlayerStats" || t == "SOCFirstPlayer" ||
               t == "SOCLongestRoad" || t == "SOCLargestArmy" || t == "SOCChangeFace" ||
               t == "SOCGameMembers" || t == "SOCLastSettlement" ||
               t == "SOCPotentialSettlements") {
        // Lobby, prompts, requests whose effect the server confirms later, counters.
    } else {
        fail(r, fmt::format("unknown message type \"{}\"", std::string(t)));
    }
}

bool starts_with(std::string_view s, std::string_view p) {
    return s.substr(0, p.size()) == p;
}
bool ends_with(std::string_view s, std::string_view p) {
    return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// "<nick> built a <piece>.": the piece of the SOCPutPiece before it (text at p: " built a ").
void Importer::on_built(const Record& r, std::string_view text, std::size_t p) {
    std::string_view what = text.substr(p + 9, text.size() - p - 10);
    using namespace jsettlers;  // the piece types
    int piece = what == "road"         ? kPieceRoad
                : what == "settlement" ? kPieceSettlement
                : what == "city"       ? kPieceCity
                                       : -1;
    if (piece < 0) return;
    if (!put_.set || put_.piece != piece)
        fail(r, fmt::format("server says \"{}\" but no matching SOCPutPiece precedes it",
                            std::string(text)));
    Record pr{put_.line, "SOCPutPiece", {}};
    int seat = put_.seat;
    if (piece == kPieceRoad) {
        auto e = soclog_edge(put_.coord);
        if (!e)
            fail(pr, fmt::format("SOCPutPiece: road at 0x{:02x} is not an edge of the board",
                                 put_.coord));
        if (in_setup())
            emit(r, PlaceRoad{seat, *e});
        else
            emit(r, BuildRoad{seat, *e});
    } else {
        auto v = soclog_vertex(put_.coord);
        if (!v)
            fail(pr, fmt::format("SOCPutPiece: node 0x{:02x} is not a corner of the board",
                                 put_.coord));
        if (piece == kPieceSettlement && in_setup()) {
            if (std::find(order_.begin(), order_.end(), seat) == order_.end()) {
                order_.push_back(seat);
                setup_nick_[static_cast<std::size_t>(seat)] = nick_[static_cast<std::size_t>(seat)];
            }
            emit(r, PlaceSettlement{seat, *v});
        } else if (piece == kPieceSettlement) {
            emit(r, BuildSettlement{seat, *v});
        } else {
            emit(r, BuildCity{seat, *v});
        }
    }
    put_.set = false;
}

// "<nick> traded ...": a bank or port trade, or a player trade, with the cards of the
// GAIN / LOSE lines just before (text at p: " traded ").
void Importer::on_traded(const Record& r, std::string_view text, std::size_t p) {
    if (ends_with(text, " from the bank.") || ends_with(text, " from a port.")) {
        ResourceCounts give{}, get{};
        bool any = false;
        for (const Elem& el : elems_)
            if (el.seat == cur_) {
                (el.action == jsettlers::kElementLose ? give
                                                      : get)[static_cast<std::size_t>(el.res)] +=
                    el.value;
                any = true;
            }
        if (!any) fail(r, "a bank trade without the player's SOCPlayerElement lines");
        emit(r, TradeBank{cur_, give, get});
    } else {
        // The exact cards from the GAIN/LOSE lines just before the server's text (STAC
        // bots negotiate in chat, so there may be no SOCMakeOffer at all).
        std::vector<int> seats;
        for (const Elem& el : elems_)
            if (std::find(seats.begin(), seats.end(), el.seat) == seats.end())
                seats.push_back(el.seat);
        if (seats.size() != 2)
            fail(r,
                 fmt::format("a player trade whose SOCPlayerElement lines involve {} seats, not 2",
                             seats.size()));
        int a = seats[0], b = seats[1];
        int named = seat_named(text.substr(0, p));
        if (b == cur_ || (a != cur_ && b == named)) std::swap(a, b);
        ResourceCounts give{}, get{};
        for (const Elem& el : elems_)
            if (el.seat == a)
                (el.action == jsettlers::kElementLose ? give
                                                      : get)[static_cast<std::size_t>(el.res)] +=
                    el.value;
        emit(r, TradePlayer{a, b, give, get});
    }
}

void Importer::on_server_text(const Record& r, std::string_view text) {
    std::size_t p;
    if ((p = text.find(" built a ")) != text.npos && ends_with(text, ".")) {
        on_built(r, text, p);
        return;
    }
    constexpr std::string_view kToRoll = "'s turn to roll the dice.";
    if (starts_with(text, "It's ") && ends_with(text, kToRoll)) {
        expected_ = seat_named(text.substr(5, text.size() - 5 - kToRoll.size()));
        return;
    }
    if ((p = text.find(" rolled a ")) != text.npos) {
        std::string_view rest = text.substr(p + 10);  // "6 and a 4."
        if (rest.size() < 9 || rest.substr(1, 7) != " and a ") fail(r, "cannot read the dice");
        int d1 = rest[0] - '0', d2 = rest[8] - '0';
        if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6) fail(r, "dice out of range 1..6");
        if (cur_ < 0) fail(r, "a roll before anyone's turn");
        emit(r, Roll{cur_, d1, d2});
        ++rolls_;
        if (d1 + d2 != 7) {
            collecting_ = true;
            roll_event_ = events_.size() - 1;
            gains_ = {};
        }
        return;
    }
    if (collecting_ &&
        (text.find(" gets ") != text.npos || starts_with(text, "No player gets anything"))) {
        finish_production();
        return;
    }
    if (robber_ && (ends_with(text, " moved the robber.") ||
                    (text.find(" stole a resource from ") != text.npos))) {
        bool stole = text.find(" stole a resource from ") != text.npos;
        MoveRobber m{robber_seat_, robber_hex_, kNoPlayer, std::nullopt};
        if (stole) {
            if (victim_ < 0) fail(r, "a steal without the victim's SOCPlayerElement LOSE line");
            m.victim = victim_;
            m.stolen = stolen_;
        }
        emit(r, m);
        robber_ = false;
        return;
    }
    if (discard_ && text.find(" discarded ") != text.npos) {
        if (discard_seat_ < 0)
            fail(r, "a discard without the player's SOCPlayerElement LOSE lines");
        emit(r, Discard{discard_seat_, *discard_});
        discard_.reset();
        return;
    }
    if ((p = text.find(" traded ")) != text.npos) {
        on_traded(r, text, p);
        return;
    }
    if (ends_with(text, " bought a development card.")) {
        std::optional<DevCard> card;
        if (drawn_seat_ == cur_) card = drawn_;
        emit(r, BuyDevCard{cur_, card});
        drawn_.reset();
        drawn_seat_ = -1;
        return;
    }
    if (ends_with(text, " played a Soldier card.")) {
        emit(r, PlayKnight{cur_});
        return;
    }
    if (ends_with(text, " played a Road Building card.")) {
        emit(r, PlayRoadBuilding{cur_});
        return;
    }
    if (ends_with(text, " played a Year of Plenty card.")) {
        yop_played_ = true;
        yop_pick_.reset();
        return;
    }
    if (yop_played_ && text.find(" received ") != text.npos && ends_with(text, " from the bank.")) {
        if (!yop_pick_) fail(r, "Year of Plenty without a SOCDiscoveryPick");
        emit(r, PlayYearOfPlenty{cur_, *yop_pick_});
        yop_played_ = false;
        return;
    }
    if (ends_with(text, " played a Monopoly card.")) {
        mono_played_ = true;
        mono_pick_.reset();
        return;
    }
    if (mono_played_ && text.find("monopolized") != text.npos) {
        if (!mono_pick_) fail(r, "Monopoly without a SOCMonopolyPick");
        emit(r, PlayMonopoly{cur_, *mono_pick_, std::nullopt});
        mono_played_ = false;
        return;
    }
    if (starts_with(text, ">>> ") && (p = text.find(" has won the game")) != text.npos) {
        winner_nick_ = std::string(text.substr(4, p - 4));
        over_ = true;
        return;
    }
}

GameLog Importer::run() {
    while (gap_.empty()) {
        auto r = reader_.next();
        if (!r) break;
        on_record(*r);
    }
    if (collecting_) finish_production();
    if (!board_)
        reader_.fail(reader_.line(), "the log ends without a SOCBoardLayout: not a recorded game");
    jsettlers::SetupPlayers players = jsettlers::setup_players(order_, setup_nick_, name_);
    const std::array<PlayerId, jsettlers::kMaxSeats>& pid = players.player;
    GameLog log;
    // JSettlers keeps no count of the bank's cards (as its 2.x event logs show): a roll pays
    // in full and a bank trade always pays (RULES.md "Variants", unlimited_bank).
    log.options.unlimited_bank = true;
    log.board = *board_;
    log.seats = std::move(players.seats);
    const int n = static_cast<int>(order_.size());
    auto map_player = [&](int seat, int line) -> PlayerId {
        // Every player field that reaches here is required (remap_players skips an absent
        // victim): a seat of -1 is an action before any SOCTurn or setup placement said whose
        // turn it is.
        if (seat < 0) reader_.fail(line, "an action before the log says whose turn it is");
        PlayerId p = pid[static_cast<std::size_t>(seat)];
        if (p == kNoPlayer)
            reader_.fail(line, fmt::format("seat {} acts but took no part in the setup", seat));
        return p;
    };
    for (Event& e : events_) {
        remap_players(e.body, [&](int seat) { return map_player(seat, e.source_line); });
        if (e.claims && e.claims->received) {
            auto c = std::make_shared<Claims>(*e.claims);
            std::vector<ResourceCounts> rec(static_cast<std::size_t>(n));
            for (int s = 0; s < kMaxSeats; ++s) {
                const ResourceCounts& g = (*e.claims->received)[static_cast<std::size_t>(s)];
                bool any = std::any_of(g.begin(), g.end(), [](int x) { return x != 0; });
                if (pid[static_cast<std::size_t>(s)] == kNoPlayer) {
                    if (any)
                        reader_.fail(
                            e.source_line,
                            fmt::format("seat {} gains cards but took no part in the setup", s));
                    continue;
                }
                rec[static_cast<std::size_t>(pid[static_cast<std::size_t>(s)])] = g;
            }
            c->received = std::move(rec);
            e.claims = c;
        }
    }
    std::string status;
    if (!gap_.empty()) {
        status = "unfinished: " + gap_;
    } else if (final_vp_ && !events_.empty()) {
        auto c = events_.back().claims ? std::make_shared<Claims>(*events_.back().claims)
                                       : std::make_shared<Claims>();
        std::vector<int> vp(static_cast<std::size_t>(n), 0);
        for (std::size_t s = 0; s < final_vp_->size() && s < kMaxSeats; ++s)
            if (pid[s] != kNoPlayer) vp[static_cast<std::size_t>(pid[s])] = (*final_vp_)[s];
        c->vp = std::move(vp);
        int w = seat_named(winner_nick_);
        if (w < 0)
            for (int s = 0; s < kMaxSeats; ++s)
                if (setup_nick_[static_cast<std::size_t>(s)] == winner_nick_ &&
                    !winner_nick_.empty())
                    w = s;
        if (w >= 0 && pid[static_cast<std::size_t>(w)] != kNoPlayer) {
            c->winner = pid[static_cast<std::size_t>(w)];
            status = "complete";
        } else {
            c->winner = kNoPlayer;
            status = "unfinished: the game was closed without a winner (players left)";
        }
        events_.back().claims = c;
    } else {
        status = "unfinished: the log ends before the end of the game";
    }
    for (const RawHand& h : hands_)
        if (h.seen == 0x1F && pid[static_cast<std::size_t>(h.seat)] != kNoPlayer)
            hands_out_.push_back(
                SoclogHand{h.event, pid[static_cast<std::size_t>(h.seat)], h.hand});
    log.events = std::move(events_);
    log.source = fmt::format("catan-import --from soclog {} (STAC / JSettlers 1.x server log; {})",
                             name_, status);
    return log;
}

}  // namespace

GameLog import_soclog(std::string_view text, std::string_view name) {
    Importer imp(text, name);
    return imp.run();
}

GameLog import_soclog(std::string_view text, std::string_view name,
                      std::vector<SoclogHand>& hands) {
    Importer imp(text, name);
    GameLog log = imp.run();
    hands = imp.hands();
    return log;
}

}  // namespace ctk
