// A state's holdings (track.hpp, Holdings): what the states of one belief differ in, read
// from and written into a whole state.
#include <catan/track/track.hpp>

#include <limits>

#include <fmt/format.h>

namespace ctk {

namespace {

template <class Small, std::size_t N, class Counts>
void narrow(std::array<Small, N>& out, const Counts& in, const char* what) {
    for (std::size_t r = 0; r < N; ++r) {
        if (in[r] < std::numeric_limits<Small>::min() || in[r] > std::numeric_limits<Small>::max())
            throw InputError(fmt::format(
                "hidden-information tracking: {} holds {} cards of one kind (at most {} "
                "can be tracked)",
                what, in[r], std::numeric_limits<Small>::max()));
        out[r] = static_cast<Small>(in[r]);
    }
}

template <class Wide, class Small>
void widen(Wide& out, const Small& in) {
    for (std::size_t r = 0; r < in.size(); ++r) out[r] = in[r];
}

}  // namespace

Holdings holdings_of(const GameState& s) {
    Holdings h;
    narrow(h.bank, s.bank, "the bank");
    narrow(h.deck, s.deck, "the deck");
    h.phase = s.phase;
    h.winner = static_cast<std::int8_t>(s.winner);
    h.discard_owed = s.discard_owed;
    for (int p = 0; p < s.player_count(); ++p) {
        const PlayerState& ps = s.players[p];
        Holdings::Player& hp = h.players[p];
        narrow(hp.hand, ps.hand, "a hand");
        narrow(hp.received, s.last_received[p], "a player's cards received");
        hp.dev_old = ps.dev_old;
        hp.dev_new = ps.dev_new;
    }
    return h;
}

void set_holdings(GameState& s, const Holdings& h) {
    widen(s.bank, h.bank);
    widen(s.deck, h.deck);
    s.phase = h.phase;
    s.winner = h.winner;
    s.discard_owed = h.discard_owed;
    for (int p = 0; p < s.player_count(); ++p) {
        PlayerState& ps = s.players[p];
        const Holdings::Player& hp = h.players[p];
        widen(ps.hand, hp.hand);
        widen(s.last_received[p], hp.received);
        ps.dev_old = hp.dev_old;
        ps.dev_new = hp.dev_new;
    }
}

}  // namespace ctk
