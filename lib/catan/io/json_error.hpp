#pragma once
// Why a text is not valid JSON, and where, in the words every reader of the toolkit uses.

#include <optional>
#include <string>
#include <string_view>

namespace ctk::json_util {

// Why a text is not valid JSON, and where: "line L, column C: <what>" (with `one_line`, for
// one line of JSON Lines: "column C: <what>"), or std::nullopt when it parses. What the text
// itself shows is said in words: a NUL byte, a byte that is not UTF-8 (a file in Latin-1 or
// another 8-bit encoding), text after the end of the document, each quoting the byte as it
// is (printable shows it escaped, \xNN) and never a NUL byte (which would cut the message);
// a number too large for a double as "<place>: number out of range (<number>)", the place
// where the number starts and the number cut to 20 characters past 24 ("1234...
// (10485760 characters)"); any other fault in nlohmann's words (which give their own place).
std::optional<std::string> json_error(std::string_view text, bool one_line = false);

}  // namespace ctk::json_util
