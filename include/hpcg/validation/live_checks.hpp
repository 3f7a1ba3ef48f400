// SPDX-License-Identifier: BSD-3-Clause
// Checks on CG's live vectors in the timed sets and their re-run, at iterations drawn at run time
// so that a backend cannot tell them from any other: the SpMV, the V-cycle (exactly where the
// backend declares its Gauss-Seidel order), the symmetry of the preconditioner between two of
// the run's iterates, that the vectors handed to the checks are the ones CG's scalars came from,
// and the true residual of each solution.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "hpcg/solver/cg.hpp"
#include "hpcg/solver/workspace.hpp"
#include "hpcg/validation/declared_preconditioner.hpp"
#include "hpcg/validation/tolerances.hpp"

namespace hpcg {

/// The symmetry of M between two iterates (tolerances.hpp).
constexpr double iterate_symmetry_tolerance = tolerances::iterate_symmetry;

struct SpotCheckResult {
  int spmv_checks = 0, mg_checks = 0, solution_checks = 0, scalar_checks = 0,
      symmetry_checks = 0;
  double worst_spmv_error = 0;  ///< as BackendCheckResult::spmv_error
  /// The V-cycle's z = M r: checked exactly, relative_max_difference from the recomputation in
  /// the declared order; approximately, ||r - A z|| over the reference V-cycle's.
  double worst_mg_difference = 0;
  double worst_mg_ratio = 0;
  double worst_scalar_difference = 0;   ///< relative, as tolerances::scalar, worst rank
  double scalar_tolerance = 0;          ///< tolerances::scalar for this run's rows per rank
  int p_tie_checks = 0;                 ///< r'p = r'z (tolerances::p_tie)
  double worst_p_tie_difference = 0;
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
/// The same for an x already downloaded (ws.rows(0) entries). Collective.
double true_scaled_residual(Workspace& ws, const Vector& rhs, const Vector& x);

/// ||(rhs - A x) - r|| / ||rhs|| for downloaded x and r: how far CG's updated residual is from
/// the one its solution leaves. Collective.
double residual_tie(Workspace& ws, const Vector& rhs, const Vector& x, const Vector& r);

/// After a CG run from x = 0 on `rhs` whose own scaled residual was `cg_residual`: its solution
/// (`what`, for the message) must leave a true residual within a factor of the larger of that and
/// `rounding_level`, or x was not updated as credited. Returns the true scaled residual.
double check_solution(Workspace& ws, const Vector& rhs, double cg_residual, double rounding_level,
                      const std::string& what, SpotCheckResult& result);
/// The same for an x already downloaded. Collective.
double check_solution(Workspace& ws, const Vector& rhs, const Vector& x, double cg_residual,
                      double rounding_level, const std::string& what, SpotCheckResult& result);

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
  /// The seconds the last check() spent on the V-cycle (0 without it): the rest of an audit
  /// with the V-cycle costs what one without it does.
  double last_mg_seconds() const { return last_mg_seconds_; }

  /// An audited iterate: r, the backend's z = M r, and their norms (r empty before any audit).
  struct Iterate {
    Vector r, z;
    double norm_r = 0, norm_z = 0;
  };
  /// Hands over the latest audited iterate (these checks keep none after it).
  Iterate take_latest_iterate() {
    return {std::move(previous_r_), std::move(previous_z_), previous_norm_r_, previous_norm_z_};
  }
  /// Starts the symmetry check from an iterate audited in another run: M is one operator
  /// whatever the right-hand side, so r_j'M r_k = r_k'M r_j across runs too, and a run's first
  /// audited iterate is checked as well as its later ones (README.md, threat 5).
  void continue_from(Iterate earlier) {
    previous_r_ = std::move(earlier.r), previous_z_ = std::move(earlier.z);
    previous_norm_r_ = earlier.norm_r, previous_norm_z_ = earlier.norm_z;
  }

 private:
  void check_scalars(const CgIterate& iterate, const Vector& r, const Vector& z, const Vector& p,
                     const Vector& Ap);
  void check_p_tie(const CgIterate& iterate, const Vector& r, const Vector& p);
  void check_symmetry(const Vector& r, const Vector& z, double norm_r, double norm_z);
  void check_mg(const Vector& r, const Vector& z);

  Workspace& ws_;
  DeclaredPreconditioner& declared_;
  SpotCheckResult& result_;
  Vector previous_r_, previous_z_;  ///< of the last audited iteration; empty before it
  double previous_norm_r_ = 0, previous_norm_z_ = 0;
  double last_mg_seconds_ = 0;
};

}  // namespace hpcg
