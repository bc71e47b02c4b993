#include <catan/engine/roads.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>

#include <fmt/format.h>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>

namespace ctk {

namespace {

constexpr int kMinRoadLength = 5;  // longest-road: the card needs a trail of 5
constexpr int kMinArmy = 3;        // largest-army: the card needs 3 played knights

// One player's roads as a compact local graph: local edges 0..edge_count-1 in ascending
// global id order (so comparing local ids compares global ids), local vertices in order of
// first appearance. Lives on the stack: the hot path allocates nothing.
struct Network {
    int edge_count = 0;
    int vertex_count = 0;
    int component_count = 0;
    std::array<EdgeId, kMaxEdges> edge_id;
    std::array<std::array<std::uint8_t, 2>, kMaxEdges> ends;
    std::array<VertexId, kMaxVertices> vertex_id;
    std::array<std::uint8_t, kMaxVertices> degree;
    std::array<std::array<std::uint8_t, 3>, kMaxVertices> incident;  // ascending edge ids
    std::array<bool, kMaxVertices> blocked;
    std::array<std::uint8_t, kMaxVertices> component;
    std::array<std::uint8_t, kMaxVertices> component_edges;  // indexed by component

    int other_end(int e, int v) const { return ends[e][0] == v ? ends[e][1] : ends[e][0]; }
    // A start worth trying: every maximum trail starts at a vertex with an odd number of
    // roads or at a blocked one, unless its network is a plain unblocked ring (then every
    // vertex of the ring starts one). Proof: a maximum trail that started elsewhere could
    // be extended by an unused road at its start.
    bool is_start(int v) const { return blocked[v] || degree[v] != 2; }
};

void check_roads(const Topology& t, const EdgeSet& roads) {
#if defined(__GLIBCXX__)
    const int n = t.edge_count();
    const bool beyond =
        n < kMaxEdges &&
        (n == 0 ? roads.any() : roads._Find_next(static_cast<std::size_t>(n - 1)) < kMaxEdges);
#else
    const bool beyond = t.edge_count() < kMaxEdges && (roads >> t.edge_count()).any();
#endif
    if (beyond) {
        for (int e = t.edge_count(); e < kMaxEdges; ++e)
            if (roads[static_cast<std::size_t>(e)])
                throw InputError(fmt::format("road on edge {}: the board has edges 0..{}", e,
                                             t.edge_count() - 1));
    }
}

// The caller has checked `roads` (check_roads): every public entry does so once.
void build_network(const Topology& t, const EdgeSet& roads, const VertexSet& blocked,
                   Network& net) {
    // local[v] is valid where `seen` has v: two words cleared instead of the whole array.
    VertexSet seen;
    std::array<std::uint8_t, kMaxVertices> local;
    auto local_vertex = [&](VertexId v) {
        if (!seen[static_cast<std::size_t>(v)]) {
            seen.set(static_cast<std::size_t>(v));
            int lv = net.vertex_count++;
            local[v] = static_cast<std::uint8_t>(lv);
            net.vertex_id[lv] = v;
            net.degree[lv] = 0;
            net.blocked[lv] = blocked[static_cast<std::size_t>(v)];
        }
        return local[v];
    };
    for_each_set_bit(roads, static_cast<std::size_t>(t.edge_count()), [&](EdgeId e) {
        int le = net.edge_count++;
        net.edge_id[le] = e;
        const auto& ev = t.edge_vertices(e);
        for (int k = 0; k < 2; ++k) {
            int lv = local_vertex(ev[k]);
            net.ends[le][k] = static_cast<std::uint8_t>(lv);
            net.incident[lv][net.degree[lv]++] = static_cast<std::uint8_t>(le);
        }
    });
    // Connected components of the roads (a blocked vertex does not split them here: a
    // trail may still end on it from either side, and that never joins the two sides).
    std::array<std::uint8_t, kMaxVertices> stack;
    constexpr std::uint8_t kUnset = 0xFF;
    std::fill_n(net.component.begin(), net.vertex_count, kUnset);
    for (int s = 0; s < net.vertex_count; ++s) {
        if (net.component[s] != kUnset) continue;
        auto c = static_cast<std::uint8_t>(net.component_count++);
        net.component_edges[c] = 0;
        int top = 0;
        stack[top++] = static_cast<std::uint8_t>(s);
        net.component[s] = c;
        while (top > 0) {
            int v = stack[--top];
            net.component_edges[c] =
                static_cast<std::uint8_t>(net.component_edges[c] + net.degree[v]);  // twice each
            for (int k = 0; k < net.degree[v]; ++k) {
                int w = net.other_end(net.incident[v][k], v);
                if (net.component[w] == kUnset) {
                    net.component[w] = c;
                    stack[top++] = static_cast<std::uint8_t>(w);
                }
            }
        }
    }
    for (int c = 0; c < net.component_count; ++c) net.component_edges[c] /= 2;
}

// Edge masks over local edge ids: 64 bits when the player has at most 64 roads (always,
// in a real game), the full bit set otherwise.
inline bool has(std::uint64_t m, int e) {
    return (m >> e) & 1U;
}
inline std::uint64_t with(std::uint64_t m, int e) {
    return m | (std::uint64_t{1} << e);
}
inline bool has(const EdgeSet& m, int e) {
    return m[static_cast<std::size_t>(e)];
}
inline EdgeSet with(EdgeSet m, int e) {
    return m.set(static_cast<std::size_t>(e));
}

// Length only: depth-first over unused roads, stopping as soon as a trail uses every road
// of the network being searched.
template <class Mask>
struct LengthSearch {
    explicit LengthSearch(const Network& n) : net(n) {}
    const Network& net;
    int best = 0;
    int target = 0;

    void run(int v, Mask used, int len) {
        if (len > best) best = len;
        if (len > 0 && net.blocked[v]) return;  // may end on a blocked vertex, not pass it
        for (int k = 0; k < net.degree[v] && best < target; ++k) {
            int e = net.incident[v][k];
            if (!has(used, e)) run(net.other_end(e, v), with(used, e), len + 1);
        }
    }
};

// The greater of at_least and the longest trail of the network (components no longer than
// at_least are not searched).
template <class Mask>
int longest_length(const Network& net, int at_least = 0) {
    // Bigger networks first: a smaller one cannot beat a trail as long as it has roads.
    std::array<std::uint8_t, kMaxVertices> order;
    for (int c = 0; c < net.component_count; ++c) order[c] = static_cast<std::uint8_t>(c);
    std::sort(order.begin(), order.begin() + net.component_count,
              [&](int a, int b) { return net.component_edges[a] > net.component_edges[b]; });
    LengthSearch<Mask> search(net);
    search.best = at_least;
    for (int i = 0; i < net.component_count; ++i) {
        int c = order[i];
        if (net.component_edges[c] <= search.best) break;
        search.target = net.component_edges[c];
        bool any_start = false;
        for (int v = 0; v < net.vertex_count && search.best < search.target; ++v) {
            if (net.component[v] != c || !net.is_start(v)) continue;
            any_start = true;
            search.run(v, Mask{}, 0);
        }
        if (!any_start) search.best = search.target;  // an unblocked ring: walk it all
    }
    return search.best;
}

// The length by whole chains. A vertex with exactly two of the player's roads and no
// opponent's building (an inner vertex) can only pass a trail through, so the roads fall
// into chains between the other vertices, and a longest trail is a sequence of whole
// chains (it never starts or ends inside one: it could be extended there). A chain end is
// a node (an unblocked vertex with three roads) or a terminal: a vertex with one road, or
// a blocked vertex, taken once per road there (a trail may end on it, never pass it).
// Without nodes every network is one chain: the answer is the longest chain. Otherwise a
// depth-first search over whole chains from every node and every terminal chain, each
// network (union of nodes) at most once and not when it has no more roads than the best.
// Returns -1 where this does not apply — more than 64 roads, or a ring of inner vertices
// only (a network with no chain end) — and the caller searches the Network instead.
class ChainSearch {
    static_assert(kMaxEdges <= 256 && kMaxVertices <= 256, "ids are kept in one byte");
    static constexpr std::uint32_t kRoad = 1U << 16;        // one road more at a vertex
    static constexpr std::uint32_t kBlocked = 0x80U << 16;  // never 2 roads nor a node

  public:
    int run(const Topology& t, const EdgeSet& roads, const VertexSet& blocked, int at_least) {
        // Per vertex where a road ends: the number of roads there (bits 16-23, from 0x80 at a
        // blocked vertex, so that it is never inner nor a node), the xor of the vertices at
        // their other ends (bits 8-15: at an inner vertex, the one not come from) and the xor
        // of their ids (bits 0-7); set at those vertices first (cheaper than clearing all).
        const std::array<VertexId, 2>* ends = &t.edge_vertices(0);
        std::array<std::uint32_t, kMaxVertices> info;
        std::array<int, kMaxEdges> list;
        int n = 0;
        for_each_set_bit(roads, static_cast<std::size_t>(t.edge_count()), [&](EdgeId e) {
            list[n++] = e;
            for (VertexId v : ends[e])
                info[v] = blocked[static_cast<std::size_t>(v)] ? kBlocked : 0;
        });
        if (n > 64) return -1;
        for (int i = 0; i < n; ++i) {
            const EdgeId e = list[i];
            const VertexId a = ends[e][0], b = ends[e][1];
            info[a] = (info[a] + kRoad) ^ static_cast<std::uint32_t>(e | b << 8);
            info[b] = (info[b] + kRoad) ^ static_cast<std::uint32_t>(e | a << 8);
            walked_[e] = 0;
        }
        auto roads_at = [&](VertexId v) { return info[v] >> 16; };
        auto inner = [&](VertexId v) { return roads_at(v) == 2; };
        auto is_node = [&](VertexId v) { return roads_at(v) >= 3 && roads_at(v) < 0x80; };
        VertexSet named;  // the nodes given an index in node_of
        std::array<std::uint8_t, kMaxVertices> node_of;
        auto node = [&](VertexId v) -> std::uint8_t {
            if (!is_node(v)) return kTerminal;
            if (!named[static_cast<std::size_t>(v)]) {
                named.set(static_cast<std::size_t>(v));
                node_of[v] = static_cast<std::uint8_t>(nodes_);
                node_degree_[nodes_++] = 0;
            }
            return node_of[v];
        };
        int walked_edges = 0;
        int longest_chain = 0;
        for (int i = 0; i < n; ++i) {
            const EdgeId e = list[i];
            const auto& ev = ends[e];
            for (int k = 0; k < 2; ++k) {
                const VertexId v = ev[k];
                if (inner(v) || (walked_[e] >> k) & 1U) continue;
                // Walk the chain from v through e to its other end w, arriving by road f.
                int len = 1;
                EdgeId f = e;
                VertexId from = v;
                VertexId w = ev[1 - k];
                while (inner(w)) {
                    const std::uint32_t x = info[w];
                    f ^= static_cast<EdgeId>(x & 0xFF);
                    const VertexId next = static_cast<VertexId>(x >> 8 & 0xFF) ^ from;
                    from = w;
                    w = next;
                    ++len;
                }
                walked_[f] |= ends[f][0] == w ? 1U : 2U;
                walked_edges += len;
                longest_chain = std::max(longest_chain, len);
                add_chain(node(v), node(w), len);
            }
        }
        if (walked_edges < n) return -1;  // a ring of inner vertices only
        best_ = std::max(at_least, longest_chain);
        if (nodes_ == 0) return best_;
        return search();
    }

  private:
    static constexpr std::uint8_t kTerminal = 0xFF;

    void add_chain(std::uint8_t a, std::uint8_t b, int len) {
        const int c = chains_++;
        end_[c] = {a, b};
        length_[c] = static_cast<std::uint8_t>(len);
        if (a != kTerminal) incident_[a][node_degree_[a]++] = static_cast<std::uint8_t>(c);
        if (b != kTerminal) incident_[b][node_degree_[b]++] = static_cast<std::uint8_t>(c);
    }

    int other(int c, int v) const { return end_[c][0] == v ? end_[c][1] : end_[c][0]; }

    void walk(int v, std::uint64_t used, int len) {
        if (len > best_) best_ = len;
        for (int k = 0; k < node_degree_[v] && best_ < target_; ++k) {
            const int c = incident_[v][k];
            if ((used >> c) & 1U) continue;
            const int w = other(c, v);
            const int l = len + length_[c];
            if (w == kTerminal)
                best_ = std::max(best_, l);
            else
                walk(w, used | (std::uint64_t{1} << c), l);
        }
    }

    int search() {
        // Networks: the union of the nodes a chain joins; a chain between two terminals
        // is a network of its own, already counted in the longest chain.
        std::array<std::uint8_t, kMaxVertices> root;
        for (int v = 0; v < nodes_; ++v) root[v] = static_cast<std::uint8_t>(v);
        auto find = [&](int v) {
            while (root[v] != v) v = root[v] = root[root[v]];
            return v;
        };
        for (int c = 0; c < chains_; ++c) {
            const auto [a, b] = end_[c];
            if (a != kTerminal && b != kTerminal)
                root[find(a)] = static_cast<std::uint8_t>(find(b));
        }
        std::array<int, kMaxVertices> size;  // roads per network, at its root
        std::fill_n(size.begin(), nodes_, 0);
        for (int c = 0; c < chains_; ++c) {
            const int a = end_[c][0] != kTerminal ? end_[c][0] : end_[c][1];
            if (a != kTerminal) size[find(a)] += length_[c];
        }
        // Bigger networks first: a smaller one cannot beat a trail as long as it has roads.
        for (;;) {
            int r = -1;
            for (int v = 0; v < nodes_; ++v)
                if (find(v) == v && size[v] > best_ && (r < 0 || size[v] > size[r])) r = v;
            if (r < 0) return best_;
            target_ = size[r];
            size[r] = 0;
            for (int v = 0; v < nodes_ && best_ < target_; ++v)
                if (find(v) == r) walk(v, 0, 0);
            for (int c = 0; c < chains_ && best_ < target_; ++c) {
                const auto [a, b] = end_[c];
                if (a == kTerminal && b != kTerminal && find(b) == r)
                    walk(b, std::uint64_t{1} << c, length_[c]);
                else if (b == kTerminal && a != kTerminal && find(a) == r)
                    walk(a, std::uint64_t{1} << c, length_[c]);
            }
        }
    }

    std::array<unsigned, kMaxEdges> walked_;  // bit k: a chain was walked to end k
    int nodes_ = 0;
    int chains_ = 0;
    int best_ = 0;
    int target_ = 0;
    std::array<std::uint8_t, kMaxVertices> node_degree_;
    std::array<std::array<std::uint8_t, 3>, kMaxVertices> incident_;
    std::array<std::array<std::uint8_t, 2>, 64> end_;
    std::array<std::uint8_t, 64> length_;
};

// The trail itself: every maximum trail is visited, the lowest edge sequence kept.
template <class Mask>
struct TrailSearch {
    explicit TrailSearch(const Network& n) : net(n) {}
    const Network& net;
    int best = 0;
    std::array<std::uint8_t, kMaxEdges> path;
    std::array<std::uint8_t, kMaxEdges> best_path;
    int start = -1;
    int best_start = -1;

    void consider(int len) {
        if (len < best) return;
        if (len == best) {
            int cmp = 0;
            for (int i = 0; i < len && cmp == 0; ++i)
                cmp = path[i] < best_path[i] ? -1 : path[i] > best_path[i] ? 1 : 0;
            // the same single road walked either way: the lower start vertex first
            if (cmp == 0 && net.vertex_id[start] < net.vertex_id[best_start]) cmp = -1;
            if (cmp >= 0) return;
        }
        best = len;
        best_start = start;
        std::copy_n(path.begin(), len, best_path.begin());
    }

    void run(int v, Mask used, int len) {
        bool extended = false;
        if (len == 0 || !net.blocked[v]) {
            for (int k = 0; k < net.degree[v]; ++k) {
                int e = net.incident[v][k];
                if (has(used, e)) continue;
                extended = true;
                path[len] = static_cast<std::uint8_t>(e);
                run(net.other_end(e, v), with(used, e), len + 1);
            }
        }
        if (!extended) consider(len);  // a trail that goes on is never the longest
    }
};

template <class Mask>
Trail longest(const Network& net) {
    TrailSearch<Mask> search(net);
    for (int c = 0; c < net.component_count; ++c) {
        if (net.component_edges[c] < search.best) continue;
        bool ring = true;
        for (int v = 0; v < net.vertex_count && ring; ++v)
            if (net.component[v] == c && net.is_start(v)) ring = false;
        for (int v = 0; v < net.vertex_count; ++v) {
            if (net.component[v] != c || !(ring || net.is_start(v))) continue;
            search.start = v;
            search.run(v, Mask{}, 0);
        }
    }
    Trail trail;
    trail.length = search.best;
    if (search.best == 0) return trail;
    int v = search.best_start;
    trail.vertices.push_back(net.vertex_id[v]);
    for (int i = 0; i < search.best; ++i) {
        int e = search.best_path[i];
        v = net.other_end(e, v);
        trail.edges.push_back(net.edge_id[e]);
        trail.vertices.push_back(net.vertex_id[v]);
    }
    return trail;
}

void check_holder(int holder, std::size_t players, const char* award) {
    if (holder != kNoPlayer && (holder < 0 || static_cast<std::size_t>(holder) >= players))
        throw InputError(fmt::format("{} holder {}: expected -1 (none) or a player 0..{}", award,
                                     holder, static_cast<int>(players) - 1));
}

}  // namespace

int longest_trail_length(const Topology& t, const EdgeSet& roads, const VertexSet& blocked) {
    check_roads(t, roads);
    ChainSearch chains;  // default-initialised: `ChainSearch()` would zero its tables first
    if (int length = chains.run(t, roads, blocked, 0); length >= 0) return length;
    Network net;
    build_network(t, roads, blocked, net);
    if (net.edge_count <= 64) return longest_length<std::uint64_t>(net);
    return longest_length<EdgeSet>(net);
}

int longest_trail_length_at(const Topology& t, const EdgeSet& roads, const VertexSet& blocked,
                            EdgeId e, int at_least) {
    check_roads(t, roads);
    if (e < 0 || e >= t.edge_count() || !roads[static_cast<std::size_t>(e)]) return at_least;
    // Grow the network from e: through every vertex reached that is not blocked (a trail
    // may end at a blocked vertex but not pass it), add the player's other roads there.
    EdgeSet network;
    network.set(static_cast<std::size_t>(e));
    std::array<VertexId, kMaxEdges + 2> stack;  // one push per end of e and per road added
    int top = 0;
    for (VertexId v : t.edge_vertices(e)) stack[top++] = v;
    while (top > 0) {
        const VertexId v = stack[--top];
        if (blocked[static_cast<std::size_t>(v)]) continue;
        for (EdgeId f : t.vertex_edges(v)) {
            const auto bit = static_cast<std::size_t>(f);
            if (!roads[bit] || network[bit]) continue;
            network.set(bit);
            stack[top++] = t.other_end(f, v);
        }
    }
    // No trail is longer than its network: one no longer than at_least needs no search.
    if (bit_count(network) <= at_least) return at_least;
    ChainSearch chains;  // default-initialised: `ChainSearch()` would zero its tables first
    if (int length = chains.run(t, network, blocked, at_least); length >= 0) return length;
    Network net;
    build_network(t, network, blocked, net);
    if (net.edge_count <= 64) return longest_length<std::uint64_t>(net, at_least);
    return longest_length<EdgeSet>(net, at_least);
}

Trail longest_trail(const Topology& t, const EdgeSet& roads, const VertexSet& blocked) {
    check_roads(t, roads);
    Network net;
    build_network(t, roads, blocked, net);
    if (net.edge_count <= 64) return longest<std::uint64_t>(net);
    return longest<EdgeSet>(net);
}

int road_network_count(const Topology& t, const EdgeSet& roads, const VertexSet& blocked) {
    check_roads(t, roads);
    // One graph node per unblocked vertex, and one per road end at a blocked vertex, so
    // that an opponent's building splits the roads meeting there.
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
    std::array<int, kMaxVertices> node;
    node.fill(-1);
    int nodes = 0;
    auto node_of = [&](VertexId v) {
        if (blocked[static_cast<std::size_t>(v)]) return nodes++;
        if (node[v] < 0) node[v] = nodes++;
        return node[v];
    };
    std::vector<std::pair<int, int>> links;
    for_each_set_bit(roads, static_cast<std::size_t>(t.edge_count()), [&](EdgeId e) {
        int a = node_of(t.edge_vertices(e)[0]);
        int b = node_of(t.edge_vertices(e)[1]);
        links.emplace_back(a, b);
    });
    if (links.empty()) return 0;
    Graph g(links.begin(), links.end(), static_cast<Graph::vertices_size_type>(nodes));
    std::vector<int> component(static_cast<std::size_t>(nodes));
    return static_cast<int>(boost::connected_components(g, component.data()));
}

int longest_road_holder(int holder, std::span<const int> lengths) {
    check_holder(holder, lengths.size(), "longest-road");
    int top = 0, top_count = 0, top_player = kNoPlayer;
    for (std::size_t p = 0; p < lengths.size(); ++p) {
        if (lengths[p] > top) {
            top = lengths[p];
            top_count = 1;
            top_player = static_cast<int>(p);
        } else if (lengths[p] == top) {
            ++top_count;
        }
    }
    if (holder != kNoPlayer && lengths[static_cast<std::size_t>(holder)] >= kMinRoadLength &&
        lengths[static_cast<std::size_t>(holder)] == top)
        return holder;  // a tie with the holder does not move the card
    if (top >= kMinRoadLength && top_count == 1) return top_player;
    return kNoPlayer;  // nobody at 5, or a tie for longest: the card is set aside
}

int largest_army_holder(int holder, std::span<const int> knights) {
    check_holder(holder, knights.size(), "largest-army");
    int top = 0, top_count = 0, top_player = kNoPlayer;
    for (std::size_t p = 0; p < knights.size(); ++p) {
        if (knights[p] > top) {
            top = knights[p];
            top_count = 1;
            top_player = static_cast<int>(p);
        } else if (knights[p] == top) {
            ++top_count;
        }
    }
    if (holder != kNoPlayer) {
        // Only strictly more than the holder takes it. Knights are played one at a time,
        // so two players can never overtake together; if a caller skips ahead and they
        // tie above the holder, the holder keeps the card.
        if (top > knights[static_cast<std::size_t>(holder)] && top_count == 1) return top_player;
        return holder;
    }
    if (top >= kMinArmy && top_count == 1) return top_player;
    return kNoPlayer;
}

}  // namespace ctk
