// Events checked once for the states of a belief they cannot tell apart (track_share.hpp).
#include "track_share.hpp"

#include <variant>

namespace ctk::track_share {

bool hides_choice(const Event& e) {
    if (const auto* m = std::get_if<MoveRobber>(&e.body))
        return m->victim != kNoPlayer && !m->stolen;
    if (const auto* b = std::get_if<BuyDevCard>(&e.body)) return !b->card;
    if (const auto* d = std::get_if<Discard>(&e.body)) return d->hidden;
    return false;
}

bool shares_check(const Event& e) {
    if (std::holds_alternative<PlaceSettlement>(e.body) ||
        std::holds_alternative<PlaceRoad>(e.body) || std::holds_alternative<Resign>(e.body) ||
        std::holds_alternative<SpecialBuild>(e.body))
        return false;
    return !hides_choice(e);
}

KeyReader::KeyReader(const Event& e) : player_(event_player(e.body)) {
    if (const auto* t = std::get_if<TradePlayer>(&e.body)) {
        hand_ = true;  // insufficient-resources, both sides
        partner_ = t->partner;
    } else if (std::holds_alternative<MoveRobber>(e.body) ||
               std::holds_alternative<TradeOffer>(e.body)) {
        // robber-steal: the victim's cards, or (no victim) whether anyone on the hex holds one
        all_hands_ = true;
    } else if (std::holds_alternative<BuildRoad>(e.body) ||
               std::holds_alternative<BuildSettlement>(e.body) ||
               std::holds_alternative<BuildCity>(e.body) ||
               std::holds_alternative<Discard>(e.body)) {
        hand_ = true;  // insufficient-resources
    } else if (std::holds_alternative<TradeBank>(e.body)) {
        hand_ = true;  // insufficient-resources
        bank_ = true;  // bank-empty
    } else if (std::holds_alternative<BuyDevCard>(e.body)) {
        hand_ = true;  // insufficient-resources
        deck_ = true;  // deck-empty
    } else if (std::holds_alternative<PlayKnight>(e.body) ||
               std::holds_alternative<PlayRoadBuilding>(e.body) ||
               std::holds_alternative<PlayYearOfPlenty>(e.body) ||
               std::holds_alternative<PlayMonopoly>(e.body)) {
        bank_ = true;       // year of plenty: bank-empty
        dev_cards_ = true;  // dev-card-held, dev-card-age
    }
    // Roll, end_turn, trade_accept / reject / cancel: public fields only.
}

Key KeyReader::operator()(const GameState& s) const {
    Key k{};
    std::size_t i = 0;
    auto put = [&](int x) { k[i++] = static_cast<std::int8_t>(x); };
    auto put_cards = [&](const auto& cards) {
        for (int x : cards) put(x);
    };
    // Every event: game-over (phase, winner), pending-seven and discard-half (discards owed).
    put(static_cast<int>(s.phase));
    put(s.winner);
    for (int p = 0; p < s.player_count(); ++p) put(s.discard_owed[p]);
    i = 2 + kMaxPlayers;
    const PlayerState& ps = s.players[player_];
    if (all_hands_) {
        for (int q = 0; q < s.player_count(); ++q) put_cards(s.players[q].hand);
    } else if (hand_) {
        put_cards(ps.hand);
        if (partner_ >= 0 && partner_ < s.player_count()) put_cards(s.players[partner_].hand);
    }
    if (bank_) {
        i = 2 + kMaxPlayers + kMaxPlayers * kResourceCount;
        put_cards(s.bank);
    }
    if (deck_) {
        i = 2 + kMaxPlayers + kMaxPlayers * kResourceCount + kResourceCount;
        put_cards(s.deck);
    }
    if (dev_cards_) {
        i = 2 + kMaxPlayers + kMaxPlayers * kResourceCount + 2 * kResourceCount;
        put_cards(ps.dev_old);
        put_cards(ps.dev_new);
    }
    return k;
}

}  // namespace ctk::track_share
