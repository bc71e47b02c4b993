#pragma once
// Internal to lib/track (track.cpp): which events hide a choice, and checking an event once
// for the states of a belief that it cannot tell apart, instead of once per state.
//
// The states of an exact belief differ only in their holdings (bank, deck, each player's
// hand and development cards, discards owed), their phase and winner (a hidden victory
// point card can end the game in some states only) and last_received (the cards of the
// last event): the board, pieces, robber, turn, dice, awards and open offer are public,
// equal in every state. This holds while every event was applied only in the states whose
// check passed (Belief stops sharing for good once an event is applied anyway, under
// --keep-going or past the bound, until one state is left: apply of a broken event may do
// different things in different states).
//
// check(s, e) of an event of shares_check() reads, of a state in phase kTurn, only its
// public fields and the fields of key(s, e). So for two states s, t with equal public
// fields, both in phase kTurn, and key(s, e) == key(t, e), check(t, e) fails exactly when
// check(s, e) fails: Belief checks one of them and applies the event (apply, in each
// state) to all or none. tests/track_test.cpp compares this with check run in every state
// over every view of every shared recorded game (TrackOptions::share_checks false), state
// by state and weight by weight after every event.

#include <array>
#include <bit>
#include <cstdint>
#include <tuple>

#include "event.hpp"
#include "state.hpp"

namespace ctk::track_share {

// Whether the event hides a choice the belief branches over: a steal with its card null, a
// purchase with its card null, a discard with its cards null.
bool hides_choice(const Event& e);

// The event types whose check the states can share (above): every event of a turn that
// hides nothing, except resign and special_build (few; checked in every state).
bool shares_check(const Event& e);

// What of a state's holdings check(s, e) reads (above), with phase and winner: equal keys,
// equal verdicts. Only for events of shares_check() whose player is a seat of s. Words of
// bytes (each count as one byte, resources and development cards in their order): phase,
// winner and the discards owed (kMaxPlayers); then one word per hand (every player's, or
// the player's and a trade partner's); the bank; the deck; the player's old and new
// development cards. Zero where not read. Built in registers and compared and hashed a
// word at a time: a belief makes one key per state for every event.
struct Key {
    static constexpr std::size_t kWords = 1 + kMaxPlayers + 4;
    std::array<std::uint64_t, kWords> words{};

    friend bool operator==(const Key& a, const Key& b) {
        std::uint64_t diff = 0;
        for (std::size_t i = 0; i < kWords; ++i) diff |= a.words[i] ^ b.words[i];
        return diff == 0;
    }
    // A hash of the words (each mixed by its position, then folded).
    std::uint64_t hash() const {
        std::uint64_t h = 0;
        for (std::size_t i = 0; i < kWords; ++i)
            h += std::rotl(words[i], static_cast<int>(8 * i)) * 0x9e3779b97f4a7c15ULL;
        return h ^ (h >> 29) ^ (h >> 47);
    }
    // Up to 8 counts, one byte each, the first in the lowest byte.
    template <class Counts>
    static std::uint64_t pack(const Counts& counts) {
        static_assert(std::tuple_size_v<Counts> <= 8);
        std::uint64_t w = 0;
        for (std::size_t j = 0; j < counts.size(); ++j)
            w |= std::uint64_t{static_cast<std::uint8_t>(counts[j])} << (8 * j);
        return w;
    }
};

// key(s, e) for one event e and many states: what the event's check reads is decided once,
// when the reader is made (e must outlive it); operator() then copies those fields of s.
class KeyReader {
  public:
    explicit KeyReader(const Event& e);
    Key operator()(const GameState& s) const {
        static_assert(kMaxPlayers <= 6 && kResourceCount <= 8 && kDevCardKinds <= 8);
        Key k;
        const int n = s.player_count();
        // Every event: game-over (phase, winner), pending-seven and discard-half (discards
        // owed, the seats of the game only).
        std::uint64_t owed = Key::pack(s.discard_owed);
        if (n < kMaxPlayers) owed &= (std::uint64_t{1} << (8 * n)) - 1;
        k.words[0] = std::uint64_t{static_cast<std::uint8_t>(s.phase)} |
                     std::uint64_t{static_cast<std::uint8_t>(s.winner)} << 8 | owed << 16;
        if (all_hands_) {
            for (int q = 0; q < n; ++q) k.words[1 + q] = Key::pack(s.players[q].hand);
        } else if (hand_) {
            k.words[1] = Key::pack(s.players[player_].hand);
            if (partner_ >= 0 && partner_ < n) k.words[2] = Key::pack(s.players[partner_].hand);
        }
        constexpr std::size_t rest = 1 + kMaxPlayers;
        if (bank_) k.words[rest] = Key::pack(s.bank);
        if (deck_) k.words[rest + 1] = Key::pack(s.deck);
        if (dev_cards_) {
            k.words[rest + 2] = Key::pack(s.players[player_].dev_old);
            k.words[rest + 3] = Key::pack(s.players[player_].dev_new);
        }
        return k;
    }

  private:
    PlayerId player_;
    PlayerId partner_ = kNoPlayer;  // trade_player: the partner's hand too
    bool hand_ = false;             // the player's hand
    bool all_hands_ = false;        // every player's hand
    bool bank_ = false;
    bool deck_ = false;
    bool dev_cards_ = false;  // the player's development cards (old and new)
};

inline Key key(const GameState& s, const Event& e) {
    return KeyReader(e)(s);
}

}  // namespace ctk::track_share
