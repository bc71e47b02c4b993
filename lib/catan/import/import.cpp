#include <catan/import/import.hpp>

#include <cctype>
#include <string>

#include <fmt/format.h>

#include <catan/import/import_util.hpp>
#include <catan/import/input.hpp>
#include <catan/io/log_format.hpp>

namespace ctk {

std::string_view strip_bom(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    return text;
}

std::optional<std::string> toolkit_format(std::string_view text) {
    std::size_t pos = text.find_first_not_of(" \t\r\n");
    if (pos == std::string_view::npos || text[pos] != '{') return std::nullopt;
    std::size_t key = text.find("\"format\"", pos);
    if (key == std::string_view::npos) return std::nullopt;
    std::size_t value = text.find_first_not_of(" \t\r\n:", key + 8);
    if (value == std::string_view::npos || text[value] != '"') return std::nullopt;
    std::size_t end = text.find('"', value + 1);
    if (end == std::string_view::npos || end - value > 40) return std::nullopt;
    std::string name(text.substr(value + 1, end - value - 1));
    if (!name.starts_with("catan-")) return std::nullopt;
    return name;
}

std::optional<std::string> compressed_input(std::string_view text) {
    text = strip_bom(text);
    auto starts = [&](std::string_view magic) { return text.starts_with(magic); };
    if (starts("\x1F\x8B"))
        return "a gzip-compressed file (decompress it first: gzip -dc FILE | catan-import -)";
    if (starts("BZh"))
        return "a bzip2-compressed file (decompress it first: bzip2 -dc FILE | catan-import -)";
    if (starts("\xFD"
               "7zXZ"))
        return "an xz-compressed file (decompress it first: xz -dc FILE | catan-import -)";
    if (starts("\x28\xB5\x2F\xFD"))
        return "a zstd-compressed file (decompress it first: zstd -dc FILE | catan-import -)";
    if (starts("PK\x03\x04")) return "a zip archive (extract the game record from it first)";
    return std::nullopt;
}

std::optional<std::string> unsupported_format(std::string_view text) {
    if (auto what = compressed_input(text)) return what;
    text = strip_bom(text);
    if (auto f = toolkit_format(text)) {
        if (*f == "catan-board") return "a board (format \"catan-board\"), not a game record";
        if (*f == "catan-position")
            return "a position (format \"catan-position\"), not a game record: catan-roads reads "
                   "it";
        if (*f == "catan-stats" || *f == "catan-stats-partial")
            return fmt::format("catan-stats output (format \"{}\"), not a game record", *f);
        return fmt::format("format \"{}\", not a game record", *f);
    }
    std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return "empty input (no game record)";
    std::string_view head = text.substr(first, 64);
    auto lower = [](std::string_view x) {
        std::string l(x);
        for (char& c : l) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return l;
    };
    if (lower(head).starts_with("<!doctype html") || lower(head).starts_with("<html"))
        return "an HTML page, not a game record (a colonist.io replay is the JSON the site "
               "serves, not the page)";
    if (text[first] == '[')
        return "a JSON array, not a game record (catan-import reads one game: a soclog, a "
               "JSettlers2 game event log, a catanatron record, a catanlog transcript, a "
               "colonist.io replay or a native log)";
    return std::nullopt;
}

std::string_view import_format_name(ImportFormat f) {
    return input_format(f).name;
}

std::optional<ImportFormat> parse_import_format(std::string_view s) {
    for (const InputFormat& f : input_formats())
        if (f.name == s) return f.id;
    return std::nullopt;
}

std::optional<ImportFormat> detect_import_format(std::string_view text) {
    text = strip_bom(text);
    for (const InputFormat& f : input_formats())
        if (f.recognise(text)) return f.id;
    return std::nullopt;
}

// What every importer must give (the native reader enforces it on read, so a log that breaks
// it could be written but not read back): each event's player is one of the seats, and the
// whole log reads back. An
// importer that cannot tell who acted fails itself with the source line; this is the
// backstop for every format.
GameLog checked_import(GameLog log, std::string_view name) {
    const auto seats = static_cast<PlayerId>(log.seats.size());
    for (std::size_t i = 0; i < log.seats.size(); ++i)
        for (const auto& [what, text] :
             {std::pair<const char*, const std::string*>{"name", &log.seats[i].name},
              {"color", &log.seats[i].color}})
            if (text->size() > kMaxNameBytes)
                throw InputError(fmt::format(
                    "{}: the {} of seat {} is {} bytes, longer than the {} a {} may have", name,
                    what, i + 1, text->size(), kMaxNameBytes, what));
    for (std::size_t i = 0; i < log.events.size(); ++i) {
        const Event& e = log.events[i];
        const PlayerId p = event_player(e.body);
        if (p < 0 || p >= seats)
            throw InputError(fmt::format(
                "{}: event {}{}: the {} has no player among the {} seats", name, i,
                e.source_line ? fmt::format(" (line {})", e.source_line) : std::string(),
                event_type_name(e.body), log.seats.size()));
    }
    // Every other field too (a count past what a log can hold, such as a soclog gain of 1210
    // brick): the log must read back, or the import fails with the reader's message. Read
    // back first as JSON Lines, whose events take the reader's simdjson fast path (a JSON
    // Lines log and a document of the same log go through the same header and event checks,
    // so one reads back exactly when the other does); only when that fails is it read back
    // as a document, for the message that names the event's path in it.
    try {
        (void)read_log(write_log(log, LogFormat::kJsonl), name);
        return log;
    } catch (const InputError&) {
    }
    try {
        (void)read_log(write_log(log, LogFormat::kJson), name);
    } catch (const InputError& e) {
        throw InputError(
            fmt::format("{} (as imported: the recording holds a value no game log can)", e.what()));
    }
    return log;
}

GameLog import_log(std::string_view text, std::string_view name, ImportFormat format,
                   std::vector<ImportWarning>* warnings) {
    return input_format(format).read(strip_bom(text), name, warnings);
}

GameLog import_recording(std::string_view text, std::string_view name,
                         std::optional<ImportFormat> format, std::vector<ImportWarning>* warnings) {
    if (!format) format = detect_import_format(text);
    if (!format) {
        if (auto what = unsupported_format(text))
            throw InputError(fmt::format("{}: {}", name, *what));
        throw InputError(
            fmt::format("{}: cannot tell the format (not a soclog, a JSettlers2 game event log, a "
                        "catanatron record, a catanlog transcript, a colonist.io replay nor a "
                        "native log); give "
                        "--from soclog|jsettlers|catanatron|catanlog|colonist|native",
                        name));
    }
    return import_log(text, name, *format, warnings);
}

GameLog read_any_log(std::string_view text, std::string_view name) {
    const auto format = detect_import_format(text);
    if (format && *format != ImportFormat::kNative) return import_log(text, name, *format);
    return read_log(text, name);
}

}  // namespace ctk
