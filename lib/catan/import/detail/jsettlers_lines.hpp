#pragma once
// The line reader both JSettlers importers read their text with (the STAC / 1.x server log,
// import/soclog, and the 2.x game event log, import/jsettlers): the lines one at a time with
// their numbers, and errors that name the input and the line. Each format parses its
// records from the lines on top of it.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ctk::jsettlers {

class LineReader {
  public:
    // Reads `text`; `name` (a file name, "-") starts every error message.
    LineReader(std::string_view text, std::string_view name) : text_(text), name_(name) {}

    // Throws InputError "<name>:<line>: <what>", a NUL byte in `what` (quoted input) written
    // as the two characters \0 (a NUL would end the message where it is read as a C string).
    [[noreturn]] void fail(int line, const std::string& what) const;

    // The next line of the text without its '\n' and one final '\r' (CRLF), or
    // std::nullopt at the end of the text. Blank lines are returned too.
    std::optional<std::string_view> next_line();

    // The number (1-based) of the line next_line returned last; 0 before the first.
    int line() const { return line_; }

    // True when the line next_line returned last ends the text without a newline: a file
    // cut off in the middle of a record.
    bool cut_last_line() const { return cut_; }

  private:
    std::string_view text_;
    std::string_view name_;
    std::size_t pos_ = 0;
    int line_ = 0;
    bool cut_ = false;
};

}  // namespace ctk::jsettlers
