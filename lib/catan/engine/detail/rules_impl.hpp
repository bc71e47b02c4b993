// Internals of the rules library shared by its sources (users include rules.hpp, whose
// contract this does not extend). The Checker holds one check per event; its methods are
// defined by phase and concern in rules_turn.cpp (the turn structure, setup, the 7 and the
// robber), rules_trade.cpp, rules_build.cpp and rules_cards.cpp; apply lives in
// rules_apply.cpp; the public functions, claims and production in rules.cpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include <catan/engine/cards.hpp>
#include <catan/engine/rules.hpp>

namespace ctk::rules_impl {

// A check's finding before the event's coordinates are filled in.
struct Finding {
    std::string_view rule;
    std::string message;
    std::string_view field;  // JSON field of the event at fault ("" = the event)
};
using Result = std::optional<Finding>;

inline Finding fail(std::string_view rule, std::string message, std::string_view field = "") {
    return Finding{rule, std::move(message), field};
}

// "2 brick, 1 wool" ("nothing" when empty).
std::string cards_text(const ResourceCounts& r);

// The first resource of `cards` the player holds fewer of, or nullopt when it holds them.
std::optional<Resource> missing_card(const PlayerState& ps, const ResourceCounts& cards);

// No resource is on both sides.
bool no_common_resource(const ResourceCounts& a, const ResourceCounts& b);

// The seat of player p, or null when the context has no seats or p is out of range.
const Seat* seat_of(const RuleContext& ctx, PlayerId p);

// The occupancy masks (state.hpp) as pieces are placed, after building / owner /
// road_owner: a settlement of p at v (also its harbors and the distance-rule neighbours),
// a settlement at v becoming a city, a road of p on e.
void occupy_settlement(GameState& s, PlayerId p, VertexId v);
void occupy_city(GameState& s, PlayerId p, VertexId v);
void occupy_road(GameState& s, PlayerId p, EdgeId e);

// One check per event type over a state it never changes.
class Checker {
  public:
    Checker(const GameState& s, const RuleContext& ctx) : s_(s), t_(s.topology()), ctx_(ctx) {}

    Result run(const EventBody& body);

    static bool road_connects(const GameState& s, PlayerId p, EdgeId e);

  private:
    std::string name(PlayerId p) const { return ctx_.player_name(p); }
    std::string building_at(VertexId v) const {
        return fmt::format("{}'s {} at {}", name(s_.owner[v]), building_name(s_.building[v]), v);
    }

    // game-over (RULES.md): nothing after the end, except the rest of the development card
    // whose play ended it (a knight's robber move, road building's remaining roads).
    Result game_over(const EventBody& body);
    // special-building (rules_special.cpp): true when the event is the special building
    // phase's to judge, its verdict then in `r`; false for an event of the next player's
    // own turn (or of no phase), which the ordinary checks judge.
    bool special_building(const EventBody& body, Result& r);
    // ---- setup (turn 0) ----
    Result setup(const EventBody& body);
    // distance-rule (RULES.md): an empty intersection whose neighbours are all empty.
    Result settlement_site(VertexId v) const;
    // ---- the turn structure shared by every event after the setup ----
    // turn-order, pending-seven, progress-card (free roads placed at once), roll-first.
    // (defined in rules_turn.cpp, the one source that instantiates it)
    template <class T>
    Result turn_event(const T& b);
    std::string pending_text(std::string_view what) const;
    Result need_roll(std::string_view what) const;
    Result seven_forbidden() const;
    Result no_player_trades(PlayerId p, std::string_view what) const;
    // insufficient-resources: names what the player holds of each resource the cost needs.
    Result pay(PlayerId p, const ResourceCounts& cost, std::string_view what) const;
    // insufficient-resources for cards handed over (a trade's side, a discard): "<p> <verb>
    // <cards> but holds <n> <resource>" on `field`, naming the first resource short.
    Result hand_over(PlayerId p, const ResourceCounts& cards, std::string_view verb,
                     std::string_view field) const;
    // ---- events of a turn ----
    Result event(const Roll& b);
    // discard-half (RULES.md): exactly floor(n/2) cards by each player holding more than the
    // discard limit (7; the option discard_limit), once each, while the 7 is pending.
    Result discard(const Discard& b);
    // robber-move and robber-steal (RULES.md; the friendly robber of "Variants").
    Result move_robber(const MoveRobber& b);
    Result event(const MoveRobber& b);
    // maritime-rate and bank-empty (RULES.md).
    Result event(const TradeBank& b);
    // domestic-trade terms shared by offers and trades.
    Result domestic_terms(PlayerId p, PlayerId partner, const ResourceCounts& give,
                          const ResourceCounts& get, std::string_view partner_field) const;
    Result event(const TradeOffer& b);
    // trade-offer: only the addressee of an open offer answers it.
    Result answer(const auto& b);
    Result event(const TradeAccept& b);
    Result event(const TradeReject& b);
    Result event(const TradeCancel& b);
    Result event(const TradePlayer& b);
    // road-connected (RULES.md): the edge is empty and touches the player's road, settlement
    // or city, not through an opponent's building.
    Result road_site(PlayerId p, EdgeId e) const;
    Result build_road(const BuildRoad& b);
    Result event(const BuildRoad& b);
    Result event(const BuildSettlement& b);
    Result event(const BuildCity& b);
    Result event(const BuyDevCard& b);
    // one-dev-card, dev-card-held, dev-card-age (RULES.md).
    Result play(PlayerId p, DevCard k) const;
    Result event(const PlayKnight& b);
    Result event(const PlayRoadBuilding& b);
    // progress-card (year of plenty) and bank-empty.
    Result event(const PlayYearOfPlenty& b);
    Result event(const PlayMonopoly& b);
    Result event(const EndTurn&);

    // Every other event passes the event-specific checks.
    template <class T>
    Result event(const T&) {
        return std::nullopt;
    }

    const GameState& s_;
    const Topology& t_;
    const RuleContext& ctx_;
};

}  // namespace ctk::rules_impl
