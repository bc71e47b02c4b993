// Boards typed as text (lib/catan/io/board_text.hpp): the one-line notation reads back every
// board it writes, standard and 5-6 player; the row format and the one-line form of the
// beginner board are the beginner board; each mistake is named with what was expected.
#include <catch2/catch.hpp>

#include <catan/board/generate.hpp>
#include <catan/board/rng.hpp>
#include <catan/io/board_text.hpp>
#include "test_support.hpp"

using namespace ctk;

namespace {
std::string file_text(const std::string& path) {
    return test::read_file(test::source_path(path));
}

std::string error_of(std::string_view line) {
    try {
        board_from_line(line);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(read)";
}
}  // namespace

TEST_CASE("the one-line notation reads back every generated board", "[board_text]") {
    for (bool extended : {false, true}) {
        Generator g(extended ? BoardRecipe::extended() : BoardRecipe::standard(), {});
        Rng rng(11);
        RawBoard raw;
        for (int i = 0; i < 500; ++i) {
            g.generate(rng, raw);
            const Board b = g.to_board(raw);
            const std::string line = board_to_line(b);
            INFO(line);
            CHECK(board_from_line(line) == b);
        }
    }
}

TEST_CASE("the beginner board in one line and in rows", "[board_text]") {
    const std::string line =
        "OWL GBWB GLDLO LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6 11; 3 G O 3 W 3 3 B L";
    CHECK(board_to_line(Board::beginner()) == line);
    CHECK(board_from_line(line) == Board::beginner());
    // Without harbors: the beginner board's; lower case and other separators read the same.
    CHECK(board_from_line("owl/gbwb/gldlo/logw/bgw; 10,2,9,12,6,4,10,9,11,3,8,8,3,4,5,5,6,11") ==
          Board::beginner());
    CHECK(board_from_rows(file_text("samples/boards/beginner.txt")) == Board::beginner());
    CHECK(board_text_kind(file_text("samples/boards/beginner.txt")) == BoardTextKind::kRows);
    CHECK(board_text_kind(file_text("samples/boards/beginner.line")) == BoardTextKind::kLine);
    CHECK(board_text_kind(file_text("samples/boards/beginner.json")) == std::nullopt);
    // The robber elsewhere, and harbors off the frame's slots, are written and read back.
    Board moved = Board::beginner();
    moved.set_robber(4);
    CHECK(board_to_line(moved) == line + "; robber 4");
    CHECK(board_from_line(board_to_line(moved)) == moved);
    Board bare(Board::beginner().topology_ptr());
    for (HexId h = 0; h < 19; ++h)
        bare.set_hex(h, Board::beginner().terrain(h), Board::beginner().token(h));
    bare.set_robber(9);
    bare.add_harbor({7, Side::kSW}, HarborKind::kBrick);
    CHECK(board_to_line(bare) ==
          "OWL GBWB GLDLO LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6 11; 7SW:B");
    CHECK(board_from_line(board_to_line(bare)) == bare);
}

TEST_CASE("a mistyped board line names the field and what was expected", "[board_text]") {
    CHECK(error_of("OWL GBWB GLDLO LOGW BG; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6 11") ==
          "terrains: 18 letters, expected 19 (the standard board) or 30 (the 5-6 player board)");
    CHECK(error_of("OWL GBWB GLDLX LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6 11") ==
          "terrains: 'X' is not a terrain letter (B hills (brick), L forest (lumber), W pasture "
          "(wool), G fields (grain), O mountains (ore), D desert)");
    CHECK(error_of("OWL GBWB GLDLO LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6") ==
          "numbers: 17 tokens for the 18 hexes that are not desert");
    CHECK(error_of("OWL GBWB GLDLO LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 7 3 4 5 5 6 11") ==
          "numbers: '7' is not a number token (2..6, 8..12)");
    CHECK(error_of("OWL GBWB GLDLO LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6 11; 3 G O") ==
          "harbors: 3 codes, expected 9 (one per harbor slot of the frame, clockwise from the top "
          "left), or \"<hex><side>:<code>\" each, or none");
    CHECK(error_of("OWL GBWB GLDLO LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6 11; 3 G O 3 W "
                   "3 3 B X") ==
          "harbors[8]: 'X' is not a harbor code (3 for 3:1, or B, L, W, G, O for the 2:1 harbor "
          "of brick, lumber, wool, grain, ore)");
    CHECK(error_of("OWL GBWB GLDLO LOGW BGW") ==
          "a board in one line has 2 to 4 fields separated by ';' (terrains; numbers; harbors; "
          "robber), got 1");
    CHECK(error_of("OWL GBWB GLDLO LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6 11; robber "
                   "19") ==
          "robber: expected \"robber <hex>\" with a hex 0..18, got \"robber 19\"");
    // A fourth field is the robber, once; a 5-6 player board without its harbors says so.
    const std::string line = "OWL GBWB GLDLO LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6 11";
    CHECK(error_of(line + "; none; robbr 3") ==
          "field 4: expected \"robber <hex>\" (the harbors are field 3), got \"robbr 3\"");
    CHECK(error_of(line + "; robber 3; robber 5") ==
          "field 4: a second robber field (\"robber 5\"); give \"robber <hex>\" once");
    CHECK(error_of("OWLO GBWBL GLDLOW LOGWBD BGWGL OWLB; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6 11 "
                   "2 3 4 5 6 8 9 10 11 12") ==
          "harbors: missing: a 5-6 player board needs a third field with its 11 harbor codes "
          "(\"none\" for a board without harbors)");
    // A letter that is not ASCII is named whole (a fullwidth O, 3 bytes).
    CHECK(
        error_of("\xEF\xBC\xAFWL GBWB GLDLO LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6 11") ==
        "terrains: '\xEF\xBC\xAF' is not a terrain letter (B hills (brick), L forest (lumber), "
        "W pasture (wool), G fields (grain), O mountains (ore), D desert)");
    CHECK(board_text_kind("\xEF\xBC\xAFWL GBWB; 10") == BoardTextKind::kLine);
}
