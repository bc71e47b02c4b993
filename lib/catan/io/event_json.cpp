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

#include <catan/io/json_util.hpp>

namespace ctk {

using nlohmann::json;
using namespace json_util;

namespace {

// The fields of each event type besides "type", "claims" and "note", in EventBody order.
constexpr std::array<std::string_view, std::variant_size_v<EventBody>> kEventFields{
    "player, vertex",
    "player, edge",
    "player, dice, sum",
    "player, cards, count",
    "player, hex, victim, stolen",
    "player, give, get",
    "player, to, give, get",
    "player",
    "player",
    "player",
    "player, partner, give, get",
    "player, edge",
    "player, vertex",
    "player, vertex",
    "player, card",
    "player",
    "player",
    "player, take",
    "player, resource",
    "player",
    "player",
    "player"};

// Unknown fields are reported before missing ones: a typo makes both.
bool has_token(std::string_view list, std::string_view name) {
    std::size_t pos = 0;
    while (pos <= list.size()) {
        std::size_t end = list.find(", ", pos);
        if (end == std::string_view::npos) end = list.size();
        if (list.substr(pos, end - pos) == name) return true;
        pos = end + 2;
    }
    return false;
}

void check_fields(const json& j, std::size_t type, std::string_view path) {
    std::string_view allowed = kEventFields[type];
    for (const auto& [k, v] : j.items()) {
        if (k == "type" || k == "claims" || k == "note") continue;
        if (!has_token(allowed, k)) {
            // A typo also leaves a required field missing: name both.
            for (std::string_view req : {"vertex", "edge", "dice", "cards", "hex", "give", "get",
                                         "to", "partner", "take", "resource", "player"})
                if (has_token(allowed, req) && !j.contains(req))
                    throw InputError(fmt::format("{}: missing (unknown field \"{}\" instead?)",
                                                 field(path, req), k));
            throw InputError(fmt::format("{}: unknown field (expected type, {}, claims, note)",
                                         field(path, k), allowed));
        }
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
    const json& req(std::string_view key) const {
        const json* m = opt(key);
        if (!m) throw InputError(fmt::format("{}: missing", field(path_, key)));
        return *m;
    }
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
        r[static_cast<std::size_t>(*res)] = as_int(v, field(path, k), 0, 95);
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

json event_to_json(const Event& e, const std::vector<Seat>& seats) {
    json j = json::object();
    j["type"] = event_type_name(e.body);
    auto name = [&](PlayerId p) { return p == kNoPlayer ? json() : json(seats[p].name); };
    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            j["player"] = name(b.player);
            if constexpr (std::is_same_v<T, PlaceSettlement> ||
                          std::is_same_v<T, BuildSettlement> || std::is_same_v<T, BuildCity>) {
                j["vertex"] = b.vertex;
            } else if constexpr (std::is_same_v<T, PlaceRoad> || std::is_same_v<T, BuildRoad>) {
                j["edge"] = b.edge;
            } else if constexpr (std::is_same_v<T, Roll>) {
                if (b.pair_known())
                    j["dice"] = {b.die1, b.die2};
                else
                    j["sum"] = b.sum();
            } else if constexpr (std::is_same_v<T, Discard>) {
                if (b.hidden) {
                    j["cards"] = nullptr;
                    j["count"] = b.count;
                } else {
                    j["cards"] = resources_to_json(b.cards);
                }
            } else if constexpr (std::is_same_v<T, MoveRobber>) {
                j["hex"] = b.hex;
                j["victim"] = name(b.victim);
                j["stolen"] = b.stolen ? json(resource_name(*b.stolen)) : json();
            } else if constexpr (std::is_same_v<T, TradeBank>) {
                j["give"] = resources_to_json(b.give);
                j["get"] = resources_to_json(b.get);
            } else if constexpr (std::is_same_v<T, TradeOffer>) {
                j["to"] = name(b.to);
                j["give"] = resources_to_json(b.give);
                j["get"] = resources_to_json(b.get);
            } else if constexpr (std::is_same_v<T, TradePlayer>) {
                j["partner"] = name(b.partner);
                j["give"] = resources_to_json(b.give);
                j["get"] = resources_to_json(b.get);
            } else if constexpr (std::is_same_v<T, BuyDevCard>) {
                j["card"] = b.card ? json(dev_card_name(*b.card)) : json();
            } else if constexpr (std::is_same_v<T, PlayYearOfPlenty>) {
                j["take"] = resources_to_json(b.take);
            } else if constexpr (std::is_same_v<T, PlayMonopoly>) {
                j["resource"] = resource_name(b.resource);
            }
        },
        e.body);
    if (e.claims) j["claims"] = claims_to_json(*e.claims, seats);
    return j;
}

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

    check_fields(j, ti, path);
    PlayerId player = player_from_json(f.req("player"), seats, f.at("player"));
    auto vertex = [&] { return vertex_from_json(f.req("vertex"), t, f.at("vertex")); };
    auto edge = [&] { return edge_from_json(f.req("edge"), t, f.at("edge")); };
    auto res = [&](std::string_view k) { return resources_from_json(f.req(k), f.at(k)); };

    Event e;
    switch (ti) {
        case 0:
            e.body = PlaceSettlement{player, vertex()};
            break;
        case 1:
            e.body = PlaceRoad{player, edge()};
            break;
        case 2: {
            if (const json* sum = f.opt("sum")) {
                if (j.contains("dice"))
                    throw InputError(
                        fmt::format("{}: give either dice or sum, not both", f.at("sum")));
                e.body = Roll{player, 0, as_int(*sum, f.at("sum"), 2, 12)};
                break;
            }
            const json& d = f.req("dice");
            std::string at = f.at("dice");
            if (!d.is_array() || d.size() != 2)
                throw InputError(
                    fmt::format("{}: expected two dice like [3, 4], got {}", at, type_name(d)));
            e.body =
                Roll{player, as_int(d[0], index(at, 0), 1, 6), as_int(d[1], index(at, 1), 1, 6)};
            break;
        }
        case 3: {
            const json& c = f.req("cards");
            const json* n = f.opt("count");
            if (c.is_null()) {
                if (!n)
                    throw InputError(fmt::format(
                        "{}: missing (a discard with hidden cards says how many)", f.at("count")));
                Discard d{player, ResourceCounts{}, true, as_int(*n, f.at("count"), 1, 200)};
                e.body = d;
                break;
            }
            Discard d{player, res("cards"), false, 0};
            if (n && as_int(*n, f.at("count"), 0, 200) != d.total())
                throw InputError(fmt::format("{}: expected {} (the number of cards given), got {}",
                                             f.at("count"), d.total(), n->dump()));
            e.body = d;
            break;
        }
        case 4: {
            HexId h = as_int(f.req("hex"), f.at("hex"), 0, t.hex_count() - 1);
            PlayerId victim = optional_player(f.opt("victim"), seats, f.at("victim"));
            std::optional<Resource> stolen;
            if (const json* s = f.opt("stolen"); s && !s->is_null())
                stolen = resource_from_json(*s, f.at("stolen"));
            if (stolen && victim == kNoPlayer)
                throw InputError(fmt::format("{}: a stolen card needs a victim", f.at("stolen")));
            e.body = MoveRobber{player, h, victim, stolen};
            break;
        }
        case 5:
            e.body = TradeBank{player, res("give"), res("get")};
            break;
        case 6: {
            PlayerId to = player_from_json(f.req("to"), seats, f.at("to"));
            e.body = TradeOffer{player, to, res("give"), res("get")};
            break;
        }
        case 7:
            e.body = TradeAccept{player};
            break;
        case 8:
            e.body = TradeReject{player};
            break;
        case 9:
            e.body = TradeCancel{player};
            break;
        case 10: {
            PlayerId partner = player_from_json(f.req("partner"), seats, f.at("partner"));
            e.body = TradePlayer{player, partner, res("give"), res("get")};
            break;
        }
        case 11:
            e.body = BuildRoad{player, edge()};
            break;
        case 12:
            e.body = BuildSettlement{player, vertex()};
            break;
        case 13:
            e.body = BuildCity{player, vertex()};
            break;
        case 14: {
            std::optional<DevCard> card;
            if (const json* c = f.opt("card"); c && !c->is_null()) {
                if (c->is_string()) card = parse_dev_card(c->get_ref<const std::string&>());
                if (!card)
                    throw InputError(
                        fmt::format("{}: expected a development card ({}) or null, got {}",
                                    f.at("card"), join_names(kDevCardNames), type_name(*c)));
            }
            e.body = BuyDevCard{player, card};
            break;
        }
        case 15:
            e.body = PlayKnight{player};
            break;
        case 16:
            e.body = PlayRoadBuilding{player};
            break;
        case 17:
            e.body = PlayYearOfPlenty{player, res("take")};
            break;
        case 18:
            e.body = PlayMonopoly{player, resource_from_json(f.req("resource"), f.at("resource"))};
            break;
        case 19:
            e.body = EndTurn{player};
            break;
        case 20:
            e.body = Resign{player};
            break;
        default:
            e.body = SpecialBuild{player};
            break;
    }
    if (auto n = j.find("note"); n != j.end() && !n->is_string())
        throw InputError(fmt::format("{}: expected a string, got {}", f.at("note"), type_name(*n)));
    if (auto c = j.find("claims"); c != j.end())
        e.claims = std::make_shared<const Claims>(claims_from_json(*c, seats, f.at("claims")));
    return e;
}

}  // namespace ctk
