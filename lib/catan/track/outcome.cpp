// How a belief's events may have ended (track.hpp: vp_card_bounds, possible_ends): what
// the verdict may state as the outcome, past the bound too.
#include <catan/track/detail/belief_impl.hpp>

#include <algorithm>

namespace ctk {

void Belief::Impl::count_dev_cards(const Event& e) {
    const PlayerId p = event_player(e.body);
    if (p < 0 || p >= static_cast<PlayerId>(kMaxPlayers)) return;
    DevCardTally& t = tally_[static_cast<std::size_t>(p)];
    if (const auto* buy = std::get_if<BuyDevCard>(&e.body)) {
        if (!buy->card)
            ++t.hidden_buys;
        else if (*buy->card == DevCard::kVictoryPoint)
            ++t.shown_vp;
        else
            ++t.shown_playable;
    } else if (std::holds_alternative<PlayKnight>(e.body) ||
               std::holds_alternative<PlayRoadBuilding>(e.body) ||
               std::holds_alternative<PlayYearOfPlenty>(e.body) ||
               std::holds_alternative<PlayMonopoly>(e.body)) {
        ++t.plays;
    }
}

std::vector<VpCardBounds> Belief::vp_card_bounds() const {
    const Impl& m = *impl_;
    const int n = m.bases_.front().player_count();
    int shown = 0;
    for (int p = 0; p < n; ++p) shown += m.tally_[static_cast<std::size_t>(p)].shown_vp;
    const int unshown = std::max(0, m.deck_vp_ - shown);
    std::vector<VpCardBounds> out;
    for (int p = 0; p < n; ++p) {
        const Impl::DevCardTally& t = m.tally_[static_cast<std::size_t>(p)];
        // plays beyond the playable cards shown came from hidden purchases
        const int hidden_held = t.hidden_buys - std::max(0, t.plays - t.shown_playable);
        out.push_back({t.shown_vp, t.shown_vp + std::clamp(hidden_held, 0, unshown)});
    }
    return out;
}

PossibleEnds possible_ends(const Belief& b) {
    PossibleEnds out;
    std::vector<bool> won(kMaxPlayers, false);
    b.for_each_state([&](const GameState& s, const Weight&) {
        const PlayerId w = winner_at_end(s);
        if (w == kNoPlayer)
            out.unfinished = true;
        else
            won[static_cast<std::size_t>(w)] = true;
    });
    if (!b.exact()) {
        // The states dropped at the bound share the kept states' public fields.
        const GameState& s = b.most_probable();
        const std::vector<VpCardBounds> vp = b.vp_card_bounds();
        // A kept state applied events no kept state explained (past the bound they are
        // applied anyway): its winner counts only where the guaranteed bounds allow the win.
        for (int p = 0; p < s.player_count(); ++p)
            if (won[static_cast<std::size_t>(p)] && s.active_players() > 1 &&
                s.public_vp(p) + vp[static_cast<std::size_t>(p)].max < s.vp_to_win())
                won[static_cast<std::size_t>(p)] = false;
        const PlayerId a = s.active;
        const bool can_win = s.active_players() > 1 && s.phase != Phase::kSetup &&
                             (!s.special.open() || s.options().win_when_turn_passes);
        if (can_win && a >= 0 && a < s.player_count()) {
            const VpCardBounds& va = vp[static_cast<std::size_t>(a)];
            if (s.public_vp(a) + va.max >= s.vp_to_win()) won[static_cast<std::size_t>(a)] = true;
            if (s.public_vp(a) + va.min < s.vp_to_win()) out.unfinished = true;
        }
    }
    for (int p = 0; p < kMaxPlayers; ++p)
        if (won[static_cast<std::size_t>(p)]) out.winners.push_back(p);
    return out;
}

}  // namespace ctk
