#pragma once
// Longest road and largest army (RULES.md `longest-road`, `largest-army`): the longest
// trail through one player's roads, and the award holder logic shared by replay,
// self-play and catan-roads.

#include <bitset>
#include <span>
#include <vector>

#include <catan/board/topology.hpp>

namespace ctk {

// EdgeSet (a player's roads: bit e set for a road on edge e) and VertexSet: topology.hpp.

struct Trail {
    int length = 0;                  // number of roads in the trail
    std::vector<EdgeId> edges;       // the trail's roads in walking order (length entries)
    std::vector<VertexId> vertices;  // the vertices walked, length + 1 entries (empty if 0)
};

// longest-road (RULES.md): the longest trail through `roads` — a walk that never reuses
// an edge but may revisit a vertex. A vertex in `blocked` (an opponent's settlement or
// city) cuts the trail: a trail may end there but never pass through. Exact; `roads`
// holds at most 15 edges in a real game but any number is accepted. Ties between trails
// of equal length are broken deterministically (the lowest sequence of edge ids).
// Cost: exhaustive, so it grows about 2.5x for every 4 more roads in a dense network
// (15 roads: at most about 12 us measured; 30 roads in a block of 7 hexes: about 0.6 ms).
Trail longest_trail(const Topology& t, const EdgeSet& roads, const VertexSet& blocked);
// The same length as longest_trail(...).length, without building the trail (hot path).
int longest_trail_length(const Topology& t, const EdgeSet& roads, const VertexSet& blocked);
// The greater of at_least and the longest trail of the one network of `roads` that holds
// edge e (the roads joined to e through vertices not in `blocked`): every trail that uses e
// lies in it. After a road is built on e, the player's longest trail is this with at_least
// the length before (a road blocks nothing for its own player, so every earlier trail still
// stands); a network of at most at_least roads is not searched. e not in `roads`: at_least.
int longest_trail_length_at(const Topology& t, const EdgeSet& roads, const VertexSet& blocked,
                            EdgeId e, int at_least = 0);

// Number of separate road networks (connected components of the player's roads, where
// an opponent's building cuts a network in two), computed with Boost.Graph.
int road_network_count(const Topology& t, const EdgeSet& roads, const VertexSet& blocked);

// longest-road award (RULES.md): given the current holder (kNoPlayer if the card is set
// aside or unclaimed) and every player's current length (index = player), returns the
// new holder. The holder keeps it while at least 5 long and nobody is strictly longer;
// otherwise the single longest player with at least 5 takes it; a tie for longest, or
// nobody at 5, sets it aside (kNoPlayer).
int longest_road_holder(int holder, std::span<const int> lengths);

// largest-army award (RULES.md): the first player with 3 played knights takes it; then
// only a player with strictly more knights than the holder. `knights[p]` = knights played.
int largest_army_holder(int holder, std::span<const int> knights);

}  // namespace ctk
