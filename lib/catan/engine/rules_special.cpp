// The special building phase of the 5-6 player extension (RULES.md special-building): from
// the turn player's end_turn to the next player's own turn, the other players in seat order
// (from the next) may each take one part: special_build, builds, end_turn. With the option
// special_building_any_order the parts come in any order, the turn player's among them.
#include <catan/engine/detail/rules_impl.hpp>

namespace ctk::rules_impl {

namespace {

// The building events a part holds (the ordinary checks judge them, with no roll needed).
bool part_event(const EventBody& body) {
    return std::holds_alternative<BuildRoad>(body) ||
           std::holds_alternative<BuildSettlement>(body) ||
           std::holds_alternative<BuildCity>(body) || std::holds_alternative<BuyDevCard>(body);
}

}  // namespace

bool Checker::special_building(const EventBody& body, Result& r) {
    const PlayerId p = event_player(body);
    const SpecialBuilding& sb = s_.special;
    const bool opens = std::holds_alternative<SpecialBuild>(body);
    const std::string_view what = event_type_name(body);
    if (!sb.open()) {
        if (!opens) return false;
        if (!s_.extension())
            r = fail(rule::kSpecialBuilding,
                     "special_build in the base game: the special building phase belongs to "
                     "the 5-6 player extension (the extended board)");
        else
            r = fail(rule::kSpecialBuilding,
                     fmt::format("special_build during {}'s turn {}: the special building "
                                 "phase runs from a turn's end_turn to the next player's roll",
                                 name(s_.active), s_.turn));
        return true;
    }
    if (sb.builder != kNoPlayer) {
        if (p != sb.builder) {
            r = fail(rule::kSpecialBuilding,
                     fmt::format("{}'s special build part is open until {}'s end_turn; {}'s {} "
                                 "cannot come now",
                                 name(sb.builder), name(sb.builder), name(p), what),
                     "player");
        } else if (std::holds_alternative<EndTurn>(body)) {
            r = std::nullopt;
        } else if (part_event(body)) {
            r = std::visit([&](const auto& b) { return event(b); }, body);
        } else {
            r = fail(rule::kSpecialBuilding,
                     fmt::format("{} in {}'s special build part: only build_road, "
                                 "build_settlement, build_city and buy_dev_card until {}'s "
                                 "end_turn (no trades, development cards or dice)",
                                 what, name(p), name(p)));
        }
        return true;
    }
    if (opens) {
        if (may_open_special_part(s_, p)) {
            r = std::nullopt;
            return true;
        }
        // Why not (a resigned player was refused before, under resign). With
        // special_building_any_order (JSettlers2's reading: players served as they ask, the
        // one whose turn ended among them) only a second part is refused.
        const bool any_order = s_.options().special_building_any_order;
        const int seat = s_.seats_after(sb.after, p);
        if (!any_order && p == sb.after)
            r = fail(rule::kSpecialBuilding,
                     fmt::format("{}'s turn just ended: the turn player takes no part in the "
                                 "special building phase",
                                 name(p)),
                     "player");
        else if (any_order || seat == sb.served)
            r = fail(rule::kSpecialBuilding,
                     fmt::format("{} already had a special build part after {}'s turn", name(p),
                                 name(sb.after)),
                     "player");
        else {
            const PlayerId last = (sb.after + sb.served) % s_.player_count();
            r = fail(rule::kSpecialBuilding,
                     fmt::format("{}'s special build is out of seat order: it comes before "
                                 "{}'s after {}'s turn, and {}'s part came already",
                                 name(p), name(last), name(sb.after), name(last)),
                     "player");
        }
        return true;
    }
    if (p == s_.active) {
        // The next player's own turn begins with its roll, or a development card played
        // before it; anything else of theirs comes between the parts.
        if (std::holds_alternative<Roll>(body) || std::holds_alternative<PlayKnight>(body) ||
            std::holds_alternative<PlayRoadBuilding>(body) ||
            std::holds_alternative<PlayYearOfPlenty>(body) ||
            std::holds_alternative<PlayMonopoly>(body)) {
            if (win_due(s_) == kNoPlayer) return false;
            r = fail(rule::kGameOver,
                     fmt::format("the game is over ({} won with {} VP as the turn passed to "
                                 "them, win_when_turn_passes); no {} may follow",
                                 name(p), s_.vp(p), what));
            return true;
        }
        r = fail(rule::kSpecialBuilding,
                 fmt::format("{}'s {} between the special build parts after {}'s turn: {}'s own "
                             "turn begins with the roll (or a development card played before "
                             "it), a part with special_build",
                             name(p), what, name(sb.after), name(p)),
                 "player");
        return true;
    }
    r = fail(rule::kSpecialBuilding,
             fmt::format("{}'s {} between the special build parts after {}'s turn: a part "
                         "opens with special_build, and only {}'s own turn comes next",
                         name(p), what, name(sb.after), name(s_.active)),
             "player");
    return true;
}

}  // namespace ctk::rules_impl
