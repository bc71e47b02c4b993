#pragma once
// One entry point over the importers (catan-import): detect a recording's format and
// convert it to the native log.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <catan/engine/event.hpp>
#include <catan/import/import_util.hpp>

namespace ctk {

// kNative: a log already in the native format (read_log), so that --view applies to any log.
enum class ImportFormat : std::uint8_t {
    kSoclog,
    kCatanatron,
    kCatanlog,
    kNative,
    kColonist,
    kJsettlers
};
// "soclog", "catanatron", "catanlog", "native", "colonist", "jsettlers"
std::string_view import_format_name(ImportFormat f);
std::optional<ImportFormat> parse_import_format(std::string_view s);

// The format a text is in, by its first bytes: a JSON object with "action_records" is
// catanatron; one with "eventHistory" is a colonist.io replay; a first line "catanlog ..." is
// catanlog; a JSON object (or JSON Lines header) with "format": "catan-log" is native;
// timestamped "SOC..." records are soclog; a "SOC game event log:" header (after blank or
// "#" lines) is jsettlers (JSettlers2's game event log); "#" comments then "all:SOC..."
// entries without the header are soclog too (which import_soclog rejects as unsupported,
// naming the line). std::nullopt otherwise. A UTF-8 byte-order mark at the start is skipped
// (here and by import_log).
std::optional<ImportFormat> detect_import_format(std::string_view text);

// For a text that detect_import_format does not place: what it is, when it is something
// recognisable that catan-import does not read — a compressed file or archive (gzip, bzip2,
// xz, zstd, zip), one of this toolkit's other formats (a board, a position, catan-stats
// output: a JSON object whose "format" is "catan-..."), an HTML page, a JSON array, or
// empty input — as a phrase such as "a gzip-compressed file (decompress it first: ...)".
// std::nullopt when the text is nothing recognisable. A leading byte-order mark is skipped.
std::optional<std::string> unsupported_format(std::string_view text);

// Converts a recording (lib/catan/import/soclog.hpp, jsettlers.hpp, catanatron.hpp, catanlog.hpp,
// colonist.hpp;
// a native log is read with read_log). Throws InputError naming the source line or JSON
// path of anything it cannot map; every event of the log it returns has one of the seats as
// its player (an event no seat can be named for is an InputError naming the event and the
// source line; any other value no log can hold is an InputError with the reader's message),
// so write_log's output always reads back. What an importer handled without
// failing (noise in a transcript) is appended to *warnings when it is not null.
GameLog import_log(std::string_view text, std::string_view name, ImportFormat format,
                   std::vector<ImportWarning>* warnings = nullptr);

// A recording as a native log, its format given or, when `format` is empty, detected
// (detect_import_format). Throws InputError naming `name` when the format cannot be told:
// with unsupported_format's phrase when the text is something recognisable, otherwise
// naming the formats --from takes; then whatever import_log throws.
GameLog import_recording(std::string_view text, std::string_view name,
                         std::optional<ImportFormat> format,
                         std::vector<ImportWarning>* warnings = nullptr);

// What a tool that is given one text reads (lib/catan/import/input.hpp reads a path): a native log
// (read_log, with its messages), or, when detect_import_format places the text in another format,
// that recording converted in memory (import_log). Throws InputError as those do.
GameLog read_any_log(std::string_view text, std::string_view name);

// The text without a UTF-8 byte-order mark at its start (editors on some systems write one;
// it is part of none of the formats).
std::string_view strip_bom(std::string_view text);

// The value of "format" in the first JSON object of the text (a document or the first line
// of JSON Lines), when it is one of this toolkit's formats ("catan-..."); std::nullopt else.
std::optional<std::string> toolkit_format(std::string_view text);

// For a compressed file or an archive (gzip, bzip2, xz, zstd, zip, told by their first
// bytes): the phrase unsupported_format gives for it; std::nullopt for anything else.
std::optional<std::string> compressed_input(std::string_view text);

// What every importer must give, checked on its log: each event's player is one of the
// seats, names and colours within kMaxNameBytes, and the whole log reads back (InputError
// naming the event and source line, or the reader's message, otherwise). Returns the log.
GameLog checked_import(GameLog log, std::string_view name);

}  // namespace ctk
