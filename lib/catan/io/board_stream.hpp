#pragma once
// Reading boards from a stream, one record at a time, with memory that does not grow with
// the length of the stream (issue 11: JSON Lines streams keep every good record; a JSON
// array of 200,000 boards is read as a stream, not as one document).
//
// Accepted shapes (detected from the first non-blank character and line):
//   - a JSON array of boards, pretty or not: read element by element; records are named
//     "<name>[i]" (0-based);
//   - JSON Lines, one board object per line (blank lines skipped): records "<name>:<line>"
//     (1-based line numbers), or "<name>" when the stream holds a single line;
//   - one board document over several lines (pretty JSON): the record "<name>";
//   - boards typed as text (io/board_text.hpp): the one-line notation, one board per line
//     (records as for JSON Lines; blank and '#' comment lines skipped), or one board in the
//     row format (the record "<name>").
// A UTF-8 byte-order mark at the very start is skipped. Each record is at most
// kMaxBoardRecordBytes long (a board is about 2 KB); a longer one is a malformed record.

#include <cstddef>
#include <functional>
#include <istream>
#include <optional>
#include <string>

#include <catan/board/board.hpp>

namespace ctk {

inline constexpr std::size_t kMaxBoardRecordBytes = std::size_t{1} << 20;  // 1 MiB

// One record of a board stream: a board, or the message of why the record is not one.
struct BoardRecord {
    std::string where;           // "<name>", "<name>:<line>" or "<name>[i]"
    std::optional<Board> board;  // the board; nullopt when the record is malformed
    std::string error;           // when malformed: "<where>: <what was expected>", one line
    // True when nothing can be read after this record (a cut-off array, text after the
    // array, an unreadable document): the next call of next() returns nullopt.
    bool fatal = false;
};

class BoardStream {
  public:
    // Reads from `in` (which must outlive the stream); `name` prefixes every message.
    BoardStream(std::istream& in, std::string name);

    // The next record, or nullopt at the end of the input. A malformed record is returned,
    // not thrown, so that the caller can report it in place and, unless fatal, go on:
    // a JSON Lines line that is not JSON or not a board, an array element that is not a
    // board, a record over kMaxBoardRecordBytes. Input with no board at all (empty, only
    // blank lines, "[]") gives one fatal record "<name>: no board in the input".
    // Reads no further than the end of the record returned (JSON Lines: one line ahead,
    // unparsed, to name a single-line stream "<name>").
    std::optional<BoardRecord> next();

    // Records returned so far (malformed ones included).
    int records() const { return records_; }

  private:
    enum class Shape { kStart, kArray, kLines, kDone };
    int get();   // next byte (0..255) or -1 at the end; counts lines
    int peek();  // the byte get() would return
    bool read_line(std::string& line, bool& too_long);  // false at the end of input
    bool next_nonblank_line(std::string& line, int& line_no, bool& too_long);
    BoardRecord start();
    BoardRecord first_line_record(const std::string& first, int first_line, bool too_long);
    BoardRecord from_text(std::string where, const std::string& text, bool too_long);
    std::optional<BoardRecord> next_line_record();
    std::optional<BoardRecord> next_array_record();

    std::istream& in_;
    std::string name_;
    Shape shape_ = Shape::kStart;
    int line_ = 1;  // line of the next byte
    int records_ = 0;
    int index_ = 0;  // array: index of the next element
    // JSON Lines: a line read ahead (to see whether the stream holds one line).
    std::optional<std::string> ahead_;
    int ahead_line_ = 0;
    bool ahead_too_long_ = false;
    bool notation_ = false;  // boards in the one-line notation, one per line ('#' lines skipped)
};

// Reads exactly one board from `in` for the tools that take one board (catan-place,
// catan-sim --board): the first record of the stream. Throws InputError with the
// record's message when it is malformed, and "<name>: holds more than one board (the
// next is <where>); give one board" when another record follows — found by reading one
// line (or one array element) further, never the whole stream.
Board read_one_board(std::istream& in, const std::string& name);

// Reads the boards of `in` (named `name`) and hands each to sink(where, board) as soon as it
// is read (memory does not grow with the stream). A malformed record stops the stream: its
// message is returned, after every board before it was handed on, so that the caller can
// still print its summary. With keep_going a malformed record goes to on_error(where,
// message) (when given) and the stream goes on (a fatal record, such as a cut-off array,
// ends it); the first such message is returned. A read error of `in` returns "<name>: read
// error". nullopt: every record was a board. Exceptions of sink and on_error pass through.
using BoardSink = std::function<void(const std::string& where, const Board& b)>;
using BoardErrorSink = std::function<void(const std::string& where, const std::string& error)>;
std::optional<std::string> for_each_board(std::istream& in, const std::string& name,
                                          const BoardSink& sink, bool keep_going = false,
                                          const BoardErrorSink& on_error = nullptr);

}  // namespace ctk
