// Legal-move generation: enumerates exactly the events rules.cpp's check() accepts for the
// current decision (see legal.hpp for what is left out). The conditions below follow
// check's structure step by step; tests/legal_test.cpp proves the two agree.
#include "legal.hpp"

#include <algorithm>
#include <bit>
#include <bitset>
#include <stdexcept>

#include "rules.hpp"

namespace ctk {

namespace {

int total(const ResourceCounts& r) {
    int n = 0;
    for (int x : r) n += x;
    return n;
}

bool can_pay(const PlayerState& ps, const ResourceCounts& cost) {
    for (int r = 0; r < kResourceCount; ++r)
        if (ps.hand[r] < cost[r]) return false;
    return true;
}

// Calls fn(cards) for every multiset of k cards within `hand`, in discard_at order
// (lexicographic, brick count first, ascending).
template <class Fn>
void for_each_multiset(const ResourceCounts& hand, int k, Fn&& fn) {
    // Suffix capacity: cards available in resources i..4.
    std::array<int, kResourceCount + 1> cap{};
    for (int r = kResourceCount - 1; r >= 0; --r) cap[r] = cap[r + 1] + hand[r];
    if (k < 0 || k > cap[0]) return;
    ResourceCounts d{};
    auto rec = [&](auto&& self, int r, int left) -> void {
        if (r == kResourceCount - 1) {
            d[r] = left;
            fn(static_cast<const ResourceCounts&>(d));
            return;
        }
        const int lo = std::max(0, left - cap[r + 1]);
        const int hi = std::min(hand[r], left);
        for (int x = lo; x <= hi; ++x) {
            d[r] = x;
            self(self, r + 1, left - x);
        }
        d[r] = 0;
    };
    rec(rec, 0, k);
}

// Where generated events go: a vector, a counter, or a picker of the index-th event (the
// last two build no EventBody but the one picked).
struct VectorSink {
    std::vector<EventBody>& out;
    template <class T>
    void push_back(const T& e) {
        out.emplace_back(std::in_place_type<T>, e);
    }
};
struct CountSink {
    std::size_t n = 0;
    template <class T>
    void push_back(const T&) {
        ++n;
    }
};
struct PickSink {
    std::size_t index;
    std::size_t n = 0;
    EventBody picked{EndTurn{kNoPlayer}};
    template <class T>
    void push_back(const T& e) {
        if (n++ == index) picked = e;
    }
};

template <class Sink>
class Generator {
  public:
    Generator(const GameState& s, Sink& out, bool all_discards)
        : s_(s), t_(s.topology()), out_(out), all_discards_(all_discards) {}

    void run() {
        if (s_.phase == Phase::kSetup) return setup();
        const PlayerId p = s_.active;
        if (s_.phase == Phase::kOver) {
            // game-over: only the rest of the card whose play ended the game.
            if (s_.robber_due == RobberReason::kKnight) robber_moves(p);
            if (s_.free_roads > 0) roads(p, true);
            return;
        }
        if (discards()) return;
        if (s_.players[p].resigned) return;
        if (s_.special.builder != kNoPlayer) return special_part(s_.special.builder);
        if (s_.seven_pending()) return robber_moves(p);
        if (s_.free_roads > 0) return roads(p, true);
        if (!s_.rolled) {
            out_.push_back(Roll{p, 0, 0});
            dev_cards(p);
            special_parts();
            return;
        }
        trades(p);
        roads(p, false);
        settlements(p);
        cities(p);
        buy(p);
        dev_cards(p);
        out_.push_back(EndTurn{p});
    }

  private:
    void setup() {
        const PlayerId p = s_.setup_player(s_.setup_step);
        if (s_.players[p].resigned) return;
        if (s_.setup_road_due) {
            for (EdgeId e : t_.vertex_edges(s_.setup_settlement))
                if (s_.road_owner[e] == kNoPlayer) out_.push_back(PlaceRoad{p, e});
            return;
        }
        // distance-rule: the vertices the occupancy mask leaves open.
        for_each_set_bit(~s_.crowded, static_cast<std::size_t>(t_.vertex_count()),
                         [&](std::size_t v) {
                             out_.push_back(PlaceSettlement{p, static_cast<VertexId>(v)});
                         });
    }

    // discard-half: while anyone owes a discard, only discards are legal.
    bool discards() {
        bool any = false;
        for (PlayerId q = 0; q < s_.player_count(); ++q) {
            const int owed = s_.discard_owed[q];
            if (owed <= 0 || s_.players[q].resigned) continue;
            any = true;
            if (!all_discards_) {
                out_.push_back(Discard{q, ResourceCounts{}});
                continue;
            }
            for_each_multiset(s_.players[q].hand, owed, [&](const ResourceCounts& d) {
                out_.push_back(Discard{q, d});
            });
        }
        return any;
    }

    // robber-move and robber-steal (the hexes and victims of rules.hpp).
    void robber_moves(PlayerId p) {
        // victims[h], bit q: a player p may rob has a building on hex h.
        std::array<std::uint8_t, kMaxHexes> victims{};
        for (PlayerId q = 0; q < s_.player_count(); ++q) {
            if (!robber_may_rob(s_, p, q)) continue;
            for_each_set_bit(s_.players[q].buildings(), kMaxVertices, [&](std::size_t v) {
                for (HexId h : t_.vertex_hexes(static_cast<VertexId>(v)))
                    victims[h] = static_cast<std::uint8_t>(victims[h] | 1U << q);
            });
        }
        for_each_set_bit(robber_hexes(s_), kMaxHexes, [&](std::size_t hex) {
            const auto h = static_cast<HexId>(hex);
            if (victims[h] == 0) return out_.push_back(MoveRobber{p, h, kNoPlayer, std::nullopt});
            for (PlayerId q = 0; q < s_.player_count(); ++q)
                if (victims[h] & 1U << q) out_.push_back(MoveRobber{p, h, q, std::nullopt});
        });
    }

    // maritime-rate: one bundle at each rate the player is entitled to.
    void trades(PlayerId p) {
        const PlayerState& ps = s_.players[p];
        const bool generic = (ps.harbors & 1U << static_cast<unsigned>(HarborKind::kGeneric)) != 0;
        // The resources the bank can give (bit g), found once for every trade.
        unsigned in_bank = 0;
        for (int g = 0; g < kResourceCount; ++g)
            if (s_.bank[g] > 0) in_bank |= 1U << g;
        for (int r = 0; r < kResourceCount; ++r) {
            if (ps.hand[r] < 2) continue;  // no rate is below 2
            const int best = s_.maritime_rate(p, static_cast<Resource>(r));
            const unsigned gets = in_bank & ~(1U << r);
            for (int rate = best; rate <= 4; ++rate) {
                if (rate != best && rate != 4 && !(rate == 3 && generic)) continue;
                if (ps.hand[r] < rate) break;
                for (unsigned left = gets; left != 0; left &= left - 1) {
                    const int g = std::countr_zero(left);
                    if constexpr (requires(Sink & k) { k.push_code(MoveCode{}); }) {
                        // Codes: packed at once, not through the trade's card counts.
                        MoveCode m;
                        m.type = event_type_index<TradeBank>();
                        m.player = static_cast<std::int8_t>(p);
                        m.r1 = static_cast<std::uint8_t>(r);
                        m.r2 = static_cast<std::uint8_t>(g);
                        m.n = static_cast<std::uint8_t>(rate);
                        out_.push_code(m);
                    } else {
                        TradeBank t{p, {}, {}};
                        t.give[r] = rate;
                        t.get[g] = 1;
                        out_.push_back(t);
                    }
                }
            }
        }
    }

    // road-connected, for every edge at once: the empty edges at p's buildings and at the
    // ends of p's roads that hold no opponent's building.
    void roads(PlayerId p, bool free) {
        const PlayerState& ps = s_.players[p];
        if (ps.roads_left <= 0 || (!free && !can_pay(ps, kRoadCost))) return;
        EdgeSet found;
        // The edges at the player's buildings, and at the ends of its roads where nobody
        // has built...
        for_each_set_bit(
            ps.buildings() | (ps.road_ends & ~s_.occupied), kMaxVertices,
            [&](std::size_t v) { found |= t_.vertex_edge_set(static_cast<VertexId>(v)); });
        // ... that hold nobody's road.
        for (PlayerId q = 0; q < s_.player_count(); ++q) found &= ~s_.players[q].roads;
        for_each_set_bit(found, kMaxEdges, [&](std::size_t e) {
            out_.push_back(BuildRoad{p, static_cast<EdgeId>(e)});
        });
    }

    // distance-rule and settlement-connected: the ends of p's roads, ascending.
    void settlements(PlayerId p) {
        const PlayerState& ps = s_.players[p];
        if (ps.settlements_left <= 0 || !can_pay(ps, kSettlementCost)) return;
        for_each_set_bit(ps.road_ends & ~s_.crowded, kMaxVertices, [&](std::size_t v) {
            out_.push_back(BuildSettlement{p, static_cast<VertexId>(v)});
        });
    }

    void cities(PlayerId p) {
        const PlayerState& ps = s_.players[p];
        if (ps.cities_left <= 0 || !can_pay(ps, kCityCost)) return;
        for_each_set_bit(ps.settlement_at, kMaxVertices, [&](std::size_t v) {
            out_.push_back(BuildCity{p, static_cast<VertexId>(v)});
        });
    }

    void buy(PlayerId p) {
        if (s_.deck_left > 0 && can_pay(s_.players[p], kDevCardCost))
            out_.push_back(BuyDevCard{p, std::nullopt});
    }

    // special-building: the parts still open in seat order after the turn that ended, in
    // player order (the turn player takes none; a part opens once).
    void special_parts() {
        const SpecialBuilding& sb = s_.special;
        if (!sb.open()) return;
        for (PlayerId q = 0; q < s_.player_count(); ++q)
            if (q != sb.after && !s_.players[q].resigned && s_.seats_after(sb.after, q) > sb.served)
                out_.push_back(SpecialBuild{q});
    }

    // special-building: a part holds its player's builds (no roll needed) and end_turn.
    void special_part(PlayerId q) {
        roads(q, false);
        settlements(q);
        cities(q);
        buy(q);
        out_.push_back(EndTurn{q});
    }

    // one-dev-card, dev-card-age, dev-card-held; progress-card for year of plenty.
    void dev_cards(PlayerId p) {
        if (s_.dev_played) return;
        const PlayerState& ps = s_.players[p];
        auto playable = [&](DevCard k) { return ps.dev_old[static_cast<int>(k)] > 0; };
        if (playable(DevCard::kKnight)) out_.push_back(PlayKnight{p});
        if (playable(DevCard::kRoadBuilding)) out_.push_back(PlayRoadBuilding{p});
        if (playable(DevCard::kYearOfPlenty)) {
            const int want = std::min(2, total(s_.bank));
            for_each_multiset(s_.bank, want, [&](const ResourceCounts& take) {
                out_.push_back(PlayYearOfPlenty{p, take});
            });
        }
        if (playable(DevCard::kMonopoly))
            for (Resource r : kResources) out_.push_back(PlayMonopoly{p, r});
    }

    const GameState& s_;
    const Topology& t_;
    Sink& out_;
    bool all_discards_;
};

}  // namespace

void legal_events(const GameState& s, std::vector<EventBody>& out, bool all_discards) {
    out.clear();
    VectorSink sink{out};
    Generator<VectorSink>(s, sink, all_discards).run();
}

std::size_t legal_event_count(const GameState& s, bool all_discards) {
    CountSink sink;
    Generator<CountSink>(s, sink, all_discards).run();
    return sink.n;
}

EventBody legal_event_at(const GameState& s, std::size_t index, bool all_discards) {
    PickSink sink{index};
    Generator<PickSink>(s, sink, all_discards).run();
    return sink.picked;
}

// False for every type: the static_assert of an event type CodeSink does not pack. Outside
// the anonymous namespace, where clang would call a variable template used only in a
// discarded branch unused.
template <class>
inline constexpr bool kUnencoded = false;

namespace {

// Packs each generated event into a MoveCode (legal.hpp).
struct CodeSink {
    MoveList& out;
    template <class T>
    void push_back(const T& e) {
        MoveCode m;
        m.type = event_type_index<T>();
        m.player = static_cast<std::int8_t>(e.player);
        if constexpr (std::is_same_v<T, PlaceSettlement> || std::is_same_v<T, BuildSettlement> ||
                      std::is_same_v<T, BuildCity>) {
            m.id = static_cast<std::int16_t>(e.vertex);
        } else if constexpr (std::is_same_v<T, PlaceRoad> || std::is_same_v<T, BuildRoad>) {
            m.id = static_cast<std::int16_t>(e.edge);
        } else if constexpr (std::is_same_v<T, MoveRobber>) {
            m.id = static_cast<std::int16_t>(e.hex);
            m.victim = static_cast<std::int8_t>(e.victim);
        } else if constexpr (std::is_same_v<T, TradeBank>) {
            for (int r = 0; r < kResourceCount; ++r) {
                if (e.give[r] > 0) {
                    m.r1 = static_cast<std::uint8_t>(r);
                    m.n = static_cast<std::uint8_t>(e.give[r]);
                }
                if (e.get[r] > 0) m.r2 = static_cast<std::uint8_t>(r);
            }
        } else if constexpr (std::is_same_v<T, PlayYearOfPlenty>) {
            for (int r = 0; r < kResourceCount; ++r)
                for (int k = 0; k < e.take[r]; ++k)
                    (m.n++ == 0 ? m.r1 : m.r2) = static_cast<std::uint8_t>(r);
        } else if constexpr (std::is_same_v<T, PlayMonopoly>) {
            m.r1 = static_cast<std::uint8_t>(e.resource);
        } else if constexpr (!std::is_same_v<T, Roll> && !std::is_same_v<T, Discard> &&
                             !std::is_same_v<T, BuyDevCard> && !std::is_same_v<T, PlayKnight> &&
                             !std::is_same_v<T, PlayRoadBuilding> && !std::is_same_v<T, EndTurn> &&
                             !std::is_same_v<T, SpecialBuild>) {
            static_assert(kUnencoded<T>, "a generated event type that MoveCode does not pack");
        }
        out.push_back(m);
    }
    // A move already packed (the same code push_back would make of its event).
    void push_code(const MoveCode& m) { out.push_back(m); }
};

}  // namespace

void legal_moves(const GameState& s, MoveList& out) {
    out.clear();
    CodeSink sink{out};
    Generator<CodeSink>(s, sink, false).run();
}

EventBody move_event(const MoveCode& m) {
    const PlayerId p = m.player;
    switch (m.type) {
        case event_type_index<PlaceSettlement>():
            return PlaceSettlement{p, m.id};
        case event_type_index<PlaceRoad>():
            return PlaceRoad{p, m.id};
        case event_type_index<Roll>():
            return Roll{p, 0, 0};
        case event_type_index<Discard>():
            return Discard{p, ResourceCounts{}};
        case event_type_index<MoveRobber>():
            return MoveRobber{p, m.id, m.victim, std::nullopt};
        case event_type_index<TradeBank>(): {
            TradeBank t{p, {}, {}};
            t.give[m.r1] = m.n;
            t.get[m.r2] = 1;
            return t;
        }
        case event_type_index<BuildRoad>():
            return BuildRoad{p, m.id};
        case event_type_index<BuildSettlement>():
            return BuildSettlement{p, m.id};
        case event_type_index<BuildCity>():
            return BuildCity{p, m.id};
        case event_type_index<BuyDevCard>():
            return BuyDevCard{p, std::nullopt};
        case event_type_index<PlayKnight>():
            return PlayKnight{p};
        case event_type_index<PlayRoadBuilding>():
            return PlayRoadBuilding{p};
        case event_type_index<PlayYearOfPlenty>(): {
            PlayYearOfPlenty y{p, {}};
            if (m.n > 0) ++y.take[m.r1];
            if (m.n > 1) ++y.take[m.r2];
            return y;
        }
        case event_type_index<PlayMonopoly>():
            return PlayMonopoly{p, static_cast<Resource>(m.r1)};
        case event_type_index<SpecialBuild>():
            return SpecialBuild{p};
        case event_type_index<EndTurn>():
            return EndTurn{p};
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
    if (k < 0 || k > kMaxHand) return;
    // ways_[r][m] = sum of ways_[r + 1][m - x] for x = 0..min(hand[r], m), as a running sum
    // over m: add the next term, drop the one past hand[r].
    ways_[kResourceCount].fill(0);
    ways_[kResourceCount][0] = 1;
    for (int r = kResourceCount - 1; r >= 0; --r) {
        std::int64_t w = 0;
        for (int m = 0; m <= k; ++m) {
            w += ways_[r + 1][m];
            if (m - hand[r] - 1 >= 0) w -= ways_[r + 1][m - hand[r] - 1];
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
