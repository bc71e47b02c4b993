// Internal to the log readers (event.cpp, event_fast.cpp, log_format.cpp): the event
// type names and the fast path for one JSON Lines event. Not part of the public API.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include <catan/engine/event.hpp>
#include <catan/io/event_json.hpp>
#include <catan/io/log_format.hpp>

namespace ctk::detail {

// The event on one JSON Lines line when it has the common shape (flat fields, resource
// maps, the dice array; no claims, note or {"hex", ...} forms) and is well-formed, else
// std::nullopt: the caller then reads the line with event_from_json, whose messages are
// the reference. Both paths accept exactly the same events and give equal ones.
// source_line is left 0. The line is read by read_event_scan, and when that gives up by
// read_event_dom.
std::optional<Event> read_event_fast(std::string_view line, const std::vector<Seat>& seats,
                                     const Topology& t);

// The same event read straight from the text, for lines as the log writer writes them: no
// whitespace, strings without escapes, integers without sign, fraction or exponent, and
// nothing after the closing brace. Any other line gives std::nullopt (also every line
// that is not JSON or that the precise reader rejects), whatever its content; no parser
// state, no copy, no byte read past the line.
std::optional<Event> read_event_scan(std::string_view line, const std::vector<Seat>& seats,
                                     const Topology& t);

// read_event_scan of the line at the start of `text` (a block of input: the line ends at
// its first '\n'): the event when the scan reads the whole line, with `length` set to the
// line's size without the '\n'; std::nullopt (length unspecified) otherwise, also when
// `text` holds no '\n' after the event. The same event as read_event_scan of that line,
// without a search for the line's end first.
std::optional<Event> read_event_scan_line(std::string_view text, const std::vector<Seat>& seats,
                                          const Topology& t, std::size_t& length);
// The same into a caller's event (no optional to clear per line): true and `out` the
// event (claims none, source_line 0), or false and `out` as it was.
bool read_event_scan_line(std::string_view text, const std::vector<Seat>& seats, const Topology& t,
                          std::size_t& length, Event& out);

// The same event read by simdjson's DOM parser (any JSON spelling of the common shapes:
// whitespace, escapes, keys in any order); the line is copied into a padded buffer.
std::optional<Event> read_event_dom(std::string_view line, const std::vector<Seat>& seats,
                                    const Topology& t);

// Bytes past the end of a line that read_event_fast_padded may read (simdjson's padding).
inline constexpr std::size_t kEventLinePadding = 64;

// read_event_fast and read_event_dom reading the line in place: the kEventLinePadding
// bytes after `line` must be readable (any content: the rest of the caller's block), so
// no copy is made.
std::optional<Event> read_event_fast_padded(std::string_view line, const std::vector<Seat>& seats,
                                            const Topology& t);
std::optional<Event> read_event_dom_padded(std::string_view line, const std::vector<Seat>& seats,
                                           const Topology& t);

// The header line of a JSON Lines log (format, version, options, unrecorded, seats, board,
// source; no events), read with simdjson when it has exactly the fields and values the
// precise reader accepts (its board through read_board_fast), else std::nullopt: the caller
// then reads the line with nlohmann, whose messages are the reference, and which decides
// whether the text is JSON Lines at all. Both paths accept the same headers and give equal
// logs. The line is copied into a padded buffer.
std::optional<GameLog> read_header_fast(std::string_view line);

// The precise reader of a JSON Lines header object (log_format.cpp), for the tests that
// compare the two paths. Throws InputError as read_log does (without the name prefix).
GameLog read_header_precise(const nlohmann::json& head);

}  // namespace ctk::detail
