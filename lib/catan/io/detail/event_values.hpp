// Internal to the event codecs (event_json.cpp, event_fast.cpp, event_write.cpp): the values
// of one event's fields between the text and the event, drawn from the one table of the
// event vocabulary (engine/event_fields.hpp). Not part of the public API.
#pragma once

#include <array>
#include <optional>
#include <tuple>
#include <utility>

#include <catan/engine/event.hpp>
#include <catan/engine/event_fields.hpp>

namespace ctk::detail {

// What a reader found in one event object, field by field. Only the fields in `seen` were
// read; the others keep their defaults.
struct EventValues {
    EventFieldMask seen = 0;
    int type = -1;  // index in EventBody
    PlayerId player = kNoPlayer;
    PlayerId victim = kNoPlayer;
    PlayerId other = kNoPlayer;  // to, partner
    int id = 0;                  // vertex, edge or hex
    std::array<int, 2> dice{};
    int sum = 0;
    int count = 0;
    bool cards_hidden = false;  // "cards": null
    std::optional<Resource> stolen;
    Resource resource = Resource::kBrick;
    std::optional<DevCard> card;
    std::optional<SeatCounts> given;
    // give, get, cards, take: each set when its field is read (the builder reads only
    // those), so a line does not pay for clearing all four
    std::array<ResourceCounts, 4> maps;

    bool has(EventField f) const { return (seen & field_bit(f)) != 0; }

    // The value of field F as the member of the event's struct it fills.
    template <EventField F>
    auto get() const {
        using E = EventField;
        if constexpr (F == E::kPlayer)
            return player;
        else if constexpr (F == E::kVertex || F == E::kEdge || F == E::kHex)
            return id;
        else if constexpr (F == E::kVictim)
            return victim;
        else if constexpr (F == E::kTo || F == E::kPartner)
            return other;
        else if constexpr (F == E::kStolen)
            return stolen;
        else if constexpr (F == E::kCard)
            return card;
        else if constexpr (F == E::kGiven)
            return given;
        else if constexpr (F == E::kResource)
            return resource;
        else if constexpr (F == E::kGive)
            return maps[0];
        else if constexpr (F == E::kGet)
            return maps[1];
        else if constexpr (F == E::kCards)
            return maps[2];
        else if constexpr (F == E::kTake)
            return maps[3];
        else
            static_assert(F == E::kPlayer, "a field with no member of its own");
    }
    // The slot of a resource-map field in `maps`.
    static constexpr std::size_t map_slot(EventField f) {
        return f == EventField::kGive    ? 0
               : f == EventField::kGet   ? 1
               : f == EventField::kCards ? 2
                                         : 3;
    }
};

// Whether the fields `seen` are exactly those the type allows: every required field, no
// other, and exactly one of its alternatives (dice or sum). Values are not looked at.
inline bool fields_fit(int type, EventFieldMask seen) {
    const EventFieldMasks& m = kEventFieldMasks[static_cast<std::size_t>(type)];
    const EventFieldMask alt = seen & m.alternatives;  // one bit when there are alternatives
    return (seen & m.required) == m.required && (seen & ~m.allowed) == 0 &&
           (m.alternatives == 0 || (alt != 0 && (alt & (alt - 1)) == 0));
}

namespace event_values_detail {

template <std::size_t I, std::size_t... K>
void emplace_fields(const EventValues& v, EventBody& body, std::index_sequence<K...>) {
    using T = std::variant_alternative_t<I, EventBody>;
    // The struct's members in the spec's order: player, then the type's fields.
    body.emplace<I>(T{v.get<kEventSpecs[I].fields[K].field>()...});
}

template <std::size_t I>
void emplace_event(const EventValues& v, EventBody& body) {
    using T = std::variant_alternative_t<I, EventBody>;
    if constexpr (std::is_same_v<T, Roll>) {
        if (v.has(EventField::kSum))
            body.emplace<I>(Roll{v.player, 0, v.sum});
        else
            body.emplace<I>(Roll{v.player, v.dice[0], v.dice[1]});
    } else if constexpr (std::is_same_v<T, Discard>) {
        if (v.cards_hidden)
            body.emplace<I>(Discard{v.player, ResourceCounts{}, true, v.count});
        else
            body.emplace<I>(Discard{v.player, v.maps[2], false, 0});
    } else {
        emplace_fields<I>(v, body, std::make_index_sequence<kEventSpecs[I].field_count>{});
    }
}

// The members of an event's struct as a tuple of references (player first).
template <class T>
auto members(const T& b) {
    constexpr int n = kEventSpecs[event_type_index<T>()].field_count;
    if constexpr (n == 1) {
        const auto& [a] = b;
        return std::tie(a);
    } else if constexpr (n == 2) {
        const auto& [a, c] = b;
        return std::tie(a, c);
    } else if constexpr (n == 3) {
        const auto& [a, c, d] = b;
        return std::tie(a, c, d);
    } else {
        const auto& [a, c, d, e] = b;
        return std::tie(a, c, d, e);
    }
}

}  // namespace event_values_detail

// The event of the values into `body` (built in place). The fields seen fit the type
// (fields_fit) and each value is in range: the readers check both first.
inline void build_event(const EventValues& v, EventBody& body) {
    // One comparison chain the compiler turns into a jump table, each case inlined.
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (void)((v.type == static_cast<int>(I)
                    ? (event_values_detail::emplace_event<I>(v, body), true)
                    : false) ||
               ...);
    }
    (std::make_index_sequence<std::variant_size_v<EventBody>>{});
}

namespace event_values_detail {

// `,"name":` for a key, built at compile time (a text writer appends it in one piece).
template <std::size_t N>
struct KeyText {
    std::array<char, N + 4> text{};
    constexpr explicit KeyText(std::string_view name) {
        text[0] = ',';
        text[1] = '"';
        for (std::size_t i = 0; i < N; ++i) text[i + 2] = name[i];
        text[N + 2] = '"';
        text[N + 3] = ':';
    }
    constexpr std::string_view view() const { return {text.data(), text.size()}; }
};
template <EventField F>
inline constexpr KeyText<event_field_name(F).size()> kKeyText{event_field_name(F)};
inline constexpr KeyText<4> kTypeKeyText{"type"};

template <FieldKind Kind, class V, class Sink>
void write_value(const V& v, Sink& sink) {
    if constexpr (Kind == FieldKind::kSeat) {
        sink.seat(v);
    } else if constexpr (Kind == FieldKind::kResources) {
        sink.resources(v);
    } else if constexpr (Kind == FieldKind::kResource || Kind == FieldKind::kDevCard) {
        auto name = [](auto x) {
            if constexpr (Kind == FieldKind::kResource)
                return resource_name(x);
            else
                return dev_card_name(x);
        };
        if constexpr (std::is_same_v<V, Resource> || std::is_same_v<V, DevCard>) {
            sink.name(name(v));
        } else if (v) {
            sink.name(name(*v));
        } else {
            sink.null();
        }
    } else {
        sink.integer(v);  // vertex, edge, hex, count, sum
    }
}

// Key K of the written order of T's fields (-1: "type").
template <class T, int K, class Sink>
void write_key(const T& b, Sink& sink) {
    constexpr std::size_t I = event_type_index<T>();
    if constexpr (K < 0) {
        sink.key("type", kTypeKeyText.view());
        sink.name(kEventTypeNames[I]);
    } else {
        constexpr FieldSpec f = kEventSpecs[I].fields[static_cast<std::size_t>(K)];
        constexpr std::string_view key = event_field_name(f.field);
        constexpr std::string_view text = kKeyText<f.field>.view();
        if constexpr (f.field == EventField::kPlayer) {
            sink.key(key, text);
            sink.seat(b.player);
        } else if constexpr (std::is_same_v<T, Roll>) {
            if ((f.field == EventField::kDice) != b.pair_known()) return;
            sink.key(key, text);
            if constexpr (f.field == EventField::kDice)
                sink.pair(b.die1, b.die2);
            else
                sink.integer(b.sum());
        } else if constexpr (f.field == EventField::kGiven) {
            if (!b.given) return;  // optional: written when the log says
            sink.key(key, text);
            sink.counts(*b.given);
        } else if constexpr (std::is_same_v<T, Discard>) {
            if constexpr (f.field == EventField::kCards) {
                sink.key(key, text);
                if (b.hidden)
                    sink.null();
                else
                    sink.resources(b.cards);
            } else if (b.hidden) {
                sink.key(key, text);
                sink.integer(b.count);
            }
        } else {
            sink.key(key, text);
            write_value<f.kind>(std::get<static_cast<std::size_t>(K)>(members(b)), sink);
        }
    }
}

}  // namespace event_values_detail

// The fields of an event as written, keys in byte order (the order of a JSON object sorted
// by key): for each, sink.key(name, text) — text is `,"name":` — then one value call —
// sink.seat(PlayerId) (kNoPlayer = null), sink.integer(int), sink.pair(int, int),
// sink.resources(ResourceCounts), sink.counts(SeatCounts) (one per seat), sink.name(string_view)
// (a quoted name) or sink.null(). "type" is
// a key like the others, its value given by sink.name. A roll writes dice or sum; a discard with
// hidden cards null and its count.
template <class Sink>
void write_event_fields(const EventBody& body, Sink& sink) {
    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            constexpr WrittenOrder order = written_order(kEventSpecs[event_type_index<T>()]);
            [&]<std::size_t... J>(std::index_sequence<J...>) {
                (event_values_detail::write_key<T, order.field[J]>(b, sink), ...);
            }
            (std::make_index_sequence<static_cast<std::size_t>(order.count)>{});
        },
        body);
}

}  // namespace ctk::detail
