// SPDX-License-Identifier: BSD-3-Clause
// Every tolerance of the checks on the timed sets, in one table, each with its derivation. A
// check is bounded by the rounding of the double computation it checks; the core's own side is
// computed accurately (checks::accurate_dot keeps each product's and sum's rounding error), so
// that only the backend's rounding is in the bound, and the backend's sums are bounded by the
// contract (backend_abi.h, "Local sums"), so that no bound widens faster than log2 of the rows.
// eps = DBL_EPSILON = 2^-52; a float-precision error is 2^-24 = 6e-8 relative per value.
#pragma once

#include <cfloat>
#include <cmath>

#include "hpcg/backend_abi.h"
#include "hpcg/base/types.hpp"

namespace hpcg::tolerances {

/// The additions a product may pass through in a backend's local sum of n terms under the
/// contract (backend_abi.h, "Local sums"; blocked_sum.hpp): 2 ceil(log2 n) + the allowance.
inline double summation_depth(global_int n) {
  const double rounds = n > 1 ? std::ceil(std::log2(static_cast<double>(n))) : 0.0;
  return 2.0 * rounds + HPCG_SUM_DEPTH_ALLOWANCE;
}

/// CG's r'z, p'Ap and r'r as each rank's backend summed its `local_rows` products, against the
/// same sums of the downloaded vectors computed accurately (TwoProd and TwoSum, checks::
/// accurate_local_dot), relative to the rank's sum |x_i y_i|. A sum whose every product passes
/// through at most d additions is off by at most (d + 1) u sum |x_i y_i| (each product rounded
/// once, each addition once; u = eps / 2), a bound, not an estimate, so honest backends pass at
/// any size; the limit is twice it, (d + 1) eps: 6e-14 at 1e3 rows, 7e-14 at 1e9. The core adds
/// the ranks' sums itself, so the ranks do not enter. A float-precision z moves r'z by about
/// 5e-8 / sqrt(local_rows) of sum |r_i z_i| (its errors add with random signs): 1.5e-12 at 1e9
/// rows on one rank, twenty times the limit (tolerances_test.cpp at 1e3, 1e6 and 1e9 rows).
/// A backend that sums all its rows in one running sum breaks the contract; its rounding,
/// about sqrt(rows / 3) u, passes on the small grids of the tests and fails near 1e6 rows.
inline double scalar(global_int local_rows) {
  return (summation_depth(local_rows) + 1.0) * DBL_EPSILON;
}

/// p tied to z: CG's p_k = z_k + beta_k p_{k-1} and r_k is orthogonal to p_{k-1} (CG's local
/// orthogonality, which rounding keeps to working accuracy), so r_k'p_k = r_k'z_k = CG's r'z,
/// over all ranks, relative to sum |r_i p_i|. The local orthogonality is only as good as the
/// backend's own sums (alpha comes from its p'Ap, r'z from its sum) and the sum over ranks (a
/// tree in MPI's reductions of one value: ceil(log2 ranks) more additions), so the honest
/// departure scales as scalar(): measured 1.3e-14 on 2 ranks of 4096 rows, four times the
/// scalar check's worst in the same run; the limit is four times scalar() with the ranks' tree.
/// A p built from a float z departs by r'(z' - z), as a float z does in scalar(): five times the
/// limit still at 1e9 rows on one rank (tolerances_test.cpp).
inline double p_tie(global_int local_rows, int ranks) {
  const double tree = ranks > 1 ? std::ceil(std::log2(static_cast<double>(ranks))) : 0.0;
  return 4.0 * (scalar(local_rows) + tree * DBL_EPSILON);
}

/// The preconditioner M is symmetric for every Gauss-Seidel order, so r_j'M r_k = r_k'M r_j for
/// two iterates; departure is |r_j'z_k - r_k'z_j| over ||r_j|| ||z_k|| + ||r_k|| ||z_j||, the
/// dot products accurate. Honest backends leave about 2e-17 (their z's rounding, random); a
/// single-precision V-cycle about 1e-8 / sqrt(rows), 1e-13 still at 1e9 rows.
constexpr double iterate_symmetry = 1.0e-13;

/// Ap against the reference SpMV row by row, relative to sum_j |a_ij p_j|: a row of 27 terms in
/// another order differs by about 27 eps; 1e-12 leaves a 100x margin and does not grow with size.
constexpr double spmv = 1.0e-12;

/// A timed set's true scaled residual ||b - A x|| / ||b|| over the larger of CG's own and the
/// validated run's true one: honest runs stay near 1; an x that misses even a few of the last
/// updates leaves the residual of the iteration it stopped at, orders of magnitude above.
constexpr double solution_residual_ratio = 10.0;

/// The re-run's downloaded r against b - A x from its downloaded x, ||difference|| / ||b||,
/// over the larger of its CG residual and the validated run's true residual: CG's updated r
/// drifts from the true residual by rounding only (about the validated true residual); an r or
/// x not produced by the credited updates departs by the residual's own size or more.
constexpr double residual_tie_ratio = 10.0;

/// The V-cycle of a backend that declares no Gauss-Seidel order: ||r - A z|| at most this many
/// times the reference V-cycle's on the same r. Other orders stay near 1.
constexpr double mg_versus_reference = 2.0;

/// How closely a timed set must follow the validated run's ||r_k|| / ||r0|| (relative), and the
/// level below which rounding, not the algorithm, decides those values. The sets' perturbed
/// right-hand sides (fresh_rhs.hpp), not rounding, set how far honest runs depart, in proportion
/// to the perturbation and most on small problems: 16x24x32 on 3 ranks departs by up to 1.4e3
/// times it (worst near iteration 27, ||r|| / ||r0|| 3e-10), 16^3 on 1, 2 or 4 ranks by at most
/// 55 times. A change of algorithm (a skipped sweep, a weaker V-cycle) departs by 2% or more
/// within a few iterations; the V-cycle itself is verified directly (live_checks.hpp).
constexpr double trajectory = 1.0e-3;
constexpr double trajectory_floor = 1.0e-10;

/// Below trajectory_floor the trajectory check is blind: a set must end within this factor of
/// the re-run's final scaled residual (every iteration of which is checked, on a b perturbed as
/// the sets' are) or of the validated run's, whichever is larger. Honest sets end near both:
/// kokkos, 16^3 on 2 ranks, 48 sets between 5.8e-33 and 7.4e-32, the re-run 7.3e-32 (at most
/// 1.02 times it). A backend that stops working k iterations early ends about rho^-k higher
/// (rho, CG's reduction per iteration: 0.2 at 16^3, 0.5 at 32^3), so stopping more than three to
/// six iterations early fails for certain; fewer are left to the audits.
constexpr double tail_ratio = 100.0;

/// The repeat of the re-run for a backend declared not bit-reproducible: relative difference of
/// the scaled residuals (varying reduction orders move the last bits of each dot product).
constexpr double non_reproducible_residual = 1.0e-6;

}  // namespace hpcg::tolerances
