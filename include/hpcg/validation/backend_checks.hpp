// SPDX-License-Identifier: BSD-3-Clause
// Checks of a backend beyond HPCG 3.1's tests, run after its optimisation phase: every kernel it
// replaces is compared with the reference, and its smoother must be symmetric and convergent on
// every level. A failure makes the run INVALID with the reason in the report.
#pragma once

#include <string>
#include <vector>

#include "hpcg/solver/workspace.hpp"
#include "hpcg/validation/validation.hpp"

namespace hpcg {

struct BackendCheckResult {
  double spmv_error = 0;          ///< max over levels and rows of |y - y_ref| / sum |a_ij x_j|
  double symgs_asymmetry = 0;     ///< max over levels of the scaled x'Sy - y'Sx departure
  double symgs_reduction = 0;     ///< max over levels of the A-norm error reduction of SymGS
  double step_error = 0;          ///< max relative error of the V-cycle's steps (zero-guess
                                  ///< smoothing, restricted residual) over levels
  double mg_reduction = 0;        ///< A-norm error reduction of one V-cycle
  double mg_smooth_reduction = 0;         ///< the same on a smooth error (a quarter wavelength)
  double mg_smooth_versus_reference = 0;  ///< that, divided by the reference V-cycle's
  std::vector<std::string> failures;  ///< one sentence per failed check
  bool passed() const { return failures.empty(); }
};

/// Runs every check on all ranks (collective) on ws's backend. Expected values come from the
/// reference kernels called directly on host vectors, never from the backend under test.
BackendCheckResult check_backend(Workspace& ws, TestVectorSource& source);

/// Checks of the backend on the live vectors of a timed CG set.
struct SpotCheckResult {
  int spmv_checks = 0, mg_checks = 0, solution_checks = 0;
  double worst_spmv_error = 0;  ///< as BackendCheckResult::spmv_error
  double worst_mg_ratio = 0;    ///< ||r - A M r|| over the reference V-cycle's
  /// ||b - A x|| / ||b|| of a set's solution over the larger of CG's own scaled residual and the
  /// validated run's true one
  double worst_solution_ratio = 0;
  std::vector<std::string> failures;
};

/// ||rhs - A x|| / ||rhs|| for ws.cg.x, with the reference SpMV on a host copy of x: the true
/// scaled residual of CG's solution, which CG's own residual (updated, never recomputed) does
/// not show. Collective; downloads.
double true_scaled_residual(Workspace& ws, const Vector& rhs);

/// After a CG run from x = 0 on `rhs` whose own scaled residual was `cg_residual`: its solution
/// (`what`, for the message) must leave a true residual within a factor of the larger of that and
/// `rounding_level`, or x was not updated as credited. Returns the true scaled residual.
double check_solution(Workspace& ws, const Vector& rhs, double cg_residual, double rounding_level,
                      const std::string& what, SpotCheckResult& result);

/// Compares, on ws.cg's vectors in the middle of a CG iteration (Ap = A p and z = M r just
/// computed), the backend's Ap with the reference SpMV and, with `check_mg`, the residual its
/// z leaves with the one the reference V-cycle leaves. Collective; downloads, so never timed.
void spot_check(Workspace& ws, bool check_mg, SpotCheckResult& result);

}  // namespace hpcg
