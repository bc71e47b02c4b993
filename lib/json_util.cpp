#include "json_util.hpp"

#include <fmt/format.h>

namespace ctk::json_util {

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

std::string index(std::string_view path, std::size_t i) { return fmt::format("{}[{}]", path, i); }

const nlohmann::json& as_object(const nlohmann::json& j, std::string_view path) {
    if (!j.is_object())
        throw InputError(fmt::format("{}: expected an object, got {}", path.empty() ? "(top)" : path,
                                     type_name(j)));
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

int as_int(const nlohmann::json& j, std::string_view path, int lo, int hi) {
    if (!j.is_number_integer())
        throw InputError(fmt::format("{}: expected an integer {}..{}, got {}", path, lo, hi,
                                     type_name(j)));
    auto v = j.get<long long>();
    if (v < lo || v > hi)
        throw InputError(fmt::format("{}: expected an integer {}..{}, got {}", path, lo, hi, v));
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

}  // namespace ctk::json_util
