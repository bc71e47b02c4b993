// The Python module `catan` (docs/python.md): boards, recorded games, placements, and the
// environments for reinforcement learning, over the toolkit's library. Bad input raises
// catan.InputError (a ValueError) with the message the tools print.
#include <catan/board/topology.hpp>
#include <catan/version.hpp>

#include "convert.hpp"
#include "policy.hpp"

PYBIND11_MODULE(catan, m) {
    namespace pyb = pybind11;
    m.doc() =
        "Catan toolkit: boards, recorded games replayed under the rules, placements, and "
        "environments for reinforcement learning (docs/python.md).";
    pyb::register_exception<ctk::InputError>(m, "InputError", PyExc_ValueError);
    m.attr("__version__") = ctk::kVersion;
    ctk::py::bind_boards(m);
    ctk::py::bind_games(m);
    ctk::py::bind_env(m);
    ctk::py::bind_policy(m);
}
