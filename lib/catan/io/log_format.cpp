// The native game log: the header, one JSON document or JSON Lines in, and both out.
// One event's JSON is event.cpp's; the fast path for JSON Lines events is event_fast.cpp.
// Structure only; the rules live in rules.cpp.
#include <algorithm>
#include <cstring>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/engine/event.hpp>
#include <catan/io/board_json.hpp>
#include <catan/io/detail/event_fast.hpp>
#include <catan/io/event_json.hpp>
#include <catan/io/event_write.hpp>
#include <catan/io/json_error.hpp>
#include <catan/io/json_util.hpp>
#include <catan/io/line.hpp>

namespace ctk {

using nlohmann::json;
using namespace json_util;

namespace {

std::string format_line_prefix(std::string_view name, std::size_t i, int line) {
    if (line > 0) return fmt::format("{}: event {} (line {})", name, i, line);
    return fmt::format("{}: event {}", name, i);
}

}  // namespace

json log_header_to_json(const GameLog& log) {
    json seats = json::array();
    for (const auto& s : log.seats) {
        json sj = {{"name", s.name}, {"color", s.color.empty() ? s.name : s.color}};
        if (s.source_seat) sj["source_seat"] = *s.source_seat;
        seats.push_back(std::move(sj));
    }
    // The options at their default are not written, but for vp_to_win.
    json options = json::object();
    const GameOptions base;
    for (const OptionSpec& o : kGameOptions) {
        if (o.number &&
            (o.number == &GameOptions::vp_to_win || log.options.*o.number != base.*o.number))
            options[std::string(o.key)] = log.options.*o.number;
        if (o.flag && log.options.*o.flag != base.*o.flag)
            options[std::string(o.key)] = log.options.*o.flag;
    }
    json j = {{"format", "catan-log"},
              {"version", log.version},
              {"options", std::move(options)},
              {"seats", std::move(seats)}};
    if (log.unrecorded.discards) j["unrecorded"] = json::array({"discards"});
    if (log.board) j["board"] = board_to_json(*log.board);
    if (!log.source.empty()) j["source"] = log.source;
    return j;
}

namespace {

// Sets the option named `key` (kGameOptions) from its JSON value; InputError naming
// "options.<key>" when the key is unknown or the value out of its range.
void read_option(const std::string& key, const json& v, GameOptions& out) {
    for (const OptionSpec& o : kGameOptions) {
        if (o.key != key) continue;
        const std::string at = "options." + key;
        if (o.number) {
            out.*o.number = as_int(v, at, o.min, o.max);
        } else {
            if (!v.is_boolean())
                throw InputError(
                    fmt::format("{}: expected true or false, got {}", at, type_name(v)));
            out.*o.flag = v.get<bool>();
        }
        return;
    }
    std::string names;
    for (const OptionSpec& o : kGameOptions)
        names += fmt::format("{}{}", names.empty() ? "" : ", ", o.key);
    throw InputError(fmt::format("options.{}: unknown option (expected {})", key, names));
}

// Reads the header object (JSON document minus events, or the first JSONL line).
GameLog header_from_json(const json& j, bool document) {
    as_object(j, "");
    GameLog log;
    for (const auto& [k, v] : j.items()) {
        if (k == "format") {
            if (!v.is_string() || v.get_ref<const std::string&>() != "catan-log")
                throw InputError(
                    fmt::format("format: expected \"catan-log\", got {}", type_name(v)));
        } else if (k == "version") {
            log.version = as_int(v, "version", 1, 1);
        } else if (k == "options") {
            as_object(v, "options");
            for (const auto& [ok, ov] : v.items()) read_option(ok, ov, log.options);
        } else if (k == "unrecorded") {
            as_array(v, "unrecorded");
            for (std::size_t i = 0; i < v.size(); ++i) {
                std::string at = index("unrecorded", i);
                if (as_string(v[i], at) == "discards")
                    log.unrecorded.discards = true;
                else
                    throw InputError(fmt::format("{}: unknown name \"{}\" (expected discards)", at,
                                                 v[i].get<std::string>()));
            }
        } else if (k == "seats") {
            as_array(v, "seats");
            if (v.size() < 2 || v.size() > static_cast<std::size_t>(kMaxPlayers))
                throw InputError(
                    fmt::format("seats: expected 2..{} seats, got {}", kMaxPlayers, v.size()));
            for (std::size_t i = 0; i < v.size(); ++i) {
                std::string p = index("seats", i);
                as_object(v[i], p);
                Seat s;
                for (const auto& [sk, sv] : v[i].items()) {
                    if (sk == "name")
                        s.name = as_string(sv, field(p, "name"));
                    else if (sk == "color")
                        s.color = as_string(sv, field(p, "color"));
                    else if (sk == "source_seat")
                        s.source_seat = as_int(sv, field(p, "source_seat"), 0, 1000);
                    else
                        throw InputError(fmt::format(
                            "{}: unknown field (expected name, color, source_seat)", field(p, sk)));
                }
                if (s.name.empty()) throw InputError(fmt::format("{}: missing", field(p, "name")));
                for (const auto& [what, text] :
                     {std::pair<const char*, const std::string*>{"name", &s.name},
                      {"color", &s.color}})
                    if (text->size() > kMaxNameBytes)
                        throw InputError(
                            fmt::format("{}: {} bytes, longer than the {} a {} may have",
                                        field(p, what), text->size(), kMaxNameBytes, what));
                for (const auto& other : log.seats)
                    if (other.name == s.name)
                        throw InputError(fmt::format("{}: duplicate seat name \"{}\"",
                                                     field(p, "name"), s.name));
                if (s.color.empty()) s.color = s.name;
                log.seats.push_back(std::move(s));
            }
        } else if (k == "board") {
            try {
                log.board = board_from_json(v);
            } catch (const InputError& e) {
                throw InputError(fmt::format("board.{}", e.what()));
            }
        } else if (k == "source") {
            log.source = as_string(v, "source");
        } else if (k == "events" && document) {
            // read by the caller
        } else {
            throw InputError(
                fmt::format("{}: unknown field (expected format, version, options, unrecorded, "
                            "seats, board, source{})",
                            k, document ? ", events" : ""));
        }
    }
    if (!j.contains("format")) throw InputError("format: missing (expected \"catan-log\")");
    if (log.seats.empty()) throw InputError("seats: missing");
    // RULES.md "Variants": 5 or 6 seats play the 5-6 player extension on its board.
    if (log.seats.size() > 4 && log_board(log).kind() != BoardKind::kExtended)
        throw InputError(fmt::format(
            "seats: {} seats on the {} board: the base game holds at most 4 players (5 or 6 "
            "play the 5-6 player extension, whose log states the extended 30-hex board)",
            log.seats.size(), log.board ? board_kind_name(log.board->kind()) : "beginner"));
    return log;
}

}  // namespace

GameLog detail::read_header_precise(const json& head) {
    return header_from_json(head, false);
}

namespace {

// The 1-based line where each element of the top-level "events" array starts, found by a
// scan of the text that tracks nesting and strings (nlohmann's document gives no
// positions). Only used for messages and Event::source_line; assumes valid JSON.
std::vector<int> document_event_lines(std::string_view text) {
    std::vector<int> lines;
    int depth = 0, line = 1;
    bool in_string = false, events_key = false, in_events = false, expect_value = false;
    std::size_t key_start = 0;
    std::string_view last_key;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '\n') ++line;
        if (in_string) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                in_string = false;
                if (depth == 1) last_key = text.substr(key_start, i - key_start);
            }
            continue;
        }
        if (in_events && depth == 2 && expect_value && c != ' ' && c != '\n' && c != '\t' &&
            c != '\r' && c != ',' && c != ']') {
            lines.push_back(line);
            expect_value = false;
        }
        switch (c) {
            case '"':
                in_string = true;
                key_start = i + 1;
                break;
            case ':':
                if (depth == 1) events_key = last_key == "events";
                break;
            case '{':
            case '[':
                ++depth;
                if (depth == 2 && c == '[' && events_key) {
                    in_events = true;
                    expect_value = true;
                }
                break;
            case '}':
            case ']':
                --depth;
                if (depth == 1 && in_events) return lines;
                break;
            case ',':
                if (in_events && depth == 2) expect_value = true;
                break;
            default:
                break;
        }
    }
    return lines;
}

}  // namespace

namespace {
// The header line of a JSON Lines log (already parsed), with messages naming its line.
GameLog jsonl_header(const json& head, std::string_view name, std::size_t line) {
    try {
        return header_from_json(head, false);
    } catch (const InputError& e) {
        throw InputError(fmt::format("{}: header (line {}): {}", name, line, e.what()));
    }
}

// One event line of a JSON Lines log: event `i` on line `line_no` of input `name`.
// `padded`: the detail::kEventLinePadding bytes after the line are readable (the fast path
// reads it in place).
Event jsonl_event(std::string_view line, const std::vector<Seat>& seats, const Topology& t,
                  std::size_t i, int line_no, std::string_view name, bool padded = false) {
    // A line the fast path reads is JSON, so it has no NUL byte: the check is made only for
    // the lines left to the precise reader (before it, for the message).
    if (auto fast_event = padded ? detail::read_event_fast_padded(line, seats, t)
                                 : detail::read_event_fast(line, seats, t)) {
        fast_event->source_line = line_no;
        return std::move(*fast_event);
    }
    if (line.find('\0') != std::string_view::npos)
        throw InputError(fmt::format("{}: not valid JSON: column {}: a NUL byte (JSON has none)",
                                     format_line_prefix(name, i, line_no), line.find('\0') + 1));
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded()) {
        // Where and why (json_error parses again, with nlohmann's exceptions).
        if (auto why = json_error(line, true))
            throw InputError(
                fmt::format("{}: not valid JSON: {}", format_line_prefix(name, i, line_no), *why));
    }
    try {
        Event e = event_from_json(j, seats, t, fmt::format("events[{}]", i));
        e.source_line = line_no;
        return e;
    } catch (const InputError& e) {
        throw InputError(fmt::format("{}: {}", format_line_prefix(name, i, line_no), e.what()));
    }
}
}  // namespace

GameLog read_log(std::string_view text, std::string_view name) {
    // Detection: the first non-blank line parsed alone. A header object without "events"
    // followed by more lines is JSON Lines; anything else is read as one document.
    std::size_t pos = 0, line_no = 0;
    std::string_view first;
    std::size_t first_line = 0;
    while (pos < text.size()) {
        ++line_no;
        std::string_view line = take_line(text, pos);
        // A UTF-8 byte-order mark alone does not make the first line hold anything (the
        // stream reader, LogReader, sees it so too): such an input is empty.
        std::string_view content = line;
        if (line_no == 1 && content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);
        if (!blank_line(content)) {
            first = line;
            first_line = line_no;
            break;
        }
    }
    if (first.empty())
        throw InputError(fmt::format("{}: empty input (expected a catan-log)", name));
    if (auto nul = find_nul_byte(text))
        throw InputError(fmt::format("{}: not valid JSON: {}", name, *nul));

    // A JSON Lines header of the common shape is read by the fast path (event_fast.hpp);
    // anything else by nlohmann, whose messages are the reference.
    std::optional<GameLog> fast_header = detail::read_header_fast(first);
    json head;
    if (!fast_header) head = json::parse(first, nullptr, false);
    bool jsonl =
        fast_header || (!head.is_discarded() && head.is_object() && !head.contains("events"));
    if (!jsonl) {
        json doc;
        try {
            doc = json::parse(text);
        } catch (const json::exception& e) {
            throw InputError(
                fmt::format("{}: not valid JSON: {}", name, json_error(text).value_or(e.what())));
        }
        GameLog log;
        try {
            log = header_from_json(doc, true);
        } catch (const InputError& e) {
            throw InputError(fmt::format("{}: header: {}", name, e.what()));
        }
        const json* events = doc.contains("events") ? &doc["events"] : nullptr;
        if (!events) throw InputError(fmt::format("{}: events: missing", name));
        if (!events->is_array())
            throw InputError(
                fmt::format("{}: events: expected an array, got {}", name, type_name(*events)));
        const Topology& t = log_board(log).topology();
        log.events.reserve(events->size());
        std::vector<int> lines = document_event_lines(text);
        if (lines.size() != events->size()) lines.assign(events->size(), 0);
        for (std::size_t i = 0; i < events->size(); ++i) {
            try {
                log.events.push_back(
                    event_from_json((*events)[i], log.seats, t, index("events", i)));
            } catch (const InputError& e) {
                // Messages name the line only for JSON Lines, where a line is an event.
                throw InputError(fmt::format("{}: {}", format_line_prefix(name, i, 0), e.what()));
            }
            log.events.back().source_line = lines[i];
        }
        return log;
    }

    GameLog log = fast_header ? std::move(*fast_header) : jsonl_header(head, name, first_line);
    const Topology& t = log_board(log).topology();
    std::string_view rest = text.substr(pos);
    log.events.reserve(static_cast<std::size_t>(std::count(rest.begin(), rest.end(), '\n')) + 1);
    while (pos < text.size()) {
        ++line_no;
        std::string_view line = take_line(text, pos);
        if (blank_line(line)) continue;
        log.events.push_back(
            jsonl_event(line, log.seats, t, log.events.size(), static_cast<int>(line_no), name));
    }
    return log;
}

namespace {
constexpr std::size_t kReadBlock = 64 * 1024;  // the first block; grown to the longest line
}  // namespace

bool LogReader::next_line(std::string_view& line) {
    for (;;) {
        char* const data = block_.get();
        if (begin_ < end_)
            if (const void* nl = std::memchr(data + begin_, '\n', end_ - begin_)) {
                const auto stop = static_cast<std::size_t>(static_cast<const char*>(nl) - data);
                line = std::string_view(data + begin_, stop - begin_);
                begin_ = stop + 1;
                return true;
            }
        if (at_end_) {
            if (begin_ == end_) return false;
            line = std::string_view(data + begin_, end_ - begin_);  // the last line, no '\n'
            begin_ = end_;
            return true;
        }
        // Refill: the unread part (a line not ended yet) moves to the block's start; a block
        // it fills is doubled.
        const std::size_t left = end_ - begin_;
        if (left == capacity_) {
            const std::size_t grown = std::max(kReadBlock, 2 * capacity_);
            std::unique_ptr<char[]> bigger(new char[grown + detail::kEventLinePadding]);
            if (left > 0) std::memcpy(bigger.get(), data + begin_, left);
            block_ = std::move(bigger);
            capacity_ = grown;
        } else if (begin_ > 0 && left > 0) {
            std::memmove(data, data + begin_, left);
        }
        begin_ = 0;
        end_ = left;
        in_.read(block_.get() + end_, static_cast<std::streamsize>(capacity_ - end_));
        end_ += static_cast<std::size_t>(in_.gcount());
        at_end_ = !in_;  // a short read: the end of the input (or a read error, see next())
        // The padding after the input's last byte: defined bytes for the fast path to read.
        std::memset(block_.get() + end_, 0, detail::kEventLinePadding);
    }
}

LogReader::LogReader(std::istream& in, std::string name, bool stream_of_logs)
    : in_(in), name_(std::move(name)), stream_of_logs_(stream_of_logs) {
    std::string_view line;
    bool found = false;
    std::string blank;   // the blank lines before the first line, for a document's read_log
    bool stray = false;  // a first byte 0xEF that starts no byte-order mark: read_log says why
    bool mark = false;   // a UTF-8 byte-order mark, removed from the first line
    while (next_line(line)) {
        if (++line_no_ == 1 && !line.empty() && line[0] == '\xEF') {
            if (line.starts_with("\xEF\xBB\xBF")) {
                line.remove_prefix(3);
                mark = true;
            } else
                stray = true;
        }
        if (!blank_line(line)) {
            found = true;
            break;
        }
        blank.append(line).push_back('\n');
    }
    if (!found) throw InputError(fmt::format("{}: empty input (expected a catan-log)", name_));
    if (!stray) {
        if (std::size_t nul = line.find('\0'); nul != std::string_view::npos)
            throw InputError(
                fmt::format("{}: not valid JSON: line {}, column {}: a NUL byte (JSON has none)",
                            name_, line_no_, nul + 1));
        if (auto fast_header = detail::read_header_fast(line)) {
            lines_ = true;
            log_ = std::move(*fast_header);
            return;
        }
        json head = json::parse(line, nullptr, false);
        if (!head.is_discarded() && head.is_object() && !head.contains("events")) {
            lines_ = true;
            log_ = jsonl_header(head, name_, static_cast<std::size_t>(line_no_));
            return;
        }
    }
    // One document: read it whole, as the input has it (the blank lines before it and
    // the first line's '\n' only when the input has one, and the byte-order mark, which
    // nlohmann counts in a column), so that read_log's messages give the same positions and
    // quote the same bytes.
    const bool line_ended = line.data() + line.size() < block_.get() + end_;
    std::string text = mark ? "\xEF\xBB\xBF" + blank : std::move(blank);
    text += line;
    if (line_ended) text += '\n';
    text.append(block_.get() + begin_, end_ - begin_);
    begin_ = end_;
    if (!at_end_) {
        std::ostringstream rest;
        rest << in_.rdbuf();
        text += rest.str();
    }
    log_ = read_log(text, name_);
    document_events_ = std::move(log_.events);
    log_.events.clear();
}

std::optional<Event> LogReader::next() {
    std::optional<Event> out(std::in_place);
    if (!next(*out)) out.reset();
    return out;
}

bool LogReader::next(Event& out) {
    if (!lines_) {
        if (read_ >= document_events_.size()) return false;
        out = std::move(document_events_[read_++]);
        return true;
    }
    if (!topology_) topology_ = &log_board(log_).topology();
    // A line as the writer writes it is read where it starts, its end found by the scan
    // (no search for the newline first); any other line as next_line finds it.
    std::size_t length = 0;
    if (detail::read_event_scan_line({block_.get() + begin_, end_ - begin_}, log_.seats, *topology_,
                                     length, out)) {
        begin_ += length + 1;
        out.source_line = ++line_no_;
        ++read_;
        return true;
    }
    std::string_view line;
    while (next_line(line)) {
        ++line_no_;
        if (blank_line(line)) continue;
        if (stream_of_logs_ && is_log_header_line(line)) {
            next_header_ = std::string(line);
            return false;
        }
        out = jsonl_event(line, log_.seats, *topology_, read_, line_no_, name_, true);
        ++read_;
        return true;
    }
    if (in_.bad()) throw InputError(fmt::format("{}: read error", name_));
    return false;
}

bool LogReader::next_game(std::string name) {
    if (!next_header_) return false;
    name_ = std::move(name);
    const std::string line = std::move(*next_header_);
    next_header_.reset();
    read_ = 0;
    topology_ = nullptr;
    if (auto fast_header = detail::read_header_fast(line)) {
        log_ = std::move(*fast_header);
        return true;
    }
    json head = json::parse(line, nullptr, false);
    if (head.is_discarded() || !head.is_object())
        throw InputError(fmt::format("{}: line {}: not valid JSON", name_, line_no_));
    log_ = jsonl_header(head, name_, static_cast<std::size_t>(line_no_));
    return true;
}

bool is_log_header_line(std::string_view line) {
    std::size_t at = line.find("\"format\"");
    while (at != std::string_view::npos) {
        std::size_t i = at + 8;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        if (i < line.size() && line[i] == ':') {
            ++i;
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
            if (line.substr(i, 11) == "\"catan-log\"") return true;
        }
        at = line.find("\"format\"", at + 1);
    }
    return false;
}

std::string write_log(const GameLog& log, LogFormat format) {
    json head = log_header_to_json(log);
    // Events of the common shape are written straight as text (event_write.hpp), the
    // others through their nlohmann document: the same bytes either way.
    const detail::EventWriter writer(log.seats);
    auto put_event = [&](std::string& out, const Event& e) {
        if (!writer.append(out, e)) out += json_util::dump(event_to_json(e, log.seats));
    };
    std::string out;
    if (format == LogFormat::kJsonl) {
        out = json_util::dump(head);
        out += '\n';
        out.reserve(out.size() + 64 * log.events.size());
        for (const auto& e : log.events) {
            put_event(out, e);
            out += '\n';
        }
        return out;
    }
    // One document: the header fields, then the events one per line (diff-friendly).
    std::string h = json_util::dump(head, 2);
    h.pop_back();  // the closing brace
    while (!h.empty() && (h.back() == '\n' || h.back() == ' ')) h.pop_back();
    out = h;
    out.reserve(out.size() + 64 * log.events.size());
    out += ",\n  \"events\": [";
    for (std::size_t i = 0; i < log.events.size(); ++i) {
        out += i ? ",\n    " : "\n    ";
        put_event(out, log.events[i]);
    }
    out += log.events.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

nlohmann::json options_to_json(const GameOptions& o, bool extension) {
    nlohmann::json j = nlohmann::json::object();
    const GameOptions base;
    for (const OptionSpec& spec : kGameOptions) {
        if (spec.number && (spec.echo_default || o.*spec.number != base.*spec.number))
            j[std::string(spec.key)] = o.*spec.number;
        if (spec.flag && (spec.echo_default || o.*spec.flag))
            j[std::string(spec.key)] = o.*spec.flag;
    }
    j["extension"] = extension;
    return j;
}

std::string options_text(const GameOptions& o, bool extension) {
    const GameOptions base;
    std::string out;
    auto add = [&](std::string_view part) {
        out += fmt::format("{}{}", out.empty() ? "" : ", ", part);
    };
    for (const OptionSpec& spec : kGameOptions) {
        if (spec.number && o.*spec.number != base.*spec.number)
            add(fmt::format("{} {}", spec.text, o.*spec.number));
        if (spec.flag && o.*spec.flag) add(spec.text);
    }
    if (extension) add("5-6 player extension");
    return out;
}

}  // namespace ctk
