// The native game log: JSON (one document) and JSON Lines in and out. Structure only;
// the rules live in rules.cpp.
#include "event.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "json_util.hpp"

namespace ctk {

using nlohmann::json;
using namespace json_util;

namespace {

constexpr std::array<std::string_view, kDevCardKinds> kDevCardNames{
    "knight", "victory_point", "road_building", "year_of_plenty", "monopoly"};

// In EventBody index order.
constexpr std::array<std::string_view, std::variant_size_v<EventBody>> kEventTypeNames{
    "place_settlement", "place_road",         "roll",
    "discard",          "move_robber",        "trade_bank",
    "trade_offer",      "trade_accept",       "trade_reject",
    "trade_cancel",     "trade_player",       "build_road",
    "build_settlement", "build_city",         "buy_dev_card",
    "play_knight",      "play_road_building", "play_year_of_plenty",
    "play_monopoly",    "end_turn",           "resign"};

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

std::string format_line_prefix(std::string_view name, std::size_t i, int line) {
    if (line > 0) return fmt::format("{}: event {} (line {})", name, i, line);
    return fmt::format("{}: event {}", name, i);
}

}  // namespace

std::string_view dev_card_name(DevCard c) {
    return kDevCardNames[static_cast<std::size_t>(c)];
}

std::optional<DevCard> parse_dev_card(std::string_view s) {
    for (std::size_t i = 0; i < kDevCardNames.size(); ++i)
        if (kDevCardNames[i] == s) return static_cast<DevCard>(i);
    return std::nullopt;
}

std::string_view event_type_name(const EventBody& e) {
    return kEventTypeNames[e.index()];
}

PlayerId event_player(const EventBody& e) {
    return std::visit([](const auto& b) { return b.player; }, e);
}

std::string event_summary(const EventBody& e) {
    std::string_view type = event_type_name(e);
    return std::visit(
        [&](const auto& b) -> std::string {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, PlaceSettlement> ||
                          std::is_same_v<T, BuildSettlement> || std::is_same_v<T, BuildCity>)
                return fmt::format("{} {}", type, b.vertex);
            else if constexpr (std::is_same_v<T, PlaceRoad> || std::is_same_v<T, BuildRoad>)
                return fmt::format("{} {}", type, b.edge);
            else if constexpr (std::is_same_v<T, Roll>)
                return fmt::format("{} {}", type, b.die1 + b.die2);
            else if constexpr (std::is_same_v<T, MoveRobber>)
                return fmt::format("{} {}", type, b.hex);
            else if constexpr (std::is_same_v<T, PlayMonopoly>)
                return fmt::format("{} {}", type, resource_name(b.resource));
            else if constexpr (std::is_same_v<T, BuyDevCard>)
                return b.card ? fmt::format("{} {}", type, dev_card_name(*b.card))
                              : std::string(type);
            else
                return std::string(type);
        },
        e);
}

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
    if (it == j.end()) throw InputError(fmt::format("{}: missing", field(path, "type")));
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
        default:
            e.body = Resign{player};
            break;
    }
    if (auto n = j.find("note"); n != j.end() && !n->is_string())
        throw InputError(fmt::format("{}: expected a string, got {}", f.at("note"), type_name(*n)));
    if (auto c = j.find("claims"); c != j.end())
        e.claims = std::make_shared<const Claims>(claims_from_json(*c, seats, f.at("claims")));
    return e;
}

const Board& log_board(const GameLog& log) {
    static const Board beginner = Board::beginner();
    return log.board ? *log.board : beginner;
}

json log_header_to_json(const GameLog& log) {
    json seats = json::array();
    for (const auto& s : log.seats) {
        json sj = {{"name", s.name}, {"color", s.color.empty() ? s.name : s.color}};
        if (s.source_seat) sj["source_seat"] = *s.source_seat;
        seats.push_back(std::move(sj));
    }
    json options = {{"vp_to_win", log.options.vp_to_win}};
    const GameOptions base;
    if (log.options.discard_limit != base.discard_limit)
        options["discard_limit"] = log.options.discard_limit;
    if (log.options.friendly_robber != base.friendly_robber)
        options["friendly_robber"] = log.options.friendly_robber;
    json j = {{"format", "catan-log"},
              {"version", log.version},
              {"options", std::move(options)},
              {"seats", std::move(seats)}};
    if (log.unrecorded.discards) j["unrecorded"] = json::array({"discards"});
    if (log.board) j["board"] = board_to_json(*log.board);
    if (!log.source.empty()) j["source"] = log.source;
    return j;
}

namespace {

// Reads the header object (JSON document minus events, or the first JSONL line).
GameLog header_from_json(const json& j, bool document) {
    as_object(j, "");
    GameLog log;
    for (const auto& [k, v] : j.items()) {
        if (k == "format") {
            if (!v.is_string() || v.get_ref<const std::string&>() != "catan-log")
                throw InputError(
                    fmt::format("format: expected \"catan-log\", got {}", type_name(v)));
        } else if (k == "version") {
            log.version = as_int(v, "version", 1, 1);
        } else if (k == "options") {
            as_object(v, "options");
            for (const auto& [ok, ov] : v.items()) {
                if (ok == "vp_to_win") {
                    log.options.vp_to_win = as_int(ov, "options.vp_to_win", 3, 30);
                } else if (ok == "discard_limit") {
                    log.options.discard_limit = as_int(ov, "options.discard_limit", 2, 99);
                } else if (ok == "friendly_robber") {
                    if (!ov.is_boolean())
                        throw InputError(
                            fmt::format("options.friendly_robber: expected true or false, got {}",
                                        type_name(ov)));
                    log.options.friendly_robber = ov.get<bool>();
                } else {
                    throw InputError(fmt::format(
                        "options.{}: unknown option (expected vp_to_win, discard_limit, "
                        "friendly_robber)",
                        ok));
                }
            }
        } else if (k == "unrecorded") {
            as_array(v, "unrecorded");
            for (std::size_t i = 0; i < v.size(); ++i) {
                std::string at = index("unrecorded", i);
                if (as_string(v[i], at) == "discards")
                    log.unrecorded.discards = true;
                else
                    throw InputError(fmt::format("{}: unknown name \"{}\" (expected discards)", at,
                                                 v[i].get<std::string>()));
            }
        } else if (k == "seats") {
            as_array(v, "seats");
            if (v.size() < 2 || v.size() > static_cast<std::size_t>(kMaxPlayers))
                throw InputError(
                    fmt::format("seats: expected 2..{} seats, got {}", kMaxPlayers, v.size()));
            for (std::size_t i = 0; i < v.size(); ++i) {
                std::string p = index("seats", i);
                as_object(v[i], p);
                Seat s;
                for (const auto& [sk, sv] : v[i].items()) {
                    if (sk == "name")
                        s.name = as_string(sv, field(p, "name"));
                    else if (sk == "color")
                        s.color = as_string(sv, field(p, "color"));
                    else if (sk == "source_seat")
                        s.source_seat = as_int(sv, field(p, "source_seat"), 0, 1000);
                    else
                        throw InputError(fmt::format(
                            "{}: unknown field (expected name, color, source_seat)", field(p, sk)));
                }
                if (s.name.empty()) throw InputError(fmt::format("{}: missing", field(p, "name")));
                for (const auto& other : log.seats)
                    if (other.name == s.name)
                        throw InputError(fmt::format("{}: duplicate seat name \"{}\"",
                                                     field(p, "name"), s.name));
                if (s.color.empty()) s.color = s.name;
                log.seats.push_back(std::move(s));
            }
        } else if (k == "board") {
            try {
                log.board = board_from_json(v);
            } catch (const InputError& e) {
                throw InputError(fmt::format("board.{}", e.what()));
            }
        } else if (k == "source") {
            log.source = as_string(v, "source");
        } else if (k == "events" && document) {
            // read by the caller
        } else {
            throw InputError(
                fmt::format("{}: unknown field (expected format, version, options, unrecorded, "
                            "seats, board, source{})",
                            k, document ? ", events" : ""));
        }
    }
    if (!j.contains("format")) throw InputError("format: missing (expected \"catan-log\")");
    if (log.seats.empty()) throw InputError("seats: missing");
    // RULES.md "Variants": 5 or 6 seats play the 5-6 player extension on its board.
    if (log.seats.size() > 4 && log_board(log).kind() != BoardKind::kExtended)
        throw InputError(fmt::format(
            "seats: {} seats on the {} board: the base game holds at most 4 players (5 or 6 "
            "play the 5-6 player extension, whose log states the extended 30-hex board)",
            log.seats.size(), log.board ? board_kind_name(log.board->kind()) : "beginner"));
    return log;
}

// The 1-based line where each element of the top-level "events" array starts, found by a
// scan of the text that tracks nesting and strings (nlohmann's document gives no
// positions). Only used for messages and Event::source_line; assumes valid JSON.
std::vector<int> document_event_lines(std::string_view text) {
    std::vector<int> lines;
    int depth = 0, line = 1;
    bool in_string = false, events_key = false, in_events = false, expect_value = false;
    std::size_t key_start = 0;
    std::string_view last_key;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '\n') ++line;
        if (in_string) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                in_string = false;
                if (depth == 1) last_key = text.substr(key_start, i - key_start);
            }
            continue;
        }
        if (in_events && depth == 2 && expect_value && c != ' ' && c != '\n' && c != '\t' &&
            c != '\r' && c != ',' && c != ']') {
            lines.push_back(line);
            expect_value = false;
        }
        switch (c) {
            case '"':
                in_string = true;
                key_start = i + 1;
                break;
            case ':':
                if (depth == 1) events_key = last_key == "events";
                break;
            case '{':
            case '[':
                ++depth;
                if (depth == 2 && c == '[' && events_key) {
                    in_events = true;
                    expect_value = true;
                }
                break;
            case '}':
            case ']':
                --depth;
                if (depth == 1 && in_events) return lines;
                break;
            case ',':
                if (in_events && depth == 2) expect_value = true;
                break;
            default:
                break;
        }
    }
    return lines;
}

// The line that starts at `pos` (without its '\n'); `pos` moves past it and never past
// text.size() (0 <= pos <= text.size() before and after), so a last line without a final
// newline ends the text instead of leaving `pos` one past it.
std::string_view next_line(std::string_view text, std::size_t& pos) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end < text.size() ? end + 1 : text.size();
    return line;
}

bool blank(std::string_view line) {
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

// A SAX reader for the common shape of an event line (flat fields, resource maps, the
// dice array): it builds the Event without a JSON document, which halves the cost of
// reading JSON Lines. Anything else — claims, a note, the {"hex", ...} forms, or any
// error — makes it give up, and the line is read by event_from_json, whose messages
// are the reference. So both paths accept exactly the same events.
class FastEventReader {
  public:
    using Json = json;
    FastEventReader(const std::vector<Seat>& seats, const Topology& t) : seats_(seats), t_(t) {}

    // The event, or nullopt to take the slow path.
    // Call once per reader (one reader per line).
    std::optional<Event> read(std::string_view line) {
        if (!json::sax_parse(line, this, nlohmann::detail::input_format_t::json, true)) return {};
        return build();
    }

    bool null() {
        return depth_ == 1 && (field_ == kVictim || field_ == kStolen || field_ == kCard) && mark();
    }
    bool boolean(bool) { return false; }
    bool number_integer(json::number_integer_t v) { return number(v); }
    bool number_unsigned(json::number_unsigned_t v) {
        return v < 1000 && number(static_cast<long long>(v));
    }
    bool number_float(json::number_float_t, const std::string&) { return false; }
    bool binary(json::binary_t&) { return false; }
    bool string(json::string_t& v) {
        if (depth_ != 1 || in_dice_) return false;
        switch (field_) {
            case kType: {
                std::size_t i = 0;
                while (i < kEventTypeNames.size() && kEventTypeNames[i] != v) ++i;
                if (i == kEventTypeNames.size()) return false;
                type_ = static_cast<int>(i);
                return mark();
            }
            case kPlayer:
                return seat(v, player_) && mark();
            case kVictim:
                return seat(v, victim_) && mark();
            case kTo:
            case kPartner:
                return seat(v, other_) && mark();
            case kStolen:
            case kResource: {
                auto r = parse_resource(v);
                if (!r || resource_name(*r) != v) return false;
                resource_ = *r;
                has_resource_ = true;
                return mark();
            }
            case kCard: {
                card_ = parse_dev_card(v);
                return card_.has_value() && mark();
            }
            default:
                return false;
        }
    }
    bool start_object(std::size_t) {
        ++depth_;
        if (depth_ == 1) return true;
        if (depth_ == 2 && map_index(field_) >= 0 && !in_dice_) {
            map_ = &maps_[map_index(field_)];
            return mark();
        }
        return false;
    }
    bool end_object() {
        --depth_;
        map_ = nullptr;
        return true;
    }
    bool start_array(std::size_t) {
        if (depth_ != 1 || field_ != kDice || in_dice_) return false;
        in_dice_ = true;
        return mark();
    }
    bool end_array() {
        in_dice_ = false;
        return dice_count_ == 2;
    }
    bool key(json::string_t& k) {
        if (depth_ == 2) {
            auto r = parse_resource(k);
            if (!r || resource_name(*r) != k) return false;
            map_res_ = static_cast<int>(*r);
            return true;
        }
        if (depth_ != 1) return false;
        for (int f = 0; f < kFieldCount; ++f)
            if (kFieldNames[f] == k) {
                field_ = static_cast<Field>(f);
                return !(seen_ >> f & 1u);  // a repeated field takes the slow path
            }
        return false;  // claims, note, unknown fields: the slow path
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
        return false;
    }

  private:
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
    static constexpr std::array<std::string_view, kFieldCount> kFieldNames{
        "type",    "player", "vertex",   "edge", "hex",  "victim", "stolen", "to",
        "partner", "card",   "resource", "dice", "give", "get",    "cards",  "take"};
    static int map_index(Field f) { return f >= kGive && f <= kTake ? f - kGive : -1; }

    bool mark() {
        seen_ |= 1u << field_;
        return true;
    }
    bool seat(const std::string& name, PlayerId& out) {
        for (std::size_t i = 0; i < seats_.size(); ++i)
            if (seats_[i].name == name) {
                out = static_cast<PlayerId>(i);
                return true;
            }
        return false;
    }
    bool number(long long v) {
        if (depth_ == 2 && map_) {
            if (v < 0 || v > 95) return false;
            (*map_)[map_res_] = static_cast<int>(v);
            return true;
        }
        if (depth_ != 1) return false;
        if (in_dice_) {
            if (v < 1 || v > 6 || dice_count_ >= 2) return false;
            dice_[dice_count_++] = static_cast<int>(v);
            return true;
        }
        if (field_ != kVertex && field_ != kEdge && field_ != kHex) return false;
        if (v < 0 || v > 10000) return false;
        id_ = static_cast<int>(v);
        return mark();
    }
    bool has(Field f) const { return seen_ >> f & 1u; }
    // Exactly the fields of the event type (unknown or missing ones: slow path).
    bool fields_are(std::initializer_list<Field> required,
                    std::initializer_list<Field> optional = {}) const {
        unsigned want = 1u << kType | 1u << kPlayer, may = 0;
        for (Field f : required) want |= 1u << f;
        for (Field f : optional) may |= 1u << f;
        return (seen_ & want) == want && (seen_ & ~(want | may)) == 0;
    }

    std::optional<Event> build() const {
        if (!has(kType) || !has(kPlayer)) return {};
        const PlayerId p = player_;
        Event e;
        auto vertex_ok = [&] { return id_ < t_.vertex_count(); };
        auto edge_ok = [&] { return id_ < t_.edge_count(); };
        switch (type_) {
            case 0:
                if (!fields_are({kVertex}) || !vertex_ok()) return {};
                e.body = PlaceSettlement{p, id_};
                break;
            case 1:
                if (!fields_are({kEdge}) || !edge_ok()) return {};
                e.body = PlaceRoad{p, id_};
                break;
            case 2:
                if (!fields_are({kDice})) return {};
                e.body = Roll{p, dice_[0], dice_[1]};
                break;
            case 3:
                if (!fields_are({kCards})) return {};
                e.body = Discard{p, maps_[2]};
                break;
            case 4: {
                if (!fields_are({kHex}, {kVictim, kStolen}) || id_ >= t_.hex_count()) return {};
                std::optional<Resource> stolen;
                if (has_resource_) stolen = resource_;
                if (stolen && victim_ == kNoPlayer) return {};
                e.body = MoveRobber{p, id_, victim_, stolen};
                break;
            }
            case 5:
                if (!fields_are({kGive, kGet})) return {};
                e.body = TradeBank{p, maps_[0], maps_[1]};
                break;
            case 6:
                if (!fields_are({kTo, kGive, kGet})) return {};
                e.body = TradeOffer{p, other_, maps_[0], maps_[1]};
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
                e.body = TradePlayer{p, other_, maps_[0], maps_[1]};
                break;
            case 11:
                if (!fields_are({kEdge}) || !edge_ok()) return {};
                e.body = BuildRoad{p, id_};
                break;
            case 12:
                if (!fields_are({kVertex}) || !vertex_ok()) return {};
                e.body = BuildSettlement{p, id_};
                break;
            case 13:
                if (!fields_are({kVertex}) || !vertex_ok()) return {};
                e.body = BuildCity{p, id_};
                break;
            case 14:
                if (!fields_are({}, {kCard})) return {};
                e.body = BuyDevCard{p, card_};
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
                e.body = PlayYearOfPlenty{p, maps_[3]};
                break;
            case 18:
                if (!fields_are({kResource}) || !has_resource_) return {};
                e.body = PlayMonopoly{p, resource_};
                break;
            case 19:
                if (!fields_are({})) return {};
                e.body = EndTurn{p};
                break;
            case 20:
                if (!fields_are({})) return {};
                e.body = Resign{p};
                break;
            default:
                return {};
        }
        return e;
    }

    const std::vector<Seat>& seats_;
    const Topology& t_;
    int depth_ = 0;
    Field field_ = kType;
    unsigned seen_ = 0;
    int type_ = -1;
    PlayerId player_ = kNoPlayer, victim_ = kNoPlayer, other_ = kNoPlayer;
    int id_ = 0;
    bool has_resource_ = false;
    Resource resource_ = Resource::kBrick;
    std::optional<DevCard> card_;
    std::array<int, 2> dice_{};
    int dice_count_ = 0;
    bool in_dice_ = false;
    std::array<ResourceCounts, 4> maps_{};  // give, get, cards, take
    ResourceCounts* map_ = nullptr;
    int map_res_ = 0;
};

}  // namespace

namespace {
// The header line of a JSON Lines log (already parsed), with messages naming its line.
GameLog jsonl_header(const json& head, std::string_view name, std::size_t line) {
    try {
        return header_from_json(head, false);
    } catch (const InputError& e) {
        throw InputError(fmt::format("{}: header (line {}): {}", name, line, e.what()));
    }
}

// One event line of a JSON Lines log: event `i` on line `line_no` of input `name`.
Event jsonl_event(std::string_view line, const std::vector<Seat>& seats, const Topology& t,
                  std::size_t i, int line_no, std::string_view name) {
    if (line.find('\0') != std::string_view::npos)
        throw InputError(fmt::format("{}: not valid JSON: column {}: a NUL byte (JSON has none)",
                                     format_line_prefix(name, i, line_no), line.find('\0') + 1));
    if (auto fast_event = FastEventReader(seats, t).read(line)) {
        fast_event->source_line = line_no;
        return std::move(*fast_event);
    }
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded()) {
        // Re-parse with exceptions for nlohmann's message (where and what).
        try {
            json again = json::parse(line);
        } catch (const json::exception& e) {
            throw InputError(fmt::format("{}: not valid JSON: {}",
                                         format_line_prefix(name, i, line_no), e.what()));
        }
    }
    try {
        Event e = event_from_json(j, seats, t, fmt::format("events[{}]", i));
        e.source_line = line_no;
        return e;
    } catch (const InputError& e) {
        throw InputError(fmt::format("{}: {}", format_line_prefix(name, i, line_no), e.what()));
    }
}
}  // namespace

GameLog read_log(std::string_view text, std::string_view name) {
    // Detection: the first non-blank line parsed alone. A header object without "events"
    // followed by more lines is JSON Lines; anything else is read as one document.
    std::size_t pos = 0, line_no = 0;
    std::string_view first;
    std::size_t first_line = 0;
    while (pos < text.size()) {
        ++line_no;
        std::string_view line = next_line(text, pos);
        if (!blank(line)) {
            first = line;
            first_line = line_no;
            break;
        }
    }
    if (first.empty())
        throw InputError(fmt::format("{}: empty input (expected a catan-log)", name));
    if (auto nul = find_nul_byte(text))
        throw InputError(fmt::format("{}: not valid JSON: {}", name, *nul));

    json head = json::parse(first, nullptr, false);
    bool jsonl = !head.is_discarded() && head.is_object() && !head.contains("events");
    if (!jsonl) {
        json doc;
        try {
            doc = json::parse(text);
        } catch (const json::exception& e) {
            throw InputError(fmt::format("{}: not valid JSON: {}", name, e.what()));
        }
        GameLog log;
        try {
            log = header_from_json(doc, true);
        } catch (const InputError& e) {
            throw InputError(fmt::format("{}: header: {}", name, e.what()));
        }
        const json* events = doc.contains("events") ? &doc["events"] : nullptr;
        if (!events) throw InputError(fmt::format("{}: events: missing", name));
        if (!events->is_array())
            throw InputError(
                fmt::format("{}: events: expected an array, got {}", name, type_name(*events)));
        const Topology& t = log_board(log).topology();
        log.events.reserve(events->size());
        std::vector<int> lines = document_event_lines(text);
        if (lines.size() != events->size()) lines.assign(events->size(), 0);
        for (std::size_t i = 0; i < events->size(); ++i) {
            try {
                log.events.push_back(
                    event_from_json((*events)[i], log.seats, t, index("events", i)));
            } catch (const InputError& e) {
                // Messages name the line only for JSON Lines, where a line is an event.
                throw InputError(fmt::format("{}: {}", format_line_prefix(name, i, 0), e.what()));
            }
            log.events.back().source_line = lines[i];
        }
        return log;
    }

    GameLog log = jsonl_header(head, name, first_line);
    const Topology& t = log_board(log).topology();
    std::string_view rest = text.substr(pos);
    log.events.reserve(static_cast<std::size_t>(std::count(rest.begin(), rest.end(), '\n')) + 1);
    while (pos < text.size()) {
        ++line_no;
        std::string_view line = next_line(text, pos);
        if (blank(line)) continue;
        log.events.push_back(
            jsonl_event(line, log.seats, t, log.events.size(), static_cast<int>(line_no), name));
    }
    return log;
}

LogReader::LogReader(std::istream& in, std::string name) : in_(in), name_(std::move(name)) {
    if (in_.peek() == 0xEF) {  // a UTF-8 byte-order mark
        char bom[3] = {};
        in_.read(bom, 3);
        if (std::string_view(bom, static_cast<std::size_t>(in_.gcount())) != "\xEF\xBB\xBF")
            throw InputError(
                fmt::format("{}: not valid JSON: line 1 starts with a stray byte", name_));
    }
    while (std::getline(in_, line_)) {
        ++line_no_;
        if (!blank(line_)) break;
    }
    if (blank(line_))
        throw InputError(fmt::format("{}: empty input (expected a catan-log)", name_));
    if (std::size_t nul = line_.find('\0'); nul != std::string::npos)
        throw InputError(
            fmt::format("{}: not valid JSON: line {}, column {}: a NUL byte (JSON has none)", name_,
                        line_no_, nul + 1));
    json head = json::parse(line_, nullptr, false);
    if (!head.is_discarded() && head.is_object() && !head.contains("events")) {
        lines_ = true;
        log_ = jsonl_header(head, name_, static_cast<std::size_t>(line_no_));
        return;
    }
    // One document: read it whole, with the blank lines before it for the line numbers.
    std::string text(static_cast<std::size_t>(line_no_ - 1), '\n');
    text += line_;
    text += '\n';
    std::ostringstream rest;
    rest << in_.rdbuf();
    text += rest.str();
    log_ = read_log(text, name_);
    document_events_ = std::move(log_.events);
    log_.events.clear();
}

std::optional<Event> LogReader::next() {
    if (!lines_) {
        if (read_ >= document_events_.size()) return std::nullopt;
        return std::move(document_events_[read_++]);
    }
    while (std::getline(in_, line_)) {
        ++line_no_;
        if (blank(line_)) continue;
        Event e =
            jsonl_event(line_, log_.seats, log_board(log_).topology(), read_, line_no_, name_);
        ++read_;
        return e;
    }
    if (in_.bad()) throw InputError(fmt::format("{}: read error", name_));
    return std::nullopt;
}

std::string write_log(const GameLog& log, LogFormat format) {
    json head = log_header_to_json(log);
    std::string out;
    if (format == LogFormat::kJsonl) {
        out = head.dump();
        out += '\n';
        for (const auto& e : log.events) {
            out += event_to_json(e, log.seats).dump();
            out += '\n';
        }
        return out;
    }
    // One document: the header fields, then the events one per line (diff-friendly).
    std::string h = head.dump(2);
    h.pop_back();  // the closing brace
    while (!h.empty() && (h.back() == '\n' || h.back() == ' ')) h.pop_back();
    out = h;
    out += ",\n  \"events\": [";
    for (std::size_t i = 0; i < log.events.size(); ++i) {
        out += i ? ",\n    " : "\n    ";
        out += event_to_json(log.events[i], log.seats).dump();
    }
    out += log.events.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

}  // namespace ctk
