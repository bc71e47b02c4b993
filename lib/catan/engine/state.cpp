#include <catan/engine/state.hpp>

#include <fmt/format.h>

namespace ctk {

std::string_view phase_name(Phase p) {
    switch (p) {
        case Phase::kSetup:
            return "setup";
        case Phase::kTurn:
            return "turn";
        case Phase::kOver:
            return "over";
    }
    return "?";
}

std::string_view building_name(Building b) {
    switch (b) {
        case Building::kNone:
            return "none";
        case Building::kSettlement:
            return "settlement";
        case Building::kCity:
            return "city";
    }
    return "?";
}

int PlayerState::hand_size() const {
    int n = 0;
    for (int x : hand) n += x;
    return n;
}

int PlayerState::dev_cards_held() const {
    int n = 0;
    for (int k = 0; k < kDevCardKinds; ++k) n += dev_old[k] + dev_new[k];
    return n;
}

GameState::GameState(std::shared_ptr<const Board> board, int players, const GameOptions& options)
    : board_(std::move(board)), players_(players), options_(options) {
    if (!board_) throw InputError("game state: no board");
    if (players < 2 || players > kMaxPlayers)
        throw InputError(fmt::format("game state: 2..{} players, got {}", kMaxPlayers, players));
    extension_ = board_->kind() == BoardKind::kExtended;
    if (players > 4 && !extension_)
        throw InputError(fmt::format(
            "{} seats on a {} board: the base game holds at most 4 players (5 or 6 play the "
            "5-6 player extension on the extended 30-hex board)",
            players, board_kind_name(board_->kind())));
    topology_ = &board_->topology();
    robber = board_->robber();
    bank.fill(bank_per_resource());
    deck = deck_counts();
    deck_left = deck_size();
    owner.fill(static_cast<std::int8_t>(kNoPlayer));
}

GameState GameState::initial(const GameLog& log) {
    // The board is shared between states; one copy per replay.
    auto board = std::make_shared<const Board>(log_board(log));
    return GameState(std::move(board), static_cast<int>(log.seats.size()), log.options);
}

PlayerId GameState::setup_player(int step) const {
    return step < players_ ? step : 2 * players_ - 1 - step;
}

int GameState::public_vp(PlayerId p) const {
    int vp = settlements_on_board(p) + 2 * cities_on_board(p);
    if (longest_road == p) vp += 2;
    if (largest_army == p) vp += 2;
    return vp;
}

int GameState::vp(PlayerId p) const {
    return public_vp(p) + players[p].vp_cards();
}

bool GameState::seven_pending() const {
    if (robber_due != RobberReason::kNone) return true;
    for (int p = 0; p < players_; ++p)
        if (discard_owed[p] > 0) return true;
    return false;
}

VertexSet GameState::blocked_for(PlayerId p) const {
    return occupied & ~players[p].buildings();
}

PlayerId GameState::next_player(PlayerId p) const {
    for (int i = 1; i <= players_; ++i) {
        PlayerId q = (p + i) % players_;
        if (!players[q].resigned) return q;
    }
    return p;
}

int GameState::active_players() const {
    int n = 0;
    for (int p = 0; p < players_; ++p) n += players[p].resigned ? 0 : 1;
    return n;
}

void GameState::update_road_lengths(PlayerId only) {
    for (int p = 0; p < players_; ++p) {
        if (only != kNoPlayer && p != only) continue;
        PlayerState& ps = players[p];
        if (ps.roads.none()) {
            ps.road_length = 0;
            continue;
        }
        ps.road_length =
            static_cast<std::int8_t>(longest_trail_length(*topology_, ps.roads, blocked_for(p)));
    }
}

void GameState::update_awards() {
    std::array<int, kMaxPlayers> lengths{}, knights{};
    for (int p = 0; p < players_; ++p) {
        // A resigned player's pieces stay on the board, but they hold no award.
        lengths[p] = players[p].resigned ? 0 : players[p].road_length;
        knights[p] = players[p].resigned ? 0 : players[p].knights_played();
    }
    PlayerId lr =
        longest_road != kNoPlayer && players[longest_road].resigned ? kNoPlayer : longest_road;
    PlayerId la =
        largest_army != kNoPlayer && players[largest_army].resigned ? kNoPlayer : largest_army;
    auto n = static_cast<std::size_t>(players_);
    longest_road = longest_road_holder(lr, std::span<const int>(lengths.data(), n));
    largest_army = largest_army_holder(la, std::span<const int>(knights.data(), n));
}

}  // namespace ctk
