#pragma once
// The fields of each event type in the log format (DESIGN.md section 4,
// schemas/log.schema.json): one table, kEventSpecs, from which every codec draws — the
// precise reader (io/event_json.cpp), the fast reader (io/event_fast.cpp), the event writer
// (io/event_write.cpp) and event_to_json. Besides its fields an event object has "type"
// (kEventTypeNames), and optionally "claims" and "note".
//
// Each type's fields are listed in the order of the members of its struct in event.hpp
// (player first), which is also the order the readers check them and name them in messages.

#include <array>
#include <cstdint>
#include <string_view>
#include <variant>

#include <catan/engine/event.hpp>

namespace ctk {

// Every field name an event may have. The enumerators' order is the order in which a reader
// names a required field that is missing next to an unknown one (a typo makes both).
enum class EventField : std::uint8_t {
    kVertex,
    kEdge,
    kDice,
    kCards,
    kHex,
    kGive,
    kGet,
    kTo,
    kPartner,
    kTake,
    kResource,
    kPlayer,
    kSum,
    kCount,
    kVictim,
    kStolen,
    kCard,
    kGiven,
};
inline constexpr int kEventFieldCount = 18;
inline constexpr std::array<std::string_view, kEventFieldCount> kEventFieldNames{
    "vertex", "edge",     "dice",   "cards", "hex",   "give",   "get",    "to",   "partner",
    "take",   "resource", "player", "sum",   "count", "victim", "stolen", "card", "given"};

constexpr std::string_view event_field_name(EventField f) {
    return kEventFieldNames[static_cast<std::size_t>(f)];
}
// A set of fields: bit (1 << field).
using EventFieldMask = std::uint32_t;
constexpr EventFieldMask field_bit(EventField f) {
    return EventFieldMask{1} << static_cast<unsigned>(f);
}

// What a field's value is in the log.
enum class FieldKind : std::uint8_t {
    kSeat,        // a seat's name (null = nobody where the field is nullable)
    kVertex,      // a vertex id 0..vertex_count-1, or {"hex": h, "corner": "N"}
    kEdge,        // an edge id 0..edge_count-1, or {"hex": h, "side": "NE"}
    kHex,         // a hex id 0..hex_count-1
    kDice,        // [die1, die2], each 1..6
    kSum,         // the dice's sum 2..12 (a recording that saw only the sum)
    kResources,   // a resource map {"brick": 1, ...}, counts 0..kMaxCardCount
    kCount,       // a number of cards
    kResource,    // a resource's name
    kDevCard,     // a development card's name
    kSeatCounts,  // a count per seat in turn order, [2, 0, 1], each 0..kMaxCardCount
};

struct FieldSpec {
    EventField field;
    FieldKind kind;
    // Required: the event has it (an "alternative" field: exactly one of the type's
    // alternatives is given). Nullable: null is a value (nobody, not known, hidden).
    bool required = true;
    bool nullable = false;
    bool alternative = false;
};

struct EventSpec {
    std::string_view type;  // kEventTypeNames
    std::array<FieldSpec, 5> fields{};
    int field_count = 0;

    constexpr EventSpec(std::string_view t, std::initializer_list<FieldSpec> f) : type(t) {
        fields[0] = {EventField::kPlayer, FieldKind::kSeat};
        for (const FieldSpec& s : f) fields[static_cast<std::size_t>(++field_count)] = s;
        ++field_count;
    }
    constexpr EventFieldMask mask(bool FieldSpec::*flag = nullptr, bool want = true) const {
        EventFieldMask m = 0;
        for (int i = 0; i < field_count; ++i) {
            const FieldSpec& s = fields[static_cast<std::size_t>(i)];
            if (!flag || s.*flag == want) m |= field_bit(s.field);
        }
        return m;
    }
    // Every field the type may have.
    constexpr EventFieldMask allowed() const { return mask(); }
    // The fields it must have (alternatives apart).
    constexpr EventFieldMask required() const {
        return mask(&FieldSpec::required) & ~alternatives();
    }
    // Fields of which exactly one is given (0: none such).
    constexpr EventFieldMask alternatives() const { return mask(&FieldSpec::alternative); }
    constexpr bool has(EventField f) const { return (allowed() & field_bit(f)) != 0; }
};

namespace event_spec_detail {
using K = FieldKind;
using F = EventField;
constexpr FieldSpec optional_null(F f, K k) {
    return {f, k, false, true, false};
}
}  // namespace event_spec_detail

// The fields of each event type, in EventBody order (player first, then the struct's
// members in order). Discard: "cards" null (hidden) needs "count"; with cards known,
// "count" may repeat their number. MoveRobber: a stolen card needs a victim.
inline constexpr std::array<EventSpec, std::variant_size_v<EventBody>> kEventSpecs = [] {
    using namespace event_spec_detail;
    return std::array<EventSpec, std::variant_size_v<EventBody>>{
        EventSpec{"place_settlement", {{F::kVertex, K::kVertex}}},
        EventSpec{"place_road", {{F::kEdge, K::kEdge}}},
        EventSpec{"roll",
                  {{F::kDice, K::kDice, true, false, true}, {F::kSum, K::kSum, true, false, true}}},
        EventSpec{"discard",
                  {{F::kCards, K::kResources, true, true}, {F::kCount, K::kCount, false}}},
        EventSpec{"move_robber",
                  {{F::kHex, K::kHex},
                   optional_null(F::kVictim, K::kSeat),
                   optional_null(F::kStolen, K::kResource)}},
        EventSpec{"trade_bank", {{F::kGive, K::kResources}, {F::kGet, K::kResources}}},
        EventSpec{"trade_offer",
                  {{F::kTo, K::kSeat}, {F::kGive, K::kResources}, {F::kGet, K::kResources}}},
        EventSpec{"trade_accept", {}},
        EventSpec{"trade_reject", {}},
        EventSpec{"trade_cancel", {}},
        EventSpec{"trade_player",
                  {{F::kPartner, K::kSeat}, {F::kGive, K::kResources}, {F::kGet, K::kResources}}},
        EventSpec{"build_road", {{F::kEdge, K::kEdge}}},
        EventSpec{"build_settlement", {{F::kVertex, K::kVertex}}},
        EventSpec{"build_city", {{F::kVertex, K::kVertex}}},
        EventSpec{"buy_dev_card", {optional_null(F::kCard, K::kDevCard)}},
        EventSpec{"play_knight", {}},
        EventSpec{"play_road_building", {}},
        EventSpec{"play_year_of_plenty", {{F::kTake, K::kResources}}},
        EventSpec{"play_monopoly",
                  {{F::kResource, K::kResource}, {F::kGiven, K::kSeatCounts, false}}},
        EventSpec{"end_turn", {}},
        EventSpec{"resign", {}},
        EventSpec{"special_build", {}},
    };
}();

// Each type's field sets, computed once from kEventSpecs (the readers test them per line).
struct EventFieldMasks {
    EventFieldMask required = 0;
    EventFieldMask allowed = 0;
    EventFieldMask alternatives = 0;
};
inline constexpr std::array<EventFieldMasks, std::variant_size_v<EventBody>> kEventFieldMasks = [] {
    std::array<EventFieldMasks, std::variant_size_v<EventBody>> m{};
    for (std::size_t i = 0; i < m.size(); ++i)
        m[i] = {kEventSpecs[i].required(), kEventSpecs[i].allowed(), kEventSpecs[i].alternatives()};
    return m;
}();

// The index in EventBody of its alternative T.
template <class T>
constexpr std::size_t event_type_index() {
    constexpr std::size_t n = std::variant_size_v<EventBody>;
    std::size_t i = 0;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((std::is_same_v<T, std::variant_alternative_t<I, EventBody>> ? (i = I, true) : false) ||
         ...);
    }
    (std::make_index_sequence<n>{});
    return i;
}

// The order in which a type's keys are written: its fields and "type" (index -1) in byte
// order of their names, as a JSON object sorted by key writes them.
struct WrittenOrder {
    std::array<signed char, 6> field{};  // index into EventSpec::fields, -1 = "type"
    int count = 0;
};
constexpr WrittenOrder written_order(const EventSpec& s) {
    WrittenOrder w;
    w.count = s.field_count + 1;
    for (int i = 0; i < s.field_count; ++i)
        w.field[static_cast<std::size_t>(i)] = static_cast<signed char>(i);
    w.field[static_cast<std::size_t>(s.field_count)] = -1;
    auto name = [&](signed char k) {
        return k < 0 ? std::string_view("type")
                     : event_field_name(s.fields[static_cast<std::size_t>(k)].field);
    };
    for (int i = 1; i < w.count; ++i)
        for (int j = i; j > 0 && name(w.field[static_cast<std::size_t>(j)]) <
                                     name(w.field[static_cast<std::size_t>(j - 1)]);
             --j)
            std::swap(w.field[static_cast<std::size_t>(j)],
                      w.field[static_cast<std::size_t>(j - 1)]);
    return w;
}

namespace event_spec_detail {
constexpr bool specs_agree() {
    for (std::size_t i = 0; i < kEventSpecs.size(); ++i) {
        if (kEventSpecs[i].type != kEventTypeNames[i]) return false;
        if (kEventSpecs[i].fields[0].field != EventField::kPlayer) return false;
    }
    return true;
}
static_assert(specs_agree(), "kEventSpecs follows kEventTypeNames, player first");
}  // namespace event_spec_detail

}  // namespace ctk
