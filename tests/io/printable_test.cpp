// printable (lib/catan/io/output.hpp): the one escaping of file names and quoted input for text
// output and messages.
#include <catch2/catch.hpp>

#include <string>

#include <catan/io/json_util.hpp>
#include <catan/io/output.hpp>
#include <catan/render/render_svg.hpp>

using ctk::printable;
using namespace std::string_literals;

TEST_CASE("printable escapes control characters", "[output]") {
    CHECK(printable("game.json") == "game.json");
    CHECK(printable("a\x1B[31mb\nc\td\re"s) == "a\\e[31mb\\nc\\td\\re");
    CHECK(printable("x\0y"s) == "x\\0y");
    CHECK(printable("\x01\x1F\x7F") == "\\x01\\x1F\\x7F");
    CHECK(printable("") == "");
}

TEST_CASE("printable doubles a backslash so that no text prints like an escape", "[output]") {
    // The two characters `\e` and the one ESC byte print differently.
    CHECK(printable("a\\eb") == "a\\\\eb");
    CHECK(printable("a\033b") == "a\\eb");
    CHECK(printable("C:\\games\\x41.json") == "C:\\\\games\\\\x41.json");
    CHECK(printable("\\") == "\\\\");
}

TEST_CASE("a NUL byte of quoted input survives an error message and prints as backslash 0",
          "[output]") {
    // what() is a C string: a message is built on another's what() (the importers prefix
    // the file and line), which a NUL would cut.
    const ctk::InputError inner("state is not a number: \"0\0x\""s);
    const ctk::InputError outer(std::string("game.soclog:24: ") + inner.what());
    CHECK(printable(outer.what()) == "game.soclog:24: state is not a number: \"0\\0x\"");
    // JSON output writes the NUL it stands for.
    CHECK(ctk::json_util::dump(nlohmann::json{{"error", outer.what()}}) ==
          "{\"error\":\"game.soclog:24: state is not a number: \\\"0\\u0000x\\\"\"}");
    // A message without one is unchanged; a backslash and 0 stay two characters.
    CHECK(std::string(ctk::InputError("a\\0b"s).what()) == "a\\0b");
    CHECK(printable(ctk::InputError("a\\0b"s).what()) == "a\\\\0b");
}

TEST_CASE("printable keeps valid UTF-8 and escapes every other byte", "[output]") {
    // é (2 bytes), € (3), 😀 (4) are kept.
    CHECK(printable("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80") ==
          "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
    // Lone bytes that are not UTF-8: a continuation byte, 0xFF, Latin-1 é.
    CHECK(printable("a\x80z") == "a\\x80z");
    CHECK(printable("m\xFFy.json") == "m\\xFFy.json");
    CHECK(printable("caf\xE9.json") == "caf\\xE9.json");
    // A sequence cut short (at the end, or by an ASCII byte) is escaped byte by byte.
    CHECK(printable("\xE2\x82") == "\\xE2\\x82");
    CHECK(printable("\xE2\x82z") == "\\xE2\\x82z");
    CHECK(printable("\xF0\x9F\x98") == "\\xF0\\x9F\\x98");
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    CHECK(printable("\xC0\xAF") == "\\xC0\\xAF");
    CHECK(printable("\xE0\x80\xAF") == "\\xE0\\x80\\xAF");
    CHECK(printable("\xED\xA0\x80") == "\\xED\\xA0\\x80");
    CHECK(printable("\xF4\x90\x80\x80") == "\\xF4\\x90\\x80\\x80");
    CHECK(printable("\xF5\x80\x80\x80") == "\\xF5\\x80\\x80\\x80");
    // The highest code points of each length are kept.
    CHECK(printable("\xDF\xBF\xEF\xBF\xBF\xF4\x8F\xBF\xBF") ==
          "\xDF\xBF\xEF\xBF\xBF\xF4\x8F\xBF\xBF");
    // C1 controls (U+0080..U+009F; U+009B is a terminal's CSI) are escaped; U+00A0 is kept.
    CHECK(printable("a\xC2\x9B"
                    "31mb") == "a\\xC2\\x9B31mb");
    CHECK(printable("\xC2\x80\xC2\xA0") == "\\xC2\\x80\xC2\xA0");
}

TEST_CASE("printable escapes format characters that reorder or hide text", "[output]") {
    // A right-to-left override (U+202E) in a name would print "exe.txt" as "txt.exe".
    CHECK(printable("player\xE2\x80\xAEtxt.exe") == "player\\u202Etxt.exe");
    // The bidirectional marks and isolates, zero-width space, word joiner, byte-order mark,
    // Arabic letter mark (2 bytes), interlinear annotation anchor.
    CHECK(printable("\xE2\x80\x8E\xE2\x80\x8F\xE2\x80\xAA\xE2\x81\xA6\xE2\x81\xA9") ==
          "\\u200E\\u200F\\u202A\\u2066\\u2069");
    CHECK(printable("a\xE2\x80\x8B"
                    "b\xE2\x81\xA0"
                    "c\xEF\xBB\xBF"
                    "d\xD8\x9C"
                    "e\xEF\xBF\xB9") == "a\\u200Bb\\u2060c\\uFEFFd\\u061Ce\\uFFF9");
    // Zero-width non-joiner and joiner are kept (Persian words, emoji sequences), as are the
    // characters beside the escaped ranges (U+2010 hyphen, U+202F narrow no-break space).
    CHECK(printable("\xE2\x80\x8C\xE2\x80\x8D\xE2\x80\x90\xE2\x80\xAF") ==
          "\xE2\x80\x8C\xE2\x80\x8D\xE2\x80\x90\xE2\x80\xAF");
}

TEST_CASE("SVG text escapes control characters and bytes that are not UTF-8", "[output]") {
    // An SVG (XML) document cannot hold ESC or a lone 0xFF: a file name in a title shows
    // them as printable does.
    CHECK(ctk::xml_escape("a\x1B[31m<b>\xFF&\"'") == "a\\e[31m&lt;b&gt;\\xFF&amp;&quot;&apos;");
}
