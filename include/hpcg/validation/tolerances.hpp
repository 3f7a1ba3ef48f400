// SPDX-License-Identifier: BSD-3-Clause
// Every tolerance of the checks on the timed sets, in one table, each with its derivation. A
// check is bounded by the rounding of the double computation it checks; the core's own side is
// computed accurately (checks::accurate_dot keeps each product's and sum's rounding error), so
// that only the backend's rounding is in the bound. eps = DBL_EPSILON = 2^-52; a float-precision
// error is 2^-24 = 6e-8 relative per value.
#pragma once

#include <cfloat>
#include <cmath>

#include "hpcg/base/types.hpp"

namespace hpcg::tolerances {

/// CG's r'z, p'Ap and ||r|| against the downloaded vectors, relative to sum_i |x_i y_i|. Each
/// rank's backend sums its `local_rows` products in an order of its own: a running sum's error
/// is about sqrt(local_rows) eps of the rank's sum |x_i y_i| (measured: 2 sqrt(rows) eps at
/// most, the reference's own dot at 65536 rows); the ranks' errors add with random signs, so
/// over all `global_rows` the error is about eps local_rows / sqrt(global_rows) of the global
/// sum. The limit is 32 times that: on one rank 32 sqrt(rows) eps, as before; on many ranks it
/// shrinks as the run grows. A float-precision z moves r'z by about 6e-8 / sqrt(global_rows) of
/// sum |r_i z_i| (its errors add with random signs too): that fails while local_rows stays below
/// about 1e7 rows per rank. Beyond that only blocked or pairwise sums in the backend would keep
/// it apart (README.md, "Open"); the V-cycle check does not depend on it.
inline double scalar(global_int local_rows, global_int global_rows) {
  const double local = static_cast<double>(local_rows), global = static_cast<double>(global_rows);
  return 32.0 * DBL_EPSILON * local / std::sqrt(global);
}

/// p tied to z: CG's p_k = z_k + beta_k p_{k-1} and r_k is orthogonal to p_{k-1} (CG's local
/// orthogonality, which rounding keeps to working accuracy), so r_k'p_k = r_k'z_k = CG's r'z.
/// Relative to sum |r_i p_i|. The local orthogonality is only as good as the backend's own dot
/// products (alpha comes from its p'Ap, r'z from its sum), so the honest departure scales as
/// scalar(): measured 1.3e-14 on 2 ranks of 4096 rows, four times the scalar check's worst in the
/// same run; the limit is four times scalar(). A p built from a float z departs by r'(z' - z), as
/// a float z does in scalar(): caught up to about 1e5 rows a rank (tolerances_test.cpp); beyond,
/// only blocked sums in the backend would keep them apart (README.md, "Open").
inline double p_tie(global_int local_rows, global_int global_rows) {
  return 4.0 * scalar(local_rows, global_rows);
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

/// The repeat of the re-run for a backend declared not bit-reproducible: relative difference of
/// the scaled residuals (varying reduction orders move the last bits of each dot product).
constexpr double non_reproducible_residual = 1.0e-6;

}  // namespace hpcg::tolerances
