// The fast path for one JSON Lines event (see event_fast.hpp): simdjson's DOM parser, then
// the fields of the common event shapes. Anything else gives up, and the caller reads the
// line with event_from_json, whose messages are the reference.
#include "event_fast.hpp"

#include "board_fast.hpp"

#include <cstring>
#include <string>

#include <simdjson.h>

namespace ctk::detail {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

// The fields an event line may have on the fast path (no claims, note, count or the
// {"hex", ...} forms: those take the precise reader).
enum Field : int {
    kType,
    kPlayer,
    kVertex,
    kEdge,
    kHex,
    kVictim,
    kStolen,
    kTo,
    kPartner,
    kCard,
    kResource,
    kDice,
    kGive,
    kGet,
    kCards,
    kTake,
    kFieldCount
};
constexpr std::array<std::string_view, kFieldCount> kFieldNames{
    "type",    "player", "vertex",   "edge", "hex",  "victim", "stolen", "to",
    "partner", "card",   "resource", "dice", "give", "get",    "cards",  "take"};

// The field a key names (kFieldCount for any other key): its first byte picks the one or
// few candidates, so a key costs one or two short compares instead of a scan of the list.
Field field_of(std::string_view key) {
    if (key.empty()) return kFieldCount;
    auto is = [&](Field f) { return key == kFieldNames[static_cast<std::size_t>(f)]; };
    switch (key[0]) {
        case 't':
            return is(kType) ? kType : is(kTo) ? kTo : is(kTake) ? kTake : kFieldCount;
        case 'p':
            return is(kPlayer) ? kPlayer : is(kPartner) ? kPartner : kFieldCount;
        case 'v':
            return is(kVertex) ? kVertex : is(kVictim) ? kVictim : kFieldCount;
        case 'e':
            return is(kEdge) ? kEdge : kFieldCount;
        case 'h':
            return is(kHex) ? kHex : kFieldCount;
        case 's':
            return is(kStolen) ? kStolen : kFieldCount;
        case 'c':
            return is(kCard) ? kCard : is(kCards) ? kCards : kFieldCount;
        case 'r':
            return is(kResource) ? kResource : kFieldCount;
        case 'd':
            return is(kDice) ? kDice : kFieldCount;
        case 'g':
            return is(kGive) ? kGive : is(kGet) ? kGet : kFieldCount;
        default:
            return kFieldCount;
    }
}

// The index of a non-empty event type name in kEventTypeNames, or -1: the length and the
// first byte are compared before the whole name (no library call for most candidates).
int type_of(std::string_view s) {
    for (std::size_t i = 0; i < kEventTypeNames.size(); ++i) {
        const std::string_view n = kEventTypeNames[i];
        if (n.size() == s.size() && n[0] == s[0] && n == s) return static_cast<int>(i);
    }
    return -1;
}

// What one line said, field by field; build() turns it into the event when the fields are
// exactly those of the type and every value is in range.
struct Fields {
    unsigned seen = 0;
    int type = -1;
    PlayerId player = kNoPlayer, victim = kNoPlayer, other = kNoPlayer;
    int id = 0;
    bool has_resource = false;
    Resource resource = Resource::kBrick;
    std::optional<DevCard> card;
    std::array<int, 2> dice{};
    std::array<ResourceCounts, 4> maps{};  // give, get, cards, take

    bool has(Field f) const { return seen >> f & 1u; }
    bool fields_are(std::initializer_list<Field> required,
                    std::initializer_list<Field> optional = {}) const {
        unsigned want = 1u << kType | 1u << kPlayer, may = 0;
        for (Field f : required) want |= 1u << f;
        for (Field f : optional) may |= 1u << f;
        return (seen & want) == want && (seen & ~(want | may)) == 0;
    }
    std::optional<Event> build(const Topology& t) const;
};

std::optional<Event> Fields::build(const Topology& t) const {
    if (!has(kType) || !has(kPlayer)) return {};
    const PlayerId p = player;
    Event e;
    const bool vertex_ok = id < t.vertex_count(), edge_ok = id < t.edge_count();
    switch (type) {
        case 0:
            if (!fields_are({kVertex}) || !vertex_ok) return {};
            e.body = PlaceSettlement{p, id};
            break;
        case 1:
            if (!fields_are({kEdge}) || !edge_ok) return {};
            e.body = PlaceRoad{p, id};
            break;
        case 2:
            if (!fields_are({kDice})) return {};
            e.body = Roll{p, dice[0], dice[1]};
            break;
        case 3:
            if (!fields_are({kCards})) return {};
            e.body = Discard{p, maps[2]};
            break;
        case 4: {
            if (!fields_are({kHex}, {kVictim, kStolen}) || id >= t.hex_count()) return {};
            std::optional<Resource> stolen;
            if (has_resource) stolen = resource;
            if (stolen && victim == kNoPlayer) return {};
            e.body = MoveRobber{p, id, victim, stolen};
            break;
        }
        case 5:
            if (!fields_are({kGive, kGet})) return {};
            e.body = TradeBank{p, maps[0], maps[1]};
            break;
        case 6:
            if (!fields_are({kTo, kGive, kGet})) return {};
            e.body = TradeOffer{p, other, maps[0], maps[1]};
            break;
        case 7:
            if (!fields_are({})) return {};
            e.body = TradeAccept{p};
            break;
        case 8:
            if (!fields_are({})) return {};
            e.body = TradeReject{p};
            break;
        case 9:
            if (!fields_are({})) return {};
            e.body = TradeCancel{p};
            break;
        case 10:
            if (!fields_are({kPartner, kGive, kGet})) return {};
            e.body = TradePlayer{p, other, maps[0], maps[1]};
            break;
        case 11:
            if (!fields_are({kEdge}) || !edge_ok) return {};
            e.body = BuildRoad{p, id};
            break;
        case 12:
            if (!fields_are({kVertex}) || !vertex_ok) return {};
            e.body = BuildSettlement{p, id};
            break;
        case 13:
            if (!fields_are({kVertex}) || !vertex_ok) return {};
            e.body = BuildCity{p, id};
            break;
        case 14:
            if (!fields_are({}, {kCard})) return {};
            e.body = BuyDevCard{p, card};
            break;
        case 15:
            if (!fields_are({})) return {};
            e.body = PlayKnight{p};
            break;
        case 16:
            if (!fields_are({})) return {};
            e.body = PlayRoadBuilding{p};
            break;
        case 17:
            if (!fields_are({kTake})) return {};
            e.body = PlayYearOfPlenty{p, maps[3]};
            break;
        case 18:
            if (!fields_are({kResource}) || !has_resource) return {};
            e.body = PlayMonopoly{p, resource};
            break;
        case 19:
            if (!fields_are({})) return {};
            e.body = EndTurn{p};
            break;
        case 20:
            if (!fields_are({})) return {};
            e.body = Resign{p};
            break;
        case 21:
            if (!fields_are({})) return {};
            e.body = SpecialBuild{p};
            break;
        default:
            return {};
    }
    return e;
}

bool seat(std::string_view name, const std::vector<Seat>& seats, PlayerId& out) {
    for (std::size_t i = 0; i < seats.size(); ++i)
        if (seats[i].name == name) {
            out = static_cast<PlayerId>(i);
            return true;
        }
    return false;
}

// A resource name exactly as the precise reader accepts it (no synonyms).
bool exact_resource(std::string_view s, Resource& out) {
    auto r = parse_resource(s);
    if (!r || resource_name(*r) != s) return false;
    out = *r;
    return true;
}

// An integer in lo..hi (JSON integers only: 3.0 or 1e2 take the precise reader).
bool integer(element v, std::int64_t lo, std::int64_t hi, int& out) {
    std::int64_t n = 0;
    if (v.type() != element_type::INT64 || v.get_int64().get(n) || n < lo || n > hi) return false;
    out = static_cast<int>(n);
    return true;
}

// {"brick": 1, ...}: exact resource names, counts 0..95 (a repeated key: the last wins,
// as in the precise reader's document).
bool resource_map(element v, ResourceCounts& out) {
    object o;
    if (v.get_object().get(o)) return false;
    for (auto [key, value] : o) {
        Resource r;
        int n = 0;
        if (!exact_resource(key, r) || !integer(value, 0, 95, n)) return false;
        out[static_cast<std::size_t>(r)] = n;
    }
    return true;
}

bool read_field(Fields& f, Field field, element v, const std::vector<Seat>& seats) {
    std::string_view s;
    switch (field) {
        case kType: {
            if (v.get_string().get(s)) return false;
            f.type = s.empty() ? -1 : type_of(s);
            return f.type >= 0;
        }
        case kPlayer:
            return !v.get_string().get(s) && seat(s, seats, f.player);
        case kVictim:
            if (v.is_null()) return true;
            return !v.get_string().get(s) && seat(s, seats, f.victim);
        case kTo:
        case kPartner:
            return !v.get_string().get(s) && seat(s, seats, f.other);
        case kStolen:
            if (v.is_null()) return true;
            [[fallthrough]];
        case kResource:
            if (v.get_string().get(s) || !exact_resource(s, f.resource)) return false;
            f.has_resource = true;
            return true;
        case kCard:
            if (v.is_null()) return true;
            if (v.get_string().get(s)) return false;
            f.card = parse_dev_card(s);
            return f.card.has_value();
        case kVertex:
        case kEdge:
        case kHex:
            return integer(v, 0, 10000, f.id);
        case kDice: {
            simdjson::dom::array a;
            if (v.get_array().get(a) || a.size() != 2) return false;
            int i = 0;
            for (element d : a)
                if (!integer(d, 1, 6, f.dice[static_cast<std::size_t>(i++)])) return false;
            return true;
        }
        case kGive:
        case kGet:
        case kCards:
        case kTake:
            return resource_map(v, f.maps[static_cast<std::size_t>(field - kGive)]);
        default:
            return false;
    }
}

}  // namespace

static_assert(kEventLinePadding >= simdjson::SIMDJSON_PADDING);

std::optional<Event> read_event_fast_padded(std::string_view line, const std::vector<Seat>& seats,
                                            const Topology& t) {
    // One parser per thread, reused: its buffers grow to the longest line once.
    thread_local simdjson::dom::parser parser;
    element doc;
    if (parser.parse(line.data(), line.size(), false).get(doc)) return {};
    object o;
    if (doc.get_object().get(o)) return {};
    Fields f;
    for (auto [key, value] : o) {
        const Field field = field_of(key);
        // claims, note, count, unknown fields, a repeated field: the precise reader
        if (field == kFieldCount || f.seen >> field & 1u) return {};
        if (!read_field(f, field, value, seats)) return {};
        f.seen |= 1u << field;
    }
    return f.build(t);
}

std::optional<Event> read_event_fast(std::string_view line, const std::vector<Seat>& seats,
                                     const Topology& t) {
    // simdjson reads up to SIMDJSON_PADDING bytes past the text: copy the line into a
    // buffer that has them.
    thread_local std::string padded;
    if (padded.capacity() < line.size() + kEventLinePadding)
        padded.reserve(line.size() + kEventLinePadding);
    padded.assign(line.data(), line.size());
    return read_event_fast_padded(padded, seats, t);
}

namespace {

// The header's options object, as header_from_json reads it.
bool read_options(element v, GameOptions& out) {
    object o;
    if (v.get_object().get(o)) return false;
    unsigned seen = 0;
    for (auto [key, value] : o) {
        const unsigned bit = key == "vp_to_win"         ? 1u
                             : key == "discard_limit"   ? 2u
                             : key == "friendly_robber" ? 4u
                                                        : 0u;
        if (bit == 0 || (seen & bit)) return false;  // unknown or repeated: the precise reader
        seen |= bit;
        if (bit == 1u && !integer(value, 3, 30, out.vp_to_win)) return false;
        if (bit == 2u && !integer(value, 2, 99, out.discard_limit)) return false;
        if (bit == 4u && value.get_bool().get(out.friendly_robber)) return false;
    }
    return true;
}

// The seats array: 2..kMaxPlayers objects with a non-empty unique name, an optional colour
// (the name when absent) and source seat 0..1000.
bool read_seats(element v, std::vector<Seat>& out) {
    simdjson::dom::array a;
    if (v.get_array().get(a) || a.size() < 2 || a.size() > static_cast<std::size_t>(kMaxPlayers))
        return false;
    for (element item : a) {
        object o;
        if (item.get_object().get(o)) return false;
        Seat seat;
        unsigned seen = 0;
        for (auto [key, value] : o) {
            const unsigned bit = key == "name"          ? 1u
                                 : key == "color"       ? 2u
                                 : key == "source_seat" ? 4u
                                                        : 0u;
            if (bit == 0 || (seen & bit)) return false;
            seen |= bit;
            std::string_view s;
            if (bit == 4u) {
                int n = 0;
                if (!integer(value, 0, 1000, n)) return false;
                seat.source_seat = n;
            } else if (value.get_string().get(s)) {
                return false;
            } else {
                (bit == 1u ? seat.name : seat.color) = std::string(s);
            }
        }
        if (seat.name.empty()) return false;
        for (const Seat& other : out)
            if (other.name == seat.name) return false;
        if (seat.color.empty()) seat.color = seat.name;
        out.push_back(std::move(seat));
    }
    return true;
}

// The header object of a JSON Lines log, field by field as header_from_json reads it.
std::optional<GameLog> build_header(element doc) {
    object top;
    if (doc.get_object().get(top)) return {};
    GameLog log;
    unsigned seen = 0;
    for (auto [key, value] : top) {
        constexpr std::array<std::string_view, 7> kNames{
            "format", "version", "options", "unrecorded", "seats", "board", "source"};
        std::size_t field = 0;
        while (field < kNames.size() && kNames[field] != key) ++field;
        // "events" (a document), an unknown or a repeated field: the precise reader
        if (field == kNames.size() || (seen >> field & 1u)) return {};
        seen |= 1u << field;
        std::string_view s;
        switch (field) {
            case 0:
                if (value.get_string().get(s) || s != "catan-log") return {};
                break;
            case 1:
                if (!integer(value, 1, 1, log.version)) return {};
                break;
            case 2:
                if (!read_options(value, log.options)) return {};
                break;
            case 3: {
                simdjson::dom::array a;
                if (value.get_array().get(a)) return {};
                for (element name : a) {
                    if (name.get_string().get(s) || s != "discards") return {};
                    log.unrecorded.discards = true;
                }
                break;
            }
            case 4:
                if (!read_seats(value, log.seats)) return {};
                break;
            case 5:
                log.board = read_board_fast(value);
                if (!log.board) return {};
                break;
            default:
                if (value.get_string().get(s)) return {};
                log.source = std::string(s);
                break;
        }
    }
    if (!(seen & 1u) || log.seats.empty()) return {};  // format and seats are required
    if (log.seats.size() > 4 && log_board(log).kind() != BoardKind::kExtended) return {};
    return log;
}

}  // namespace

std::optional<GameLog> read_header_fast(std::string_view line) {
    thread_local simdjson::dom::parser parser;
    thread_local std::string padded;
    element doc;
    if (!parse_padded(parser, padded, line, doc)) return {};
    return build_header(doc);
}

}  // namespace ctk::detail
