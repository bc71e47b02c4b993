#include "import/import.hpp"

#include "import/catanatron.hpp"
#include "import/catanlog.hpp"
#include "import/colonist.hpp"
#include "import/import_util.hpp"
#include "import/soclog.hpp"

namespace ctk {

namespace {

// A native log: a JSON object first, and the format name "catan-log" in its header (the
// first line of JSON Lines, anywhere in a document, whose keys are written sorted).
bool looks_like_native(std::string_view text) {
    return json_object_containing(text, "\"catan-log\"");
}

}  // namespace

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
    if (s == "native") return ImportFormat::kNative;
    return std::nullopt;
}

std::optional<ImportFormat> detect_import_format(std::string_view text) {
    if (looks_like_catanatron(text)) return ImportFormat::kCatanatron;
    if (looks_like_colonist(text)) return ImportFormat::kColonist;
    if (looks_like_soclog(text)) return ImportFormat::kSoclog;
    if (looks_like_catanlog(text)) return ImportFormat::kCatanlog;
    if (looks_like_native(text)) return ImportFormat::kNative;
    // A JSettlers 2.x event log (its header, or "#" comments then "all:SOCVersion:..."
    // entries): soclog, which rejects it as unsupported with the line.
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

GameLog import_log(std::string_view text, std::string_view name, ImportFormat format,
                   std::vector<ImportWarning>* warnings) {
    switch (format) {
        case ImportFormat::kSoclog:
            return import_soclog(text, name);
        case ImportFormat::kCatanatron:
            return import_catanatron(text, name);
        case ImportFormat::kCatanlog:
            return import_catanlog(text, name, warnings);
        case ImportFormat::kColonist:
            return import_colonist(text, name);
        case ImportFormat::kNative:
            break;
    }
    return read_log(text, name);
}

}  // namespace ctk
