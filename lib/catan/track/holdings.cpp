// A state's holdings (track.hpp, Holdings): what the states of one belief differ in, read
// from and written into a whole state; and a change of holdings made again in other
// states (belief_parts.hpp, HoldingsChange).
#include <catan/track/track.hpp>

#include <catan/track/detail/belief_parts.hpp>

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

namespace track_parts {

namespace {
// The counts of c's wide (int16) and narrow (int8) indices in h.
std::int16_t& wide_at(Holdings& h, int i) {
    if (i < kResourceCount) return h.bank[i];
    i -= kResourceCount;
    return h.players[i / kResourceCount].hand[i % kResourceCount];
}
std::int8_t& narrow_at(Holdings& h, int i) {
    if (i < kDevCardKinds) return h.deck[i];
    i -= kDevCardKinds;
    Holdings::Player& hp = h.players[i / (2 * kDevCardKinds)];
    i %= 2 * kDevCardKinds;
    return i < kDevCardKinds ? hp.dev_old[i] : hp.dev_new[i - kDevCardKinds];
}

// Appends to out the counts of after that differ from before's, indexed from first.
template <class Counts, std::size_t N>
void note_changes(const Counts& before, const Counts& after, int first,
                  std::array<HoldingsChange::Count, N>& out, std::uint8_t& n) {
    for (std::size_t r = 0; r < before.size(); ++r)
        if (after[r] != before[r])
            out[n++] = {static_cast<std::uint8_t>(first + static_cast<int>(r)),
                        after[r] - before[r]};
}
}  // namespace

void change_between(HoldingsChange& c, const Holdings& before, const Holdings& after) {
    c.after = after;
    c.wide_count = c.narrow_count = 0;
    note_changes(before.bank, after.bank, 0, c.wide, c.wide_count);
    note_changes(before.deck, after.deck, 0, c.narrow, c.narrow_count);
    for (std::size_t p = 0; p < before.players.size(); ++p) {
        const Holdings::Player& b = before.players[p];
        const Holdings::Player& a = after.players[p];
        const int q = static_cast<int>(p);
        if (a.hand != b.hand)
            note_changes(b.hand, a.hand, kResourceCount * (1 + q), c.wide, c.wide_count);
        if (a.dev_old != b.dev_old)
            note_changes(b.dev_old, a.dev_old, kDevCardKinds * (1 + 2 * q), c.narrow,
                         c.narrow_count);
        if (a.dev_new != b.dev_new)
            note_changes(b.dev_new, a.dev_new, kDevCardKinds * (2 + 2 * q), c.narrow,
                         c.narrow_count);
    }
}

void change_like(Holdings& h, const HoldingsChange& c) {
    bool bad = false;
    for (std::size_t j = 0; j < c.wide_count; ++j) {
        std::int16_t& x = wide_at(h, c.wide[j].index);
        const int v = x + c.wide[j].delta;
        bad |= outside<std::int16_t>(v);
        x = static_cast<std::int16_t>(v);
    }
    for (std::size_t j = 0; j < c.narrow_count; ++j) {
        std::int8_t& x = narrow_at(h, c.narrow[j].index);
        const int v = x + c.narrow[j].delta;
        bad |= outside<std::int8_t>(v);
        x = static_cast<std::int8_t>(v);
    }
    h.phase = c.after.phase;
    h.winner = c.after.winner;
    h.discard_owed = c.after.discard_owed;
    for (std::size_t p = 0; p < h.players.size(); ++p)
        h.players[p].received = c.after.players[p].received;
    if (bad)
        throw InputError(
            "hidden-information tracking: a count past what can be tracked (at most 32767 "
            "cards of a kind in a hand or the bank, 127 in the deck or of a development card)");
}

}  // namespace track_parts

}  // namespace ctk
