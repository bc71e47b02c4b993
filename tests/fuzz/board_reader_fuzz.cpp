// libFuzzer target: the board reader (lib/board_stream: a JSON document, a JSON array read
// element by element, JSON Lines) and, for every board it accepts, the board checks and
// the text drawing. Every record must be a board or carry an error naming the stream; any
// crash, sanitizer report or exception is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include <catan/board/board.hpp>
#include <catan/io/board_stream.hpp>
#include <catan/render/render.hpp>
#include <catan/io/board_json.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    ctk::BoardStream stream(in, "fuzz");
    while (auto r = stream.next()) {
        if (!r->board) {
            if (r->error.rfind("fuzz", 0) != 0) std::abort();  // a message names its input
            continue;
        }
        (void)ctk::check_composition(*r->board);
        (void)ctk::check_red_adjacent(*r->board);
        (void)ctk::render_ascii(*r->board, {});
        (void)ctk::board_from_json(ctk::board_to_json(*r->board));  // what it writes it reads
    }
    return 0;
}
