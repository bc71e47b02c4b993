// Legal-move generation: enumerates exactly the events rules.cpp's check() accepts for the
// current decision (see legal.hpp for what is left out). The conditions below follow
// check's structure step by step; tests/engine/legal_test.cpp proves the two agree.
#include <catan/engine/legal.hpp>

#include <algorithm>
#include <bit>
#include <bitset>
#include <cstring>
#include <stdexcept>

#include <catan/engine/cards.hpp>
#include <catan/engine/rules.hpp>

namespace ctk {

namespace {

bool can_pay(const PlayerState& ps, const ResourceCounts& cost) {
    for (int r = 0; r < kResourceCount; ++r)
        if (ps.hand[r] < cost[r]) return false;
    return true;
}

// The k-th set bit of `bits` (k < bits.count()), a 64-bit word at a time.
template <std::size_t N>
std::size_t nth_set_bit(const std::bitset<N>& bits, std::size_t k) {
    const std::bitset<N> low_word{~std::uint64_t{0}};
    for (std::size_t w = 0;; ++w) {
        std::uint64_t word = ((bits >> (64 * w)) & low_word).to_ullong();
        const auto n = static_cast<std::size_t>(bit_count(word));
        if (k < n) {
            for (; k > 0; --k) word &= word - 1;
            return 64 * w + static_cast<std::size_t>(std::countr_zero(word));
        }
        k -= n;
    }
}

// The k-th set bit of a word (k < popcount(word)).
int nth_bit(std::uint64_t word, std::size_t k) {
    for (; k > 0; --k) word &= word - 1;
    return std::countr_zero(word);
}

MoveCode code(std::uint8_t type, PlayerId p, int id = 0) {
    MoveCode m;
    m.type = type;
    m.player = static_cast<std::int8_t>(p);
    m.id = static_cast<std::int16_t>(id);
    return m;
}

// The set's conditions follow check's structure step by step (rules.cpp); the tests prove
// that the moves are exactly the candidates check accepts.
class SetBuilder {
  public:
    SetBuilder(const GameState& s, LegalSet& out) : s_(s), t_(s.topology()), out_(out) {
        out_.parts = 0;
        out_.total = 0;
    }

    void run() {
        if (s_.phase == Phase::kSetup) return setup();
        const PlayerId p = s_.active;
        out_.player = p;
        if (s_.phase == Phase::kOver) {
            // game-over: only the rest of the card whose play ended the game.
            if (s_.robber_due == RobberReason::kKnight) robber_moves(p);
            if (s_.free_roads > 0) roads(p, true);
            return;
        }
        if (discards()) return;
        if (s_.players[p].resigned) return;
        if (s_.special.builder != kNoPlayer) return special_part(s_.special.builder);
        // GameState::seven_pending, its discard half known from discards().
        if (s_.robber_due != RobberReason::kNone || owed_) return robber_moves(p);
        if (s_.free_roads > 0) return roads(p, true);
        if (!s_.rolled) {
            // win-on-own-turn: a win due as the turn passes (win_when_turn_passes) comes
            // before the next player's roll or card; only the other parts may come first.
            if (win_due(s_) == kNoPlayer) {
                add(LegalSet::kRoll, 1);
                dev_cards(p);
            }
            special_parts();
            return;
        }
        trades(p);
        roads(p, false);
        settlements(p);
        cities(p);
        buy(p);
        dev_cards(p);
        add(LegalSet::kEndTurn, 1);
    }

  private:
    void add(LegalSet::Part part, std::size_t n) {
        if (n == 0) return;
        out_.parts |= 1U << part;
        out_.count[part] = static_cast<std::uint16_t>(n);
        out_.total += static_cast<std::uint32_t>(n);
    }

    void setup() {
        const PlayerId p = s_.setup_player(s_.setup_step);
        out_.player = p;
        if (s_.players[p].resigned) return;
        if (s_.setup_road_due) {
            EdgeSet& e = out_.edges;
            e.reset();
            for (EdgeId x : t_.vertex_edges(s_.setup_settlement))
                if (s_.road_owner(x) == kNoPlayer) e.set(static_cast<std::size_t>(x));
            return add(LegalSet::kPlaceRoad, static_cast<std::size_t>(bit_count(e)));
        }
        // distance-rule: the vertices the occupancy mask leaves open, on the board.
        const std::size_t off = kMaxVertices - static_cast<std::size_t>(t_.vertex_count());
        out_.spots = ~s_.crowded << off >> off;
        add(LegalSet::kPlaceSettlement, static_cast<std::size_t>(bit_count(out_.spots)));
    }

    // discard-half: while anyone owes a discard, only discards are legal. Also notes
    // whether any player owes one (GameState::seven_pending's test, done here once).
    bool discards() {
        // Most decisions: nobody owes a discard (one load of every player's count).
        std::uint64_t any = 0;
        static_assert(sizeof(s_.discard_owed) <= sizeof(any));
        std::memcpy(&any, s_.discard_owed.data(), sizeof(s_.discard_owed));
        if (any == 0) return false;
        unsigned owing = 0;
        for (PlayerId q = 0; q < s_.player_count(); ++q) {
            if (s_.discard_owed[q] <= 0) continue;
            owed_ = true;
            if (!s_.players[q].resigned) owing |= 1U << q;
        }
        if (owing == 0) return false;
        out_.discarders = static_cast<std::uint8_t>(owing);
        add(LegalSet::kDiscards, static_cast<std::size_t>(bit_count(owing)));
        return true;
    }

    // robber-move and robber-steal (the hexes and victims of rules.hpp).
    void robber_moves(PlayerId p) {
        // victims[h], bit q: a player p may rob has a building on hex h.
        std::array<std::uint8_t, kMaxHexes>& victims = out_.victims;
        victims.fill(0);
        for (PlayerId q = 0; q < s_.player_count(); ++q) {
            if (!robber_may_rob(s_, p, q)) continue;
            for_each_set_bit(s_.players[q].buildings(), kMaxVertices, [&](std::size_t v) {
                for (HexId h : t_.vertex_hexes(static_cast<VertexId>(v)))
                    victims[h] = static_cast<std::uint8_t>(victims[h] | 1U << q);
            });
        }
        const std::uint64_t hexes = robber_hexes(s_).to_ullong();
        out_.robber_hexes = hexes;
        std::size_t n = 0;
        for (std::uint64_t left = hexes; left != 0; left &= left - 1) {
            const int c = bit_count(static_cast<unsigned>(victims[std::countr_zero(left)]));
            n += c == 0 ? 1 : static_cast<std::size_t>(c);
        }
        add(LegalSet::kRobber, n);
    }

    // maritime-rate: one bundle at each rate the player is entitled to.
    void trades(PlayerId p) {
        const PlayerState& ps = s_.players[p];
        const bool generic = (ps.harbors & 1U << static_cast<unsigned>(HarborKind::kGeneric)) != 0;
        // The resources the bank can give (bit g), found once for every trade.
        unsigned in_bank = 0;
        for (int g = 0; g < kResourceCount; ++g)
            if (s_.bank_has(g) > 0) in_bank |= 1U << g;
        std::size_t n = 0;
        for (int r = 0; r < kResourceCount; ++r) {
            unsigned rates = 0;
            const int held = ps.hand[r];
            if (held >= 2) {  // no rate is below 2
                // The best rate, the generic 3:1 and the 4:1, those the hand can pay.
                rates = 1U << s_.maritime_rate(p, static_cast<Resource>(r)) | 1U << 4;
                if (generic) rates |= 1U << 3;
                rates &= (2U << std::min(held, 4)) - 1;
                n += static_cast<std::size_t>(bit_count(rates) * bit_count(in_bank & ~(1U << r)));
            }
            out_.rates[r] = static_cast<std::uint8_t>(rates);
        }
        out_.in_bank = static_cast<std::uint8_t>(in_bank);
        add(LegalSet::kTrades, n);
    }

    // road-connected, for every edge at once: the empty edges at p's buildings and at the
    // ends of p's roads that hold no opponent's building.
    void roads(PlayerId p, bool free) {
        const PlayerState& ps = s_.players[p];
        if (ps.roads_left <= 0 || (!free && !can_pay(ps, kRoadCost))) return;
        EdgeSet& found = out_.edges;
        found.reset();
        // The edges at the player's buildings, and at the ends of its roads where nobody
        // has built...
        for_each_set_bit(
            ps.buildings() | (ps.road_ends & ~s_.occupied), kMaxVertices,
            [&](std::size_t v) { found |= t_.vertex_edge_set(static_cast<VertexId>(v)); });
        // ... that hold nobody's road.
        for (PlayerId q = 0; q < s_.player_count(); ++q) found &= ~s_.players[q].roads;
        add(LegalSet::kRoads, static_cast<std::size_t>(bit_count(found)));
    }

    // distance-rule and settlement-connected: the ends of p's roads.
    void settlements(PlayerId p) {
        const PlayerState& ps = s_.players[p];
        if (ps.settlements_left <= 0 || !can_pay(ps, kSettlementCost)) return;
        out_.spots = ps.road_ends & ~s_.crowded;
        add(LegalSet::kSettlements, static_cast<std::size_t>(bit_count(out_.spots)));
    }

    void cities(PlayerId p) {
        const PlayerState& ps = s_.players[p];
        if (ps.cities_left <= 0 || !can_pay(ps, kCityCost)) return;
        out_.cities = ps.settlement_at;
        add(LegalSet::kCities, static_cast<std::size_t>(bit_count(out_.cities)));
    }

    void buy(PlayerId p) {
        if (s_.deck_left > 0 && can_pay(s_.players[p], kDevCardCost)) add(LegalSet::kBuy, 1);
    }

    // special-building: the parts that may still open (may_open_special_part), in player
    // order.
    void special_parts() {
        if (!s_.special.open()) return;
        unsigned builders = 0;
        for (PlayerId q = 0; q < s_.player_count(); ++q)
            if (may_open_special_part(s_, q)) builders |= 1U << q;
        out_.builders = static_cast<std::uint8_t>(builders);
        add(LegalSet::kSpecialBuilds, static_cast<std::size_t>(bit_count(builders)));
    }

    // special-building: a part holds its player's builds (no roll needed) and end_turn.
    void special_part(PlayerId q) {
        out_.player = q;
        roads(q, false);
        settlements(q);
        cities(q);
        buy(q);
        add(LegalSet::kEndTurn, 1);
    }

    // one-dev-card, dev-card-age, dev-card-held; progress-card for year of plenty.
    void dev_cards(PlayerId p) {
        if (s_.dev_played) return;
        const PlayerState& ps = s_.players[p];
        auto playable = [&](DevCard k) { return ps.dev_old[static_cast<int>(k)] > 0; };
        if (playable(DevCard::kKnight)) add(LegalSet::kKnight, 1);
        if (playable(DevCard::kRoadBuilding)) add(LegalSet::kRoadBuilding, 1);
        if (playable(DevCard::kYearOfPlenty)) {
            out_.bank = s_.bank_available();
            std::size_t n = 0;
            for_each_multiset(out_.bank, std::min(2, total(out_.bank)),
                              [&](const ResourceCounts&) { ++n; });
            add(LegalSet::kYearOfPlenty, n);
        }
        if (playable(DevCard::kMonopoly)) add(LegalSet::kMonopoly, kResourceCount);
    }

    const GameState& s_;
    const Topology& t_;
    LegalSet& out_;
    bool owed_ = false;  // some player owes a discard (set by discards())
};

// Calls fn(code) for every move of part `part` of the set, in order.
template <class Fn>
void for_each_move(const LegalSet& set, int part, Fn&& fn) {
    const PlayerId p = set.player;
    switch (part) {
        case LegalSet::kDiscards:
            for (unsigned q = set.discarders; q != 0; q &= q - 1)
                fn(code(event_type_index<Discard>(), std::countr_zero(q)));
            return;
        case LegalSet::kPlaceSettlement:
            return for_each_set_bit(set.spots, kMaxVertices, [&](std::size_t v) {
                fn(code(event_type_index<PlaceSettlement>(), p, static_cast<int>(v)));
            });
        case LegalSet::kPlaceRoad:
            return for_each_set_bit(set.edges, kMaxEdges, [&](std::size_t e) {
                fn(code(event_type_index<PlaceRoad>(), p, static_cast<int>(e)));
            });
        case LegalSet::kRoll:
            return fn(code(event_type_index<Roll>(), p));
        case LegalSet::kRobber:
            for (std::uint64_t left = set.robber_hexes; left != 0; left &= left - 1) {
                const int h = std::countr_zero(left);
                MoveCode m = code(event_type_index<MoveRobber>(), p, h);
                if (set.victims[h] == 0) fn(m);
                for (unsigned v = set.victims[h]; v != 0; v &= v - 1) {
                    m.victim = static_cast<std::int8_t>(std::countr_zero(v));
                    fn(m);
                }
            }
            return;
        case LegalSet::kTrades:
            for (int r = 0; r < kResourceCount; ++r)
                for (unsigned rate = set.rates[r]; rate != 0; rate &= rate - 1)
                    for (unsigned g = set.in_bank & ~(1U << r); g != 0; g &= g - 1) {
                        MoveCode m = code(event_type_index<TradeBank>(), p);
                        m.r1 = static_cast<std::uint8_t>(r);
                        m.r2 = static_cast<std::uint8_t>(std::countr_zero(g));
                        m.n = static_cast<std::uint8_t>(std::countr_zero(rate));
                        fn(m);
                    }
            return;
        case LegalSet::kRoads:
            return for_each_set_bit(set.edges, kMaxEdges, [&](std::size_t e) {
                fn(code(event_type_index<BuildRoad>(), p, static_cast<int>(e)));
            });
        case LegalSet::kSettlements:
            return for_each_set_bit(set.spots, kMaxVertices, [&](std::size_t v) {
                fn(code(event_type_index<BuildSettlement>(), p, static_cast<int>(v)));
            });
        case LegalSet::kCities:
            return for_each_set_bit(set.cities, kMaxVertices, [&](std::size_t v) {
                fn(code(event_type_index<BuildCity>(), p, static_cast<int>(v)));
            });
        case LegalSet::kBuy:
            return fn(code(event_type_index<BuyDevCard>(), p));
        case LegalSet::kKnight:
            return fn(code(event_type_index<PlayKnight>(), p));
        case LegalSet::kRoadBuilding:
            return fn(code(event_type_index<PlayRoadBuilding>(), p));
        case LegalSet::kYearOfPlenty:
            return for_each_multiset(
                set.bank, std::min(2, total(set.bank)), [&](const ResourceCounts& take) {
                    MoveCode m = code(event_type_index<PlayYearOfPlenty>(), p);
                    for (int r = 0; r < kResourceCount; ++r)
                        for (int k = 0; k < take[r]; ++k)
                            (m.n++ == 0 ? m.r1 : m.r2) = static_cast<std::uint8_t>(r);
                    fn(m);
                });
        case LegalSet::kMonopoly:
            for (int r = 0; r < kResourceCount; ++r) {
                MoveCode m = code(event_type_index<PlayMonopoly>(), p);
                m.r1 = static_cast<std::uint8_t>(r);
                fn(m);
            }
            return;
        case LegalSet::kEndTurn:
            return fn(code(event_type_index<EndTurn>(), p));
        case LegalSet::kSpecialBuilds:
            for (unsigned q = set.builders; q != 0; q &= q - 1)
                fn(code(event_type_index<SpecialBuild>(), std::countr_zero(q)));
            return;
        default:
            throw std::logic_error("LegalSet: no such part");
    }
}

// Calls fn(code) for every move of the set, in order.
template <class Fn>
void for_each_move(const LegalSet& set, Fn&& fn) {
    for (std::uint32_t left = set.parts; left != 0; left &= left - 1)
        for_each_move(set, std::countr_zero(left), fn);
}

}  // namespace

void legal_set(const GameState& s, LegalSet& out) {
    SetBuilder(s, out).run();
}

MoveCode LegalSet::at(std::size_t k) const {
    int part = 0;
    for (std::uint32_t left = parts;; left &= left - 1) {
        part = std::countr_zero(left);
        if (k < count[part]) break;
        k -= count[part];
    }
    // The parts whose k-th move is found without walking the others.
    switch (part) {
        case kRoll:
            return code(event_type_index<Roll>(), player);
        case kEndTurn:
            return code(event_type_index<EndTurn>(), player);
        case kBuy:
            return code(event_type_index<BuyDevCard>(), player);
        case kDiscards:
            return code(event_type_index<Discard>(), nth_bit(discarders, k));
        case kPlaceSettlement:
            return code(event_type_index<PlaceSettlement>(), player,
                        static_cast<int>(nth_set_bit(spots, k)));
        case kPlaceRoad:
            return code(event_type_index<PlaceRoad>(), player,
                        static_cast<int>(nth_set_bit(edges, k)));
        case kTrades:
            for (int r = 0; r < kResourceCount; ++r) {
                const unsigned gets = in_bank & ~(1U << r);
                const auto row = static_cast<std::size_t>(bit_count(rates[r]));
                const auto per_rate = static_cast<std::size_t>(bit_count(gets));
                if (k >= row * per_rate) {
                    k -= row * per_rate;
                    continue;
                }
                MoveCode m = code(event_type_index<TradeBank>(), player);
                m.r1 = static_cast<std::uint8_t>(r);
                m.n = static_cast<std::uint8_t>(nth_bit(rates[r], k / per_rate));
                m.r2 = static_cast<std::uint8_t>(nth_bit(gets, k % per_rate));
                return m;
            }
            break;
        case kRoads:
            return code(event_type_index<BuildRoad>(), player,
                        static_cast<int>(nth_set_bit(edges, k)));
        case kSettlements:
            return code(event_type_index<BuildSettlement>(), player,
                        static_cast<int>(nth_set_bit(spots, k)));
        case kCities:
            return code(event_type_index<BuildCity>(), player,
                        static_cast<int>(nth_set_bit(cities, k)));
        case kSpecialBuilds:
            return code(event_type_index<SpecialBuild>(), nth_bit(builders, k));
        case kRobber:
            // Hex by hex: one move with no victim, or one per victim.
            for (std::uint64_t left = robber_hexes; left != 0; left &= left - 1) {
                const int h = std::countr_zero(left);
                const auto n = static_cast<std::size_t>(std::max(1, bit_count(victims[h])));
                if (k >= n) {
                    k -= n;
                    continue;
                }
                MoveCode m = code(event_type_index<MoveRobber>(), player, h);
                if (victims[h] != 0) m.victim = static_cast<std::int8_t>(nth_bit(victims[h], k));
                return m;
            }
            break;
        default:
            break;
    }
    // The others (a single move, the cards): walk the part.
    MoveCode found;
    for_each_move(*this, part, [&](const MoveCode& m) {
        if (k-- == 0) found = m;
    });
    return found;
}

void LegalSet::drop_special_build(PlayerId q) {
    builders = static_cast<std::uint8_t>(builders & ~(1U << q));
    --count[kSpecialBuilds];
    --total;
    if (count[kSpecialBuilds] == 0) parts &= ~(1U << kSpecialBuilds);
}

void legal_moves(const LegalSet& set, MoveList& out) {
    out.clear();
    for_each_move(set, [&](const MoveCode& m) { out.push_back(m); });
}

void legal_moves(const GameState& s, MoveList& out) {
    LegalSet set;
    legal_set(s, set);
    legal_moves(set, out);
}

void legal_events(const GameState& s, std::vector<EventBody>& out, bool all_discards) {
    out.clear();
    LegalSet set;
    legal_set(s, set);
    for_each_move(set, [&](const MoveCode& m) {
        if (all_discards && m.type == event_type_index<Discard>()) {
            const PlayerId q = m.player;
            return for_each_multiset(s.players[q].hand, s.discard_owed[q],
                                     [&](const ResourceCounts& d) {
                                         out.emplace_back(std::in_place_type<Discard>, q, d);
                                     });
        }
        out.push_back(move_event(m));
    });
}

std::size_t legal_event_count(const GameState& s, bool all_discards) {
    LegalSet set;
    legal_set(s, set);
    std::size_t n = set.size();
    if (all_discards && set.has(LegalSet::kDiscards))
        for (unsigned q = set.discarders; q != 0; q &= q - 1) {
            const int p = std::countr_zero(q);
            n += static_cast<std::size_t>(discard_count(s.players[p].hand, s.discard_owed[p])) - 1;
        }
    return n;
}

EventBody legal_event_at(const GameState& s, std::size_t index, bool all_discards) {
    LegalSet set;
    legal_set(s, set);
    if (all_discards && set.has(LegalSet::kDiscards)) {
        // Discards lead the list: each discarder's distinct discards in turn.
        for (unsigned q = set.discarders; q != 0; q &= q - 1) {
            const int p = std::countr_zero(q);
            const DiscardTable table(s.players[p].hand, s.discard_owed[p]);
            if (index < static_cast<std::size_t>(table.count()))
                return Discard{p, table.at(static_cast<std::int64_t>(index))};
            index -= static_cast<std::size_t>(table.count());
        }
        return EndTurn{kNoPlayer};
    }
    if (index >= set.size()) return EndTurn{kNoPlayer};
    return move_event(set.at(index));
}

EventBody move_event(const MoveCode& m) {
    EventBody e{EndTurn{kNoPlayer}};
    move_event(m, e);
    return e;
}

void move_event(const MoveCode& m, EventBody& out) {
    const PlayerId p = m.player;
    switch (m.type) {
        case event_type_index<PlaceSettlement>():
            out.emplace<PlaceSettlement>(p, m.id);
            return;
        case event_type_index<PlaceRoad>():
            out.emplace<PlaceRoad>(p, m.id);
            return;
        case event_type_index<Roll>():
            out.emplace<Roll>(p, 0, 0);
            return;
        case event_type_index<Discard>():
            out.emplace<Discard>(p, ResourceCounts{});
            return;
        case event_type_index<MoveRobber>():
            out.emplace<MoveRobber>(p, m.id, m.victim, std::nullopt);
            return;
        case event_type_index<TradeBank>(): {
            TradeBank& t = out.emplace<TradeBank>(p, ResourceCounts{}, ResourceCounts{});
            t.give[m.r1] = m.n;
            t.get[m.r2] = 1;
            return;
        }
        case event_type_index<BuildRoad>():
            out.emplace<BuildRoad>(p, m.id);
            return;
        case event_type_index<BuildSettlement>():
            out.emplace<BuildSettlement>(p, m.id);
            return;
        case event_type_index<BuildCity>():
            out.emplace<BuildCity>(p, m.id);
            return;
        case event_type_index<BuyDevCard>():
            out.emplace<BuyDevCard>(p, std::nullopt);
            return;
        case event_type_index<PlayKnight>():
            out.emplace<PlayKnight>(p);
            return;
        case event_type_index<PlayRoadBuilding>():
            out.emplace<PlayRoadBuilding>(p);
            return;
        case event_type_index<PlayYearOfPlenty>(): {
            PlayYearOfPlenty& y = out.emplace<PlayYearOfPlenty>(p, ResourceCounts{});
            if (m.n > 0) ++y.take[m.r1];
            if (m.n > 1) ++y.take[m.r2];
            return;
        }
        case event_type_index<PlayMonopoly>():
            out.emplace<PlayMonopoly>(p, static_cast<Resource>(m.r1));
            return;
        case event_type_index<SpecialBuild>():
            out.emplace<SpecialBuild>(p);
            return;
        case event_type_index<EndTurn>():
            out.emplace<EndTurn>(p);
            return;
        default:
            throw std::logic_error("move_event: not a code of legal_moves");
    }
}

std::vector<Event> legal_events(const GameState& s) {
    std::vector<EventBody> bodies;
    legal_events(s, bodies, true);
    std::vector<Event> events;
    events.reserve(bodies.size());
    for (auto& b : bodies) events.push_back(Event{std::move(b), nullptr, 0});
    return events;
}

DiscardTable::DiscardTable(const ResourceCounts& hand, int k) : hand_(hand), k_(k) {
    // A negative count holds no card (no state under the rules holds one; bounds past the
    // tracking bound that contradict each other can): the running sums below index ways_
    // by m - hand[r] - 1.
    for (int& n : hand_) n = std::max(n, 0);
    if (k < 0 || k > kMaxHand) return;
    // ways_[r][m] = sum of ways_[r + 1][m - x] for x = 0..min(hand[r], m), as a running sum
    // over m: add the next term, drop the one past hand[r].
    ways_[kResourceCount].fill(0);
    ways_[kResourceCount][0] = 1;
    for (int r = kResourceCount - 1; r >= 0; --r) {
        std::int64_t w = 0;
        for (int m = 0; m <= k; ++m) {
            w += ways_[r + 1][m];
            if (m - hand_[r] - 1 >= 0) w -= ways_[r + 1][m - hand_[r] - 1];
            ways_[r][m] = w;
        }
    }
    count_ = ways_[0][k];
}

ResourceCounts DiscardTable::at(std::int64_t index) const {
    // Walks the lexicographic order: at each resource, skip whole blocks of completions.
    ResourceCounts d{};
    if (k_ < 0 || k_ > kMaxHand) return d;
    int left = k_;
    for (int r = 0; r < kResourceCount - 1; ++r) {
        for (int x = 0; x <= std::min(hand_[r], left); ++x) {
            const std::int64_t block = ways_[r + 1][left - x];
            if (index < block) {
                d[r] = x;
                break;
            }
            index -= block;
        }
        left -= d[r];
    }
    d[kResourceCount - 1] = left;
    return d;
}

std::int64_t discard_count(const ResourceCounts& hand, int k) {
    return DiscardTable(hand, k).count();
}

ResourceCounts discard_at(const ResourceCounts& hand, int k, std::int64_t index) {
    return DiscardTable(hand, k).at(index);
}

}  // namespace ctk
