// apply(): what each event changes in the state. It trusts that check passed but never
// leaves the state's bounds when it did not (--keep-going).
#include <catan/engine/detail/rules_impl.hpp>

#include <algorithm>

namespace ctk {

using namespace rules_impl;

namespace {

// Removes cards from a hand, never below zero. Returns what was actually removed.
ResourceCounts take_cards(PlayerState& ps, const ResourceCounts& cards) {
    ResourceCounts taken{};
    for (int r = 0; r < kResourceCount; ++r) {
        taken[r] = std::min(cards[r], ps.hand[r]);
        ps.hand[r] -= taken[r];
    }
    return taken;
}

void add_cards(PlayerState& ps, const ResourceCounts& cards) {
    for (int r = 0; r < kResourceCount; ++r) ps.hand[r] += cards[r];
}

bool legal_road_exists(const GameState& s, PlayerId p) {
    for (EdgeId e = 0; e < s.topology().edge_count(); ++e)
        if (s.road_owner(e) == kNoPlayer && Checker::road_connects(s, p, e)) return true;
    return false;
}

void place_road(GameState& s, PlayerId p, EdgeId e) {
    if (s.road_owner(e) != kNoPlayer) return;
    s.players[p].roads.set(static_cast<std::size_t>(e));
    occupy_road(s, p, e);
    if (s.players[p].roads_left > 0) --s.players[p].roads_left;
    // longest-road: only a trail through the new road can be longer than before.
    PlayerState& ps = s.players[p];
    ps.road_length = static_cast<std::int8_t>(
        longest_trail_length_at(s.topology(), ps.roads, s.blocked_for(p), e, ps.road_length));
    s.update_awards();
}

void place_settlement(GameState& s, PlayerId p, VertexId v) {
    if (s.building[v] != Building::kNone) return;
    s.building[v] = Building::kSettlement;
    s.owner[v] = static_cast<std::int8_t>(p);
    occupy_settlement(s, p, v);
    if (s.players[p].settlements_left > 0) --s.players[p].settlements_left;
    // A settlement may cut an opponent's trail: only one passing through v, so only a
    // player with two or more roads at v needs a recount (a trail may still end at v).
    std::array<int, kMaxPlayers> roads_here{};
    for (EdgeId e : s.topology().vertex_edges(v)) {
        const PlayerId o = s.road_owner(e);
        if (o != kNoPlayer && o != p && ++roads_here[o] == 2) s.update_road_lengths(o);
    }
    s.update_awards();
}

void pay_bank(GameState& s, PlayerId p, const ResourceCounts& cost) {
    ResourceCounts taken = take_cards(s.players[p], cost);
    for (int r = 0; r < kResourceCount; ++r) s.bank[r] += taken[r];
}

void from_bank(GameState& s, PlayerId p, const ResourceCounts& cards) {
    ResourceCounts got{};
    for (int r = 0; r < kResourceCount; ++r) {
        got[r] = std::min(cards[r], s.bank_has(r));
        s.bank[r] -= got[r];
    }
    add_cards(s.players[p], got);
    for (int r = 0; r < kResourceCount; ++r) s.last_received[p][r] += got[r];
}

// Takes a development card of kind k out of p's hand and counts it as played. A card p
// does not hold (dev-card-held broken, applied under --keep-going) is not counted: deck +
// held + played stays the deck's size and no knight that never existed joins the army.
// The turn's one card is used either way (the log says a card was played).
void use_dev_card(GameState& s, PlayerId p, DevCard k) {
    PlayerState& ps = s.players[p];
    const int i = static_cast<int>(k);
    if (ps.dev_old[i] > 0) {
        --ps.dev_old[i];
        ++ps.dev_played[i];
    } else if (ps.dev_new[i] > 0) {
        --ps.dev_new[i];
        ++ps.dev_played[i];
    }
    s.dev_played = true;
}

void start_turn(GameState& s, PlayerId next) {
    s.special = SpecialBuilding{};
    PlayerState& old = s.players[s.active];
    for (int k = 0; k < kDevCardKinds; ++k) {
        old.dev_old[k] = static_cast<std::int8_t>(old.dev_old[k] + old.dev_new[k]);
        old.dev_new[k] = 0;
    }
    ++s.turn;
    if (next <= s.active) ++s.round;  // no-seven-rounds: the turn passed the last seat
    s.active = next;
    s.rolled = false;
    s.dev_played = false;
    s.free_roads = 0;
    s.robber_due = RobberReason::kNone;
    s.discard_owed.fill(0);
}

void end_if_won(GameState& s) {
    if (s.phase == Phase::kOver) return;
    if (s.active_players() == 1) {
        // resign: the last player standing wins at once (during the setup too).
        s.phase = Phase::kOver;
        for (int p = 0; p < s.player_count(); ++p)
            if (!s.players[p].resigned) s.winner = s.active = p;
        return;
    }
    // win-on-own-turn: only the active player wins, at any moment of their turn (the
    // special building phase before it is nobody's turn: VP reached there wait for it;
    // win_due says when they win under win_when_turn_passes).
    if (s.phase == Phase::kTurn && !s.special.open() && s.vp(s.active) >= s.vp_to_win()) {
        s.phase = Phase::kOver;
        s.winner = s.active;
    }
}

// resign: a resignation during the setup removes the resigned players' remaining placements
// from the snake order; the others' placements go on in order.
void next_setup_step(GameState& s) {
    const int n = s.player_count();
    while (s.setup_step < 2 * n && s.players[s.setup_player(s.setup_step)].resigned) ++s.setup_step;
    if (s.setup_step >= 2 * n) {
        s.phase = Phase::kTurn;
        s.turn = 1;
        s.round = 1;
        s.active = 0;
        if (s.players[0].resigned) s.active = s.next_player(0);
    } else {
        s.active = s.setup_player(s.setup_step);
    }
}

struct Applier {
    GameState& s;

    void operator()(const PlaceSettlement& b) {
        place_settlement(s, b.player, b.vertex);
        s.setup_settlement = b.vertex;
        s.setup_road_due = true;
        // setup-resources: the second settlement yields one card per adjacent producing hex.
        if (s.phase == Phase::kSetup && s.setup_step >= s.player_count()) {
            ResourceCounts got{};
            for (HexId h : s.topology().vertex_hexes(b.vertex))
                if (auto r = s.board().resource(h)) ++got[static_cast<int>(*r)];
            from_bank(s, b.player, got);
        }
    }
    void operator()(const PlaceRoad& b) {
        place_road(s, b.player, b.edge);
        s.setup_road_due = false;
        s.setup_settlement = kNoId;
        if (s.phase != Phase::kSetup) return;
        ++s.setup_step;
        next_setup_step(s);
    }
    void operator()(const Roll& b) {
        s.rolled = true;
        const int sum = b.die1 + b.die2;
        s.last_roll = sum;
        if (sum == 7) {
            for (int p = 0; p < s.player_count(); ++p) {
                int n = s.players[p].hand_size();
                s.discard_owed[p] = static_cast<std::int8_t>(
                    !s.players[p].resigned && n > s.options().discard_limit ? n / 2 : 0);
            }
            s.robber_due = RobberReason::kSeven;
            return;
        }
        auto got = production(s, sum);
        for (int p = 0; p < s.player_count(); ++p) from_bank(s, p, got[p]);
    }
    void operator()(const Discard& b) {
        // A hidden discard is the tracker's to branch on (lib/catan/track/track.hpp); it reaches
        // apply only after a violation (--keep-going), and then takes nothing.
        if (!b.hidden) pay_bank(s, b.player, b.cards);
        s.discard_owed[b.player] = 0;
    }
    void operator()(const MoveRobber& b) {
        s.robber = b.hex;
        s.robber_due = RobberReason::kNone;
        if (b.victim == kNoPlayer || b.victim == b.player) return;
        PlayerState& vs = s.players[b.victim];
        PlayerState& ts = s.players[b.player];
        // A hidden card (stolen null) is the tracker's to branch on (lib/catan/track/track.hpp); it
        // reaches apply only from an empty hand or after a violation, and takes nothing.
        if (vs.hand_size() <= 0 || !b.stolen) return;
        ResourceCounts one{};
        one[static_cast<int>(*b.stolen)] = 1;
        ResourceCounts taken = take_cards(vs, one);
        add_cards(ts, taken);
        for (int r = 0; r < kResourceCount; ++r) s.last_received[b.player][r] += taken[r];
    }
    void operator()(const TradeBank& b) {
        pay_bank(s, b.player, b.give);
        from_bank(s, b.player, b.get);
    }
    void operator()(const TradeOffer& b) {
        s.offer = OpenOffer{true, false, b.player, b.to, b.give, b.get};
    }
    void operator()(const TradeAccept&) { s.offer.accepted = true; }
    void operator()(const TradeReject&) { s.offer = OpenOffer{}; }
    void operator()(const TradeCancel&) { s.offer = OpenOffer{}; }
    void operator()(const TradePlayer& b) {
        ResourceCounts gave = take_cards(s.players[b.player], b.give);
        ResourceCounts got = take_cards(s.players[b.partner], b.get);
        add_cards(s.players[b.partner], gave);
        add_cards(s.players[b.player], got);
        for (int r = 0; r < kResourceCount; ++r) {
            s.last_received[b.partner][r] += gave[r];
            s.last_received[b.player][r] += got[r];
        }
        s.offer = OpenOffer{};
    }
    void operator()(const BuildRoad& b) {
        if (s.free_roads > 0) {
            --s.free_roads;
        } else {
            pay_bank(s, b.player, kRoadCost);
        }
        place_road(s, b.player, b.edge);
        if (s.free_roads > 0 &&
            (s.players[b.player].roads_left == 0 || !legal_road_exists(s, b.player)))
            s.free_roads = 0;
    }
    void operator()(const BuildSettlement& b) {
        pay_bank(s, b.player, kSettlementCost);
        place_settlement(s, b.player, b.vertex);
    }
    void operator()(const BuildCity& b) {
        pay_bank(s, b.player, kCityCost);
        if (s.owner[b.vertex] != b.player || s.building[b.vertex] != Building::kSettlement) return;
        s.building[b.vertex] = Building::kCity;
        occupy_city(s, b.player, b.vertex);
        PlayerState& ps = s.players[b.player];
        ++ps.settlements_left;
        if (ps.cities_left > 0) --ps.cities_left;
    }
    void operator()(const BuyDevCard& b) {
        pay_bank(s, b.player, kDevCardCost);
        // A hidden card (card null) is the tracker's to branch on (lib/catan/track/track.hpp); it,
        // or a card the deck does not hold, reaches apply only after a violation: nothing drawn.
        if (s.deck_left <= 0 || !b.card || s.deck[static_cast<int>(*b.card)] <= 0) return;
        --s.deck_left;
        --s.deck[static_cast<int>(*b.card)];
        // dev-card-age counts own turns: a card bought in a special build part is not new
        // on the buyer's next own turn.
        PlayerState& ps = s.players[b.player];
        ++(s.special.builder == b.player ? ps.dev_old : ps.dev_new)[static_cast<int>(*b.card)];
    }
    void operator()(const PlayKnight& b) {
        use_dev_card(s, b.player, DevCard::kKnight);
        s.robber_due = RobberReason::kKnight;
        s.update_awards();
    }
    void operator()(const PlayRoadBuilding& b) {
        use_dev_card(s, b.player, DevCard::kRoadBuilding);
        s.free_roads = std::min<int>(2, s.players[b.player].roads_left);
        if (s.free_roads > 0 && !legal_road_exists(s, b.player)) s.free_roads = 0;
    }
    void operator()(const PlayYearOfPlenty& b) {
        use_dev_card(s, b.player, DevCard::kYearOfPlenty);
        from_bank(s, b.player, b.take);
    }
    void operator()(const PlayMonopoly& b) {
        use_dev_card(s, b.player, DevCard::kMonopoly);
        const int r = static_cast<int>(b.resource);
        for (int q = 0; q < s.player_count(); ++q) {
            if (q == b.player) continue;
            PlayerState& qs = s.players[q];
            int n = qs.hand[r];
            qs.hand[r] = 0;
            s.players[b.player].hand[r] += n;
            s.last_received[b.player][r] += n;
        }
    }
    void operator()(const EndTurn&) {
        if (s.special.builder != kNoPlayer) {  // the end of a special build part
            s.special.builder = kNoPlayer;
            return;
        }
        const PlayerId ended = s.active;
        start_turn(s, s.next_player(ended));
        // special-building: on the extended board the other players' parts may follow.
        if (s.extension()) s.special.after = ended;
    }
    void operator()(const SpecialBuild& b) {
        if (!s.special.open()) return;  // (--keep-going after a special-building violation)
        s.special.builder = b.player;
        s.special.taken = static_cast<std::uint8_t>(s.special.taken | 1U << b.player);
        // no-seven-rounds under JSettlers2's reading of the phase: a part of the player whose
        // turn comes, before its roll, begins that turn again after the part; when it is the
        // first seat still playing, the round grows again (roundCount counts turn starts).
        if (s.options().special_building_any_order && b.player == s.active &&
            b.player == s.next_player(s.player_count() - 1))
            ++s.round;
        // (seat order: the parts before this one's seat are past; in any order, none is)
        if (!s.options().special_building_any_order)
            s.special.served = static_cast<std::int8_t>(s.seats_after(s.special.after, b.player));
    }
    void operator()(const Resign& b) {
        PlayerState& ps = s.players[b.player];
        for (int r = 0; r < kResourceCount; ++r) s.bank[r] += ps.hand[r];
        ps.hand.fill(0);
        ps.resigned = true;
        if (s.special.builder == b.player) s.special.builder = kNoPlayer;
        s.discard_owed[b.player] = 0;
        if (s.offer.open && (s.offer.to == b.player || s.offer.from == b.player))
            s.offer = OpenOffer{};
        s.update_awards();
        if (s.phase == Phase::kSetup) {
            if (s.setup_player(s.setup_step) == b.player) {  // its settlement's road is not due
                s.setup_road_due = false;
                s.setup_settlement = kNoId;
            }
            next_setup_step(s);
        }
        if (s.phase == Phase::kTurn && s.active == b.player && s.active_players() > 0) {
            // special-building: the next player resigning does not end the phase; it lasts
            // until the following player's own turn begins (with its roll).
            const SpecialBuilding phase = s.special;
            start_turn(s, s.next_player(b.player));
            if (phase.open()) s.special = phase;
        }
    }
};

}  // namespace

PlayerId win_due(const GameState& s) {
    return s.options().win_when_turn_passes && s.phase == Phase::kTurn && s.special.open() &&
                   s.vp(s.active) >= s.vp_to_win()
               ? s.active
               : kNoPlayer;
}

PlayerId winner_at_end(const GameState& s) {
    return s.winner != kNoPlayer ? s.winner : win_due(s);
}

void apply(GameState& s, const Event& e) {
    for (auto& r : s.last_received) r.fill(0);
    const PlayerId p = event_player(e.body);
    if (p < 0 || p >= s.player_count()) return;
    // trade-offer: any other action of the active player withdraws the open offer.
    if (s.offer.open && !std::holds_alternative<TradeAccept>(e.body) &&
        !std::holds_alternative<TradeReject>(e.body) &&
        !std::holds_alternative<TradePlayer>(e.body) && !std::holds_alternative<Resign>(e.body))
        s.offer = OpenOffer{};
    // special-building: the next player's own turn (a roll, a card) ends the phase, and
    // a win due as the turn passes comes first (win_when_turn_passes).
    if (s.special.open() && s.special.builder == kNoPlayer && p == s.active &&
        !std::holds_alternative<SpecialBuild>(e.body) && !std::holds_alternative<Resign>(e.body)) {
        const PlayerId due = win_due(s);
        s.special = SpecialBuilding{};
        if (due != kNoPlayer) {
            s.phase = Phase::kOver;
            s.winner = due;
        }
    }
    // game-over: only the rest of the card whose play ended the game may follow the end.
    const bool was_over = s.phase == Phase::kOver;
    const bool played = std::holds_alternative<PlayKnight>(e.body) ||
                        std::holds_alternative<PlayRoadBuilding>(e.body);
    const bool card = played || (std::holds_alternative<BuildRoad>(e.body) && s.free_roads > 0);
    std::visit(Applier{s}, e.body);
    end_if_won(s);
    // An end the card did not cause, or a card played after the end (--keep-going): no
    // robber move or free road of it is due, so each later one is reported as game-over.
    if ((!was_over && s.phase == Phase::kOver && !card) || (was_over && played)) {
        s.robber_due = RobberReason::kNone;
        s.free_roads = 0;
    }
}

}  // namespace ctk
