#pragma once
// What the bindings share: the library's JSON as Python objects, and the parts of the module
// each file of python/ adds (module.cpp calls them in order).

#include <string>

#include <pybind11/pybind11.h>
#include <nlohmann/json_fwd.hpp>

namespace ctk::py {

namespace pyb = pybind11;

// A JSON value as the Python object json.loads would make of its text: dict, list, str
// (bytes that are not UTF-8 replaced by U+FFFD, as the tools write them), int, float, bool,
// None.
pyb::object to_python(const nlohmann::json& j);
// A Python str of UTF-8 bytes (invalid bytes replaced by U+FFFD).
pyb::str to_str(const std::string& s);

// The text of a path-or-text argument: os.PathLike and str without a line break that does
// not start like JSON are paths (`is_path` set), anything else (str, bytes) is the text.
std::string path_or_text(const pyb::object& o, bool& is_path);

void bind_boards(pyb::module_& m);
void bind_games(pyb::module_& m);
void bind_env(pyb::module_& m);

}  // namespace ctk::py
