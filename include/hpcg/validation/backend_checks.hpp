// SPDX-License-Identifier: BSD-3-Clause
// Checks of a backend beyond HPCG 3.1's tests, run after its optimisation phase and again after
// the last timed set: every kernel it replaces is compared with the reference. Its smoother and
// V-cycle are recomputed exactly in the Gauss-Seidel order it declares; a backend that declares
// none gets the approximate checks (symmetry, error reduction, smooth error). A failure makes the
// run INVALID with the reason in the report.
#pragma once

#include <string>
#include <vector>

#include "hpcg/solver/workspace.hpp"
#include "hpcg/validation/declared_preconditioner.hpp"
#include "hpcg/validation/validation.hpp"

namespace hpcg {

struct BackendCheckResult {
  double spmv_error = 0;   ///< max over levels and rows of |y - y_ref| / sum |a_ij x_j|
  double step_error = 0;   ///< max relative error of the V-cycle's restricted residual (and,
                           ///< checked approximately, of the zero-guess smoothing) over levels
  /// Whether the smoother and V-cycle were recomputed in the backend's declared order.
  bool exact = false;
  /// Checked exactly: the largest relative_max_difference of SymGS (from any x and from zero)
  /// over levels, and of one V-cycle, from the recomputation in the declared order.
  double symgs_difference = 0;
  double mg_difference = 0;
  /// Checked approximately:
  double symgs_asymmetry = 0;     ///< max over levels of the scaled x'Sy - y'Sx departure
  double symgs_reduction = 0;     ///< max over levels of the A-norm error reduction of SymGS
  double mg_reduction = 0;        ///< A-norm error reduction of one V-cycle
  double mg_smooth_reduction = 0;         ///< the same on a smooth error (a quarter wavelength)
  double mg_smooth_versus_reference = 0;  ///< that, divided by the reference V-cycle's
  std::vector<std::string> failures;  ///< one sentence per failed check
  bool passed() const { return failures.empty(); }
};

/// Runs every check on all ranks (collective) on ws's backend, exactly where `declared` holds
/// the backend's order. Expected values come from the reference kernels called directly on host
/// vectors, never from the backend under test.
BackendCheckResult check_backend(Workspace& ws, TestVectorSource& source,
                                 DeclaredPreconditioner& declared);

}  // namespace hpcg
