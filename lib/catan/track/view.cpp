#include <catan/track/view.hpp>

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>

#include <fmt/format.h>

#include <catan/engine/rules.hpp>
#include <catan/engine/state.hpp>

namespace ctk {

View parse_view(std::string_view s, const std::vector<Seat>& seats) {
    if (s == "spectator") return View::spectator();
    if (s == "spectator-no-discards") return View::spectator_no_discards();
    for (std::size_t p = 0; p < seats.size(); ++p)
        if (seats[p].name == s) return View::of_seat(static_cast<PlayerId>(p));
    for (std::size_t p = 0; p < seats.size(); ++p)
        if (seats[p].color == s) return View::of_seat(static_cast<PlayerId>(p));
    std::string names;
    for (const Seat& seat : seats) names += (names.empty() ? "" : ", ") + seat.name;
    throw InputError(fmt::format(
        "--view: expected spectator, spectator-no-discards or a seat ({}), got \"{}\"", names, s));
}

std::string view_name(const View& view, const std::vector<Seat>& seats) {
    switch (view.kind) {
        case View::Kind::kSpectator:
            return "spectator";
        case View::Kind::kSpectatorNoDiscards:
            return "spectator-no-discards";
        case View::Kind::kSeat:
            break;
    }
    return "seat " + seats.at(static_cast<std::size_t>(view.seat)).name;
}

namespace {

// Whether the viewer sees the stolen card of a steal by `thief` from `victim`.
bool sees_steal(const View& v, PlayerId thief, PlayerId victim) {
    return v.kind == View::Kind::kSeat && (v.seat == thief || v.seat == victim);
}

// Hides the fields of one event; returns true when a received claim on it would reveal a
// hidden stolen card.
bool hide_fields(EventBody& body, const View& v) {
    bool steal_hidden = false;
    std::visit(
        [&](auto& e) {
            using T = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<T, MoveRobber>) {
                if (e.victim != kNoPlayer && !sees_steal(v, e.player, e.victim)) {
                    e.stolen = std::nullopt;
                    steal_hidden = true;
                }
            } else if constexpr (std::is_same_v<T, BuyDevCard>) {
                if (!(v.kind == View::Kind::kSeat && v.seat == e.player)) e.card = std::nullopt;
            } else if constexpr (std::is_same_v<T, Discard>) {
                if (v.kind == View::Kind::kSpectatorNoDiscards && !e.hidden) {
                    e.count = e.total();
                    e.cards = ResourceCounts{};
                    e.hidden = true;
                }
            }
        },
        body);
    return steal_hidden;
}

// The claims the view keeps, or null when none is left.
std::shared_ptr<const Claims> keep_claims(const Claims& c, const View& v, bool steal_hidden,
                                          bool last_event) {
    Claims k = c;
    if (steal_hidden) k.received.reset();
    if (!last_event) k.vp.reset();
    if (v.kind == View::Kind::kSpectatorNoDiscards) k.bank.reset();
    if (k.hands) {
        if (v.kind != View::Kind::kSeat) {
            k.hands.reset();
        } else {
            std::vector<std::optional<ResourceCounts>> own(k.hands->size());
            auto seat = static_cast<std::size_t>(v.seat);
            if (seat < own.size() && (*k.hands)[seat]) own[seat] = (*k.hands)[seat];
            if (seat < own.size() && own[seat])
                k.hands = std::move(own);
            else
                k.hands.reset();
        }
    }
    if (!k.received && !k.longest_road && !k.largest_army && !k.vp && !k.winner && !k.hands &&
        !k.bank)
        return nullptr;
    return std::make_shared<const Claims>(std::move(k));
}

// The haul of a monopoly from each hand of `s` (the state it applies to).
void state_haul(PlayMonopoly& m, const GameState& s) {
    SeatCounts& given = m.given.emplace();
    given.fill(0);
    for (PlayerId q = 0; q < s.player_count(); ++q)
        if (q != m.player)
            given[static_cast<std::size_t>(q)] =
                static_cast<std::int8_t>(s.players[q].hand[static_cast<int>(m.resource)]);
}

}  // namespace

Event view_event(const Event& full, const View& view, const GameState* before) {
    Event e = full;
    if (auto* m = std::get_if<PlayMonopoly>(&e.body); m && !m->given && before)
        state_haul(*m, *before);
    const bool steal_hidden = hide_fields(e.body, view);
    if (e.claims) e.claims = keep_claims(*e.claims, view, steal_hidden, false);
    return e;
}

GameLog make_view(const GameLog& full, const View& view) {
    if (view.kind == View::Kind::kSeat &&
        (view.seat < 0 || view.seat >= static_cast<PlayerId>(full.seats.size())))
        throw std::invalid_argument("make_view: the viewing seat is not a seat of the log");
    GameLog out = full;
    std::string name = view_name(view, full.seats);
    out.source = full.source.empty() ? "view: " + name : full.source + "; view: " + name;
    // The full game alongside, for what every player sees that the log may not state: a
    // monopoly's haul from each hand (progress-card) — while the hands are known, that is
    // until `full` hides a stolen or discarded card itself.
    GameState s = GameState::initial(full);
    bool hands_known = !full.unrecorded.discards;
    for (std::size_t i = 0; i < out.events.size(); ++i) {
        Event& e = out.events[i];
        if (const auto* r = std::get_if<MoveRobber>(&e.body);
            r && r->victim != kNoPlayer && !r->stolen)
            hands_known = false;
        if (const auto* d = std::get_if<Discard>(&e.body); d && d->hidden) hands_known = false;
        if (auto* m = std::get_if<PlayMonopoly>(&e.body); m && !m->given && hands_known)
            state_haul(*m, s);
        apply(s, full.events[i]);
        bool steal_hidden = hide_fields(e.body, view);
        if (e.claims)
            e.claims = keep_claims(*e.claims, view, steal_hidden, i + 1 == out.events.size());
    }
    return out;
}

}  // namespace ctk
