#include <catan/import/detail/jsettlers_lines.hpp>

#include <fmt/format.h>

#include <catan/board/topology.hpp>
#include <catan/io/line.hpp>

namespace ctk::jsettlers {

void LineReader::fail(int line, const std::string& what) const {
    // A NUL byte of quoted input stays in the message (InputError keeps it; printed "\0").
    throw InputError(fmt::format("{}:{}: {}", name_, line, what));
}

std::optional<std::string_view> LineReader::next_line() {
    if (pos_ >= text_.size()) return std::nullopt;
    std::string_view line = take_line(text_, pos_);
    cut_ = pos_ == text_.size() && text_.back() != '\n';
    ++line_;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

}  // namespace ctk::jsettlers
