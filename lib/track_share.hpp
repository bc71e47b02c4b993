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
#include <cstdint>

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
// equal verdicts. Only for events of shares_check() whose player is a seat of s.
using Key = std::array<std::int8_t, 2 + kMaxPlayers + kMaxPlayers * kResourceCount +
                                        2 * kResourceCount + 2 * kDevCardKinds>;

// key(s, e) for one event e and many states: what the event's check reads is decided once,
// when the reader is made (e must outlive it); operator() then copies those fields of s.
class KeyReader {
  public:
    explicit KeyReader(const Event& e);
    Key operator()(const GameState& s) const;

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
