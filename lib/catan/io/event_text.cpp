#include <catan/io/event_text.hpp>

#include <fmt/format.h>

namespace ctk {

namespace {

// "a, b and c"
std::string listed(const std::vector<std::string>& parts) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0) out += i + 1 == parts.size() ? " and " : ", ";
        out += parts[i];
    }
    return out;
}

std::string harbor_text(const Board& board, VertexId v) {
    const auto kind = board.harbor_at(v);
    if (!kind) return "";
    if (harbor_resource(*kind)) return fmt::format(" by the 2:1 {} harbor", harbor_name(*kind));
    return fmt::format(" by the {} harbor", harbor_name(*kind));
}

std::string dev_card_words(DevCard c) {
    switch (c) {
        case DevCard::kKnight:
            return "a knight";
        case DevCard::kVictoryPoint:
            return "a victory point";
        case DevCard::kRoadBuilding:
            return "road building";
        case DevCard::kYearOfPlenty:
            return "year of plenty";
        case DevCard::kMonopoly:
            return "monopoly";
    }
    return "a development card";
}

// The sentence of each event type, the player's name first.
struct Sentence {
    const std::vector<Seat>& seats;
    const Board& board;

    std::string name(PlayerId p) const { return seat_name(seats, p); }

    std::string operator()(const PlaceSettlement& x) const {
        return fmt::format("{} places a settlement {}", name(x.player),
                           vertex_text(board, x.vertex));
    }
    std::string operator()(const PlaceRoad& x) const {
        return fmt::format("{} places a road {}", name(x.player), edge_text(board, x.edge));
    }
    std::string operator()(const Roll& x) const {
        if (!x.pair_known()) return fmt::format("{} rolls {}", name(x.player), x.sum());
        return fmt::format("{} rolls {} ({} + {})", name(x.player), x.sum(), x.die1, x.die2);
    }
    std::string operator()(const Discard& x) const {
        if (x.hidden)
            return fmt::format("{} discards {} hidden card{}", name(x.player), x.count,
                               x.count == 1 ? "" : "s");
        return fmt::format("{} discards {}", name(x.player), cards_text(x.cards));
    }
    std::string operator()(const MoveRobber& x) const {
        std::string out =
            fmt::format("{} moves the robber to {}", name(x.player), hex_text(board, x.hex));
        if (x.victim == kNoPlayer) return out + " and steals nothing";
        if (!x.stolen)
            return out + fmt::format(" and steals a hidden card from {}", name(x.victim));
        return out +
               fmt::format(" and steals 1 {} from {}", resource_name(*x.stolen), name(x.victim));
    }
    std::string operator()(const TradeBank& x) const {
        return fmt::format("{} trades {} to the bank for {}", name(x.player), cards_text(x.give),
                           cards_text(x.get));
    }
    std::string operator()(const TradeOffer& x) const {
        return fmt::format("{} offers {} to {} for {}", name(x.player), cards_text(x.give),
                           name(x.to), cards_text(x.get));
    }
    std::string operator()(const TradeAccept& x) const {
        return fmt::format("{} accepts the offer", name(x.player));
    }
    std::string operator()(const TradeReject& x) const {
        return fmt::format("{} rejects the offer", name(x.player));
    }
    std::string operator()(const TradeCancel& x) const {
        return fmt::format("{} withdraws the offer", name(x.player));
    }
    std::string operator()(const TradePlayer& x) const {
        return fmt::format("{} trades {} to {} for {}", name(x.player), cards_text(x.give),
                           name(x.partner), cards_text(x.get));
    }
    std::string operator()(const BuildRoad& x) const {
        return fmt::format("{} builds a road {}", name(x.player), edge_text(board, x.edge));
    }
    std::string operator()(const BuildSettlement& x) const {
        return fmt::format("{} builds a settlement {}", name(x.player),
                           vertex_text(board, x.vertex));
    }
    std::string operator()(const BuildCity& x) const {
        return fmt::format("{} builds a city {}", name(x.player), vertex_text(board, x.vertex));
    }
    std::string operator()(const BuyDevCard& x) const {
        return fmt::format("{} buys a development card ({})", name(x.player),
                           x.card ? dev_card_words(*x.card) : "hidden");
    }
    std::string operator()(const PlayKnight& x) const {
        return fmt::format("{} plays a knight", name(x.player));
    }
    std::string operator()(const PlayRoadBuilding& x) const {
        return fmt::format("{} plays road building", name(x.player));
    }
    std::string operator()(const PlayYearOfPlenty& x) const {
        return fmt::format("{} plays year of plenty for {}", name(x.player), cards_text(x.take));
    }
    std::string operator()(const PlayMonopoly& x) const {
        std::string out =
            fmt::format("{} plays monopoly on {}", name(x.player), resource_name(x.resource));
        if (!x.given) return out;
        // the haul: "and takes 3 (2 from blue, 1 from white, none from orange)"
        int total = 0;
        std::string from;
        for (std::size_t q = 0; q < seats.size() && q < x.given->size(); ++q) {
            if (static_cast<PlayerId>(q) == x.player) continue;
            const int n = (*x.given)[q];
            total += n;
            from += fmt::format("{}{} from {}", from.empty() ? "" : ", ",
                                n == 0 ? std::string("none") : std::to_string(n),
                                name(static_cast<PlayerId>(q)));
        }
        return fmt::format("{} and takes {} ({})", out, total, from);
    }
    std::string operator()(const EndTurn& x) const {
        return fmt::format("{} ends the turn", name(x.player));
    }
    std::string operator()(const Resign& x) const {
        return fmt::format("{} resigns", name(x.player));
    }
    std::string operator()(const SpecialBuild& x) const {
        return fmt::format("{} starts a special building part", name(x.player));
    }
};

}  // namespace

std::string cards_text(const ResourceCounts& cards) {
    std::vector<std::string> parts;
    for (Resource r : kResources)
        if (int n = cards[static_cast<std::size_t>(r)]; n != 0)
            parts.push_back(fmt::format("{} {}", n, resource_name(r)));
    return parts.empty() ? "nothing" : listed(parts);
}

std::string hex_text(const Board& board, HexId h) {
    if (!board.topology().valid_hex(h)) return fmt::format("hex {}", h);
    const int token = board.token(h);
    if (token == 0) return fmt::format("the {} [hex {}]", terrain_name(board.terrain(h)), h);
    return fmt::format("the {} ({}) [hex {}]", terrain_name(board.terrain(h)), token, h);
}

namespace {
// A hex without its id: "the hills (10)".
std::string hex_words(const Board& board, HexId h) {
    const int token = board.token(h);
    if (token == 0) return fmt::format("the {}", terrain_name(board.terrain(h)));
    return fmt::format("the {} ({})", terrain_name(board.terrain(h)), token);
}
}  // namespace

std::string vertex_text(const Board& board, VertexId v) {
    const Topology& t = board.topology();
    if (!t.valid_vertex(v)) return fmt::format("[vertex {}]", v);
    const auto& hexes = t.vertex_hexes(v);
    std::vector<std::string> names;
    for (HexId h : hexes) names.push_back(hex_words(board, h));
    std::string where;
    if (hexes.size() == 1) {
        const HexCorner c = t.vertex_corner(v);
        where = fmt::format("on the coast at the {} corner of {}", corner_name(c.corner),
                            names.front());
    } else {
        where = fmt::format("{}between {}", hexes.size() < 3 ? "on the coast " : "", listed(names));
    }
    return fmt::format("{}{} [vertex {}]", where, harbor_text(board, v), v);
}

std::string edge_text(const Board& board, EdgeId e) {
    const Topology& t = board.topology();
    if (!t.valid_edge(e)) return fmt::format("[edge {}]", e);
    const auto& hexes = t.edge_hexes(e);
    if (hexes.size() == 1) {
        const HexSide s = t.edge_side(e);
        return fmt::format("on the coast at the {} side of {} [edge {}]", side_name(s.side),
                           hex_words(board, s.hex), e);
    }
    std::vector<std::string> names;
    for (HexId h : hexes) names.push_back(hex_words(board, h));
    return fmt::format("between {} [edge {}]", listed(names), e);
}

std::string event_text(const EventBody& e, const std::vector<Seat>& seats, const Board& board) {
    return std::visit(Sentence{seats, board}, e);
}

std::string violation_line(std::string_view name, const Violation& v, const Event* event,
                           const std::vector<Seat>& seats, const Board& board) {
    if (!event) return fmt::format("{}: {}: {}", name, v.rule_id, v.message);
    return fmt::format("{}: event {} (turn {}, {}): {}: {}", name, v.event_index, v.turn,
                       event_text(event->body, seats, board), v.rule_id, v.message);
}

}  // namespace ctk
