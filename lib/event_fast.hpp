// Internal to the log readers (event.cpp, event_fast.cpp, log_format.cpp): the event
// type names and the fast path for one JSON Lines event. Not part of the public API.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "event.hpp"

namespace ctk::detail {

// The "type" of each event, in EventBody index order.
inline constexpr std::array<std::string_view, std::variant_size_v<EventBody>> kEventTypeNames{
    "place_settlement", "place_road",         "roll",
    "discard",          "move_robber",        "trade_bank",
    "trade_offer",      "trade_accept",       "trade_reject",
    "trade_cancel",     "trade_player",       "build_road",
    "build_settlement", "build_city",         "buy_dev_card",
    "play_knight",      "play_road_building", "play_year_of_plenty",
    "play_monopoly",    "end_turn",           "resign",
    "special_build"};

// The event on one JSON Lines line, read with simdjson, when it has the common shape (flat
// fields, resource maps, the dice array; no claims, note or {"hex", ...} forms) and is
// well-formed, else
// std::nullopt: the caller then reads the line with event_from_json, whose messages are
// the reference. Both paths accept exactly the same events and give equal ones.
// source_line is left 0.
std::optional<Event> read_event_fast(std::string_view line, const std::vector<Seat>& seats,
                                     const Topology& t);

}  // namespace ctk::detail
