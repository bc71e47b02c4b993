#pragma once
// Small helpers for reading JSON input with errors that name the field at fault.
// Every reader in the library uses them, so messages share one shape:
//   "<path>: expected <what>, got <json type or value>".

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include <catan/board/topology.hpp>

namespace ctk::json_util {

// Where a text holds a NUL byte, as "line L, column C: a NUL byte (JSON has none)", or
// std::nullopt. nlohmann's parser takes a NUL byte for the end of the text, so a reader
// that did not ask would silently read only the part before it.
std::optional<std::string> find_nul_byte(std::string_view text);

// A readable name for a JSON value's type ("string", "number", "null", ...).
std::string type_name(const nlohmann::json& j);

// The member `key` of object `j`; throws InputError "<path>.<key>: missing" if absent, or
// "<path>: expected an object" if j is not an object.
const nlohmann::json& member(const nlohmann::json& j, std::string_view key, std::string_view path);
// The member, or nullptr when absent (j must be an object).
const nlohmann::json* optional_member(const nlohmann::json& j, std::string_view key,
                                      std::string_view path);

// Object `j` has no member outside `allowed`; throws InputError
// "<path>.<key>: unknown field (expected a, b, c)" naming the first other one. A typo of a
// required field is reported as that field missing: "<path>.<required>: missing (unknown
// field \"<key>\" instead?)" when `required` is given and absent.
void only_fields(const nlohmann::json& j, std::string_view path,
                 std::initializer_list<std::string_view> allowed,
                 std::initializer_list<std::string_view> required = {});

// Integer in [lo, hi]; throws InputError naming path otherwise.
int as_int(const nlohmann::json& j, std::string_view path, int lo, int hi);
std::string as_string(const nlohmann::json& j, std::string_view path);
bool as_bool(const nlohmann::json& j, std::string_view path);
const nlohmann::json& as_array(const nlohmann::json& j, std::string_view path);
const nlohmann::json& as_object(const nlohmann::json& j, std::string_view path);

// The JSON text of j (compact for indent -1, else indented by that many spaces) for
// output. Bytes that are not UTF-8 in its strings (a file name, a malformed input quoted
// in an error message) are written as U+FFFD instead of failing: what a tool writes is
// always valid JSON. A NUL a message kept (kNulInMessage, board/topology.hpp) is written as
// the NUL it stands for ("\u0000").
std::string dump(const nlohmann::json& j, int indent = -1);

// "<path>.<key>" and "<path>[i]".
std::string field(std::string_view path, std::string_view key);
std::string index(std::string_view path, std::size_t i);

}  // namespace ctk::json_util
