// A state's holdings (track.hpp, Holdings): what the states of one belief differ in, read
// from and written into a whole state.
#include <catan/track/track.hpp>

#include <limits>

#include <fmt/format.h>

namespace ctk {

namespace {

// Whether x fits in Small (branch-free: holdings_of checks every count of a state at once).
template <class Small>
bool outside(int x) {
    // (unsigned: wraps for any x, never overflows)
    constexpr int lo = std::numeric_limits<Small>::min();
    constexpr unsigned span = static_cast<unsigned>(std::numeric_limits<Small>::max() - lo);
    return static_cast<unsigned>(x) - static_cast<unsigned>(lo) > span;
}

// out = in, narrowed; bad |= whether a count did not fit.
template <class Small, std::size_t N, class Counts>
void narrow(std::array<Small, N>& out, const Counts& in, bool& bad) {
    for (std::size_t r = 0; r < N; ++r) {
        bad |= outside<Small>(in[r]);
        out[r] = static_cast<Small>(in[r]);
    }
}

template <class Small, class Counts>
void refuse_if_outside(const Counts& in, const char* what) {
    for (int x : in)
        if (outside<Small>(x))
            throw InputError(fmt::format(
                "hidden-information tracking: {} holds {} cards of one kind (at most {} "
                "can be tracked)",
                what, x, std::numeric_limits<Small>::max()));
}

// The count that did not fit, named (after holdings_of found one).
[[noreturn, gnu::cold]] void refuse(const GameState& s) {
    refuse_if_outside<std::int16_t>(s.bank, "the bank");
    refuse_if_outside<std::int8_t>(s.deck, "the deck");
    for (int p = 0; p < s.player_count(); ++p) {
        refuse_if_outside<std::int16_t>(s.players[p].hand, "a hand");
        refuse_if_outside<std::int8_t>(s.last_received[p], "a player's cards received");
    }
    throw InputError("hidden-information tracking: a count past what can be tracked");
}

template <class Wide, class Small>
void widen(Wide& out, const Small& in) {
    for (std::size_t r = 0; r < in.size(); ++r) out[r] = in[r];
}

}  // namespace

Holdings holdings_of(const GameState& s) {
    Holdings h;
    holdings_of(s, h);
    return h;
}

void holdings_of(const GameState& s, Holdings& h) {
    bool bad = false;
    narrow(h.bank, s.bank, bad);
    narrow(h.deck, s.deck, bad);
    h.phase = s.phase;
    h.winner = static_cast<std::int8_t>(s.winner);
    h.discard_owed = s.discard_owed;
    for (int p = 0; p < s.player_count(); ++p) {
        const PlayerState& ps = s.players[p];
        Holdings::Player& hp = h.players[p];
        narrow(hp.hand, ps.hand, bad);
        narrow(hp.received, s.last_received[p], bad);
        hp.dev_old = ps.dev_old;
        hp.dev_new = ps.dev_new;
    }
    if (bad) refuse(s);
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
