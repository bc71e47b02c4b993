#include <catan/import/import.hpp>

#include <cctype>
#include <string>

#include <fmt/format.h>

#include <catan/import/catanatron.hpp>
#include <catan/import/catanlog.hpp>
#include <catan/import/colonist.hpp>
#include <catan/import/import_util.hpp>
#include <catan/import/jsettlers.hpp>
#include <catan/import/soclog.hpp>
#include <catan/io/log_format.hpp>

namespace ctk {

namespace {

// A native log: a JSON object first, and the format name "catan-log" in its header (the
// first line of JSON Lines, anywhere in a document, whose keys are written sorted).
bool looks_like_native(std::string_view text) {
    return json_object_containing(text, "\"catan-log\"");
}

// The text without a UTF-8 byte-order mark at its start (editors on some systems write one;
// it is not part of any of these formats).
std::string_view without_bom(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    return text;
}

// The value of "format" in the first JSON object of the text (a document or the first line
// of JSON Lines), when it is one of this toolkit's formats ("catan-...").
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

}  // namespace

std::optional<std::string> unsupported_format(std::string_view text) {
    text = without_bom(text);
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
    switch (f) {
        case ImportFormat::kSoclog:
            return "soclog";
        case ImportFormat::kCatanatron:
            return "catanatron";
        case ImportFormat::kCatanlog:
            return "catanlog";
        case ImportFormat::kColonist:
            return "colonist";
        case ImportFormat::kJsettlers:
            return "jsettlers";
        case ImportFormat::kNative:
            return "native";
    }
    return "?";
}

std::optional<ImportFormat> parse_import_format(std::string_view s) {
    if (s == "soclog") return ImportFormat::kSoclog;
    if (s == "catanatron") return ImportFormat::kCatanatron;
    if (s == "catanlog") return ImportFormat::kCatanlog;
    if (s == "colonist") return ImportFormat::kColonist;
    if (s == "jsettlers") return ImportFormat::kJsettlers;
    if (s == "native") return ImportFormat::kNative;
    return std::nullopt;
}

std::optional<ImportFormat> detect_import_format(std::string_view text) {
    text = without_bom(text);
    if (looks_like_catanatron(text)) return ImportFormat::kCatanatron;
    if (looks_like_colonist(text)) return ImportFormat::kColonist;
    if (looks_like_soclog(text)) return ImportFormat::kSoclog;
    if (looks_like_jsettlers(text)) return ImportFormat::kJsettlers;
    if (looks_like_catanlog(text)) return ImportFormat::kCatanlog;
    if (looks_like_native(text)) return ImportFormat::kNative;
    // Entries of a JSettlers 2.x event log without its header ("#" comments then
    // "all:SOCVersion:..."): soclog, which rejects it as unsupported with the line.
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::string_view line = take_line(text, pos);
        std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos || line[first] == '#') continue;
        line.remove_prefix(first);
        if (line.starts_with("SOC game event log") || line.find(":SOC") != std::string_view::npos)
            return ImportFormat::kSoclog;
        break;
    }
    return std::nullopt;
}

namespace {

// What every importer must give (the native reader enforces it on read, so a log that breaks
// it could be written but not read back): each event's player is one of the seats, and the
// whole log reads back. An
// importer that cannot tell who acted fails itself with the source line; this is the
// backstop for every format.
GameLog checked(GameLog log, std::string_view name) {
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

}  // namespace

GameLog import_log(std::string_view text, std::string_view name, ImportFormat format,
                   std::vector<ImportWarning>* warnings) {
    text = without_bom(text);
    switch (format) {
        case ImportFormat::kSoclog:
            return checked(import_soclog(text, name), name);
        case ImportFormat::kCatanatron:
            return checked(import_catanatron(text, name), name);
        case ImportFormat::kCatanlog:
            return checked(import_catanlog(text, name, warnings), name);
        case ImportFormat::kColonist:
            return checked(import_colonist(text, name), name);
        case ImportFormat::kJsettlers:
            return checked(import_jsettlers(text, name), name);
        case ImportFormat::kNative:
            break;
    }
    return read_log(text, name);
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

bool starts_like_recording(std::string_view prefix) {
    const auto format = detect_import_format(prefix);
    return format && *format != ImportFormat::kNative;
}

}  // namespace ctk
