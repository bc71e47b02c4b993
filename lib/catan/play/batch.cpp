#include <catan/play/batch.hpp>

#include <fmt/format.h>

namespace ctk {

std::vector<std::string> parse_file_list(std::string_view text, bool nul_separated) {
    std::vector<std::string> out;
    const char sep = nul_separated ? '\0' : '\n';
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find(sep, pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view item = text.substr(pos, end - pos);
        if (!nul_separated && !item.empty() && item.back() == '\r') item.remove_suffix(1);
        if (!item.empty()) out.emplace_back(item);
        pos = end + 1;
    }
    return out;
}

int resolve_threads(int j) {
    if (j >= 1) return j;
    if (j < 0) return 1;
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

GameStreamReader::GameStreamReader(std::istream& in, std::string name)
    : in_(in), name_(std::move(name)) {}

bool GameStreamReader::read_line(std::string& line) {
    if (!std::getline(in_, line)) return false;
    if (!in_.eof()) line += '\n';
    return true;
}

namespace {
bool blank(std::string_view s) {
    return s.find_first_not_of(" \t\r\n") == std::string_view::npos;
}
}  // namespace

std::optional<GameText> GameStreamReader::next() {
    if (done_) return std::nullopt;
    std::string line;
    if (!started_) {
        started_ = true;
        std::string lead;  // blank lines before the first content
        while (read_line(line)) {
            if (!blank(line)) break;
            lead += line;
            line.clear();
        }
        if (line.empty()) {  // nothing but blank lines: one (empty) game for the reader
            done_ = true;
            return GameText{name_, lead};
        }
        if (!is_log_header_line(line)) {  // one document: the whole input
            std::string text = lead + line;
            while (read_line(line)) text += line;
            done_ = true;
            return GameText{name_, std::move(text)};
        }
        stream_ = true;
        // The first game keeps the blank lines before its header, so that the log
        // reader's line numbers are the input's.
        pending_header_ = lead + line;
    }
    if (!pending_header_) {
        done_ = true;
        return std::nullopt;
    }
    std::string text = std::move(*pending_header_);
    pending_header_.reset();
    while (read_line(line)) {
        if (is_log_header_line(line)) {
            pending_header_ = std::move(line);
            break;
        }
        text += line;
    }
    ++index_;
    if (!pending_header_ && index_ == 1) {  // the only game of the input
        done_ = true;
        return GameText{name_, std::move(text)};
    }
    if (!pending_header_) done_ = true;
    return GameText{fmt::format("{}#{}", name_, index_), std::move(text)};
}

}  // namespace ctk
