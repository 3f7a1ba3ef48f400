// SPDX-License-Identifier: BSD-3-Clause
// Exact checks: a backend that declares its Gauss-Seidel order must reproduce, to rounding, the
// core's SymGS and V-cycle recomputed in that order (declared_preconditioner.hpp), so neither a
// cheaper V-cycle nor lower precision passes.
//
// Approximate checks, for a backend that declares no order: a symmetric Gauss-Seidel step
// reduces the A-norm of a zero-mean random error to about 0.05 and a V-cycle to about 0.015 (any
// row ordering), far below the limits; a smoother that does nothing gives exactly 1. Random
// error cannot tell a V-cycle from one smoothing sweep (both remove its high frequencies), so
// the V-cycle also runs on a smooth error of a quarter of the grid's wavelength, where one sweep
// leaves about 5 times the reference V-cycle's error and other orderings stay within 10% of it.
// HPCG's coarse-grid correction (injection, no scaling) changes that reduction by only 2-5%,
// less than orderings do, so no such measure catches a V-cycle that drops it: the V-cycle's
// steps are checked one by one instead (restricted residual, prolongation, zero-guess
// smoothing), and they are what the core's V-cycle is built from.
#include "hpcg/validation/backend_checks.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <sstream>

#include "hpcg/backends/reference_backend.hpp"
#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/solver/host_calls.hpp"
#include "check_support.hpp"

namespace hpcg {
namespace {

constexpr double symmetry_tolerance = 1.0;  // in units of TestSymmetry's scale, as 3.1
constexpr double symgs_reduction_limit = 0.5;
constexpr double mg_reduction_limit = 0.5;
/// How much worse than the reference V-cycle a backend's may do on smooth error. Other
/// Gauss-Seidel orderings stay near 1; a V-cycle that drops or damps the coarse-grid correction
/// is far above.
constexpr double mg_versus_reference_limit = 2.0;

using checks::describe;
using backends::reference::ReferenceBackend;
using checks::scaled_spmv_error;
using checks::spmv_tolerance;
using checks::trusted_dot;

double spmv_error(Workspace& ws, int l, TestVectorSource& source) {
  SparseMatrix& A = ws.problem().levels[l].A;
  Vector x(A.columns);
  source.fill(x);
  const Vector y = on_host::spmv(ws, l, x);
  A.exchange.run(x.data());
  return scaled_spmv_error(ws.comm(), A, x, y);
}

/// e'Ae with A applied by the reference (e's halo is exchanged first).
double energy(Level& level, const Comm& comm, Vector& e) {
  Vector ae(level.A.rows);
  level.A.exchange.run(e.data());
  reference::spmv(level.A, e.data(), ae.data());
  return trusted_dot(comm, level.A.rows, e, ae);
}

/// A zero-mean random error on `level`'s rows.
Vector random_error(const Level& level, TestVectorSource& source) {
  Vector truth(level.A.columns);
  source.fill(truth);
  for (local_int i = 0; i < level.A.rows; ++i) truth[i] -= 1.5;
  return truth;
}

/// sin(pi k (g + 1) / (n + 1)) in each global direction with k = n / 4: a smooth eigenvector of
/// the Dirichlet Laplacian that a V-cycle's two sweeps reduce far more than a single sweep does.
Vector smooth_error(const Level& level) {
  const Geometry& g = level.geometry;
  Vector truth(level.A.columns);
  const double pi = std::acos(-1.0);
  auto wave = [pi](global_int position, global_int points) {
    const double k = static_cast<double>(std::max<global_int>(1, points / 4));
    return std::sin(pi * k * static_cast<double>(position + 1) / static_cast<double>(points + 1));
  };
  local_int i = 0;
  for (int iz = 0; iz < g.nz; ++iz) {
    for (int iy = 0; iy < g.ny; ++iy) {
      for (int ix = 0; ix < g.nx; ++ix) {
        truth[i++] = wave(g.gix0 + ix, g.gnx) * wave(g.giy0 + iy, g.gny) * wave(g.giz0 + iz, g.gnz);
      }
    }
  }
  return truth;
}

/// Error reduction ||e1||_A / ||e0||_A of one smoothing step on level l (or one V-cycle when
/// `whole_cycle`) for A x = A truth from x = 0: a convergent symmetric smoother gives well
/// below 1 on random error, one that does nothing gives 1.
double error_reduction(Workspace& ws, int l, bool whole_cycle, Vector truth) {
  Level& level = ws.problem().levels[l];
  const local_int n = level.A.rows;
  Vector b(n), error(level.A.columns);
  level.A.exchange.run(truth.data());
  reference::spmv(level.A, truth.data(), b.data());
  const Vector x = whole_cycle ? on_host::mg(ws, b)
                               : on_host::symgs(ws, l, b, Vector(level.A.columns));
  for (local_int i = 0; i < n; ++i) error[i] = truth[i] - x[i];
  double before = energy(level, ws.comm(), truth), after = energy(level, ws.comm(), error);
  return std::sqrt(after / before);
}

void check_smoother(Workspace& ws, int l, TestVectorSource& source, BackendCheckResult& result) {
  const Comm& comm = ws.comm();
  const local_int n = ws.rows(l), columns = ws.columns(l);
  Vector u(columns), v(columns);
  source.fill(u);
  source.fill(v);
  const Vector su = on_host::symgs(ws, l, u, Vector(columns));
  const Vector sv = on_host::symgs(ws, l, v, Vector(columns));
  double ut_sv = trusted_dot(comm, n, u, sv), vt_su = trusted_dot(comm, n, v, su);
  double scale = 2.0 * trusted_dot(comm, n, u, u) * trusted_dot(comm, n, v, v) * 52.0 *
                 DBL_EPSILON;  // TestSymmetry's scale
  double asymmetry = std::fabs(ut_sv - vt_su) / scale;
  double reduction = error_reduction(ws, l, false, random_error(ws.problem().levels[l], source));
  result.symgs_asymmetry = std::fmax(result.symgs_asymmetry, asymmetry);
  result.symgs_reduction = std::fmax(result.symgs_reduction, reduction);
  if (!(asymmetry <= symmetry_tolerance)) {
    result.failures.push_back(describe("SymGS is not symmetric", l, asymmetry, symmetry_tolerance));
  }
  if (!(reduction <= symgs_reduction_limit)) {
    result.failures.push_back(
        describe("SymGS does not reduce the error", l, reduction, symgs_reduction_limit));
  }
}

/// The zero-guess smoothing on `l` against the backend's own SymGS from x = 0 (the same
/// ordering; halo values it must ignore are not zero).
void check_zero_guess_approximately(Workspace& ws, int l, TestVectorSource& source,
                                    BackendCheckResult& result) {
  const local_int rows = ws.rows(l), columns = ws.columns(l);
  Vector r(rows);
  source.fill(r);
  const Vector zero_guess = on_host::symgs_zero_guess(ws, l, r);
  const Vector full = on_host::symgs(ws, l, r, Vector(columns));
  const double zero_guess_error = relative_max_difference(ws.comm(), rows, zero_guess, full);
  result.step_error = std::fmax(result.step_error, zero_guess_error);
  if (!(zero_guess_error <= spmv_tolerance)) {
    result.failures.push_back(describe("SymGS from a zero guess differs from SymGS from x = 0", l,
                                       zero_guess_error, spmv_tolerance));
  }
}

/// The backend's SymGS on `l` from a random x (halo included) and from a zero guess (whose halo
/// values it must ignore) against the recomputation in its declared order.
void check_smoother_exactly(Workspace& ws, int l, TestVectorSource& source,
                            DeclaredPreconditioner& declared, BackendCheckResult& result) {
  const local_int rows = ws.rows(l), columns = ws.columns(l);
  Vector r(rows), x(columns);
  source.fill(r);
  source.fill(x);
  const double from_x = relative_max_difference(ws.comm(), rows, on_host::symgs(ws, l, r, x),
                                                declared.symgs(l, r, x));
  const double from_zero =
      relative_max_difference(ws.comm(), rows, on_host::symgs_zero_guess(ws, l, r),
                              declared.symgs_zero_guess(l, r));
  result.symgs_difference = std::fmax(result.symgs_difference, std::fmax(from_x, from_zero));
  if (!(from_x <= declared_order_tolerance)) {
    result.failures.push_back(describe("SymGS differs from SymGS in its declared order", l,
                                       from_x, declared_order_tolerance));
  }
  if (!(from_zero <= declared_order_tolerance)) {
    result.failures.push_back(describe(
        "SymGS from a zero guess differs from SymGS in its declared order", l, from_zero,
        declared_order_tolerance));
  }
}

/// The restricted residual on `l` against the reference's, prolongation exactly.
void check_transfer_steps(Workspace& ws, int l, TestVectorSource& source,
                          BackendCheckResult& result) {
  const Comm& comm = ws.comm();
  Level& level = ws.problem().levels[l];
  const SparseMatrix& A = level.A;
  Vector r(A.rows), x(A.columns);
  source.fill(r);
  source.fill(x);
  if (level.coarse_to_fine.empty()) return;
  const local_int coarse_rows = static_cast<local_int>(level.coarse_to_fine.size());
  const Vector restricted = on_host::residual_restriction(ws, l, r, x);
  level.A.exchange.run(x.data());
  Vector expected(coarse_rows);
  reference::residual_restriction(level, r.data(), x.data(), expected.data());
  double worst = 0.0;
  for (local_int i = 0; i < coarse_rows; ++i) {
    const local_int f = level.coarse_to_fine[i];
    double magnitude = std::fabs(r[f]);
    for (nnz_int k = A.row_start[f]; k < A.row_start[f + 1]; ++k) {
      magnitude += std::fabs(A.values[k] * x[A.column_index[k]]);
    }
    const double error = std::fabs(restricted[i] - expected[i]) / magnitude;
    if (!(error <= worst)) worst = std::isnan(error) ? INFINITY : error;
  }
  worst = comm.max(worst);
  result.step_error = std::fmax(result.step_error, worst);
  if (!(worst <= spmv_tolerance)) {
    result.failures.push_back(
        describe("the restricted residual differs from the reference", l, worst, spmv_tolerance));
  }

  Vector correction(coarse_rows);
  source.fill(correction);
  const Vector prolongated = on_host::prolongation(ws, l, correction, x);
  Vector sum(A.rows);
  std::copy(x.data(), x.data() + A.rows, sum.data());
  reference::prolongation(level, correction.data(), sum.data());
  bool exact = true;
  for (local_int i = 0; i < A.rows; ++i) exact = exact && prolongated[i] == sum[i];
  if (comm.max(exact ? 0 : 1) != 0) {
    result.failures.push_back("prolongation on level " + std::to_string(l) +
                              " differs from x[f] + xc[i] at the injected rows");
  }
}

void check_vector_kernels(Workspace& ws, TestVectorSource& source, BackendCheckResult& result) {
  const Comm& comm = ws.comm();
  const local_int n = ws.rows(0);
  Vector x(n), y(n), expected(n);
  source.fill(x);
  source.fill(y);
  double first = on_host::dot(ws, x, y), second = on_host::dot(ws, x, y);
  double exact = reference::dot(n, x.data(), y.data());
  // Entries are in [1, 2], so sum |x_i y_i| is the reference value itself.
  bool dot_ok = first == second && std::fabs(first - exact) <= spmv_tolerance * std::fabs(exact);
  const Vector w = on_host::waxpby(ws, 1.5, x, -0.5, y);
  reference::waxpby(n, 1.5, x.data(), -0.5, y.data(), expected.data());
  bool waxpby_ok = true;
  for (local_int i = 0; i < n; ++i) {
    // Allows a fused multiply-add: a few ulps of |1.5 x| + |0.5 y|.
    double bound = 4 * DBL_EPSILON * (1.5 * x[i] + 0.5 * y[i]);
    waxpby_ok = waxpby_ok && std::fabs(w[i] - expected[i]) <= bound;
  }
  if (comm.max(dot_ok ? 0 : 1) != 0) {
    result.failures.push_back("dot product is not reproducible or differs from the reference");
  }
  if (comm.max(waxpby_ok ? 0 : 1) != 0) {
    result.failures.push_back("WAXPBY differs from the reference");
  }
}

/// The V-cycle's checks for a backend that declares no order: symmetric and convergent
/// smoothing on every level, and a V-cycle that reduces random and smooth error as the
/// reference's does.
void check_preconditioner_approximately(Workspace& ws, TestVectorSource& source,
                                        BackendCheckResult& result) {
  for (int l = 0; l < static_cast<int>(ws.problem().levels.size()); ++l) {
    check_smoother(ws, l, source, result);
    check_zero_guess_approximately(ws, l, source, result);
  }
  const Level& fine = ws.problem().fine();
  result.mg_reduction = error_reduction(ws, 0, true, random_error(fine, source));
  if (!(result.mg_reduction <= mg_reduction_limit)) {
    result.failures.push_back(describe("the multigrid preconditioner does not reduce the error",
                                       0, result.mg_reduction, mg_reduction_limit));
  }
  ReferenceBackend reference;
  reference.optimize(ws.problem());
  Workspace reference_ws(reference, ws.problem(), ws.comm());
  const double reference_smooth = error_reduction(reference_ws, 0, true, smooth_error(fine));
  result.mg_smooth_reduction = error_reduction(ws, 0, true, smooth_error(fine));
  result.mg_smooth_versus_reference = result.mg_smooth_reduction / reference_smooth;
  if (!(result.mg_smooth_versus_reference <= mg_versus_reference_limit)) {
    std::ostringstream text;
    text << "the multigrid preconditioner does not remove smooth error as a V-cycle does: "
         << "reduction " << result.mg_smooth_reduction << " against the reference V-cycle's "
         << reference_smooth << " (limit " << mg_versus_reference_limit << " times)";
    result.failures.push_back(text.str());
  }
}

/// Every level's smoother and the whole V-cycle against the recomputation in the declared order.
void check_preconditioner_exactly(Workspace& ws, TestVectorSource& source,
                                  DeclaredPreconditioner& declared, BackendCheckResult& result) {
  for (int l = 0; l < static_cast<int>(ws.problem().levels.size()); ++l) {
    check_smoother_exactly(ws, l, source, declared, result);
  }
  Vector r(ws.rows(0));
  source.fill(r);
  result.mg_difference =
      relative_max_difference(ws.comm(), ws.rows(0), on_host::mg(ws, r), declared.mg(r));
  if (!(result.mg_difference <= declared_order_tolerance)) {
    result.failures.push_back(describe("the V-cycle differs from the V-cycle in its declared order",
                                       0, result.mg_difference, declared_order_tolerance));
  }
}

}  // namespace

BackendCheckResult check_backend(Workspace& ws, TestVectorSource& source,
                                 DeclaredPreconditioner& declared) {
  BackendCheckResult result;
  for (int l = 0; l < static_cast<int>(ws.problem().levels.size()); ++l) {
    double error = spmv_error(ws, l, source);
    result.spmv_error = std::fmax(result.spmv_error, error);
    if (!(error <= spmv_tolerance)) {
      result.failures.push_back(describe("SpMV differs from the reference", l, error,
                                         spmv_tolerance));
    }
    check_transfer_steps(ws, l, source, result);
  }
  if (!declared.failure().empty()) result.failures.push_back(declared.failure());
  result.exact = declared.declared();
  if (result.exact) {
    check_preconditioner_exactly(ws, source, declared, result);
  } else {
    check_preconditioner_approximately(ws, source, result);
  }
  check_vector_kernels(ws, source, result);
  return result;
}

}  // namespace hpcg
