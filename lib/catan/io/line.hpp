#pragma once
// Reading text a line at a time, shared by every line-based reader (the log's JSON Lines,
// the board streams, statistics partials, the importers' text formats), and the cheap
// format sniffing the readers' detection uses.

#include <cstddef>
#include <string_view>

namespace ctk {

// The line of `text` that starts at `pos` (<= text.size()), without its '\n'; advances pos
// past the line and its newline, never past text.size() (a last line without a final
// newline ends the text). Every line-based reader (text formats, JSON Lines) uses it.
inline std::string_view take_line(std::string_view text, std::size_t& pos) {
    std::size_t end = text.find('\n', pos);
    std::string_view line =
        text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    pos = end == std::string_view::npos ? text.size() : end + 1;
    return line;
}

// True when a line holds only blanks (spaces, tabs, a '\r' of CRLF): readers skip it.
inline bool blank_line(std::string_view line) {
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

// Format detection: true when `text` starts (after blanks) with a JSON object and contains
// `marker` (e.g. "\"eventHistory\"") anywhere. Cheap: no parsing.
inline bool json_object_containing(std::string_view text, std::string_view marker) {
    std::size_t first = text.find_first_not_of(" \t\r\n");
    return first != std::string_view::npos && text[first] == '{' &&
           text.find(marker) != std::string_view::npos;
}

}  // namespace ctk
