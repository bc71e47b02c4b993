#include <catan/io/json_util.hpp>

#include <cstdint>
#include <limits>

#include <algorithm>

#include <fmt/format.h>

namespace ctk::json_util {

std::optional<std::string> find_nul_byte(std::string_view text) {
    std::size_t at = text.find('\0');
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view before = text.substr(0, at);
    std::size_t line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    std::size_t line_start = before.rfind('\n');
    std::size_t column = line_start == std::string_view::npos ? at + 1 : at - line_start;
    return fmt::format("line {}, column {}: a NUL byte (JSON has none)", line, column);
}

std::string type_name(const nlohmann::json& j) {
    if (j.is_number_integer()) return fmt::format("number {}", j.dump());
    if (j.is_number()) return fmt::format("number {}", j.dump());
    if (j.is_string()) {
        std::string s = j.get<std::string>();
        if (s.size() > 40) s = s.substr(0, 40) + "...";
        return fmt::format("string \"{}\"", s);
    }
    return j.type_name();
}

std::string field(std::string_view path, std::string_view key) {
    return path.empty() ? std::string(key) : fmt::format("{}.{}", path, key);
}

std::string index(std::string_view path, std::size_t i) {
    return fmt::format("{}[{}]", path, i);
}

const nlohmann::json& as_object(const nlohmann::json& j, std::string_view path) {
    if (!j.is_object())
        throw InputError(fmt::format("{}: expected an object, got {}",
                                     path.empty() ? "(top)" : path, type_name(j)));
    return j;
}

const nlohmann::json* optional_member(const nlohmann::json& j, std::string_view key,
                                      std::string_view path) {
    as_object(j, path);
    auto it = j.find(key);
    return it == j.end() ? nullptr : &*it;
}

const nlohmann::json& member(const nlohmann::json& j, std::string_view key, std::string_view path) {
    if (const auto* m = optional_member(j, key, path)) return *m;
    throw InputError(fmt::format("{}: missing", field(path, key)));
}

void only_fields(const nlohmann::json& j, std::string_view path,
                 std::initializer_list<std::string_view> allowed,
                 std::initializer_list<std::string_view> required) {
    as_object(j, path);
    for (const auto& [k, v] : j.items()) {
        bool known = false;
        for (auto a : allowed) known = known || a == k;
        if (known) continue;
        for (auto r : required)
            if (!j.contains(r))
                throw InputError(
                    fmt::format("{}: missing (unknown field \"{}\" instead?)", field(path, r), k));
        std::string list;
        for (auto a : allowed) list += fmt::format("{}{}", list.empty() ? "" : ", ", a);
        throw InputError(fmt::format("{}: unknown field (expected {})", field(path, k), list));
    }
}

int as_int(const nlohmann::json& j, std::string_view path, int lo, int hi) {
    if (!j.is_number_integer())
        throw InputError(
            fmt::format("{}: expected an integer {}..{}, got {}", path, lo, hi, type_name(j)));
    // An unsigned value past 2^63-1 would wrap to a negative long long: it is out of range,
    // and the message prints the number as written (dump), never the wrapped one.
    const bool huge =
        j.is_number_unsigned() &&
        j.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<long long>::max());
    const long long v = huge ? 0 : j.get<long long>();
    if (huge || v < lo || v > hi)
        throw InputError(
            fmt::format("{}: expected an integer {}..{}, got {}", path, lo, hi, j.dump()));
    return static_cast<int>(v);
}

std::string as_string(const nlohmann::json& j, std::string_view path) {
    if (!j.is_string())
        throw InputError(fmt::format("{}: expected a string, got {}", path, type_name(j)));
    return j.get<std::string>();
}

bool as_bool(const nlohmann::json& j, std::string_view path) {
    if (!j.is_boolean())
        throw InputError(fmt::format("{}: expected true or false, got {}", path, type_name(j)));
    return j.get<bool>();
}

const nlohmann::json& as_array(const nlohmann::json& j, std::string_view path) {
    if (!j.is_array())
        throw InputError(fmt::format("{}: expected an array, got {}", path, type_name(j)));
    return j;
}

namespace {

// Whether a string of j holds a NUL a message kept.
bool holds_kept_nul(const nlohmann::json& j) {
    if (j.is_string())
        return j.get_ref<const std::string&>().find(kNulInMessage) != std::string::npos;
    if (!j.is_structured()) return false;
    for (const auto& v : j)
        if (holds_kept_nul(v)) return true;
    return false;
}

// j with each kept NUL of its strings a NUL again.
void restore_nuls(nlohmann::json& j) {
    if (j.is_string()) {
        std::string& s = j.get_ref<std::string&>();
        for (std::size_t at; (at = s.find(kNulInMessage)) != std::string::npos;)
            s.replace(at, kNulInMessage.size(), 1, '\0');
    } else if (j.is_structured()) {
        for (auto& v : j) restore_nuls(v);
    }
}

}  // namespace

std::string dump(const nlohmann::json& j, int indent) {
    if (holds_kept_nul(j)) {
        nlohmann::json copy = j;
        restore_nuls(copy);
        return copy.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
    }
    return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace ctk::json_util
