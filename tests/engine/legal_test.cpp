// Legal-move generation (lib/catan/engine/legal.hpp) against the rules' check: every generated
// event passes check; for sampled states, brute force over every candidate event filtered by check
// gives exactly the generated list (same events, same order); golden counts.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <catan/engine/legal.hpp>
#include <catan/engine/rules.hpp>
#include <catan/io/event_json.hpp>
#include <catan/play/sim.hpp>

using namespace ctk;

namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(CATAN_SANITIZE)
constexpr int kScale = 10;  // sanitizers are ~10x slower: sample fewer games
#else
constexpr int kScale = 1;
#endif

std::shared_ptr<const Board> beginner() {
    static auto b = std::make_shared<const Board>(Board::beginner());
    return b;
}

Event ev(EventBody b) {
    return Event{std::move(b), nullptr, 0};
}

std::vector<std::string> as_text(const std::vector<EventBody>& events, int players) {
    const auto seats = sim_seats(players);
    std::vector<std::string> out;
    for (const auto& e : events) out.push_back(event_to_json(ev(e), seats).dump());
    return out;
}

// Every event of the generated vocabulary, for every player and every argument, in the
// documented order (legal.hpp), with chance fields unset. Counts in hands are bounded by
// the hand itself (a discard of cards not held is rejected by insufficient-resources; the
// generator never proposes one, and larger counts would only repeat that rejection).
std::vector<EventBody> candidates(const GameState& s) {
    const Topology& t = s.topology();
    const int n = s.player_count();
    std::vector<EventBody> c;
    for (PlayerId p = 0; p < n; ++p)
        for (VertexId v = 0; v < t.vertex_count(); ++v) c.push_back(PlaceSettlement{p, v});
    for (PlayerId p = 0; p < n; ++p)
        for (EdgeId e = 0; e < t.edge_count(); ++e) c.push_back(PlaceRoad{p, e});
    for (PlayerId p = 0; p < n; ++p) c.push_back(Roll{p, 0, 0});
    for (PlayerId p = 0; p < n; ++p) {
        const auto& h = s.players[p].hand;
        ResourceCounts d{};
        for (d[0] = 0; d[0] <= h[0]; ++d[0])
            for (d[1] = 0; d[1] <= h[1]; ++d[1])
                for (d[2] = 0; d[2] <= h[2]; ++d[2])
                    for (d[3] = 0; d[3] <= h[3]; ++d[3])
                        for (d[4] = 0; d[4] <= h[4]; ++d[4]) c.push_back(Discard{p, d});
    }
    for (PlayerId p = 0; p < n; ++p)
        for (HexId h = 0; h < t.hex_count(); ++h)
            for (PlayerId v = kNoPlayer; v < n; ++v) c.push_back(MoveRobber{p, h, v, std::nullopt});
    for (PlayerId p = 0; p < n; ++p)
        for (int r = 0; r < kResourceCount; ++r)
            for (int k = 1; k <= 5; ++k)
                for (int g = 0; g < kResourceCount; ++g) {
                    TradeBank tb{p, {}, {}};
                    tb.give[r] = k;
                    tb.get[g] += 1;
                    c.push_back(tb);
                }
    for (PlayerId p = 0; p < n; ++p)
        for (EdgeId e = 0; e < t.edge_count(); ++e) c.push_back(BuildRoad{p, e});
    for (PlayerId p = 0; p < n; ++p)
        for (VertexId v = 0; v < t.vertex_count(); ++v) c.push_back(BuildSettlement{p, v});
    for (PlayerId p = 0; p < n; ++p)
        for (VertexId v = 0; v < t.vertex_count(); ++v) c.push_back(BuildCity{p, v});
    for (PlayerId p = 0; p < n; ++p) c.push_back(BuyDevCard{p, std::nullopt});
    for (PlayerId p = 0; p < n; ++p) c.push_back(PlayKnight{p});
    for (PlayerId p = 0; p < n; ++p) c.push_back(PlayRoadBuilding{p});
    for (PlayerId p = 0; p < n; ++p) {
        ResourceCounts d{};
        for (d[0] = 0; d[0] <= 2; ++d[0])
            for (d[1] = 0; d[1] <= 2; ++d[1])
                for (d[2] = 0; d[2] <= 2; ++d[2])
                    for (d[3] = 0; d[3] <= 2; ++d[3])
                        for (d[4] = 0; d[4] <= 2; ++d[4]) c.push_back(PlayYearOfPlenty{p, d});
    }
    for (PlayerId p = 0; p < n; ++p)
        for (Resource r : kResources) c.push_back(PlayMonopoly{p, r, std::nullopt});
    for (PlayerId p = 0; p < n; ++p) c.push_back(EndTurn{p});
    for (PlayerId p = 0; p < n; ++p) c.push_back(SpecialBuild{p});
    return c;
}

std::vector<EventBody> brute_force(const GameState& s) {
    std::vector<EventBody> legal;
    for (auto& e : candidates(s))
        if (!check(s, ev(e))) legal.push_back(e);
    return legal;
}

std::vector<EventBody> generated(const GameState& s) {
    std::vector<EventBody> out;
    legal_events(s, out);
    return out;
}

// legal_moves' codes decoded, each discard placeholder expanded into every distinct
// discard of its player (discard_at order): the list legal_events(s, out, true) gives.
std::vector<EventBody> from_codes(const GameState& s) {
    MoveList codes;
    legal_moves(s, codes);
    std::vector<EventBody> out;
    for (const MoveCode& m : codes) {
        EventBody e = move_event(m);
        if (const auto* d = std::get_if<Discard>(&e)) {
            const ResourceCounts& hand = s.players[d->player].hand;
            const int k = s.discard_owed[d->player];
            for (std::int64_t i = 0; i < discard_count(hand, k); ++i)
                out.push_back(Discard{d->player, discard_at(hand, k, i)});
        } else {
            out.push_back(e);
        }
    }
    return out;
}

// The states of one self-play game, every `every` events plus every state where a 7 or a
// development card makes the decision unusual.
template <class Fn>
void sample_states(std::uint64_t seed, int players, int every, Fn&& fn,
                   const GameOptions& options = {}) {
    SimOptions opt;
    opt.players = players;
    opt.options = options;
    opt.record = false;
    opt.turn_cap = 300;
    SelfPlay sp(seed, opt);
    int i = 0;
    while (!sp.over()) {
        const GameState& s = sp.state();
        const PlayerState& ps = s.players[s.active];
        const bool unusual = s.seven_pending() || s.free_roads > 0 || s.special.open() ||
                             (ps.dev_old[2] + ps.dev_old[3] + ps.dev_old[4] > 0 && !s.dev_played);
        if (i % every == 0 || unusual) fn(s);
        sp.step();
        ++i;
    }
    fn(sp.state());  // the final state (game over: nothing or the rest of a card)
}

// The generator's list, and the list its move codes decode to, equal the brute force's:
// every candidate event filtered by check (the judge of "generation equals what check
// accepts").
void require_generator_equals_brute_force(const GameState& s) {
    const int players = s.player_count();
    const auto want = as_text(brute_force(s), players);
    REQUIRE(as_text(generated(s), players) == want);
    REQUIRE(as_text(from_codes(s), players) == want);
}

}  // namespace

TEST_CASE("golden: 54 first-settlement spots on the empty beginner board", "[legal]") {
    GameState s(beginner(), 4);
    auto moves = generated(s);
    REQUIRE(moves.size() == 54);
    for (int v = 0; v < 54; ++v) {
        REQUIRE(std::holds_alternative<PlaceSettlement>(moves[v]));
        CHECK(std::get<PlaceSettlement>(moves[v]).vertex == v);
        CHECK(std::get<PlaceSettlement>(moves[v]).player == 0);
    }
}

TEST_CASE("golden: setup roads and the second player's spots", "[legal]") {
    GameState s(beginner(), 4);
    apply(s, ev(PlaceSettlement{0, 0}));  // a coastal corner: 2 edges, 2 neighbours
    auto roads = generated(s);
    REQUIRE(roads.size() == 2);
    CHECK(std::get<PlaceRoad>(roads[0]).edge == s.topology().vertex_edges(0)[0]);
    apply(s, ev(roads[0]));
    auto spots = generated(s);
    CHECK(spots.size() == 51);  // 54 - the settlement - its 2 neighbours
    CHECK(std::get<PlaceSettlement>(spots[0]).player == 1);
    apply(s, ev(PlaceSettlement{1, 20}));  // an inland vertex: 3 edges
    CHECK(generated(s).size() == 3);
}

TEST_CASE("golden: the first turn before and after the roll", "[legal]") {
    GameState s(beginner(), 2);
    // Setup on fixed spots (snake order red, blue, blue, red).
    for (auto [p, v] : {std::pair{0, 0}, {1, 20}, {1, 40}, {0, 10}}) {
        apply(s, ev(PlaceSettlement{p, v}));
        apply(s, ev(generated(s)[0]));
    }
    REQUIRE(s.phase == Phase::kTurn);
    auto before = generated(s);
    REQUIRE(before.size() == 1);  // only the roll: no development card yet
    CHECK(std::holds_alternative<Roll>(before[0]));
    // A 7: nobody holds more than 7 cards, so the robber moves at once: 18 other hexes.
    apply(s, ev(Roll{0, 3, 4}));
    auto robber = generated(s);
    int hexes = 0;
    for (auto& e : robber) {
        REQUIRE(std::holds_alternative<MoveRobber>(e));
        hexes += std::get<MoveRobber>(e).victim == kNoPlayer || std::get<MoveRobber>(e).victim == 1;
    }
    CHECK(hexes == static_cast<int>(robber.size()));
    CHECK(robber.size() >= 18);
}

TEST_CASE("golden: year of plenty and monopoly choices", "[legal]") {
    GameState s(beginner(), 2);
    for (auto [p, v] : {std::pair{0, 0}, {1, 20}, {1, 40}, {0, 10}}) {
        apply(s, ev(PlaceSettlement{p, v}));
        apply(s, ev(generated(s)[0]));
    }
    s.players[0].dev_old[static_cast<int>(DevCard::kYearOfPlenty)] = 1;
    s.deck[static_cast<int>(DevCard::kYearOfPlenty)] -= 1;
    s.deck_left -= 1;
    auto moves = generated(s);  // roll + 15 ways to take 2 cards from a full-enough bank
    CHECK(moves.size() == 16);
    s.players[0].dev_old[static_cast<int>(DevCard::kYearOfPlenty)] = 0;
    s.players[0].dev_old[static_cast<int>(DevCard::kMonopoly)] = 1;
    CHECK(generated(s).size() == 6);  // roll + 5 resources
}

TEST_CASE("discard_count and discard_at enumerate distinct discards in order", "[legal]") {
    CHECK(discard_count({1, 1, 1, 1, 1}, 2) == 10);
    CHECK(discard_count({4, 0, 0, 0, 0}, 2) == 1);
    CHECK(discard_count({2, 2, 0, 0, 0}, 2) == 3);
    CHECK(discard_count({3, 0, 0, 0, 0}, 4) == 0);
    CHECK(discard_count({19, 19, 19, 19, 19}, 0) == 1);
    const ResourceCounts hand{3, 0, 2, 4, 1};
    for (int k = 0; k <= 10; ++k) {
        const auto n = discard_count(hand, k);
        std::vector<ResourceCounts> all;
        for (std::int64_t i = 0; i < n; ++i) all.push_back(discard_at(hand, k, i));
        // Exhaustive: every sub-multiset of size k, lexicographic.
        std::vector<ResourceCounts> expect;
        ResourceCounts d{};
        for (d[0] = 0; d[0] <= hand[0]; ++d[0])
            for (d[1] = 0; d[1] <= hand[1]; ++d[1])
                for (d[2] = 0; d[2] <= hand[2]; ++d[2])
                    for (d[3] = 0; d[3] <= hand[3]; ++d[3])
                        for (d[4] = 0; d[4] <= hand[4]; ++d[4])
                            if (d[0] + d[1] + d[2] + d[3] + d[4] == k) expect.push_back(d);
        CHECK(all == expect);
    }
}

TEST_CASE("every generated event passes check, in thousands of states", "[legal]") {
    const int games = 60 / kScale;
    std::int64_t states = 0, events = 0;
    for (int g = 1; g <= games; ++g) {
        sample_states(game_seed(99, g), 2 + g % 3, 1, [&](const GameState& s) {
            ++states;
            for (const auto& e : generated(s)) {
                ++events;
                auto v = check(s, ev(e));
                if (v)
                    FAIL_CHECK(as_text({e}, s.player_count())[0] << ": " << v->rule_id << ": "
                                                                 << v->message);
            }
        });
    }
    CHECK(states > 1000);
    CHECK(events > states);
}

TEST_CASE("brute force filtered by check equals the generator", "[legal]") {
    const int games = 24 / kScale;
    int compared = 0;
    for (int g = 1; g <= games; ++g) {
        const int players = 2 + g % 3;
        sample_states(game_seed(7, g), players, 37, [&](const GameState& s) {
            ++compared;
            INFO("game " << g << ", turn " << s.turn << ", active " << s.active);
            require_generator_equals_brute_force(s);
        });
    }
    CHECK(compared > 100);
}

TEST_CASE("brute force equals the generator under the house rules", "[legal][variants]") {
    // The friendly robber (its open hexes and victims) and a discard limit of 9.
    GameOptions options;
    options.friendly_robber = true;
    options.discard_limit = 9;
    int compared = 0, robber = 0;
    for (int g = 1; g <= 12 / kScale; ++g) {
        const int players = 2 + g % 3;
        sample_states(
            game_seed(8, g), players, 53,
            [&](const GameState& s) {
                ++compared;
                robber += s.robber_due != RobberReason::kNone;
                INFO("game " << g << ", turn " << s.turn << ", active " << s.active);
                require_generator_equals_brute_force(s);
            },
            options);
    }
    CHECK(compared > 50);
    CHECK(robber > 5);
}

TEST_CASE("brute force equals the generator in the special building phase", "[legal][variants]") {
    // 5 and 6 players on random extended boards: states between the parts (special_build
    // for the seats still to come, beside the next player's roll and cards) and in parts.
    int between = 0, parts = 0, seen = 0;
    for (int g = 1; g <= std::max(1, 4 / kScale); ++g) {
        const int players = 5 + g % 2;
        sample_states(game_seed(9, g), players, 1000, [&](const GameState& s) {
            if (!s.special.open()) return;
            const bool in_part = s.special.builder != kNoPlayer;
            if (!in_part && ++seen % 3 != 0) return;  // every third state between parts
            (in_part ? parts : between) += 1;
            INFO("game " << g << ", turn " << s.turn << ", after " << s.special.after
                         << ", builder " << s.special.builder);
            require_generator_equals_brute_force(s);
        });
    }
    CHECK(between > 40);
    CHECK(parts > 10);
}

TEST_CASE("brute force equals the generator under JSettlers2's readings", "[legal][variants]") {
    // unlimited_bank (trades and year of plenty from an empty bank), special building parts
    // in any order (the ended turn's player's among them) and a win due as the turn passes
    // (no roll or card of the next player then): 5 and 6 players, every third state.
    GameOptions options;
    options.unlimited_bank = true;
    options.special_building_any_order = true;
    options.win_when_turn_passes = true;
    int compared = 0, due = 0, seen = 0;
    for (int g = 1; g <= std::max(1, 6 / kScale); ++g) {
        const int players = 5 + g % 2;
        sample_states(
            game_seed(10, g), players, 1000,
            [&](const GameState& s) {
                const bool is_due = win_due(s) != kNoPlayer;
                if (!is_due && ++seen % 3 != 0) return;
                ++compared;
                due += is_due;
                INFO("game " << g << ", turn " << s.turn << ", active " << s.active);
                require_generator_equals_brute_force(s);
            },
            options);
    }
    CHECK(compared > 100);
    CHECK(due > 0);
}

TEST_CASE("brute force equals the generator under the house rules that forbid",
          "[legal][variants]") {
    // no_seven_rounds 3, no_seven_until_city, robber_not_to_desert (no desert among the
    // robber's hexes, two deserts on the extended board) and no_player_trades, on 3 to 6
    // players. A roll's dice are chance (the generator's roll is 0 0): a roll of 7 passes
    // check exactly when seven_allowed says so, which needs round 4 and a city.
    GameOptions options;
    options.no_seven_rounds = 3;
    options.no_seven_until_city = true;
    options.robber_not_to_desert = true;
    options.no_player_trades = true;
    int compared = 0, robber = 0, sevens_refused = 0, sevens_allowed = 0;
    for (int g = 1; g <= std::max(3, 12 / kScale); ++g) {
        const int players = 3 + g % 4;
        sample_states(
            game_seed(11, g), players, 40,
            [&](const GameState& s) {
                ++compared;
                INFO("game " << g << ", turn " << s.turn << ", active " << s.active);
                if (s.robber_due != RobberReason::kNone) {
                    ++robber;
                    for (HexId h = 0; h < s.topology().hex_count(); ++h)
                        if (s.board().terrain(h) == Terrain::kDesert)
                            CHECK_FALSE(robber_hexes(s).test(static_cast<std::size_t>(h)));
                }
                require_generator_equals_brute_force(s);
                if (s.phase == Phase::kTurn && s.rolled && !s.seven_pending() &&
                    s.free_roads == 0 && !s.special.open()) {
                    // no-player-trades: an offer or a trade, even one both could pay
                    const PlayerId q = (s.active + 1) % s.player_count();
                    const ResourceCounts one{1, 0, 0, 0, 0}, other{0, 0, 0, 0, 1};
                    const auto offer = check(s, ev(TradeOffer{s.active, q, one, other}));
                    const auto trade = check(s, ev(TradePlayer{s.active, q, one, other}));
                    REQUIRE(offer);
                    REQUIRE(trade);
                    CHECK(offer->rule_id == "no-player-trades");
                    CHECK(trade->rule_id == "no-player-trades");
                }
                if (s.phase != Phase::kTurn || s.rolled || s.special.builder != kNoPlayer ||
                    s.seven_pending() || s.free_roads > 0 || win_due(s) != kNoPlayer)
                    return;
                const bool allowed = s.round > 3 && city_built(s);
                CHECK(seven_allowed(s) == allowed);
                const auto v = check(s, ev(Roll{s.active, 3, 4}));
                CHECK(v.has_value() == !allowed);
                if (v)
                    CHECK(v->rule_id == (s.round <= 3 ? "no-seven-rounds" : "no-seven-until-city"));
                (allowed ? sevens_allowed : sevens_refused) += 1;
                CHECK_FALSE(check(s, ev(Roll{s.active, 2, 4})));
            },
            options);
    }
    CHECK(compared > 100);
    CHECK(robber > 5);
    // (the sanitizer pass samples 3 games: each kind of roll at least once)
    const int least = kScale == 1 ? 11 : 1;
    CHECK(sevens_refused >= least);
    CHECK(sevens_allowed >= least);
}

// maritime-rate (RULES.md): the 3:1 rate needs a generic harbor; the owner of the brick
// 2:1 harbor alone trades wool at 4:1, not 3:1 (a check once took any rate <= 3 as a 3:1
// harbor).
TEST_CASE("a 2:1 brick harbor alone does not give 3:1 on other resources", "[legal]") {
    GameState s(beginner(), 2);
    VertexId spot = kNoId;
    for (const Harbor& h : s.board().harbors())
        if (h.kind == HarborKind::kBrick) spot = h.vertices[0];
    REQUIRE(spot != kNoId);
    s.phase = Phase::kTurn;
    s.turn = 1;
    s.rolled = true;
    s.building[spot] = Building::kSettlement;
    s.owner[spot] = 0;
    refresh_derived(s);  // pieces set by hand: rebuild the occupancy masks
    s.players[0].settlements_left -= 1;
    s.players[0].hand[static_cast<int>(Resource::kWool)] = 3;
    s.bank[static_cast<int>(Resource::kWool)] -= 3;
    REQUIRE(s.maritime_rate(0, Resource::kBrick) == 2);
    REQUIRE(s.maritime_rate(0, Resource::kWool) == 4);
    TradeBank t{0, {}, {}};
    t.give[static_cast<int>(Resource::kWool)] = 3;
    t.get[static_cast<int>(Resource::kOre)] = 1;
    auto v = check(s, ev(t));
    REQUIRE(v.has_value());
    CHECK(v->rule_id == "maritime-rate");
}

TEST_CASE("the visitor forms count and pick exactly legal_events' list", "[legal]") {
    const auto seats = sim_seats(4);
    int states = 0;
    for (int g = 1; g <= 12 / kScale + 1; ++g) {
        sample_states(game_seed(31, g), 2 + g % 3, 3, [&](const GameState& s) {
            ++states;
            for (bool all : {true, false}) {
                std::vector<EventBody> list;
                legal_events(s, list, all);
                REQUIRE(legal_event_count(s, all) == list.size());
                for (std::size_t i = 0; i < list.size(); ++i)
                    REQUIRE(event_to_json(ev(legal_event_at(s, i, all)), seats) ==
                            event_to_json(ev(list[i]), seats));
            }
        });
    }
    CHECK(states > 100);
}

TEST_CASE("moves as codes decode to exactly legal_events' list in every state", "[legal]") {
    // Every state of self-play games of 2-6 players (beginner and random boards, the
    // friendly robber in some): the same events in the same order.
    std::vector<EventBody> events;
    MoveList codes;
    std::int64_t states = 0, listed = 0;
    for (int players : {2, 3, 4, 5, 6}) {
        for (int g = 1; g <= 2; ++g) {
            GameOptions options;
            options.friendly_robber = g == 2;
            sample_states(
                game_seed(99, g), players, 1,
                [&](const GameState& s) {
                    legal_events(s, events, false);
                    legal_moves(s, codes);
                    REQUIRE(codes.size() == events.size());
                    const auto want = as_text(events, players);
                    std::vector<EventBody> got;
                    for (const MoveCode& m : codes) got.push_back(move_event(m));
                    INFO(players << " players, game " << g << ", turn " << s.turn);
                    REQUIRE(as_text(got, players) == want);
                    ++states;
                    listed += static_cast<std::int64_t>(codes.size());
                },
                options);
        }
    }
    CHECK(states > 2000);
    CHECK(listed > 4 * states);  // about 4.8 moves a state
}

TEST_CASE("the move set's k-th move is legal_moves' k-th, in every state", "[legal]") {
    // Every state of self-play games of 2-6 players (beginner and random boards, the
    // friendly robber in some): the set's size is the list's, at(k) is the list's k-th
    // code for every k, and each part's count is the number of its moves in the list.
    LegalSet set;
    MoveList codes;
    std::int64_t states = 0, sampled = 0;
    for (int players : {2, 3, 4, 5, 6}) {
        for (int g = 1; g <= 2; ++g) {
            GameOptions options;
            options.friendly_robber = g == 1;
            sample_states(
                game_seed(17, g), players, 1,
                [&](const GameState& s) {
                    legal_set(s, set);
                    legal_moves(s, codes);
                    INFO(players << " players, game " << g << ", turn " << s.turn);
                    REQUIRE(set.size() == codes.size());
                    REQUIRE(set.empty() == codes.empty());
                    std::size_t k = 0;
                    for (int part = 0; part < LegalSet::kPartCount; ++part) {
                        if (!set.has(static_cast<LegalSet::Part>(part))) continue;
                        REQUIRE(set.count[part] > 0);
                        // The part's moves are one run of one event type (two for none).
                        const std::uint8_t type = codes[k].type;
                        for (std::size_t i = 0; i < set.count[part]; ++i, ++k) {
                            REQUIRE(k < codes.size());
                            CHECK(codes[k].type == type);
                        }
                    }
                    REQUIRE(k == codes.size());
                    for (std::size_t i = 0; i < codes.size(); ++i) {
                        const MoveCode m = set.at(i);
                        INFO("move " << i << " of " << codes.size());
                        REQUIRE(m == codes[i]);
                    }
                    ++states;
                    sampled += static_cast<std::int64_t>(codes.size());
                },
                options);
        }
    }
    CHECK(states > 2000);
    CHECK(sampled > 4 * states);
}

TEST_CASE("the move set: golden parts after a roll", "[legal]") {
    GameState s(beginner(), 2);
    for (auto [p, v] : {std::pair{0, 0}, {1, 20}, {1, 40}, {0, 10}}) {
        apply(s, ev(PlaceSettlement{p, v}));
        apply(s, ev(generated(s)[0]));
    }
    apply(s, ev(Roll{0, 2, 2}));
    REQUIRE(s.phase == Phase::kTurn);
    // Red holds a road's cards and 4 wool; its corner settlement has the generic harbor.
    const int wool = static_cast<int>(Resource::kWool);
    s.players[0].hand = ResourceCounts{2, 2, 4, 0, 0};
    REQUIRE(s.players[0].harbors == 1U << static_cast<unsigned>(HarborKind::kGeneric));
    LegalSet set;
    legal_set(s, set);
    CHECK(set.player == 0);
    CHECK(set.has(LegalSet::kTrades));
    // wool at 3:1 and 4:1 for each of the 4 other resources; brick and lumber: 2 cards,
    // no rate.
    CHECK(set.count[LegalSet::kTrades] == 8);
    CHECK(set.rates[wool] == (1U << 3 | 1U << 4));
    CHECK(set.rates[0] == 0);
    CHECK(set.count[LegalSet::kRoads] == set.edges.count());
    CHECK(set.has(LegalSet::kEndTurn));
    CHECK_FALSE(set.has(LegalSet::kRoll));
    CHECK_FALSE(set.has(LegalSet::kSettlements));  // no grain
    const MoveCode last = set.at(set.size() - 1);
    CHECK(last.type == event_type_index<EndTurn>());
    const MoveCode first = set.at(0);
    CHECK(first.type == event_type_index<TradeBank>());
    CHECK(first.r1 == wool);
    CHECK(first.r2 == 0);
    CHECK(first.n == 3);
    const MoveCode fifth = set.at(4);  // the first at 4:1
    CHECK(fifth.n == 4);
    CHECK(fifth.r2 == 0);
}
