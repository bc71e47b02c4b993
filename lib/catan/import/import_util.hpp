#pragma once
// Helpers shared by the importers (lib/import/*): finding our vertex and edge ids from a
// foreign (hex, corner) / (hex, side) pair, whatever hex of the plane it names (sea hexes
// included), and renumbering the players of events.

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include <catan/board/topology.hpp>
#include <catan/engine/event.hpp>
#include <catan/io/line.hpp>

namespace ctk {

// Something an importer noticed and handled without failing (noise in a hand-written
// transcript, a repeated line): the source line (1-based) and what was done about it.
struct ImportWarning {
    int line = 0;
    std::string message;
    bool operator==(const ImportWarning&) const = default;
};

// Display colours given to imported seats, in turn order: the names of the seat palette
// (kSeatColours, engine/event.hpp).
inline constexpr std::array<std::string_view, kMaxPlayers> kImportColors = [] {
    std::array<std::string_view, kMaxPlayers> names{};
    for (std::size_t i = 0; i < names.size(); ++i) names[i] = kSeatColours[i].name;
    return names;
}();

// Our vertices and edges by the drawing-grid position of a corner of any axial hex.
class GridLookup {
  public:
    explicit GridLookup(const Topology& t);
    static const GridLookup& standard();  // over Topology::standard()

    // The vertex at corner c of the hex at axial a (a need not be a land hex); nullopt
    // when that corner is not a vertex of the board.
    std::optional<VertexId> vertex_at(Axial a, Corner c) const;
    // The edge on side s of the hex at axial a; nullopt when it is not an edge of the board.
    std::optional<EdgeId> edge_at(Axial a, Side s) const;

  private:
    const Topology* topo_;
    std::map<std::pair<int, int>, VertexId> by_point_;
};

// Applies f (int -> PlayerId) to every player field of an event: player, victim (unless
// kNoPlayer), to, partner.
template <class F>
void remap_players(EventBody& body, F&& f) {
    std::visit(
        [&](auto& e) {
            using T = std::decay_t<decltype(e)>;
            e.player = f(e.player);
            if constexpr (std::is_same_v<T, MoveRobber>) {
                if (e.victim != kNoPlayer) e.victim = f(e.victim);
            }
            if constexpr (std::is_same_v<T, TradeOffer>) e.to = f(e.to);
            if constexpr (std::is_same_v<T, TradePlayer>) e.partner = f(e.partner);
        },
        body);
}

}  // namespace ctk
