// The log entries of one colonist.io step (a stateChange of `eventHistory.events`): each
// known type read into events, with the step's deltas supplying where and what; unknown
// types passed over once the deltas of their step are explained (colonist_deltas.cpp).
#include <algorithm>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/import/colonist_map.hpp>
#include <catan/import/detail/colonist_importer.hpp>
#include <catan/io/json_util.hpp>

namespace ctk::colonist {

namespace ju = json_util;
using nlohmann::json;

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

bool is_known_entry(int type) {
    switch (static_cast<Entry>(type)) {
        case Entry::kBoughtDevCard:
        case Entry::kPlaced:
        case Entry::kBuilt:
        case Entry::kRolled:
        case Entry::kMovedRobber:
        case Entry::kStoleThiefView:
        case Entry::kStoleVictimView:
        case Entry::kStoleOthersView:
        case Entry::kPlayedDevCard:
        case Entry::kYearOfPlentyTook:
        case Entry::kTurnSeparator:
        case Entry::kWinner:
        case Entry::kReceived:
        case Entry::kDiscarded:
        case Entry::kMonopolyTook:
        case Entry::kTradeCompleted:
        case Entry::kBankTrade:
            return true;
        default:
            return is_announcement(type);
    }
}

PlayerId Importer::player(const json& j, const std::string& path) const {
    int c = ju::as_int(j, path, 0, 1000);
    auto it = seat_of_color_.find(c);
    if (it == seat_of_color_.end())
        fail(path, fmt::format("colour {} is not a player of playOrder", c));
    return it->second;
}

Resource Importer::resource(const json& j, const std::string& path) const {
    int c = ju::as_int(j, path, 0, 1000);
    auto r = resource_of_code(c);
    if (!r) fail(path, fmt::format("unknown resource code {} (expected 1..5)", c));
    return *r;
}

ResourceCounts Importer::cards(const json& j, const std::string& path, bool* hidden,
                               int* count) const {
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

ResourceCounts Importer::known_cards(const json& j, const std::string& path) const {
    bool hidden = false;
    int n = 0;
    ResourceCounts c = cards(j, path, &hidden, &n);
    if (hidden) fail(path, "a face-down card where the cards must be known");
    return c;
}

// An entry's text field listing known cards.
ResourceCounts Importer::known(const LogEntry& e, const char* field) const {
    return known_cards(ju::member(e.text, field, e.tpath), ju::field(e.tpath, field));
}

// The seat and the colour of the entry's player (`text.playerColor`).
PlayerId Importer::actor(const LogEntry& e) const {
    return player(ju::member(e.text, "playerColor", e.tpath), ju::field(e.tpath, "playerColor"));
}
int Importer::actor_color(const LogEntry& e) const {
    return colors_[static_cast<std::size_t>(actor(e))];
}

// "player_a (colour 2)", for messages.
std::string Importer::seat_label(PlayerId p) const {
    return fmt::format("seat {} (colour {})", p + 1, colors_[static_cast<std::size_t>(p)]);
}

int Importer::take_piece(std::vector<NewPiece>& q, int color, const std::string& path,
                         std::string_view what) {
    for (NewPiece& p : q)
        if (!p.used && p.owner == color) {
            p.used = true;
            return p.id;
        }
    fail(path, fmt::format("a {} with no new {} of that player in the stateChange's mapState", what,
                           what));
}

namespace {

// What a step's later entries will claim of its deltas: pieces by (piece code, colour),
// and the robber's move. Read leniently: the entry's own reading reports a bad field.
struct Reserved {
    std::map<std::pair<int, int>, int> pieces;
    bool robber = false;
};
Reserved reserved_by(const std::vector<LogEntry>& entries, std::size_t from) {
    Reserved r;
    for (std::size_t k = from; k < entries.size(); ++k) {
        const LogEntry& e = entries[k];
        if (e.kind == Entry::kMovedRobber) r.robber = true;
        if (e.kind != Entry::kPlaced && e.kind != Entry::kBuilt) continue;
        const json* piece = e.text.contains("pieceEnum") ? &e.text["pieceEnum"] : nullptr;
        const json* color = e.text.contains("playerColor") ? &e.text["playerColor"] : nullptr;
        if (piece && color && piece->is_number_integer() && color->is_number_integer())
            ++r.pieces[{piece->get<int>(), color->get<int>()}];
    }
    return r;
}

}  // namespace

// One stateChange: first what its deltas state (the map's new pieces, the robber's tile,
// the hands, the bank, the development cards, the victory points, the turn), then its log
// entries in key order, each read by the handler of its type (an unknown type is passed
// over; the deltas no later entry claims become events there), then the check that every
// change is explained, then the claims of what it states.
void Importer::read_event(const json& ev, const std::string& path, GameLog& log) {
    std::string spath = ju::field(path, "stateChange");
    const json& sc = ju::as_object(ju::member(ev, "stateChange", path), spath);
    std::size_t first_event = log.events.size();

    Change change;
    change.spath = spath;
    read_deltas(sc, change);

    std::string gpath = ju::field(spath, "gameLogState");
    std::vector<LogEntry> entries;
    for (const auto& [key, entry] : sorted_entries(sc, spath)) {
        std::string p = ju::field(gpath, std::to_string(key));
        std::string tpath = ju::field(p, "text");
        const json& text = ju::as_object(ju::member(*entry, "text", p), tpath);
        const int type =
            ju::as_int(ju::member(text, "type", tpath), ju::field(tpath, "type"), 0, 1000000);
        entries.push_back(LogEntry{*entry, text, p, tpath, type, static_cast<Entry>(type)});
        change.entries.push_back(fmt::format("gameLogState.{} type {}", key, type));
    }
    for (std::size_t k = 0; k < entries.size(); ++k) {
        const LogEntry& e = entries[k];
        if (e.kind == Entry::kTurnSeparator) {
            end_turn(change, log);
            continue;
        }
        if (over_) continue;  // entries after the site's win announcement
        if (!is_known_entry(e.type)) {
            change.unknown.push_back(e.type);
            ++passed_over_[e.type];
            Reserved r = reserved_by(entries, k + 1);
            derive_events(change, log, r.pieces, r.robber);
            continue;
        }
        read_entry(e, change, log);
    }
    if (!change.unknown.empty() && !over_) derive_events(change, log, {}, false);
    end_turn(change, log);
    check_explained(change, log, first_event);
    finish_change(change, gpath);
    attach_claims(sc, change, log, first_event);
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
            return move_robber_to_delta(change, actor(e), log);
        case Entry::kStoleThiefView:
        case Entry::kStoleVictimView:
        case Entry::kStoleOthersView:
            return on_steal(e, change, log);
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
            return;  // an announcement (read_event passes unknown types over)
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
void Importer::on_steal(const LogEntry& e, Change& change, GameLog& log) {
    MoveRobber* m = log.events.empty() ? nullptr : std::get_if<MoveRobber>(&log.events.back().body);
    if (!m) fail(e.tpath, "a steal that follows no robber move");
    change.steal_event = index_of_last(log);
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
        std::vector<int> added = after->value, before = dev_cards_[static_cast<std::size_t>(who)];
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

}  // namespace ctk::colonist
