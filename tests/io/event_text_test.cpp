// Events in plain words (lib/catan/io/event_text.hpp) on the beginner board: every event type's
// sentence, places named by the hexes around them (inland, on the coast, by a harbor), hidden
// values said to be hidden, an id off the board named by its id alone.
#include <catch2/catch.hpp>

#include <catan/io/event_text.hpp>

using namespace ctk;

namespace {
std::string said(const EventBody& e) {
    static const Board board = Board::beginner();
    static const std::vector<Seat> seats{{"red", "red", {}}, {"blue", "blue", {}}};
    return event_text(e, seats, board);
}
}  // namespace

TEST_CASE("events in plain words name cards, players and places by their hexes", "[event_text]") {
    CHECK(said(MoveRobber{0, 18, 1, Resource::kBrick}) ==
          "red moves the robber to the pasture (11) [hex 18] and steals 1 brick from blue");
    CHECK(said(MoveRobber{0, 9, kNoPlayer, std::nullopt}) ==
          "red moves the robber to the desert [hex 9] and steals nothing");
    CHECK(said(MoveRobber{0, 4, 1, std::nullopt}) ==
          "red moves the robber to the hills (6) [hex 4] and steals a hidden card from blue");
    CHECK(said(TradeBank{0, {0, 0, 4, 0, 0}, {0, 0, 0, 0, 1}}) ==
          "red trades 4 wool to the bank for 1 ore");
    CHECK(said(TradePlayer{0, 1, {1, 1, 0, 0, 0}, {0, 0, 0, 2, 0}}) ==
          "red trades 1 brick and 1 lumber to blue for 2 grain");
    CHECK(said(TradeOffer{0, 1, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1}}) ==
          "red offers 1 brick to blue for 1 ore");
    CHECK(said(Discard{1, {}, true, 4}) == "blue discards 4 hidden cards");
    CHECK(said(Discard{1, {1, 0, 2, 0, 1}, false, 0}) == "blue discards 1 brick, 2 wool and 1 ore");
    CHECK(said(BuyDevCard{0, std::nullopt}) == "red buys a development card (hidden)");
    CHECK(said(BuyDevCard{0, DevCard::kKnight}) == "red buys a development card (a knight)");
    CHECK(said(Roll{1, 3, 5}) == "blue rolls 8 (3 + 5)");
    CHECK(said(Roll{1, 0, 8}) == "blue rolls 8");  // a transcript that gives the sum only
    CHECK(said(PlayYearOfPlenty{0, {1, 0, 0, 0, 1}}) ==
          "red plays year of plenty for 1 brick and 1 ore");
    CHECK(said(PlayMonopoly{0, Resource::kWool, std::nullopt}) == "red plays monopoly on wool");
    CHECK(said(PlayMonopoly{1, Resource::kWool, SeatCounts{2, 0, 0, 0, 0, 0}}) ==
          "blue plays monopoly on wool and takes 2 (2 from red)");
    CHECK(said(PlayMonopoly{0, Resource::kWool, SeatCounts{0, 0, 0, 0, 0, 0}}) ==
          "red plays monopoly on wool and takes 0 (none from blue)");
    CHECK(said(PlayKnight{0}) == "red plays a knight");
    CHECK(said(EndTurn{1}) == "blue ends the turn");
    CHECK(said(SpecialBuild{1}) == "blue starts a special building part");
}

TEST_CASE("places in plain words: inland, on the coast, by a harbor, off the board",
          "[event_text]") {
    CHECK(said(BuildSettlement{0, 9}) ==
          "red builds a settlement between the mountains (10), the fields (12) and the hills (6) "
          "[vertex 9]");
    CHECK(said(PlaceSettlement{1, 4}) ==
          "blue places a settlement on the coast between the pasture (2) and the forest (9) by "
          "the 2:1 grain harbor [vertex 4]");
    CHECK(said(BuildCity{0, 0}) ==
          "red builds a city on the coast at the NW corner of the mountains (10) by the 3:1 "
          "harbor [vertex 0]");
    CHECK(said(BuildRoad{0, 0}) ==
          "red builds a road on the coast at the NW side of the mountains (10) [edge 0]");
    CHECK(said(PlaceRoad{0, 26}) ==
          "red places a road between the hills (6) and the forest (11) [edge 26]");
    CHECK(said(BuildRoad{0, 999}) == "red builds a road [edge 999]");
    CHECK(cards_text({}) == "nothing");
}

TEST_CASE("a violation in one line names its event in words, or only its rule", "[event_text]") {
    static const Board board = Board::beginner();
    static const std::vector<Seat> seats{{"red", "red", {}}, {"blue", "blue", {}}};
    Violation v;
    v.rule_id = "robber-due";
    v.event_index = 17;
    v.turn = 3;
    v.player = 1;
    v.message = "no 7 was rolled";
    Event e;
    e.body = PlayKnight{1};
    CHECK(violation_line("game.json", v, &e, seats, board) ==
          "game.json: event 17 (turn 3, blue plays a knight): robber-due: no 7 was rolled");
    CHECK(violation_line("game.json", v, nullptr, seats, board) ==
          "game.json: robber-due: no 7 was rolled");
}
