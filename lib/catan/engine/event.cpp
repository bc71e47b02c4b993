// The event vocabulary's names and summaries. Events as JSON are io/event_json.cpp, the log
// around them io/log_format.cpp; the rules live in rules*.cpp.
#include <catan/engine/event.hpp>

#include <algorithm>
#include <charconv>
#include <sstream>

#include <fmt/format.h>

namespace ctk {

std::string_view dev_card_name(DevCard c) {
    return kDevCardNames[static_cast<std::size_t>(c)];
}

std::optional<DevCard> parse_dev_card(std::string_view s) {
    for (std::size_t i = 0; i < kDevCardNames.size(); ++i)
        if (kDevCardNames[i] == s) return static_cast<DevCard>(i);
    return std::nullopt;
}

const Board& log_board(const GameLog& log) {
    static const Board beginner = Board::beginner();
    return log.board ? *log.board : beginner;
}

std::string_view event_type_name(const EventBody& e) {
    return kEventTypeNames[e.index()];
}

PlayerId event_player(const EventBody& e) {
    return std::visit([](const auto& b) { return b.player; }, e);
}

std::string event_summary(const EventBody& e) {
    std::string_view type = event_type_name(e);
    return std::visit(
        [&](const auto& b) -> std::string {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, PlaceSettlement> ||
                          std::is_same_v<T, BuildSettlement> || std::is_same_v<T, BuildCity>)
                return fmt::format("{} {}", type, b.vertex);
            else if constexpr (std::is_same_v<T, PlaceRoad> || std::is_same_v<T, BuildRoad>)
                return fmt::format("{} {}", type, b.edge);
            else if constexpr (std::is_same_v<T, Roll>)
                return fmt::format("{} {}", type, b.die1 + b.die2);
            else if constexpr (std::is_same_v<T, MoveRobber>)
                return fmt::format("{} {}", type, b.hex);
            else if constexpr (std::is_same_v<T, PlayMonopoly>)
                return fmt::format("{} {}", type, resource_name(b.resource));
            else if constexpr (std::is_same_v<T, BuyDevCard>)
                return b.card ? fmt::format("{} {}", type, dev_card_name(*b.card))
                              : std::string(type);
            else
                return std::string(type);
        },
        e);
}

std::string seat_name(const std::vector<Seat>& seats, PlayerId p) {
    if (p == kNoPlayer) return "nobody";
    if (p >= 0 && static_cast<std::size_t>(p) < seats.size())
        return seats[static_cast<std::size_t>(p)].name;
    return fmt::format("player {}", p);
}

}  // namespace ctk
