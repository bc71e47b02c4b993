// One event (with its claims) as JSON and back: the precise reader, whose messages are the
// reference. The log around the events (header, documents, JSON Lines) is log_format.cpp.
// Structure only; the rules live in engine/rules*.cpp.
#include <catan/io/event_json.hpp>

#include <algorithm>
#include <charconv>
#include <memory>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/engine/event_fields.hpp>
#include <catan/io/detail/event_values.hpp>
#include <catan/io/json_util.hpp>

namespace ctk {

using nlohmann::json;
using namespace json_util;

namespace {

// The names of a set of fields in the type's order (the spec's), for messages.
std::string field_names(const EventSpec& spec) {
    std::string s;
    for (int i = 0; i < spec.field_count; ++i) {
        if (!s.empty()) s += ", ";
        s += event_field_name(spec.fields[static_cast<std::size_t>(i)].field);
    }
    return s;
}

// The field a key names, or std::nullopt.
std::optional<EventField> field_named(std::string_view key) {
    for (std::size_t f = 0; f < kEventFieldNames.size(); ++f)
        if (kEventFieldNames[f] == key) return static_cast<EventField>(f);
    return std::nullopt;
}

// Unknown fields are reported before missing ones: a typo makes both.
void check_fields(const json& j, const EventSpec& spec, std::string_view path) {
    for (const auto& [k, v] : j.items()) {
        if (k == "type" || k == "claims" || k == "note") continue;
        if (auto f = field_named(k); f && spec.has(*f)) continue;
        // A typo also leaves a required field missing: name both (the first in
        // EventField's order).
        const EventFieldMask alt = spec.alternatives();
        const EventFieldMask needed =
            spec.required() | (alt & (~alt + 1));  // the first alternative
        for (int f = 0; f < kEventFieldCount; ++f) {
            const auto field = static_cast<EventField>(f);
            if ((needed & field_bit(field)) && !j.contains(event_field_name(field)))
                throw InputError(fmt::format("{}: missing (unknown field \"{}\" instead?)",
                                             json_util::field(path, event_field_name(field)), k));
        }
        throw InputError(fmt::format("{}: unknown field (expected type, {}, claims, note)",
                                     json_util::field(path, k), field_names(spec)));
    }
}

constexpr std::string_view kCornerList = "N, NE, SE, S, SW, NW";
constexpr std::string_view kSideList = "NE, E, SE, SW, W, NW";

std::string join_names(auto const& names) {
    std::string s;
    for (auto n : names) {
        if (!s.empty()) s += ", ";
        s += n;
    }
    return s;
}

PlayerId player_from_json(const json& j, const std::vector<Seat>& seats, std::string_view path) {
    if (!j.is_string())
        throw InputError(fmt::format("{}: expected a seat name, got {}", path, type_name(j)));
    const auto& s = j.get_ref<const std::string&>();
    for (std::size_t i = 0; i < seats.size(); ++i)
        if (seats[i].name == s) return static_cast<PlayerId>(i);
    std::vector<std::string_view> names;
    for (const auto& seat : seats) names.push_back(seat.name);
    throw InputError(fmt::format("{}: \"{}\" is not a seat of this log (seats: {})", path, s,
                                 join_names(names)));
}

// A player, or kNoPlayer for null / absent.
PlayerId optional_player(const json* j, const std::vector<Seat>& seats, std::string_view path) {
    if (!j || j->is_null()) return kNoPlayer;
    return player_from_json(*j, seats, path);
}

Resource resource_from_json(const json& j, std::string_view path) {
    if (j.is_string()) {
        const auto& name = j.get_ref<const std::string&>();
        if (auto r = parse_resource(name); r && resource_name(*r) == name) return *r;
    }
    throw InputError(fmt::format(
        "{}: expected a resource (brick, lumber, wool, grain, ore), got {}", path, type_name(j)));
}

VertexId vertex_from_json(const json& j, const Topology& t, std::string_view path) {
    if (j.is_object()) {
        int h = as_int(member(j, "hex", path), field(path, "hex"), 0, t.hex_count() - 1);
        const json& c = member(j, "corner", path);
        auto corner = c.is_string() ? parse_corner(c.get_ref<const std::string&>()) : std::nullopt;
        if (!corner)
            throw InputError(fmt::format("{}: expected a corner ({}), got {}",
                                         field(path, "corner"), kCornerList, type_name(c)));
        for (const auto& [k, v] : j.items())
            if (k != "hex" && k != "corner")
                throw InputError(
                    fmt::format("{}: unknown field (expected hex, corner)", field(path, k)));
        return t.vertex_id({h, *corner});
    }
    return as_int(j, path, 0, t.vertex_count() - 1);
}

EdgeId edge_from_json(const json& j, const Topology& t, std::string_view path) {
    if (j.is_object()) {
        int h = as_int(member(j, "hex", path), field(path, "hex"), 0, t.hex_count() - 1);
        const json& c = member(j, "side", path);
        auto side = c.is_string() ? parse_side(c.get_ref<const std::string&>()) : std::nullopt;
        if (!side)
            throw InputError(fmt::format("{}: expected a side ({}), got {}", field(path, "side"),
                                         kSideList, type_name(c)));
        for (const auto& [k, v] : j.items())
            if (k != "hex" && k != "side")
                throw InputError(
                    fmt::format("{}: unknown field (expected hex, side)", field(path, k)));
        return t.edge_id({h, *side});
    }
    return as_int(j, path, 0, t.edge_count() - 1);
}

// Field reader for one event object (unknown fields were rejected by check_fields).
class Fields {
  public:
    Fields(const json& j, std::string_view path) : j_(j), path_(path) {}
    const json* opt(std::string_view key) const {
        auto it = j_.find(key);
        return it == j_.end() ? nullptr : &*it;
    }
    // The field's path for messages; built only when an error is thrown.
    std::string at(std::string_view key) const { return field(path_, key); }

  private:
    const json& j_;
    std::string_view path_;
};

}  // namespace

json resources_to_json(const ResourceCounts& r) {
    json j = json::object();
    for (Resource res : kResources)
        if (int n = r[static_cast<std::size_t>(res)]; n != 0)
            j[std::string(resource_name(res))] = n;
    return j;
}

namespace {
template <class Counts>
json every_resource(const Counts& c) {
    json j = json::object();
    for (Resource r : kResources) j[std::string(resource_name(r))] = c[static_cast<std::size_t>(r)];
    return j;
}
}  // namespace

json every_resource_json(const ResourceCounts& c) {
    return every_resource(c);
}
json every_resource_json(const std::array<std::int64_t, kResourceCount>& c) {
    return every_resource(c);
}

ResourceCounts resources_from_json(const json& j, std::string_view path) {
    if (!j.is_object())
        throw InputError(fmt::format("{}: expected a resource map like {{\"brick\": 1}}, got {}",
                                     path, type_name(j)));
    ResourceCounts r{};
    for (const auto& [k, v] : j.items()) {
        auto res = parse_resource(k);
        if (!res || resource_name(*res) != k)
            throw InputError(fmt::format(
                "{}: unknown resource \"{}\" (expected brick, lumber, wool, grain, ore)", path, k));
        r[static_cast<std::size_t>(*res)] = as_int(v, field(path, k), 0, kMaxCardCount);
    }
    return r;
}

json claims_to_json(const Claims& c, const std::vector<Seat>& seats) {
    json j = json::object();
    auto name = [&](PlayerId p) { return p == kNoPlayer ? json() : json(seats[p].name); };
    if (c.received) {
        json r = json::object();
        for (std::size_t p = 0; p < c.received->size() && p < seats.size(); ++p)
            r[seats[p].name] = resources_to_json((*c.received)[p]);
        j["received"] = std::move(r);
    }
    if (c.longest_road) j["longest_road"] = name(*c.longest_road);
    if (c.largest_army) j["largest_army"] = name(*c.largest_army);
    if (c.vp) {
        json r = json::object();
        for (std::size_t p = 0; p < c.vp->size() && p < seats.size(); ++p)
            r[seats[p].name] = (*c.vp)[p];
        j["vp"] = std::move(r);
    }
    if (c.winner) j["winner"] = name(*c.winner);
    if (c.hands) {
        json r = json::object();
        for (std::size_t p = 0; p < c.hands->size() && p < seats.size(); ++p)
            if ((*c.hands)[p]) r[seats[p].name] = resources_to_json(*(*c.hands)[p]);
        j["hands"] = std::move(r);
    }
    if (c.bank) j["bank"] = resources_to_json(*c.bank);
    return j;
}

Claims claims_from_json(const json& j, const std::vector<Seat>& seats, std::string_view path) {
    as_object(j, path);
    Claims c;
    for (const auto& [k, v] : j.items()) {
        std::string at = field(path, k);
        if (k == "received") {
            as_object(v, at);
            std::vector<ResourceCounts> r(seats.size(), ResourceCounts{});
            for (const auto& [pk, pv] : v.items()) {
                PlayerId p = player_from_json(json(pk), seats, at);
                r[static_cast<std::size_t>(p)] = resources_from_json(pv, field(at, pk));
            }
            c.received = std::move(r);
        } else if (k == "longest_road") {
            c.longest_road = optional_player(&v, seats, at);
        } else if (k == "largest_army") {
            c.largest_army = optional_player(&v, seats, at);
        } else if (k == "winner") {
            c.winner = optional_player(&v, seats, at);
        } else if (k == "vp") {
            as_object(v, at);
            // Players not named keep -1: "not stated".
            std::vector<int> vp(seats.size(), -1);
            for (const auto& [pk, pv] : v.items()) {
                PlayerId p = player_from_json(json(pk), seats, at);
                vp[static_cast<std::size_t>(p)] = as_int(pv, field(at, pk), 0, 100);
            }
            c.vp = std::move(vp);
        } else if (k == "hands") {
            as_object(v, at);
            std::vector<std::optional<ResourceCounts>> h(seats.size());
            for (const auto& [pk, pv] : v.items()) {
                PlayerId p = player_from_json(json(pk), seats, at);
                h[static_cast<std::size_t>(p)] = resources_from_json(pv, field(at, pk));
            }
            c.hands = std::move(h);
        } else if (k == "bank") {
            c.bank = resources_from_json(v, at);
        } else {
            throw InputError(
                fmt::format("{}: unknown claim (expected received, longest_road, largest_army, "
                            "vp, winner, hands, bank)",
                            at));
        }
    }
    return c;
}

namespace {

// event_to_json's values (write_event_fields): each key into the object.
class JsonSink {
  public:
    JsonSink(json& j, const std::vector<Seat>& seats) : j_(j), seats_(seats) {}
    void key(std::string_view k, std::string_view) { key_ = k; }
    void seat(PlayerId p) {
        put(p == kNoPlayer ? json() : json(seats_[static_cast<std::size_t>(p)].name));
    }
    void integer(int n) { put(n); }
    void pair(int a, int b) { put(json{a, b}); }
    void resources(const ResourceCounts& r) { put(resources_to_json(r)); }
    void counts(const SeatCounts& c) {
        json a = json::array();
        for (std::size_t i = 0; i < seats_.size(); ++i) a.push_back(c[i]);
        put(std::move(a));
    }
    void name(std::string_view n) { put(n); }
    void null() { put(json()); }

  private:
    void put(json v) { j_[std::string(key_)] = std::move(v); }
    json& j_;
    const std::vector<Seat>& seats_;
    std::string_view key_;
};

}  // namespace

json event_to_json(const Event& e, const std::vector<Seat>& seats) {
    json j = json::object();
    JsonSink sink(j, seats);
    detail::write_event_fields(e.body, sink);
    if (e.claims) j["claims"] = claims_to_json(*e.claims, seats);
    return j;
}

namespace {

// One field's value into `v` (the field is present; `at` names it in messages).
void read_value(const FieldSpec& spec, const json& j, const std::vector<Seat>& seats,
                const Topology& t, const std::string& at, detail::EventValues& v) {
    const EventField f = spec.field;
    switch (spec.kind) {
        case FieldKind::kSeat: {
            PlayerId p =
                spec.nullable ? optional_player(&j, seats, at) : player_from_json(j, seats, at);
            (f == EventField::kPlayer   ? v.player
             : f == EventField::kVictim ? v.victim
                                        : v.other) = p;
            break;
        }
        case FieldKind::kVertex:
            v.id = vertex_from_json(j, t, at);
            break;
        case FieldKind::kEdge:
            v.id = edge_from_json(j, t, at);
            break;
        case FieldKind::kHex:
            v.id = as_int(j, at, 0, t.hex_count() - 1);
            break;
        case FieldKind::kDice:
            if (!j.is_array() || j.size() != 2)
                throw InputError(
                    fmt::format("{}: expected two dice like [3, 4], got {}", at, type_name(j)));
            v.dice = {as_int(j[0], index(at, 0), 1, 6), as_int(j[1], index(at, 1), 1, 6)};
            break;
        case FieldKind::kSum:
            v.sum = as_int(j, at, 2, 12);
            break;
        case FieldKind::kResources:
            if (spec.nullable && j.is_null())
                v.cards_hidden = true;
            else
                v.maps[detail::EventValues::map_slot(f)] = resources_from_json(j, at);
            break;
        case FieldKind::kCount:  // a hidden discard's count is at least 1
            v.count = as_int(j, at, v.cards_hidden ? 1 : 0, 200);
            break;
        case FieldKind::kResource:
            if (spec.nullable && j.is_null()) break;
            (f == EventField::kStolen ? v.stolen.emplace() : v.resource) =
                resource_from_json(j, at);
            break;
        case FieldKind::kSeatCounts: {
            if (!j.is_array() || j.size() != seats.size())
                throw InputError(fmt::format(
                    "{}: expected {} counts, one per seat in turn order, got {}", at, seats.size(),
                    j.is_array() ? fmt::format("an array of {}", j.size()) : type_name(j)));
            SeatCounts& c = v.given.emplace();
            c.fill(0);
            for (std::size_t i = 0; i < j.size(); ++i)
                c[i] = static_cast<std::int8_t>(as_int(j[i], index(at, i), 0, kMaxCardCount));
            break;
        }
        case FieldKind::kDevCard:
            if (j.is_null()) break;
            if (j.is_string()) v.card = parse_dev_card(j.get_ref<const std::string&>());
            if (!v.card)
                throw InputError(fmt::format("{}: expected a development card ({}) or null, got {}",
                                             at, join_names(kDevCardNames), type_name(j)));
            break;
    }
    v.seen |= field_bit(f);
}

// The rules between fields that the table does not state: a discard's count, a stolen
// card's victim.
void check_between(const Fields& f, const detail::EventValues& v) {
    if (v.type == static_cast<int>(event_type_index<Discard>())) {
        const json* n = f.opt("count");
        if (v.cards_hidden) {
            if (!n)
                throw InputError(fmt::format(
                    "{}: missing (a discard with hidden cards says how many)", f.at("count")));
        } else if (n) {
            int total = 0;
            for (int k : v.maps[2]) total += k;
            if (v.count != total)
                throw InputError(fmt::format("{}: expected {} (the number of cards given), got {}",
                                             f.at("count"), total, n->dump()));
        }
    }
    if (v.given && v.player >= 0 && v.player < kMaxPlayers &&
        (*v.given)[static_cast<std::size_t>(v.player)] != 0)
        throw InputError(fmt::format("{}: expected 0: the monopolist gives nothing to itself",
                                     index(f.at("given"), static_cast<std::size_t>(v.player))));
    if (v.stolen && v.victim == kNoPlayer)
        throw InputError(fmt::format("{}: a stolen card needs a victim", f.at("stolen")));
}

}  // namespace

Event event_from_json(const json& j, const std::vector<Seat>& seats, const Topology& t,
                      std::string_view path) {
    as_object(j, path);
    Fields f(j, path);
    auto it = j.find("type");
    if (it == j.end()) {
        // A log's header where an event is expected: logs written one after another (a
        // stream of games) read as one log.
        auto format = j.find("format");
        if (format != j.end() && *format == "catan-log")
            throw InputError(fmt::format(
                "{}: expected an event, got a log header (\"format\": \"catan-log\"): a "
                "second game starts here, and a log holds one game (a stream of logs is read "
                "game by game by catan-stats)",
                path));
        throw InputError(fmt::format("{}: missing", field(path, "type")));
    }
    if (!it->is_string())
        throw InputError(
            fmt::format("{}: expected an event type, got {}", field(path, "type"), type_name(*it)));
    const std::string& type = it->get_ref<const std::string&>();
    std::size_t ti = 0;
    while (ti < kEventTypeNames.size() && kEventTypeNames[ti] != type) ++ti;
    if (ti == kEventTypeNames.size())
        throw InputError(fmt::format("{}: unknown event type \"{}\" (expected {})",
                                     field(path, "type"), type, join_names(kEventTypeNames)));

    const EventSpec& spec = kEventSpecs[ti];
    check_fields(j, spec, path);
    detail::EventValues v;
    v.type = static_cast<int>(ti);
    // Of the alternatives (dice or sum) exactly one is given: checked where the first is
    // listed, before its value is read.
    std::vector<std::string_view> alternatives_given;
    for (int i = 0; i < spec.field_count; ++i) {
        const FieldSpec& fs = spec.fields[static_cast<std::size_t>(i)];
        if (fs.alternative && f.opt(event_field_name(fs.field)))
            alternatives_given.push_back(event_field_name(fs.field));
    }
    bool alternatives_checked = false;
    // The fields in the spec's order.
    for (int i = 0; i < spec.field_count; ++i) {
        const FieldSpec& fs = spec.fields[static_cast<std::size_t>(i)];
        const std::string_view name = event_field_name(fs.field);
        const json* m = f.opt(name);
        if (fs.alternative && !alternatives_checked) {
            alternatives_checked = true;
            if (alternatives_given.size() > 1)
                throw InputError(fmt::format("{}: give either {} or {}, not both",
                                             f.at(alternatives_given[1]), alternatives_given[0],
                                             alternatives_given[1]));
            if (alternatives_given.empty())
                throw InputError(fmt::format("{}: missing", f.at(name)));
        }
        if (!m) {
            if (fs.required && !fs.alternative)
                throw InputError(fmt::format("{}: missing", f.at(name)));
            continue;
        }
        read_value(fs, *m, seats, t, f.at(name), v);
    }
    check_between(f, v);

    Event e;
    detail::build_event(v, e.body);
    if (auto n = j.find("note"); n != j.end() && !n->is_string())
        throw InputError(fmt::format("{}: expected a string, got {}", f.at("note"), type_name(*n)));
    if (auto c = j.find("claims"); c != j.end())
        e.claims = std::make_shared<const Claims>(claims_from_json(*c, seats, f.at("claims")));
    return e;
}

}  // namespace ctk
