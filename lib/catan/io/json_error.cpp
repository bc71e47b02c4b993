#include <catan/io/json_error.hpp>

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace ctk::json_util {

namespace {

// The offset of the first byte that is not part of well-formed UTF-8, or npos.
std::size_t first_bad_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t n = c >= 0xC2 && c <= 0xDF   ? 1
                        : c >= 0xE0 && c <= 0xEF ? 2
                        : c >= 0xF0 && c <= 0xF4 ? 3
                                                 : 0;
        if (n == 0 || i + n >= text.size()) return i;
        const auto c1 = static_cast<unsigned char>(text[i + 1]);
        if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F) || (c == 0xF0 && c1 < 0x90) ||
            (c == 0xF4 && c1 > 0x8F))
            return i;
        for (std::size_t k = 1; k <= n; ++k)
            if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return i;
        i += n + 1;
    }
    return std::string_view::npos;
}

// A byte quoted in a message: itself, which printable (io/output.hpp) shows as \xNN where it
// is no printable character, and as \0 for a NUL (InputError keeps it, board/topology.hpp).
std::string quoted_byte(char c) {
    return std::string(1, c);
}

// "line L, column C" of a byte offset (columns count bytes from 1), or "column C".
std::string place(std::string_view text, std::size_t at, bool one_line) {
    std::string_view before = text.substr(0, at);
    std::size_t line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    std::size_t line_start = before.rfind('\n');
    std::size_t column = line_start == std::string_view::npos ? at + 1 : at - line_start;
    if (one_line) return fmt::format("column {}", column);
    return fmt::format("line {}, column {}", line, column);
}

// Finds where a number too large for a double ends (nlohmann's out_of_range 406 names no
// place): a SAX pass that builds nothing and stops at the first error.
struct NumberOverflow : nlohmann::json_sax<nlohmann::json> {
    std::size_t end = 0;  // bytes read when the number was rejected
    std::string token;    // the number as written
    bool found = false;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t position, const std::string& last_token,
                     const nlohmann::detail::exception& ex) override {
        if (ex.id == 406) {
            found = true;
            end = position;
            token = last_token;
        }
        return false;
    }
};

// "<place>: number out of range (<number>)", the number cut to its first 20 characters.
std::optional<std::string> number_out_of_range(std::string_view text, bool one_line) {
    NumberOverflow h;
    nlohmann::json::sax_parse(text, &h);
    if (!h.found || h.token.size() > h.end) return std::nullopt;
    const std::size_t start = h.end - h.token.size();
    const std::string shown =
        h.token.size() <= 24
            ? h.token
            : fmt::format("{}... ({} characters)", h.token.substr(0, 20), h.token.size());
    return fmt::format("{}: number out of range ({})", place(text, start, one_line), shown);
}

}  // namespace

std::optional<std::string> json_error(std::string_view text, bool one_line) {
    if (std::size_t nul = text.find('\0'); nul != std::string_view::npos)
        return fmt::format("{}: a NUL byte (JSON has none)", place(text, nul, one_line));
    try {
        [[maybe_unused]] const nlohmann::json parsed = nlohmann::json::parse(text);
        return std::nullopt;
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte: the count of bytes read, the last being where the parser stopped.
        const std::size_t stop = e.byte > 0 ? std::min(e.byte - 1, text.size()) : 0;
        if (std::size_t bad = first_bad_utf8(text); bad != std::string_view::npos && bad <= stop)
            return fmt::format(
                "{}: byte {} is not UTF-8 (JSON is UTF-8 text: is the file Latin-1 or another "
                "8-bit encoding?)",
                place(text, bad, one_line), quoted_byte(text[bad]));
        if (std::string_view(e.what()).find("expected end of input") != std::string_view::npos &&
            stop < text.size())
            return fmt::format("{}: text after the end of the JSON document (from '{}')",
                               place(text, stop, one_line), quoted_byte(text[stop]));
        return e.what();
    } catch (const nlohmann::json::out_of_range& e) {
        if (auto where = number_out_of_range(text, one_line)) return where;
        return e.what();
    } catch (const nlohmann::json::exception& e) {
        return e.what();
    }
}

}  // namespace ctk::json_util
