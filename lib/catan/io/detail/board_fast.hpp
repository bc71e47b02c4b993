// Internal to the board readers (board.cpp, board_fast.cpp, board_stream.cpp): the fast
// path for one board record of a JSON Lines stream. Not part of the public API.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <catan/board/board.hpp>

namespace ctk::detail {

// The board of one record (`text`, a JSON object) read with simdjson when it is a board
// that board_from_json accepts, built by the same Board calls; std::nullopt for anything
// else (not JSON, a field the format does not have, a repeated field, a value out of
// range, a board that breaks the format): the caller then reads the record with
// board_from_json, whose messages are the reference. Both paths accept the same boards
// and give equal ones.
std::optional<Board> read_board_fast(std::string_view text);

}  // namespace ctk::detail

namespace simdjson::dom {
class element;
class parser;
}  // namespace simdjson::dom

namespace ctk::detail {

// Parses `text` (one JSON value) with `parser`, after copying it into `padded` (reused from
// call to call) with the SIMDJSON_PADDING bytes simdjson may read past the end; false when
// it is not JSON. `out` stays valid until the parser's next parse.
bool parse_padded(simdjson::dom::parser& parser, std::string& padded, std::string_view text,
                  simdjson::dom::element& out);

// The same for a record already parsed by simdjson (a log header's "board").
std::optional<Board> read_board_fast(const simdjson::dom::element& record);

}  // namespace ctk::detail
