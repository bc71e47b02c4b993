// The library's JSON as Python objects (convert.hpp).
#include "convert.hpp"

#include <nlohmann/json.hpp>

namespace ctk::py {

pyb::str to_str(const std::string& s) {
    PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
    if (o == nullptr) throw pyb::error_already_set();
    return pyb::reinterpret_steal<pyb::str>(o);
}

pyb::object to_python(const nlohmann::json& j) {
    using T = nlohmann::json::value_t;
    switch (j.type()) {
        case T::boolean:
            return pyb::bool_(j.get<bool>());
        case T::number_integer:
            return pyb::int_(j.get<std::int64_t>());
        case T::number_unsigned:
            return pyb::int_(j.get<std::uint64_t>());
        case T::number_float:
            return pyb::float_(j.get<double>());
        case T::string:
            return to_str(j.get_ref<const std::string&>());
        case T::array: {
            pyb::list l(j.size());
            std::size_t i = 0;
            for (const auto& x : j) l[i++] = to_python(x);
            return l;
        }
        case T::object: {
            pyb::dict d;
            for (const auto& [k, v] : j.items()) d[to_str(k)] = to_python(v);
            return d;
        }
        default:
            return pyb::none();  // null (binary and discarded never come from a report)
    }
}

std::string path_or_text(const pyb::object& o, bool& is_path) {
    const pyb::module_ os = pyb::module_::import("os");
    if (pyb::isinstance<pyb::bytes>(o)) {
        is_path = false;
        return o.cast<std::string>();
    }
    if (!pyb::isinstance<pyb::str>(o)) {  // os.PathLike (TypeError otherwise)
        is_path = true;
        return pyb::str(os.attr("fspath")(o)).cast<std::string>();
    }
    std::string s = o.cast<std::string>();
    const std::size_t first = s.find_first_not_of(" \t\r\n");
    const bool json = first != std::string::npos && (s[first] == '{' || s[first] == '[');
    is_path = !json && s.find('\n') == std::string::npos;
    return s;
}

}  // namespace ctk::py
