#pragma once
// Random boards under constraints, the constraint checks, and fairness measures.
//
// Sampling is uniform over all boards that satisfy the constraints: conceptually the
// generator shuffles the terrains over the hexes, the number tokens over the non-desert
// hexes and the harbor types over the harbor slots, independently and uniformly, and
// rejects the whole board if it breaks a constraint (generate.cpp proves that its faster
// equivalent draws from exactly that distribution). It never "swaps until it fits".
//
// Constraint ids (reported by check_constraints, accepted by catan-board generate/check):
//   board-red-adjacent     no two neighbouring hexes both carry a red token (6 or 8)
//                          (RULES.md; on by default)
//   board-equal-adjacent   no two neighbouring hexes carry the same number
//   board-2-12-adjacent    no 2 next to a 12
//   board-terrain-group    no connected group of same-terrain hexes larger than K
//                          (K = 1: no two neighbouring hexes of the same terrain)
//   board-vertex-pips      no vertex whose hexes' pips sum to more than a cap
//   board-resource-spread  max - min of the five per-resource pip totals at most a cap
//   board-desert-centre    the desert on the centre hex (standard: hex 9; 5-6 player
//                          board: the two deserts on the two middle hexes of the middle row,
//                          hexes 14 and 15)

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <catan/board/board.hpp>
#include <catan/board/rng.hpp>
#include <catan/board/topology.hpp>

namespace ctk {

// Most harbor slots on any board built here (the 5-6 player frame has 11).
inline constexpr int kMaxHarbors = 16;

// The 11 harbor slots of the 5-6 player extension frame, clockwise from the top left like
// standard_harbor_slots(), as hex + the side facing the sea: 0 NW, 1 NE, 6 NE, 11 E, 22 E,
// 26 SE, 28 SE, 27 SW, 18 SW, 12 W, 7 NW. Rule (docs/catan-board.md): walking the 38
// coastal edges clockwise from the west edge of the middle row (hex 12 W), harbors sit at
// steps of 3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3 edges. The frame is then mirror-symmetric about
// the middle row, and every slot lies on the same hex of its row as in JSettlers2's
// 6-player layout (Standard6p.PORTS_EDGE_V2).
const std::vector<HexSide>& extended_harbor_slots();

// What a random board is made of. terrains has one entry per hex of the topology; tokens
// one per non-desert terrain entry; harbor_kinds one per harbor slot; centre lists the
// hexes the deserts go on under DesertPlacement::kCentre (as many as there are deserts,
// or empty if the board has no centre).
struct BoardRecipe {
    std::shared_ptr<const Topology> topology;
    std::vector<Terrain> terrains;
    std::vector<int> tokens;
    std::vector<HexSide> harbor_slots;
    std::vector<HarborKind> harbor_kinds;
    std::vector<HexId> centre;

    // The standard 19-hex board (RULES.md "Components"), harbors on
    // standard_harbor_slots(), centre hex 9.
    static BoardRecipe standard();
    // The 30-hex 5-6 player board: 5 hills, 6 forest, 6 pasture, 6 fields, 5 mountains,
    // 2 deserts; tokens two each of 2 and 12, three each of 3-6 and 8-11; 11 harbors
    // (5 generic, one of each resource and a second wool) on extended_harbor_slots();
    // centre hexes 14 and 15.
    static BoardRecipe extended();
};

enum class DesertPlacement : std::uint8_t { kAny, kCentre };

// Constraints on a board. The defaults are the rulebook's: only board-red-adjacent.
struct Constraints {
    bool no_red_adjacent = true;     // board-red-adjacent
    bool no_equal_adjacent = false;  // board-equal-adjacent
    bool no_2_12_adjacent = false;   // board-2-12-adjacent
    int max_terrain_group = 0;       // board-terrain-group: 0 = no limit, else K >= 1
    int max_vertex_pips = 0;         // board-vertex-pips: 0 = no limit, else a cap >= 1
    int max_resource_spread = -1;    // board-resource-spread: -1 = no limit, else >= 0
    DesertPlacement desert = DesertPlacement::kAny;  // board-desert-centre
};

// Thrown by Generator::generate when no board satisfying the constraints turned up within
// the allowed number of tries. Tools treat it like any unusable command line (exit 2).
class NoBoardError : public InputError {
  public:
    using InputError::InputError;
};

// A board in the compact form the generator works in: terrain and token by hex id, harbor
// type by slot index of the recipe, the robber's hex. Cheap to copy (no allocation).
struct RawBoard {
    std::array<Terrain, kMaxHexes> terrain{};
    std::array<std::uint8_t, kMaxHexes> token{};  // 0 = none
    std::array<HarborKind, kMaxHarbors> harbor{};
    HexId robber = 0;
};

class Generator {
  public:
    // Throws InputError if the recipe is inconsistent (wrong counts, too many harbors) or
    // the constraints are out of range (a negative cap, kCentre on a recipe without centre
    // or whose centre is not one hex per desert).
    Generator(BoardRecipe recipe, Constraints constraints);

    // Draws one board, uniformly among those satisfying the constraints, into out. Tries
    // at most max_tries candidate boards (>= 1); throws NoBoardError
    // "no board satisfies these constraints in N tries" when all of them fail. The robber
    // starts on the desert with the lowest hex id.
    void generate(Rng& rng, RawBoard& out, std::int64_t max_tries = kDefaultMaxTries) const;

    // True if a compact board satisfies every constraint (the generator's own check).
    bool satisfies(const RawBoard& b) const;

    Board to_board(const RawBoard& b) const;
    // Appends the board's JSON to out: exactly the bytes of
    // board_to_json(to_board(b)).dump(), without building a JSON document.
    void append_json(const RawBoard& b, std::string& out) const;

    // The same bytes written at dst, for writers that fill a large buffer with many boards:
    // returns the end of what was written, at most max_json_size() bytes after dst. The
    // buffer must have room for max_json_size() + kJsonSlack bytes from dst: the writer
    // copies whole 32-byte blocks, so up to kJsonSlack - 1 bytes past the returned end may
    // be overwritten with garbage (the next write covers them). No allocation.
    char* write_json(const RawBoard& b, char* dst) const;
    // The longest JSON text write_json can produce for a board of this recipe, in bytes.
    std::size_t max_json_size() const { return json_max_; }
    static constexpr std::size_t kJsonSlack = 32;

    const BoardRecipe& recipe() const { return recipe_; }
    const Constraints& constraints() const { return constraints_; }
    // Candidate boards drawn so far by this generator (accepted ones included); the
    // acceptance rate is boards / tries. Not thread-safe: one generator per thread.
    std::int64_t tries() const { return tries_; }

    static constexpr std::int64_t kDefaultMaxTries = 10'000'000;

  private:
    bool post_checks(const RawBoard& b) const;

    BoardRecipe recipe_;
    Constraints constraints_;
    int hexes_ = 0, deserts_ = 0, reds_ = 0;
    std::array<std::uint64_t, kMaxHexes> neighbour_mask_{};
    std::vector<Terrain> producing_terrains_;  // the non-desert terrain entries
    std::vector<std::uint8_t> red_tokens_, other_tokens_;
    std::vector<HexId> centre_rest_;  // hexes outside the centre, for kCentre
    // write_json's tables: every fragment is a slice of json_text_ (which ends with
    // kJsonSlack bytes of padding, so that any slice can be copied in 32-byte blocks).
    struct JsonSlice {
        std::uint32_t at = 0, size = 0;
    };
    JsonSlice json_add(std::string_view text);
    std::string json_text_;
    std::array<JsonSlice, kMaxHarbors> harbor_lead_{};  // the text before harbor i's type
    std::array<JsonSlice, kMaxHexes> hex_lead_{};       // the text before hex h's terrain
    JsonSlice json_tail_{};                             // after the last token: up to "robber":
    std::array<JsonSlice, 6> harbor_type_{};            // by HarborKind: 3:1 (inside the quotes)
    // By terrain * 13 + token: hills","token":6}, desert","token":null} (token 0).
    std::array<JsonSlice, 6 * 13> hex_value_{};
    // By robber + 1 (-1 .. hexes - 1): the robber's hex, then ,"version":1}
    std::array<JsonSlice, kMaxHexes + 1> robber_end_{};
    std::size_t json_max_ = 0;
    // Scratch arrays reused across tries (mutable: generate is logically const).
    mutable std::array<HexId, kMaxHexes> hexes_scratch_{};
    mutable std::array<HexId, kMaxHexes> producing_scratch_{};
    mutable std::vector<Terrain> terrain_scratch_;
    mutable std::vector<std::uint8_t> token_scratch_;
    mutable std::vector<HarborKind> harbor_scratch_;
    mutable std::int64_t tries_ = 0;
};

// Checks a board against the constraints: every constraint broken is reported with its
// id (see the list at the top) and a message naming the hexes, vertex or counts involved.
// board-desert-centre is checked for the standard and 5-6 player boards only. Empty if the
// board satisfies them all. Composition is not checked here (check_composition).
std::vector<BoardProblem> check_constraints(const Board& b, const Constraints& c);

// The constraints as a compact JSON object keyed by constraint id, for reports that
// record what their boards were made under: {"board-red-adjacent":true,
// "board-equal-adjacent":false,"board-2-12-adjacent":false,"board-terrain-group":K or null,
// "board-vertex-pips":P or null,"board-resource-spread":S or null,
// "board-desert-centre":true|false} (null: no limit).
std::string constraints_to_json(const Constraints& c);

// Fairness measures of one board (catan-board stats). Pips as in token_pips().
struct Fairness {
    std::array<int, kResourceCount> resource_pips{};  // total pips of each resource's hexes
    int resource_spread = 0;                          // max - min of resource_pips
    int best_vertex_pips = 0;                         // the highest pip sum at any vertex
    int worst_vertex_pips = 0;  // the lowest pip sum at any inland vertex (3 land hexes)
    int red_min_distance = 0;   // fewest hex steps between two red-token hexes (0: < 2 reds)
    int red_resources = 0;      // distinct resources produced by the red-token hexes
    int harbor_pairs = 0;       // 2:1 harbors touching a hex of their own resource
};
Fairness measure_fairness(const Board& b);

// The names of Fairness's fields, in a fixed order, and their values in that order
// ("brick_pips", ..., "ore_pips", "resource_spread", "best_vertex_pips", ...).
const std::vector<std::string>& fairness_names();
std::vector<int> fairness_values(const Fairness& f);

// The distribution of each fairness measure over many boards.
class FairnessSummary {
  public:
    void add(const Fairness& f);
    std::int64_t boards() const { return boards_; }
    // For measure i (index into fairness_names()): smallest, largest, sum, and the count
    // of boards per value (ascending values).
    struct Column {
        int min = 0, max = 0;
        std::int64_t sum = 0;
        std::vector<std::pair<int, std::int64_t>> histogram;
    };
    Column column(std::size_t i) const;

  private:
    std::int64_t boards_ = 0;
    std::vector<std::vector<std::int64_t>> counts_;  // [measure][value]
};

}  // namespace ctk
