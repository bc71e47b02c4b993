#pragma once
// The board: terrains, number tokens, harbors and the robber's starting hex, over a
// Topology. Implements RULES.md "Components" and "Boards" (`board-composition`,
// `board-red-adjacent`) and the board JSON format (schemas/board.schema.json).

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include <catan/board/topology.hpp>

namespace ctk {

// The five resources, in the order used by every array indexed by resource.
enum class Resource : std::uint8_t { kBrick, kLumber, kWool, kGrain, kOre };
inline constexpr int kResourceCount = 5;
inline constexpr std::array<Resource, 5> kResources{
    Resource::kBrick, Resource::kLumber, Resource::kWool, Resource::kGrain, Resource::kOre};

enum class Terrain : std::uint8_t { kHills, kForest, kPasture, kFields, kMountains, kDesert };
inline constexpr std::array<Terrain, 6> kTerrains{Terrain::kHills,     Terrain::kForest,
                                                  Terrain::kPasture,   Terrain::kFields,
                                                  Terrain::kMountains, Terrain::kDesert};

// What a harbor trades: a generic 3:1 harbor, or a 2:1 harbor of one resource.
enum class HarborKind : std::uint8_t { kGeneric, kBrick, kLumber, kWool, kGrain, kOre };

std::string_view resource_name(Resource r);  // "brick", "lumber", "wool", "grain", "ore"
std::string_view terrain_name(Terrain t);    // "hills", "forest", "pasture", "fields", ...
std::string_view harbor_name(HarborKind k);  // "3:1", "brick", ... (the 2:1 resource)
// Parse the names above; std::nullopt for anything else. parse_resource also accepts the
// synonyms other software uses: clay, wood, sheep, wheat.
std::optional<Resource> parse_resource(std::string_view s);
std::optional<Terrain> parse_terrain(std::string_view s);
std::optional<HarborKind> parse_harbor(std::string_view s);

// The resource a terrain produces; std::nullopt for the desert.
std::optional<Resource> terrain_resource(Terrain t);
// The 2:1 resource of a harbor; std::nullopt for a generic 3:1 harbor.
std::optional<Resource> harbor_resource(HarborKind k);
inline HarborKind harbor_of(Resource r) {  // the 2:1 harbor of resource r
    return static_cast<HarborKind>(static_cast<int>(r) + 1);
}

// The ways two dice make total s: the number of the 36 two-dice outcomes that roll it,
// 6 - |7 - s| (2->1 ... 7->6 ... 12->1); 0 outside 2..12.
constexpr int dice_ways(int s) {
    return s < 2 || s > 12 ? 0 : 6 - (s < 7 ? 7 - s : s - 7);
}
// Pips of a number token: the ways to roll it (dice_ways); 0 for no token (0) and for 7.
constexpr int token_pips(int token) {
    return token == 7 ? 0 : dice_ways(token);
}
constexpr bool is_red_token(int token) {
    return token == 6 || token == 8;
}

struct Harbor {
    HexId hex = kNoId;  // the land hex the harbor's edge belongs to
    Side side = Side::kNE;
    EdgeId edge = kNoId;                 // the coastal edge
    std::array<VertexId, 2> vertices{};  // the two vertices that use the harbor
    HarborKind kind = HarborKind::kGeneric;
};

// The board kind, which fixes the composition that `board-composition` expects.
enum class BoardKind : std::uint8_t { kStandard, kExtended, kCustom };
std::string_view board_kind_name(BoardKind k);  // "standard", "extended", "custom"

class Board {
  public:
    // An empty board on a topology: every hex a desert without token, no harbors, robber
    // on hex 0. The topology is shared, not copied.
    explicit Board(std::shared_ptr<const Topology> topology);

    // The beginner board of the rulebook (../shared/data/boards/beginner.txt).
    static Board beginner();

    const Topology& topology() const { return *topology_; }
    const std::shared_ptr<const Topology>& topology_ptr() const { return topology_; }
    BoardKind kind() const;

    Terrain terrain(HexId h) const { return terrain_[static_cast<std::size_t>(h)]; }
    int token(HexId h) const { return token_[static_cast<std::size_t>(h)]; }  // 0 = none
    // The hexes carrying number token n (2..12), bit h set for hex h; 0 for any other n.
    // Kept by set_hex: production reads it on every roll instead of scanning the board.
    std::uint64_t hexes_with_token(int n) const {
        return n >= 2 && n <= 12 ? token_hexes_[static_cast<std::size_t>(n)] : 0;
    }
    std::optional<Resource> resource(HexId h) const { return terrain_resource(terrain(h)); }
    // resource(h) as a Resource index, -1 for none (kept by set_hex: read on every roll).
    int resource_index(HexId h) const { return hex_resource_[static_cast<std::size_t>(h)]; }
    const std::vector<Harbor>& harbors() const { return harbors_; }
    HexId robber() const { return robber_; }

    void set_hex(HexId h, Terrain t, int token);
    // Adds a harbor on a coastal side; throws InputError if the side is not coastal or
    // the edge already has a harbor.
    void add_harbor(HexSide where, HarborKind kind);
    void set_robber(HexId h);

    // The harbor whose edge touches vertex v, if any.
    std::optional<HarborKind> harbor_at(VertexId v) const;

    friend bool operator==(const Board& a, const Board& b);

  private:
    std::shared_ptr<const Topology> topology_;
    std::vector<Terrain> terrain_;
    std::vector<int> token_;
    std::array<std::uint64_t, 13> token_hexes_{};                       // [n]: hexes_with_token(n)
    std::array<std::int8_t, kMaxHexes> hex_resource_ = no_resources();  // resource_index
    static std::array<std::int8_t, kMaxHexes> no_resources() {
        std::array<std::int8_t, kMaxHexes> a{};
        a.fill(-1);
        return a;
    }
    std::vector<Harbor> harbors_;
    HexId robber_ = 0;
};

// The 9 harbor slots of the standard frame, clockwise from the top left, as hex + the
// side facing the sea (the slots of the beginner board): 0 NW, 1 NE, 6 NE, 11 E, 15 SE,
// 17 SE, 16 SW, 12 W, 3 W.
const std::vector<HexSide>& standard_harbor_slots();

// A rule of setting up a board that the board breaks.
struct BoardProblem {
    std::string rule_id;  // "board-composition" or "board-red-adjacent"
    std::string message;  // one line naming the hexes or counts involved
};

// board-composition (RULES.md): for the standard board 19 hexes = 3 hills, 4 forest,
// 4 pasture, 4 fields, 3 mountains, 1 desert; tokens 2,12 once, 3..6 and 8..11 twice, none
// on a desert, every other hex one token; 9 harbors = 4 generic + one of each resource;
// robber on a desert. The extended (5-6 player) board: 5/6/6/6/5/2 hexes, tokens 2,12
// twice and 3..6, 8..11 three times, 11 harbors = 5 generic + 1 each, wool twice.
// Custom boards only get the per-hex checks (no token on a desert, a token on every
// producing hex). Returns every problem found, empty if none.
std::vector<BoardProblem> check_composition(const Board& b);

// board-composition for a board of no standard shape: one problem saying so, "<n> hexes:
// not the standard 19-hex board; composition not checked", naming the hexes of the nearer
// standard frame (19 or 30 hexes) that are missing ("missing (q, r) ...") and the hexes off
// it ("off the frame (q, r) ..."); empty for the standard and the extended board. A user who
// means a board of another shape says so (catan-board check --custom).
std::vector<BoardProblem> check_shape(const Board& b);

// board-red-adjacent (RULES.md): no two hexes sharing a side both carry a red token
// (6 or 8). Returns one problem per offending pair.
std::vector<BoardProblem> check_red_adjacent(const Board& b);

}  // namespace ctk
