// SPDX-License-Identifier: BSD-3-Clause
// Checks on CG's live vectors in the timed sets and their re-run, at iterations drawn at run time
// so that a backend cannot tell them from any other: the SpMV, the V-cycle (exactly where the
// backend declares its Gauss-Seidel order), the symmetry of the preconditioner between two of
// the run's iterates, that the vectors handed to the checks are the ones CG's scalars came from,
// and the true residual of each solution.
#pragma once

#include <string>
#include <vector>

#include "hpcg/solver/cg.hpp"
#include "hpcg/solver/workspace.hpp"
#include "hpcg/validation/declared_preconditioner.hpp"

namespace hpcg {

/// The preconditioner M that HPCG allows is symmetric for every Gauss-Seidel order, so for any
/// two vectors r_j'M r_k = r_k'M r_j, and CG's iterates are vectors a backend cannot foresee.
/// Departure is |r_j'z_k - r_k'z_j| over ||r_j|| ||z_k|| + ||r_k|| ||z_j||, with the dot products
/// computed accurately: honest backends leave about 2e-17, single precision anywhere in the
/// V-cycle about 1e-8 / sqrt(rows).
constexpr double iterate_symmetry_tolerance = 1.0e-13;

/// How far the r'z, p'Ap and ||r|| CG took from the backend may be from the same values computed
/// accurately on the host from the vectors the checks downloaded, relative to sum |x_i y_i| (to
/// ||r|| for the norm), for vectors of `rows` entries over all ranks: the backend's own
/// summation error, which for a running sum grows as about sqrt(rows) eps (measured: 2 sqrt(rows)
/// eps at most, the reference's own dot at 65536 rows; the limit is 16 times that).
double iterate_scalar_tolerance(global_int rows);

struct SpotCheckResult {
  int spmv_checks = 0, mg_checks = 0, solution_checks = 0, scalar_checks = 0,
      symmetry_checks = 0;
  double worst_spmv_error = 0;  ///< as BackendCheckResult::spmv_error
  /// The V-cycle's z = M r: checked exactly, relative_max_difference from the recomputation in
  /// the declared order; approximately, ||r - A z|| over the reference V-cycle's.
  double worst_mg_difference = 0;
  double worst_mg_ratio = 0;
  double worst_scalar_difference = 0;   ///< relative, as iterate_scalar_tolerance
  double worst_symmetry_departure = 0;  ///< as iterate_symmetry_tolerance
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

/// The checks of one CG run, called from its CgAudit. Collective; downloads, so never timed.
class LiveChecks {
 public:
  LiveChecks(Workspace& ws, DeclaredPreconditioner& declared, SpotCheckResult& result)
      : ws_(ws), declared_(declared), result_(result) {}

  /// In an audited iteration: Ap against the reference SpMV, CG's scalars against the
  /// downloaded vectors, the symmetry of M between this iterate and the run's previously
  /// audited one, and, with `check_mg`, z = M r against the declared order's (or, where none is
  /// declared, against the reference V-cycle's residual).
  void check(const CgIterate& iterate, bool check_mg);

 private:
  void check_scalars(const CgIterate& iterate, double norm_r, const Vector& r, const Vector& z,
                     const Vector& p, const Vector& Ap);
  void check_symmetry(const Vector& r, const Vector& z, double norm_r, double norm_z);
  void check_mg(const Vector& r, const Vector& z);

  Workspace& ws_;
  DeclaredPreconditioner& declared_;
  SpotCheckResult& result_;
  Vector previous_r_, previous_z_;  ///< of the last audited iteration; empty before it
  double previous_norm_r_ = 0, previous_norm_z_ = 0;
};

}  // namespace hpcg
