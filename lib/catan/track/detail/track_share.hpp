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
// state) to all or none. tests/track/views_of_games_test.cpp compares this with check run in every
// state over every view of every shared recorded game (TrackOptions::share_checks false), state by
// state and weight by weight after every event.

#include <array>
#include <bit>
#include <cstdint>
#include <tuple>

#include <catan/engine/event.hpp>
#include <catan/engine/state.hpp>

namespace ctk::track_share {

// Whether the event hides a choice the belief branches over: a steal with its card null, a
// purchase with its card null, a discard with its cards null.
bool hides_choice(const Event& e);

// The event types whose check the states can share (above): every event of a turn that
// hides nothing, except resign and special_build (few; checked in every state).
bool shares_check(const Event& e);

// What of a state's holdings check(s, e) reads (above), with phase and winner: equal keys,
// equal verdicts. Only for events of shares_check() whose player is a seat of s. Words of
// bytes (each count as one byte, resources and development cards in their order), only
// those the event's check reads, in this order: phase, winner and the discards owed (the
// seats of the game); each hand read (every player's, or the player's and a trade
// partner's), a word each; the bank; the deck; the player's old and new development cards
// (a card played, and a roll: under win_when_turn_passes the roll that ends a special
// building phase is refused where the roller's VP cards reach the target).
// The first KeyReader::words() words are the key (the rest are not set). Built in
// registers and compared and hashed a word at a time: a belief makes one key per state for
// every event, most of them (the end of a turn) of one word, a roll of three.
struct Key {
    static constexpr std::size_t kWords = 1 + kMaxPlayers + 6;
    std::array<std::uint64_t, kWords> words;

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

// key(s, e) for one event e and the states of one game (players seats): what the event's
// check reads is decided once, when the reader is made; operator() then copies those fields
// of s (a GameState, or a belief's Holdings: the same names).
//
// An apply key (KeyReader::for_apply) also holds what apply(s, e) reads of the holdings,
// besides what check reads: the active player's development cards (victory points: a win;
// the end of a turn ages the new ones), the bank for a roll, every hand for a 7 (the
// discards owed) and for a monopoly. Of two states s, t with equal public fields, both in
// phase kTurn, with equal apply keys and whose checks pass, apply changes the public fields
// alike, sets the cards received, phase, winner and discards owed alike, and adds the same
// amounts to every other count (hands, bank, deck, development cards): apply(t, e) is
// apply(s, e)'s public part with t's holdings changed as s's were (Belief applies the
// event once per key; tests/track/views_of_games_test.cpp judges it against apply in every state).
class KeyReader {
  public:
    KeyReader(const Event& e, int players);
    // The apply key's reader; active: the active player of the states (public).
    static KeyReader for_apply(const Event& e, int players, PlayerId active);
    // The words of every key this reader makes (1 .. Key::kWords).
    std::size_t words() const { return words_; }
    template <class State>
    Key operator()(const State& s) const {
        static_assert(kMaxPlayers <= 6 && kResourceCount <= 8 && kDevCardKinds <= 8);
        Key k;
        // Every event: game-over (phase, winner), pending-seven and discard-half (discards
        // owed, the seats of the game only).
        std::uint64_t owed = Key::pack(s.discard_owed);
        if (players_ < kMaxPlayers) owed &= (std::uint64_t{1} << (8 * players_)) - 1;
        k.words[0] = std::uint64_t{static_cast<std::uint8_t>(s.phase)} |
                     std::uint64_t{static_cast<std::uint8_t>(s.winner)} << 8 | owed << 16;
        std::size_t i = 1;
        if (all_hands_) {
            for (int q = 0; q < players_; ++q) k.words[i++] = Key::pack(s.players[q].hand);
        } else if (hand_) {
            k.words[i++] = Key::pack(s.players[player_].hand);
            if (partner_ != kNoPlayer)
                k.words[i++] =
                    partner_ >= 0 && partner_ < players_ ? Key::pack(s.players[partner_].hand) : 0;
        }
        if (bank_) k.words[i++] = Key::pack(s.bank);
        if (deck_) k.words[i++] = Key::pack(s.deck);
        if (dev_cards_) {
            k.words[i++] = Key::pack(s.players[player_].dev_old);
            k.words[i++] = Key::pack(s.players[player_].dev_new);
        }
        if (active_dev_cards_) {
            k.words[i++] = Key::pack(s.players[active_].dev_old);
            k.words[i++] = Key::pack(s.players[active_].dev_new);
        }
        return k;
    }
    // Whether two keys of this reader are equal.
    // A word at a time (two words loaded as one vector, just after the key was stored a word
    // at a time, would stall store forwarding).
    bool equal(const Key& a, const Key& b) const { return equal(a.words.data(), b); }
    // Whether a key's words() words held elsewhere (a belief keeps only those) are b's.
    bool equal(const std::uint64_t* a, const Key& b) const {
        for (std::size_t i = 0; i < words_; ++i)
            if (a[i] != b.words[i]) return false;
        return true;
    }
    // A hash of a key of this reader (each word mixed by its position, then folded).
    std::uint64_t hash(const Key& k) const {
        std::uint64_t h = 0;
        for (std::size_t i = 0; i < words_; ++i)
            h += std::rotl(k.words[i], static_cast<int>(8 * i)) * 0x9e3779b97f4a7c15ULL;
        return h ^ (h >> 29) ^ (h >> 47);
    }

  private:
    PlayerId player_;
    int players_;
    PlayerId partner_ = kNoPlayer;  // trade_player: the partner's hand too
    bool hand_ = false;             // the player's hand
    bool all_hands_ = false;        // every player's hand
    bool bank_ = false;
    bool deck_ = false;
    bool dev_cards_ = false;  // the player's development cards (old and new)
    PlayerId active_ = kNoPlayer;
    bool active_dev_cards_ = false;  // the active player's (apply keys)
    void count_words();
    std::size_t words_ = 1;
};

// ---- the public fields an event may set apart (Belief::Impl::intern) ----
//
// The one statement of which public fields apply may set differently in states of equal
// public fields, depending on their holdings. apply (lib/catan/engine/rules_apply.cpp)
// reads the holdings (hands, bank, deck, development cards, discards owed, phase, winner)
// in these places only, and writes from them:
//   - production, trades, steals, discards, a monopoly, a purchase, a resignation's cards:
//     the holdings themselves (hands, bank, deck, development cards, cards received);
//   - after a 7, what each hand owes: discard_owed, a holding (robber_due is set to
//     kSeven in every state);
//   - the win (end_if_won, and win_due at the start of a turn after the special building
//     phase): a state's VP count holds its hidden victory point cards, so the game ends in
//     some states only. The phase and the winner are holdings; and an end the event did not
//     cause by a card clears what the event left owed: robber_due (the robber move after a
//     7 or a knight) and free_roads (a road building card's roads) — public fields, set
//     apart by the holdings.
// Everything else apply writes is read from public fields only: the pieces, robber, offer,
// special building part (reset whether or not a win is due), turn and active player
// (resigned: public), rolled, last roll, the development card played and each kind played,
// and the awards (update_awards reads road lengths and knights played: public; no hidden
// card decides an award). So two states of equal public fields in which an event passes
// its check lead to public parts that are equal except in these two fields, which differ
// only when the game ended at the event in one of them and not in the other: Belief keeps
// one public part per PublicOutcome of the states an event leads to (intern), never one
// for states that reached different outcomes. tests/track/track_truth_test.cpp judges it against
// the whole state of the full log after every event.
struct PublicOutcome {
    RobberReason robber_due = RobberReason::kNone;
    int free_roads = 0;
    friend bool operator==(const PublicOutcome&, const PublicOutcome&) = default;
};
inline PublicOutcome public_outcome(const GameState& s) {
    return {s.robber_due, s.free_roads};
}

}  // namespace ctk::track_share
