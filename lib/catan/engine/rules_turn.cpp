// The turn structure of RULES.md: game-over, the setup, turn-order, pending-seven and
// roll-first; the roll, the discards of a 7 and the robber.
#include <catan/engine/detail/rules_impl.hpp>

namespace ctk::rules_impl {

Result Checker::run(const EventBody& body) {
    PlayerId p = event_player(body);
    if (p < 0 || p >= s_.player_count())
        return fail(rule::kSchema, fmt::format("player {} is not a seat", p), "player");
    if (s_.phase == Phase::kOver) return game_over(body);
    if (s_.players[p].resigned)
        return fail(rule::kResign, fmt::format("{} has resigned and can no longer act", name(p)),
                    "player");
    if (std::holds_alternative<Resign>(body)) return std::nullopt;
    if (s_.phase == Phase::kSetup) return setup(body);
    if (Result r; special_building(body, r)) return r;
    return std::visit([&](const auto& b) { return turn_event(b); }, body);
}

// game-over (RULES.md): nothing after the end, except the rest of the development card
// whose play ended it (a knight's robber move, road building's remaining roads).
Result Checker::game_over(const EventBody& body) {
    if (std::holds_alternative<MoveRobber>(body) && s_.robber_due == RobberReason::kKnight &&
        event_player(body) == s_.active)
        return move_robber(std::get<MoveRobber>(body));
    if (std::holds_alternative<BuildRoad>(body) && s_.free_roads > 0 &&
        event_player(body) == s_.active)
        return build_road(std::get<BuildRoad>(body));
    return fail(
        rule::kGameOver,
        fmt::format("the game is over ({} won with {} VP); no {} may follow", name(s_.winner),
                    s_.winner == kNoPlayer ? 0 : s_.vp(s_.winner), event_type_name(body)));
}

// ---- setup (turn 0) ----
Result Checker::setup(const EventBody& body) {
    PlayerId p = event_player(body);
    PlayerId due = s_.setup_player(s_.setup_step);
    const int round = s_.setup_step < s_.player_count() ? 1 : 2;
    if (const auto* ps = std::get_if<PlaceSettlement>(&body)) {
        if (p != due)
            return fail(rule::kSetupOrder,
                        fmt::format("it is {}'s setup placement (round {}), not {}'s", name(due),
                                    round, name(p)),
                        "player");
        if (s_.setup_road_due)
            return fail(rule::kSetupOrder,
                        fmt::format("{} must place the road of the settlement at {} first", name(p),
                                    s_.setup_settlement));
        return settlement_site(ps->vertex);
    }
    if (const auto* pr = std::get_if<PlaceRoad>(&body)) {
        if (p != due)
            return fail(rule::kSetupOrder,
                        fmt::format("it is {}'s setup placement (round {}), not {}'s", name(due),
                                    round, name(p)),
                        "player");
        if (!s_.setup_road_due)
            return fail(rule::kSetupOrder,
                        fmt::format("{} must place a settlement before its road", name(p)));
        if (s_.road_owner(pr->edge) != kNoPlayer)
            return fail(rule::kRoadConnected,
                        fmt::format("edge {} already holds {}'s road", pr->edge,
                                    name(s_.road_owner(pr->edge))),
                        "edge");
        const auto& ends = t_.edge_vertices(pr->edge);
        if (ends[0] != s_.setup_settlement && ends[1] != s_.setup_settlement)
            return fail(rule::kSetupRoadAttached,
                        fmt::format("edge {} (vertices {}-{}) does not touch the settlement just "
                                    "placed at {}",
                                    pr->edge, ends[0], ends[1], s_.setup_settlement),
                        "edge");
        return std::nullopt;
    }
    return fail(
        rule::kSetupOrder,
        fmt::format("{} during the setup: {} is due to place a {} (step {} of {})",
                    event_type_name(body), name(due), s_.setup_road_due ? "road" : "settlement",
                    s_.setup_step + 1, 2 * s_.player_count()));
}

// ---- the turn structure shared by every event after the setup ----
// turn-order, pending-seven, progress-card (free roads placed at once), roll-first.
template <class T>
Result Checker::turn_event(const T& b) {
    const PlayerId p = b.player;
    constexpr bool kDiscard = std::is_same_v<T, Discard>;
    constexpr bool kAnswer = std::is_same_v<T, TradeAccept> || std::is_same_v<T, TradeReject>;
    if constexpr (std::is_same_v<T, PlaceSettlement> || std::is_same_v<T, PlaceRoad>)
        return fail(
            rule::kSetupOrder,
            fmt::format("{} after the setup (turn {}); use build_{}", event_type_name(EventBody{b}),
                        s_.turn, std::is_same_v<T, PlaceRoad> ? "road" : "settlement"));
    if constexpr (kDiscard) return discard(b);
    if constexpr (kAnswer) return event(b);  // answer() (rules_trade.cpp)
    if (p != s_.active)
        return fail(
            rule::kTurnOrder,
            fmt::format("it is {}'s turn (turn {}), not {}'s", name(s_.active), s_.turn, name(p)),
            "player");
    if constexpr (!kDiscard && !kAnswer) {
        if (s_.seven_pending()) {
            if constexpr (std::is_same_v<T, MoveRobber>) {
                for (int q = 0; q < s_.player_count(); ++q)
                    if (s_.discard_owed[q] > 0)
                        return fail(rule::kPendingSeven,
                                    fmt::format("{} still owes a discard of {} cards before the "
                                                "robber moves",
                                                name(q), s_.discard_owed[q]));
                return move_robber(b);
            } else {
                return fail(rule::kPendingSeven, pending_text(event_type_name(EventBody{b})));
            }
        }
        if (s_.free_roads > 0 && !std::is_same_v<T, BuildRoad>)
            return fail(rule::kProgressCard,
                        fmt::format("road building's free roads are placed at once: {} still "
                                    "has {} to place before {}",
                                    name(p), s_.free_roads, event_type_name(EventBody{b})));
        return event(b);
    }
    return std::nullopt;
}

std::string Checker::pending_text(std::string_view what) const {
    for (int q = 0; q < s_.player_count(); ++q)
        if (s_.discard_owed[q] > 0)
            return fmt::format("{} before the discards of the 7 are done ({} owes {} cards)", what,
                               name(q), s_.discard_owed[q]);
    return fmt::format("{} before the robber is moved (after {})", what,
                       s_.robber_due == RobberReason::kKnight ? "the knight" : "the 7");
}

// (special-building: a special build part needs no roll.)
Result Checker::need_roll(std::string_view what) const {
    if (!s_.rolled && s_.special.builder == kNoPlayer)
        return fail(rule::kRollFirst,
                    fmt::format("{} before the roll of turn {}; only a development card may be "
                                "played before it",
                                what, s_.turn));
    return std::nullopt;
}

// ---- events of a turn ----
Result Checker::event(const Roll& b) {
    if (s_.rolled)
        return fail(rule::kRollOnce,
                    fmt::format("{} already rolled {} this turn", name(b.player), s_.last_roll));
    if (b.die1 + b.die2 == 7 && !seven_allowed(s_)) return seven_forbidden();
    return std::nullopt;
}

// no-seven-rounds and no-seven-until-city (RULES.md "Variants"): the roll a 7 the options
// forbid, under the first of them that does.
Result Checker::seven_forbidden() const {
    const GameOptions& o = s_.options();
    if (o.no_seven_rounds > 0 && s_.round <= o.no_seven_rounds)
        return fail(rule::kNoSevenRounds,
                    fmt::format("a 7 in round {}: no 7 may be rolled in the first {} round{} "
                                "(no_seven_rounds)",
                                s_.round, o.no_seven_rounds, o.no_seven_rounds == 1 ? "" : "s"),
                    "dice");
    return fail(rule::kNoSevenUntilCity,
                "a 7 before the game's first city: no 7 may be rolled until a city stands "
                "(no_seven_until_city)",
                "dice");
}

// discard-half (RULES.md): exactly floor(n/2) cards by each player holding more than the
// discard limit (7; the option discard_limit), once each, while the 7 is pending.
Result Checker::discard(const Discard& b) {
    const PlayerId p = b.player;
    const int owed = s_.discard_owed[p];
    if (owed == 0) {
        if (s_.robber_due == RobberReason::kSeven || s_.seven_pending())
            return fail(
                rule::kDiscardHalf,
                fmt::format("{} holds {} cards and owes no discard{}", name(p),
                            s_.players[p].hand_size(),
                            s_.options().discard_limit == GameOptions{}.discard_limit
                                ? std::string()
                                : fmt::format(" (discard limit {})", s_.options().discard_limit)),
                "player");
        return fail(rule::kDiscardHalf,
                    fmt::format("{} discards without a 7 to discard for", name(p)), "player");
    }
    if (b.total() != owed)
        return fail(rule::kDiscardHalf,
                    fmt::format("{} held {} cards and must discard {}, not {}", name(p),
                                s_.players[p].hand_size(), owed, b.total()),
                    b.hidden ? "count" : "cards");
    if (b.hidden) return std::nullopt;
    return hand_over(p, b.cards, "discards", "cards");
}

// robber-move and robber-steal (RULES.md; the friendly robber of "Variants").
Result Checker::move_robber(const MoveRobber& b) {
    const PlayerId p = b.player;
    if (s_.robber_due == RobberReason::kNone)
        return fail(rule::kRobberMove,
                    fmt::format("{} moves the robber without a 7 or a knight", name(p)));
    if (!robber_hexes(s_).test(static_cast<std::size_t>(b.hex))) {
        if (s_.options().robber_not_to_desert && b.hex != s_.robber && t_.valid_hex(b.hex) &&
            s_.board().terrain(b.hex) == Terrain::kDesert)
            return fail(rule::kRobberNotToDesert,
                        fmt::format("the robber may not move to the desert at hex {} "
                                    "(robber_not_to_desert)",
                                    b.hex),
                        "hex");
        if (b.hex != s_.robber)
            for (VertexId v : t_.hex_vertices(b.hex))
                if (s_.owner[v] != kNoPlayer && robber_protected(s_, s_.owner[v]))
                    return fail(rule::kRobberMove,
                                fmt::format("the friendly robber may not go to hex {}: it "
                                            "borders {} and {} has {} VP",
                                            b.hex, building_at(v), name(s_.owner[v]),
                                            s_.public_vp(s_.owner[v])),
                                "hex");
        if (s_.options().friendly_robber && b.hex != s_.robber)
            return fail(rule::kRobberMove,
                        fmt::format("the friendly robber finds no open hex and must go to a "
                                    "desert, not hex {}",
                                    b.hex),
                        "hex");
        return fail(
            rule::kRobberMove,
            fmt::format("the robber must move to a different hex; it is already on hex {}", b.hex),
            "hex");
    }
    if (b.victim == kNoPlayer) {
        for (VertexId v : t_.hex_vertices(b.hex)) {
            PlayerId o = s_.owner[v];
            if (o != kNoPlayer && robber_may_rob(s_, p, o))
                return fail(
                    rule::kRobberSteal,
                    fmt::format("the steal is mandatory: {} is on hex {} and holds {} cards",
                                building_at(v), b.hex, s_.players[o].hand_size()),
                    "victim");
        }
        return std::nullopt;
    }
    if (b.victim == p)
        return fail(rule::kRobberSteal, fmt::format("{} cannot rob themself", name(p)), "victim");
    bool adjacent = false;
    for (VertexId v : t_.hex_vertices(b.hex)) adjacent |= s_.owner[v] == b.victim;
    if (!adjacent)
        return fail(rule::kRobberSteal,
                    fmt::format("{} has no settlement or city on hex {}", name(b.victim), b.hex),
                    "victim");
    const PlayerState& vs = s_.players[b.victim];
    if (vs.hand_size() <= 0)
        return fail(rule::kRobberSteal,
                    fmt::format("{} holds no resource card to steal", name(b.victim)), "victim");
    if (!robber_may_rob(s_, p, b.victim))
        return fail(rule::kRobberSteal,
                    fmt::format("the friendly robber steals only from a player with 3 or "
                                "more VP; {} has {}",
                                name(b.victim), s_.public_vp(b.victim)),
                    "victim");
    if (b.stolen && vs.hand[static_cast<int>(*b.stolen)] == 0)
        return fail(
            rule::kRobberSteal,
            fmt::format("{} holds no {} to steal", name(b.victim), resource_name(*b.stolen)),
            "stolen");
    return std::nullopt;
}

Result Checker::event(const MoveRobber& b) {
    return fail(rule::kRobberMove,
                fmt::format("{} moves the robber without a 7 or a knight", name(b.player)));
}

Result Checker::event(const EndTurn&) {
    return need_roll("end_turn");
}

}  // namespace ctk::rules_impl
