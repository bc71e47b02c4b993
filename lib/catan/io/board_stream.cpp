#include <catan/io/board_stream.hpp>

#include <algorithm>
#include <cstring>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/io/board_json.hpp>
#include <catan/io/board_text.hpp>
#include <catan/io/detail/board_fast.hpp>
#include <catan/io/json_error.hpp>

namespace ctk {

namespace {
bool is_space(int c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

bool blank(const std::string& s) {
    return s.find_first_not_of(" \t\r") == std::string::npos;
}
}  // namespace

BoardStream::BoardStream(std::istream& in, std::string name) : in_(in), name_(std::move(name)) {}

int BoardStream::get() {
    auto c = in_.rdbuf()->sbumpc();
    if (c == std::char_traits<char>::eof()) return -1;
    if (c == '\n') ++line_;
    return c & 0xff;
}

int BoardStream::peek() {
    auto c = in_.rdbuf()->sgetc();
    return c == std::char_traits<char>::eof() ? -1 : (c & 0xff);
}

bool BoardStream::read_line(std::string& line, bool& too_long) {
    line.clear();
    too_long = false;
    if (peek() < 0) return false;
    // In chunks through istream::getline (which scans the stream's buffer, not byte by
    // byte), keeping at most kMaxBoardRecordBytes of the line.
    char chunk[8192];
    for (;;) {
        in_.getline(chunk, sizeof chunk);
        const auto n = static_cast<std::size_t>(in_.gcount());
        const bool newline = !in_.fail() && !in_.eof();  // the '\n' was read (and counted in n)
        const std::size_t stored = newline ? n - 1 : n;
        const std::size_t room = kMaxBoardRecordBytes - line.size();
        line.append(chunk, std::min(stored, room));
        if (stored > room) too_long = true;
        if (newline) {
            ++line_;
            return true;
        }
        const bool chunk_full = in_.fail() && !in_.eof() && !in_.bad();
        in_.clear(in_.rdstate() & std::ios::badbit);
        if (!chunk_full) return true;  // the end of the input (or a read error)
    }
}

namespace {
bool is_comment(const std::string& line) {
    const auto at = line.find_first_not_of(" \t\r");
    return at != std::string::npos && line[at] == '#';
}
}  // namespace

bool BoardStream::next_nonblank_line(std::string& line, int& line_no, bool& too_long) {
    for (;;) {
        line_no = line_;
        if (!read_line(line, too_long)) return false;
        if (notation_ && !too_long && is_comment(line)) continue;
        if (too_long || !blank(line)) return true;
    }
}

BoardRecord BoardStream::from_text(std::string where, const std::string& text, bool too_long) {
    BoardRecord r;
    r.where = std::move(where);
    if (too_long) {
        r.error =
            fmt::format("{}: longer than {} bytes: not a board", r.where, kMaxBoardRecordBytes);
        return r;
    }
    // nlohmann stops at a NUL byte as at the end of the text; JSON has none outside strings
    // (and none raw inside them), so say so rather than read the part before it.
    if (auto nul = text.find('\0'); nul != std::string::npos) {
        r.error = fmt::format("{}: not JSON: a NUL byte at byte {}", r.where, nul + 1);
        return r;
    }
    // A board typed as text: one line of the notation, or the row format (board_text.hpp);
    // not a line of a JSON Lines stream, which is JSON or malformed.
    if (auto kind = shape_ == Shape::kLines && !notation_ ? std::nullopt : board_text_kind(text)) {
        try {
            r.board = *kind == BoardTextKind::kLine ? board_from_line(text) : board_from_rows(text);
        } catch (const InputError& e) {
            r.error = fmt::format("{}: {}", r.where, e.what());
        }
        return r;
    }
    // The fast path (simdjson) reads a well-formed board; anything else, the precise
    // reader below, whose messages are the reference.
    if (auto fast = detail::read_board_fast(text)) {
        r.board = std::move(*fast);
        return r;
    }
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded()) {
        try {
            nlohmann::json again = nlohmann::json::parse(text);
            r.error = fmt::format("{}: not JSON", r.where);
        } catch (const nlohmann::json::out_of_range& e) {
            // A huge number: its place and its first digits, never the whole of it.
            r.error = fmt::format("{}: not JSON: {}", r.where,
                                  json_util::json_error(text).value_or(e.what()));
        } catch (const nlohmann::json::exception& e) {
            r.error = fmt::format("{}: not JSON: {}", r.where, e.what());
        }
        return r;
    }
    try {
        r.board = board_from_json(j);
    } catch (const InputError& e) {
        r.error = fmt::format("{}: {}", r.where, e.what());
    }
    return r;
}

// The first record of a stream of one board per line (JSON Lines or the one-line notation):
// one line is looked at ahead, unparsed, to name a single-line stream "<name>".
BoardRecord BoardStream::first_line_record(const std::string& first, int first_line,
                                           bool too_long) {
    shape_ = Shape::kLines;
    std::string more;
    int more_line = 0;
    bool more_too_long = false;
    if (next_nonblank_line(more, more_line, more_too_long)) {
        ahead_ = std::move(more);
        ahead_line_ = more_line;
        ahead_too_long_ = more_too_long;
    }
    std::string where = ahead_ ? fmt::format("{}:{}", name_, first_line) : name_;
    return from_text(std::move(where), first, too_long);
}

BoardRecord BoardStream::start() {
    // A byte-order mark is not JSON but is common at the start of a text file.
    if (peek() == 0xEF) {
        std::string bom;
        for (int i = 0; i < 3 && peek() >= 0; ++i) bom.push_back(static_cast<char>(get()));
        if (bom != "\xEF\xBB\xBF")
            return {name_, std::nullopt,
                    fmt::format("{}: not JSON: starts with the bytes of no JSON text", name_),
                    true};
    }
    while (is_space(peek())) get();
    if (peek() < 0)
        return {name_, std::nullopt, fmt::format("{}: no board in the input", name_), true};
    if (peek() == '[') {
        get();
        shape_ = Shape::kArray;
        while (is_space(peek())) get();
        if (peek() == ']')
            return {name_, std::nullopt, fmt::format("{}: no board in the input", name_), true};
        auto r = next_array_record();
        return *r;
    }
    std::string first;
    bool too_long = false;
    int first_line = line_;
    read_line(first, too_long);
    // '#' comment lines open the text notations (never JSON): kept for the row format's
    // line numbers, skipped before boards written one per line.
    std::string comments;
    while (!too_long && is_comment(first)) {
        comments += first + '\n';
        first_line = line_;
        if (!read_line(first, too_long)) break;
    }
    if (!too_long && board_text_kind(first) == BoardTextKind::kLine) {
        notation_ = true;
        return first_line_record(first, first_line, false);
    }
    first = comments + first;
    nlohmann::json one = too_long || first.find('\0') != std::string::npos
                             ? nlohmann::json(nlohmann::json::value_t::discarded)
                             : nlohmann::json::parse(first, nullptr, false);
    // JSON Lines (or a document of one line).
    if (!one.is_discarded() || too_long) return first_line_record(first, first_line, too_long);
    // One document over several lines: read it whole (bounded).
    shape_ = Shape::kDone;
    std::string text = first;
    text.push_back('\n');
    for (int c = get(); c >= 0; c = get()) {
        if (text.size() >= kMaxBoardRecordBytes)
            return {name_, std::nullopt,
                    fmt::format("{}: not JSON Lines, and longer than {} bytes: not a board", name_,
                                kMaxBoardRecordBytes),
                    true};
        text.push_back(static_cast<char>(c));
    }
    BoardRecord r = from_text(name_, text, false);
    r.fatal = !r.board;
    return r;
}

std::optional<BoardRecord> BoardStream::next_line_record() {
    std::string line;
    int line_no = 0;
    bool too_long = false;
    if (ahead_) {
        line = std::move(*ahead_);
        line_no = ahead_line_;
        too_long = ahead_too_long_;
        ahead_.reset();
    } else if (!next_nonblank_line(line, line_no, too_long)) {
        shape_ = Shape::kDone;
        return std::nullopt;
    }
    return from_text(fmt::format("{}:{}", name_, line_no), line, too_long);
}

std::optional<BoardRecord> BoardStream::next_array_record() {
    // Before an element: whitespace; then the element's text up to the ',' or ']' that
    // closes it at depth 0 (outside strings).
    while (is_space(peek())) get();
    std::string where = fmt::format("{}[{}]", name_, index_);
    int start_line = line_;
    std::string text;
    bool too_long = false, in_string = false, escape = false;
    int depth = 0;
    for (;;) {
        int c = get();
        if (c < 0) {
            shape_ = Shape::kDone;
            return BoardRecord{where, std::nullopt,
                               fmt::format("{} (line {}): the array is cut off: the input ends "
                                           "before its closing ']'",
                                           where, start_line),
                               true};
        }
        if (in_string) {
            if (escape)
                escape = false;
            else if (c == '\\')
                escape = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (depth == 0 && c == ']') {
                // The last element; only whitespace may follow the array.
                while (is_space(peek())) get();
                if (peek() >= 0) {
                    shape_ = Shape::kDone;
                    BoardRecord r = from_text(where, text, too_long);
                    if (r.board) {
                        r.board.reset();
                        r.error = fmt::format("{}: text after the array's closing ']' (line {})",
                                              name_, line_);
                    }
                    r.fatal = true;
                    return r;
                }
                shape_ = Shape::kDone;
                ++index_;
                return from_text(where, text, too_long);
            }
            --depth;
        } else if (c == ',' && depth == 0) {
            ++index_;
            return from_text(where, text, too_long);
        }
        if (text.size() < kMaxBoardRecordBytes)
            text.push_back(static_cast<char>(c));
        else
            too_long = true;
    }
}

std::optional<BoardRecord> BoardStream::next() {
    std::optional<BoardRecord> r;
    switch (shape_) {
        case Shape::kStart:
            r = start();
            break;
        case Shape::kLines:
            r = next_line_record();
            break;
        case Shape::kArray:
            r = next_array_record();
            break;
        case Shape::kDone:
            return std::nullopt;
    }
    if (!r) return r;
    ++records_;
    if (r->fatal) shape_ = Shape::kDone;
    return r;
}

Board read_one_board(std::istream& in, const std::string& name) {
    BoardStream s(in, name);
    auto first = s.next();
    if (!first || !first->board) throw InputError(first ? first->error : name + ": no board");
    if (auto second = s.next())
        throw InputError(
            fmt::format("{}: holds more than one board (the next is {}); give one "
                        "board",
                        name, second->where));
    return std::move(*first->board);
}

std::optional<std::string> for_each_board(std::istream& in, const std::string& name,
                                          const BoardSink& sink, bool keep_going,
                                          const BoardErrorSink& on_error) {
    BoardStream stream(in, name);
    std::optional<std::string> first_error;
    while (auto r = stream.next()) {
        if (r->board) {
            sink(r->where, *r->board);
            continue;
        }
        if (!keep_going) return r->error;
        if (!first_error) first_error = r->error;
        if (on_error) on_error(r->where, r->error);
    }
    if (in.bad()) return fmt::format("{}: read error", name);
    return first_error;
}

}  // namespace ctk
