// SPDX-License-Identifier: BSD-3-Clause
// xhpgmp never trusts a backend: every step its solvers call is run on values drawn here and
// compared with the reference step on the host, in double where the step is double (so a double
// step done in float fails) and in float where it is float (so half precision fails). The
// Gauss-Seidel sweeps are recomputed in the order the backend declares.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "hpcg/hpgmp/mxp_workspace.hpp"

namespace hpcg::hpgmp {

/// Relative tolerances: double steps agree with the reference to rounding of a row's sum; float
/// steps to float rounding (2^-24 per operation), far below half precision's 2^-11 or bfloat16's
/// 2^-8.
constexpr double double_step_tolerance = 1e-11;
constexpr double float_step_tolerance = 1e-5;

/// A float dot product's tolerance over n local terms, relative to sum |x_i y_i|: HPG-MxP's
/// reference adds them in one running float sum, whose rounding is bounded by n 2^-24 of that
/// sum and grows with n on GMRES's smooth vectors (2e-5 at 32^3 rows, past
/// float_step_tolerance), so a float dot is held to that bound.
inline double float_dot_tolerance(local_int n) {
  return std::max(float_step_tolerance, static_cast<double>(n) * 0x1p-24);
}

/// Checks every step on every level; returns one reason per step that disagrees (empty when all
/// agree), the same on every rank. Collective.
std::vector<std::string> check_steps(MxpWorkspace& ws);

}  // namespace hpcg::hpgmp
