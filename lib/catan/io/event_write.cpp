// The common events' JSON text without an nlohmann document (see event_write.hpp). The
// keys of each type are listed in byte order, as nlohmann's object (a std::map) writes
// them; tests compare every event of the samples and of imported logs with event_to_json.
#include <catan/io/event_write.hpp>

#include <charconv>
#include <string_view>

namespace ctk::detail {

EventWriter::EventWriter(const std::vector<Seat>& seats) {
    names_.reserve(seats.size());
    for (const Seat& s : seats) {
        for (char c : s.name)
            if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') plain_ = false;
        names_.push_back('"' + s.name + '"');
    }
}

namespace {

void put_int(std::string& out, int n) {
    char buf[16];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n);
    out.append(buf, end);
}

// {"brick":1,"grain":2,...}: the resources in name order, zero counts left out.
void put_resources(std::string& out, const ResourceCounts& r) {
    constexpr std::array<Resource, kResourceCount> kByName{
        Resource::kBrick, Resource::kGrain, Resource::kLumber, Resource::kOre, Resource::kWool};
    out += '{';
    bool first = true;
    for (Resource res : kByName) {
        const int n = r[static_cast<std::size_t>(res)];
        if (n == 0) continue;
        if (!first) out += ',';
        first = false;
        out += '"';
        out += resource_name(res);
        out += "\":";
        put_int(out, n);
    }
    out += '}';
}

}  // namespace

bool EventWriter::append(std::string& out, const Event& e) const {
    if (!plain_ || e.claims) return false;
    const std::size_t start = out.size();
    bool unnamed = false;  // a player that is not a seat: left to event_to_json
    auto player = [&](PlayerId p) {
        if (p == kNoPlayer)
            out += "null";
        else if (p < 0 || static_cast<std::size_t>(p) >= names_.size())
            unnamed = true;
        else
            out += names_[static_cast<std::size_t>(p)];
    };
    auto type = [&] {
        out += "\"type\":\"";
        out += event_type_name(e.body);
        out += '"';
    };
    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, PlaceSettlement> ||
                          std::is_same_v<T, BuildSettlement> || std::is_same_v<T, BuildCity>) {
                out += "{\"player\":";
                player(b.player);
                out += ',';
                type();
                out += ',';
                out += "\"vertex\":";
                put_int(out, b.vertex);
                out += '}';
            } else if constexpr (std::is_same_v<T, PlaceRoad> || std::is_same_v<T, BuildRoad>) {
                out += "{\"edge\":";
                put_int(out, b.edge);
                out += ",\"player\":";
                player(b.player);
                out += ',';
                type();
                out += '}';
            } else if constexpr (std::is_same_v<T, Roll>) {
                if (b.pair_known()) {
                    out += "{\"dice\":[";
                    put_int(out, b.die1);
                    out += ',';
                    put_int(out, b.die2);
                    out += "],\"player\":";
                    player(b.player);
                } else {
                    out += "{\"player\":";
                    player(b.player);
                    out += ",\"sum\":";
                    put_int(out, b.sum());
                }
                out += ',';
                type();
                out += '}';
            } else if constexpr (std::is_same_v<T, Discard>) {
                if (b.hidden) {
                    out += "{\"cards\":null,\"count\":";
                    put_int(out, b.count);
                } else {
                    out += "{\"cards\":";
                    put_resources(out, b.cards);
                }
                out += ",\"player\":";
                player(b.player);
                out += ',';
                type();
                out += '}';
            } else if constexpr (std::is_same_v<T, MoveRobber>) {
                out += "{\"hex\":";
                put_int(out, b.hex);
                out += ",\"player\":";
                player(b.player);
                out += ",\"stolen\":";
                if (b.stolen) {
                    out += '"';
                    out += resource_name(*b.stolen);
                    out += '"';
                } else {
                    out += "null";
                }
                out += ',';
                type();
                out += ',';
                out += "\"victim\":";
                player(b.victim);
                out += '}';
            } else if constexpr (std::is_same_v<T, TradeBank> || std::is_same_v<T, TradeOffer> ||
                                 std::is_same_v<T, TradePlayer>) {
                out += "{\"get\":";
                put_resources(out, b.get);
                out += ",\"give\":";
                put_resources(out, b.give);
                if constexpr (std::is_same_v<T, TradePlayer>) {
                    out += ",\"partner\":";
                    player(b.partner);
                }
                out += ",\"player\":";
                player(b.player);
                if constexpr (std::is_same_v<T, TradeOffer>) {
                    out += ",\"to\":";
                    player(b.to);
                }
                out += ',';
                type();
                out += '}';
            } else if constexpr (std::is_same_v<T, BuyDevCard>) {
                out += "{\"card\":";
                if (b.card) {
                    out += '"';
                    out += dev_card_name(*b.card);
                    out += '"';
                } else {
                    out += "null";
                }
                out += ",\"player\":";
                player(b.player);
                out += ',';
                type();
                out += '}';
            } else if constexpr (std::is_same_v<T, PlayYearOfPlenty>) {
                out += "{\"player\":";
                player(b.player);
                out += ",\"take\":";
                put_resources(out, b.take);
                out += ',';
                type();
                out += '}';
            } else if constexpr (std::is_same_v<T, PlayMonopoly>) {
                out += "{\"player\":";
                player(b.player);
                out += ",\"resource\":\"";
                out += resource_name(b.resource);
                out += "\",";
                type();
                out += '}';
            } else {
                out += "{\"player\":";
                player(b.player);
                out += ',';
                type();
                out += '}';
            }
        },
        e.body);
    if (unnamed) out.resize(start);
    return !unnamed;
}

}  // namespace ctk::detail
