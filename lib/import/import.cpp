#include "import/import.hpp"

#include "import/catanatron.hpp"
#include "import/soclog.hpp"

namespace ctk {

std::string_view import_format_name(ImportFormat f) {
    return f == ImportFormat::kSoclog ? "soclog" : "catanatron";
}

std::optional<ImportFormat> parse_import_format(std::string_view s) {
    if (s == "soclog") return ImportFormat::kSoclog;
    if (s == "catanatron") return ImportFormat::kCatanatron;
    return std::nullopt;
}

std::optional<ImportFormat> detect_import_format(std::string_view text) {
    if (looks_like_catanatron(text)) return ImportFormat::kCatanatron;
    if (looks_like_soclog(text)) return ImportFormat::kSoclog;
    std::size_t p = text.find_first_not_of(" \t\r\n");
    if (p != std::string_view::npos && text.substr(p).starts_with("SOC game event log"))
        return ImportFormat::kSoclog;
    return std::nullopt;
}

GameLog import_log(std::string_view text, std::string_view name, ImportFormat format) {
    return format == ImportFormat::kSoclog ? import_soclog(text, name)
                                           : import_catanatron(text, name);
}

}  // namespace ctk
