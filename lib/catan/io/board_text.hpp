#pragma once
// Boards as text people type: the one-line notation, and the row-by-row text board format.
//
// One line (a friend's board, a photo of one), three fields separated by ';':
//   OWL GBWB GLDLO LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6 11; 3 G O 3 W 3 3 B L
//   1. the terrains in reading order (rows top to bottom, each left to right: hex ids 0..18
//      of the standard board, 0..29 of the 5-6 player board), one letter each by what the
//      hex gives: B hills (brick), L forest (lumber), W pasture (wool), G fields (grain),
//      O mountains (ore), D desert; upper or lower case; spaces, '/' and '-' between them are
//      ignored (write the rows apart to read them back against the board);
//   2. the number tokens in the same order, the desert skipped (18 on the standard board, 28
//      on the 5-6 player one), separated by spaces or commas;
//   3. optional, the harbors: one code per harbor slot of the frame in its fixed order,
//      clockwise from the top left (standard: hex 0 NW, 1 NE, 6 NE, 11 E, 15 SE, 17 SE,
//      16 SW, 12 W, 3 W; 5-6 player: 0 NW, 1 NE, 6 NE, 11 E, 22 E, 26 SE, 28 SE, 27 SW,
//      18 SW, 12 W, 7 NW): "3" for 3:1, or the letter of the 2:1 resource; or, for harbors
//      off those slots, "<hex><side>:<code>" each ("0NW:3 1NE:G ..."); "none" for no harbors.
//      Without this field a standard board has the beginner board's harbors (the printed
//      frame's); a 5-6 player board needs it.
//   A last field "robber <hex>" puts the robber elsewhere than on the (first) desert.
//
// The text board format (the rulebook's beginner board as the project's data ships it): '#'
// comment lines; five rows of "<terrain or resource> <token>" separated by '|' ("desert -"
// for the desert), the hex ids in reading order; then "harbor <hex> <side>: <type>" lines
// ("3:1" or "<resource> 2:1"). The robber starts on the desert.
#include <optional>
#include <string>
#include <string_view>

#include <catan/board/board.hpp>

namespace ctk {

// The board of one line of the notation above (a trailing "# comment" left out). Throws InputError naming the field and what
// was expected ("terrains: 18 letters, expected 19 (the standard board) or 30 (the 5-6
// player board)", "numbers: 17 tokens for the 18 hexes that are not desert", "harbors: 'X'
// is not a harbor code (3, B, L, W, G, O)").
Board board_from_line(std::string_view line);

// The board as one line (board_from_line reads it back to an equal board). The harbors are
// written in slot form when they lie on the frame's slots, else as "<hex><side>:<code>"; the
// robber field only when the robber is not on the first desert. Throws InputError for a
// board of neither shape (a custom board has no reading order).
std::string board_to_line(const Board& board);

// The board of the text board format above. Throws InputError naming the line.
Board board_from_rows(std::string_view text);

// Which text notation `text` is written in, from its first line that is not blank or a '#'
// comment: the row format when that line holds '|', the one-line notation when it starts
// with a terrain letter; std::nullopt otherwise (JSON, or something else).
enum class BoardTextKind { kLine, kRows };
std::optional<BoardTextKind> board_text_kind(std::string_view text);

}  // namespace ctk
