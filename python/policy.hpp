#pragma once
// catan.policy (policy.cpp): what Env.step needs of it.

#include <pybind11/pybind11.h>

#include "env_core.hpp"

namespace ctk::py {

// Whether o is a catan.Policy.
bool is_policy(const pybind11::object& o);
// Env.step(policy): plays the action the policy chooses for the player to act, with the
// policy's cards for a discard; returns the reward (EnvCore::step).
float step_with_policy(EnvCore& env, const pybind11::object& policy);

void bind_policy(pybind11::module_& m);

}  // namespace ctk::py
