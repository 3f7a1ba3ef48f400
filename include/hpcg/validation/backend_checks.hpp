// SPDX-License-Identifier: BSD-3-Clause
// Checks of a backend beyond HPCG 3.1's tests, run after its optimisation phase: every kernel it
// replaces is compared with the reference, and its smoother must be symmetric and convergent on
// every level. A failure makes the run INVALID with the reason in the report.
#pragma once

#include <string>
#include <vector>

#include "hpcg/backend/backend.hpp"
#include "hpcg/base/comm.hpp"
#include "hpcg/problem/problem.hpp"
#include "hpcg/validation/validation.hpp"

namespace hpcg {

struct BackendCheckResult {
  double spmv_error = 0;          ///< max over levels and rows of |y - y_ref| / sum |a_ij x_j|
  double symgs_asymmetry = 0;     ///< max over levels of the scaled x'Sy - y'Sx departure
  double symgs_reduction = 0;     ///< max over levels of the A-norm error reduction of SymGS
  double mg_reduction = 0;        ///< A-norm error reduction of one V-cycle
  std::vector<std::string> failures;  ///< one sentence per failed check
  bool passed() const { return failures.empty(); }
};

/// Runs every check on all ranks (collective). Expected values come from the reference kernels
/// called directly, never from the backend under test.
BackendCheckResult check_backend(Backend& backend, Problem& problem, const Comm& comm,
                                 TestVectorSource& source);

}  // namespace hpcg
