#pragma once
// Views (DESIGN.md section 8): re-express a log as a spectator or one seat would have
// recorded it, so that any full-information game becomes a test of hidden-information
// replay. The view only hides; it never invents or reorders events.
//
// What each view hides (fields written as JSON null, schemas/log.schema.json):
//   spectator              - every stolen card (move_robber.stolen) and every bought
//                            development card (buy_dev_card.card);
//   seat P                 - the stolen cards of steals P neither made nor suffered and
//                            the cards bought by the other players; P's own draws stay;
//   spectator-no-discards  - as spectator, and the cards of every discard (the count
//                            stays: {"cards": null, "count": n}).
// Everything else (dice, builds, trades, year of plenty, monopoly, robber hex and victim,
// who discards how many) is public and stays. Values already hidden in `full` stay hidden.
// A monopoly's haul, which every player sees, is stated where `full` leaves it out:
// play_monopoly.given holds what each hand gave, from the full game replayed alongside
// (apply, going on past a broken rule as replay --keep-going does) — while `full` itself
// hides no stolen or discarded card (after one, its hauls stay as `full` has them).
//
// Claims that would reveal what the view hides are dropped:
//   hands     - kept only for the viewing seat (a seat knows its own hand); dropped in the
//               spectator views;
//   received  - dropped on a move_robber whose stolen card the view hides (the thief's
//               entry names it);
//   vp        - kept only on the log's last event (final standings are shown at the end
//               of a game); elsewhere they count the hidden victory point cards;
//   bank      - dropped in spectator-no-discards (after a hidden discard the bank tells
//               what was discarded);
//   winner, longest_road, largest_army - public, kept.
// An event left with no claim carries none (claims null).

#include <cstdint>
#include <string_view>
#include <vector>

#include <catan/engine/event.hpp>
#include <catan/engine/state.hpp>

namespace ctk {

struct View {
    enum class Kind : std::uint8_t { kSpectator, kSeat, kSpectatorNoDiscards };
    Kind kind = Kind::kSpectator;
    PlayerId seat = kNoPlayer;  // the viewing player when kind == kSeat, else kNoPlayer

    static View spectator() { return View{Kind::kSpectator, kNoPlayer}; }
    static View spectator_no_discards() { return View{Kind::kSpectatorNoDiscards, kNoPlayer}; }
    static View of_seat(PlayerId p) { return View{Kind::kSeat, p}; }
    bool operator==(const View&) const = default;
};

// Parses a view name: "spectator", "spectator-no-discards", or a seat named by its name or
// its colour in `seats`. Throws InputError "--view: expected spectator,
// spectator-no-discards or a seat (a, b, c), got \"x\"" otherwise.
View parse_view(std::string_view s, const std::vector<Seat>& seats);

// "spectator", "spectator-no-discards" or "seat <name>".
std::string view_name(const View& view, const std::vector<Seat>& seats);

// The log as `view` would have recorded it: same header (source gains "; view: <name>"),
// same events in the same order with the same source lines, hidden fields nulled and
// revealing claims dropped as stated above. Precondition: view.seat is a seat of `full`
// when kind == kSeat (else std::invalid_argument). Never fails otherwise.
GameLog make_view(const GameLog& full, const View& view);

// One event of a game as `view` would have recorded it, for a player that follows a game as
// it is played (lib/catan/agent/search.hpp): make_view's hiding of one event that is not the
// log's last (its vp claim dropped). `before`, when given, is the full state the event applies
// to: a monopoly whose haul `full` leaves out then states it (play_monopoly.given), as
// make_view does while the full game hides nothing.
Event view_event(const Event& full, const View& view, const GameState* before = nullptr);

}  // namespace ctk
