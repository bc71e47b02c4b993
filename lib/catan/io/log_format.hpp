#pragma once
// The native game log as text (DESIGN.md section 4; schemas/log.schema.json): one JSON
// document or JSON Lines, read whole (read_log) or as a stream (LogReader), and written
// (write_log). One event's JSON is io/event_json.hpp.

#include <array>
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include <catan/engine/event.hpp>

namespace ctk {

enum class LogFormat : std::uint8_t { kJson, kJsonl };

// Reads a log from text: one JSON document ({"format": "catan-log", ..., "events": [...]})
// or JSON Lines (a header object without "events" on the first non-blank line, then one
// event per line; blank lines skipped), detected automatically. `name` prefixes every
// message. Throws InputError naming the place and field, e.g.
//   "game.jsonl: event 17 (line 19): events[17].vertex: expected an integer 0..53, got ..."
//   "game.json: header: seats[2].name: duplicate seat name \"red\""
// for: invalid JSON (truncated), unknown format/version, 0-1 or more than kMaxPlayers
// seats, 5 or 6 seats on a board other than the extended one (RULES.md "Variants"), an unknown
// event type, an unknown field (typo), a player not in the seats, a vertex/edge/hex out of range of
// the log's board, a misspelled resource or dev card. Rules are NOT checked here (replay does
// that); only the structure ("schema").
GameLog read_log(std::string_view text, std::string_view name);

// Reads a log from a stream, for logs of any length: JSON Lines are read in blocks of
// 64 KiB (grown to the longest line) and handed out one event at a time, so memory does not
// grow with the number of events (the header at construction, then one event per next();
// the stream may be read up to a block past it); a JSON document is read whole (read_log)
// and its events are handed out one by one. A UTF-8 byte-order mark at the start is skipped.
// Detection, messages and errors are read_log's: the constructor throws InputError for a bad header
// (or a malformed document), next() for a malformed event line — the events before it
// were handed out already.
//
// A stream of logs (JSON Lines logs one after another, as catan-import and catan-sim write
// several games): with `stream_of_logs`, a header line where an event line is expected ends
// the current game (next() returns false) and next_game() makes it the header of the next
// one; without, that line is malformed, as read_log says. Line numbers count from the
// input's first line through every game.
class LogReader {
  public:
    // `in` must outlive the reader.
    LogReader(std::istream& in, std::string name, bool stream_of_logs = false);
    LogReader(const LogReader&) = delete;  // neither copied nor moved: it points into itself
    LogReader& operator=(const LogReader&) = delete;
    // The header: format, options, seats, board, source; events stays empty.
    const GameLog& header() const { return log_; }
    // The next event, or std::nullopt at the end of the log.
    std::optional<Event> next();
    // The same into `out` (reused from event to event: no event is made per line): true
    // and `out` the next event, or false at the end of the log (`out` unspecified).
    bool next(Event& out);
    // Events handed out so far (of the current game).
    std::size_t events_read() const { return read_; }
    // After next() returned false: true, and header() the next game's (events_read() 0
    // again, messages naming `name`), when a header line ended the game; false at the end of
    // the input. Throws InputError for a malformed header, as the constructor does.
    bool next_game(std::string name);

  private:
    // The next line of the input without its '\n' (a '\r' stays, as with std::getline),
    // pointing into block_ with its padding readable after it; false at the end.
    bool next_line(std::string_view& line);

    std::istream& in_;
    std::string name_;
    GameLog log_;
    const Topology* topology_ = nullptr;  // log_board(log_).topology(), once the header is read
    bool lines_ = false;
    bool stream_of_logs_ = false;
    std::optional<std::string> next_header_;  // the header line that ended the game
    std::vector<Event> document_events_;      // a JSON document's events, handed out in order
    std::size_t read_ = 0;
    int line_no_ = 0;
    // The input is read in blocks of 64 KiB or more (grown to the longest line), lines
    // are found with memchr and parsed in place: the block keeps the padding the simdjson
    // fast path reads past a line's end.
    std::unique_ptr<char[]> block_;
    std::size_t capacity_ = 0;         // bytes of block_ for input (the padding follows)
    std::size_t begin_ = 0, end_ = 0;  // the unread bytes of block_
    bool at_end_ = false;              // the stream has no more bytes
};

// True when `line` is the header line of a native JSON Lines log: a line holding the key
// "format" with the value "catan-log" (spaces allowed around ':'); a textual test, no
// parse. Event lines never carry a "format" key (the log reader rejects unknown fields), so
// a stream of concatenated JSON Lines logs splits unambiguously at these lines.
bool is_log_header_line(std::string_view line);

// Writes a log as one JSON document (pretty, 2-space indent, one event per line) or as
// JSON Lines. Ends with '\n'. read_log(write_log(log)) == log (source_line aside).
std::string write_log(const GameLog& log, LogFormat format);

// The header object (format, version, options, seats, board, source) without events.
nlohmann::json log_header_to_json(const GameLog& log);

// The rules in force as JSON (the "options" of state and verdict JSON): every house rule
// of kGameOptions (engine/event.hpp) with its value, defaults included — {"vp_to_win":
// 10, "discard_limit": 7, "friendly_robber": false, "unlimited_bank": false,
// "special_building_any_order": false, "win_when_turn_passes": false, "extension": false} —
// "extension" true on the extended board.
nlohmann::json options_to_json(const GameOptions& o, bool extension);
// A one-line text form of the rules in force when they differ from the base game (each
// option's text in kGameOptions, a number followed by its value), e.g.
// "vp_to_win 15, discard_limit 9, friendly robber, 5-6 player extension" (the readings:
// "unlimited bank", "special building in any order", "win when the turn passes"); ""
// otherwise.
std::string options_text(const GameOptions& o, bool extension);

}  // namespace ctk
