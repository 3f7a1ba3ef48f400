// SPDX-License-Identifier: BSD-3-Clause
// Tolerances are scaled to what round-off can do: an SpMV row of k terms may differ from another
// summation order by about k * eps * sum |a_ij x_j|; 1e-12 leaves a 100x margin over 27 terms
// while still catching a single wrong entry. A symmetric Gauss-Seidel step reduces the A-norm of a
// zero-mean random error to about 0.05 and a V-cycle to about 0.015 (any row ordering), far below
// the limits; a smoother that does nothing gives exactly 1. Random error cannot tell a V-cycle
// from one smoothing sweep (both remove its high frequencies), so the V-cycle also runs on a
// smooth error of a quarter of the grid's wavelength, where one sweep leaves about 5 times the
// reference V-cycle's error and other orderings stay within 10% of it. HPCG's coarse-grid
// correction (injection, no scaling) changes that reduction by only 2-5%, less than orderings
// do, so no such measure catches a V-cycle that drops it: the V-cycle's steps are checked one
// by one instead (restricted residual, prolongation, zero-guess smoothing), and they are what
// the core's V-cycle is built from.
#include "hpcg/validation/backend_checks.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <sstream>

#include "hpcg/version.hpp"

#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/solver/host_calls.hpp"

namespace hpcg {
namespace {

constexpr double spmv_tolerance = 1.0e-12;
constexpr double symmetry_tolerance = 1.0;  // in units of TestSymmetry's scale, as 3.1
constexpr double symgs_reduction_limit = 0.5;
constexpr double mg_reduction_limit = 0.5;
/// How much worse than the reference V-cycle a backend's may do on smooth error, or on the
/// residual of a timed set's V-cycle. Other Gauss-Seidel orderings stay near 1; a V-cycle that
/// drops or damps the coarse-grid correction is far above (see check_backend's test).
constexpr double mg_versus_reference_limit = 2.0;
/// How far a timed set's true scaled residual may exceed CG's own, or the validated run's true
/// one where rounding sets it. Honest runs stay near 1; an x that misses the updates of even a
/// few of the last iterations leaves the residual of the iteration it stopped at.
constexpr double solution_residual_limit = 10.0;

/// HPCG's V-cycle from the core's default steps, which are the reference kernels: the trusted
/// yardstick for a backend's V-cycle.
class ReferenceSteps final : public Backend {
 public:
  std::string name() const override { return "reference"; }
  std::string version() const override { return version_string; }
};

std::string describe(const char* what, int level, double value, double limit) {
  std::ostringstream text;
  text << what << " on level " << level << ": " << value << " (limit " << limit << ")";
  return text.str();
}

/// max_i |y_i - (A x)_i| / sum_j |a_ij x_j| over all ranks; x's halo must be current.
double scaled_spmv_error(const Comm& comm, const SparseMatrix& A, const Vector& x,
                         const Vector& y) {
  Vector expected(A.rows);
  reference::spmv(A, x.data(), expected.data());
  double worst = 0.0;
  for (local_int i = 0; i < A.rows; ++i) {
    double magnitude = 0.0;
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      magnitude += std::fabs(A.values[k] * x[A.column_index[k]]);
    }
    double error = std::fabs(y[i] - expected[i]) / magnitude;
    if (!(error <= worst)) worst = std::isnan(error) ? INFINITY : error;
  }
  return comm.max(worst);
}

double spmv_error(Workspace& ws, int l, TestVectorSource& source) {
  SparseMatrix& A = ws.problem().levels[l].A;
  Vector x(A.columns);
  source.fill(x);
  const Vector y = on_host::spmv(ws, l, x);
  A.exchange.run(x.data());
  return scaled_spmv_error(ws.comm(), A, x, y);
}

/// Global x.y computed by the reference, so that a faulty backend dot cannot hide a fault.
double trusted_dot(const Comm& comm, local_int n, const Vector& x, const Vector& y) {
  return comm.sum(reference::dot(n, x.data(), y.data()));
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

/// The V-cycle's steps on `l` against their definitions: the zero-guess smoothing against the
/// backend's own SymGS from x = 0 (the same ordering; halo values it must ignore are not zero),
/// the restricted residual against the reference's, prolongation exactly.
void check_vcycle_steps(Workspace& ws, int l, TestVectorSource& source,
                        BackendCheckResult& result) {
  const Comm& comm = ws.comm();
  Level& level = ws.problem().levels[l];
  const SparseMatrix& A = level.A;
  Vector r(A.rows), x(A.columns);
  source.fill(r);
  source.fill(x);
  const Vector zero_guess = on_host::symgs_zero_guess(ws, l, r);
  const Vector full = on_host::symgs(ws, l, r, Vector(A.columns));
  double scale = 0.0, difference = 0.0;
  for (local_int i = 0; i < A.rows; ++i) {
    scale = std::fmax(scale, std::fabs(full[i]));
    difference = std::fmax(difference, std::fabs(zero_guess[i] - full[i]));
  }
  const double zero_guess_error = comm.max(difference) / comm.max(scale);
  result.step_error = std::fmax(result.step_error, zero_guess_error);
  if (!(zero_guess_error <= spmv_tolerance)) {
    result.failures.push_back(describe("SymGS from a zero guess differs from SymGS from x = 0", l,
                                       zero_guess_error, spmv_tolerance));
  }
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
  double first = on_host::dot(ws, n, x, y), second = on_host::dot(ws, n, x, y);
  double exact = reference::dot(n, x.data(), y.data());
  // Entries are in [1, 2], so sum |x_i y_i| is the reference value itself.
  bool dot_ok = first == second && std::fabs(first - exact) <= spmv_tolerance * std::fabs(exact);
  const Vector w = on_host::waxpby(ws, n, 1.5, x, -0.5, y);
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

}  // namespace

void spot_check(Workspace& ws, bool check_mg, SpotCheckResult& result) {
  const Comm& comm = ws.comm();
  SparseMatrix& A = ws.problem().fine().A;
  const local_int rows = A.rows;
  Backend& backend = ws.backend();
  backend.fence();
  const Vector p = ws.download(ws.cg.p, A.columns), Ap = ws.download(ws.cg.Ap, rows);
  const double spmv = scaled_spmv_error(comm, A, p, Ap);  // p's halo is this SpMV's
  ++result.spmv_checks;
  result.worst_spmv_error = std::fmax(result.worst_spmv_error, spmv);
  if (!(spmv <= spmv_tolerance)) {
    result.failures.push_back(describe("SpMV in a timed set differs from the reference", 0, spmv,
                                       spmv_tolerance));
  }
  if (!check_mg) return;
  // ||r - A M r|| for the backend's z = M r of this iteration and for the reference V-cycle.
  Vector r = ws.download(ws.cg.r, rows), z = ws.download(ws.cg.z, rows);
  ReferenceSteps reference;
  reference.optimize(ws.problem());
  Workspace reference_ws(reference, ws.problem(), comm);
  Vector z_reference = on_host::mg(reference_ws, r);
  auto residual_norm = [&](Vector& solution) {
    Vector full(A.columns), product(rows);
    for (local_int i = 0; i < rows; ++i) full[i] = solution[i];
    A.exchange.run(full.data());
    reference::spmv(A, full.data(), product.data());
    for (local_int i = 0; i < rows; ++i) product[i] = r[i] - product[i];
    return std::sqrt(trusted_dot(comm, rows, product, product));
  };
  const double ratio = residual_norm(z) / residual_norm(z_reference);
  ++result.mg_checks;
  result.worst_mg_ratio = std::fmax(result.worst_mg_ratio, ratio);
  if (!(ratio <= mg_versus_reference_limit)) {
    std::ostringstream text;
    text << "the V-cycle in a timed set leaves a residual " << ratio
         << " times the reference V-cycle's on the same vector (limit "
         << mg_versus_reference_limit << ")";
    result.failures.push_back(text.str());
  }
}

double true_scaled_residual(Workspace& ws, const Vector& rhs) {
  const Comm& comm = ws.comm();
  SparseMatrix& A = ws.problem().fine().A;
  Vector x(A.columns), residual(A.rows);
  const Vector owned = ws.download(ws.cg.x, A.rows);
  for (local_int i = 0; i < A.rows; ++i) x[i] = owned[i];
  A.exchange.run(x.data());
  reference::spmv(A, x.data(), residual.data());
  for (local_int i = 0; i < A.rows; ++i) residual[i] = rhs[i] - residual[i];
  return std::sqrt(trusted_dot(comm, A.rows, residual, residual) /
                   trusted_dot(comm, A.rows, rhs, rhs));
}

double check_solution(Workspace& ws, const Vector& rhs, double cg_residual, double rounding_level,
                      const std::string& what, SpotCheckResult& result) {
  const double actual = true_scaled_residual(ws, rhs);
  const double ratio = actual / std::fmax(cg_residual, rounding_level);
  ++result.solution_checks;
  result.worst_solution_ratio = std::fmax(result.worst_solution_ratio, ratio);
  if (!(ratio <= solution_residual_limit)) {
    std::ostringstream text;
    text << what << " leaves ||b - Ax||/||b|| = " << actual << ", against CG's own "
         << cg_residual << " and " << rounding_level << " where rounding decides (limit "
         << solution_residual_limit << " times the larger)";
    result.failures.push_back(text.str());
  }
  return actual;
}

BackendCheckResult check_backend(Workspace& ws, TestVectorSource& source) {
  BackendCheckResult result;
  for (int l = 0; l < static_cast<int>(ws.problem().levels.size()); ++l) {
    double error = spmv_error(ws, l, source);
    result.spmv_error = std::fmax(result.spmv_error, error);
    if (!(error <= spmv_tolerance)) {
      result.failures.push_back(describe("SpMV differs from the reference", l, error,
                                         spmv_tolerance));
    }
    check_smoother(ws, l, source, result);
    check_vcycle_steps(ws, l, source, result);
  }
  const Level& fine = ws.problem().fine();
  result.mg_reduction = error_reduction(ws, 0, true, random_error(fine, source));
  if (!(result.mg_reduction <= mg_reduction_limit)) {
    result.failures.push_back(describe("the multigrid preconditioner does not reduce the error",
                                       0, result.mg_reduction, mg_reduction_limit));
  }
  ReferenceSteps reference;
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
  check_vector_kernels(ws, source, result);
  return result;
}

}  // namespace hpcg
