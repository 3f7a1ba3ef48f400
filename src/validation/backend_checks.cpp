// SPDX-License-Identifier: BSD-3-Clause
// Tolerances are scaled to what round-off can do: an SpMV row of k terms may differ from another
// summation order by about k * eps * sum |a_ij x_j|; 1e-12 leaves a 100x margin over 27 terms
// while still catching a single wrong entry. A symmetric Gauss-Seidel step reduces the A-norm of a
// zero-mean random error to about 0.05 and a V-cycle to about 0.015 (any row ordering), far below
// the limits; a smoother that does nothing gives exactly 1.
#include "hpcg/validation/backend_checks.hpp"

#include <cfloat>
#include <cmath>
#include <sstream>

#include "hpcg/backend/reference_kernels.hpp"
#include "hpcg/solver/multigrid.hpp"

namespace hpcg {
namespace {

constexpr double spmv_tolerance = 1.0e-12;
constexpr double symmetry_tolerance = 1.0;  // in units of TestSymmetry's scale, as 3.1
constexpr double symgs_reduction_limit = 0.5;
constexpr double mg_reduction_limit = 0.5;

std::string describe(const char* what, int level, double value, double limit) {
  std::ostringstream text;
  text << what << " on level " << level << ": " << value << " (limit " << limit << ")";
  return text.str();
}

double spmv_error(Backend& backend, Level& level, const Comm& comm, TestVectorSource& source) {
  const SparseMatrix& A = level.A;
  Vector x(A.columns), y(A.rows), expected(A.rows);
  source.fill(x);
  apply_spmv(backend, level, x, y);
  reference::spmv(A, x, expected);  // x's halo is current after apply_spmv
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

/// Global x.y computed by the reference, so that a faulty backend dot cannot hide a fault.
double trusted_dot(const Comm& comm, local_int n, const Vector& x, const Vector& y) {
  return comm.sum(reference::dot(n, x, y));
}

/// e'Ae with A applied by the reference (e's halo is exchanged first).
double energy(Level& level, const Comm& comm, Vector& e) {
  Vector ae(level.A.rows);
  level.A.exchange.run(e.data());
  reference::spmv(level.A, e, ae);
  return trusted_dot(comm, level.A.rows, e, ae);
}

/// Error reduction ||e1||_A / ||e0||_A of one smoothing step (or one V-cycle when `problem` is
/// given) for A x = A x_true from x = 0, with a zero-mean random x_true: a convergent symmetric
/// smoother gives well below 1, one that does nothing gives 1.
double error_reduction(Backend& backend, Level& level, Problem* problem, const Comm& comm,
                       TestVectorSource& source) {
  const local_int n = level.A.rows;
  Vector truth(level.A.columns), b(n), x(level.A.columns), error(level.A.columns);
  source.fill(truth);
  for (local_int i = 0; i < n; ++i) truth[i] -= 1.5;
  level.A.exchange.run(truth.data());
  reference::spmv(level.A, truth, b);
  if (problem != nullptr) {
    apply_mg(backend, *problem, b, x);
  } else {
    apply_symgs(backend, level, b, x);
  }
  for (local_int i = 0; i < n; ++i) error[i] = truth[i] - x[i];
  double before = energy(level, comm, truth), after = energy(level, comm, error);
  return std::sqrt(after / before);
}

void check_smoother(Backend& backend, Level& level, const Comm& comm, TestVectorSource& source,
                    BackendCheckResult& result, int l) {
  const local_int n = level.A.rows;
  Vector u(level.A.columns), v(level.A.columns), su(level.A.columns), sv(level.A.columns);
  source.fill(u);
  source.fill(v);
  apply_symgs(backend, level, u, su);  // su, sv start at zero
  apply_symgs(backend, level, v, sv);
  double ut_sv = trusted_dot(comm, n, u, sv), vt_su = trusted_dot(comm, n, v, su);
  double scale = 2.0 * trusted_dot(comm, n, u, u) * trusted_dot(comm, n, v, v) * 52.0 *
                 DBL_EPSILON;  // TestSymmetry's scale
  double asymmetry = std::fabs(ut_sv - vt_su) / scale;
  double reduction = error_reduction(backend, level, nullptr, comm, source);
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

void check_vector_kernels(Backend& backend, const Comm& comm, local_int n, TestVectorSource& source,
                          BackendCheckResult& result) {
  Vector x(n), y(n), w(n), expected(n);
  source.fill(x);
  source.fill(y);
  double first = backend.dot(n, x, y), second = backend.dot(n, x, y);
  double exact = reference::dot(n, x, y);
  // Entries are in [1, 2], so sum |x_i y_i| is the reference value itself.
  bool dot_ok = first == second && std::fabs(first - exact) <= spmv_tolerance * std::fabs(exact);
  backend.waxpby(n, 1.5, x, -0.5, y, w);
  reference::waxpby(n, 1.5, x, -0.5, y, expected);
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

BackendCheckResult check_backend(Backend& backend, Problem& problem, const Comm& comm,
                                 TestVectorSource& source) {
  BackendCheckResult result;
  for (size_t l = 0; l < problem.levels.size(); ++l) {
    double error = spmv_error(backend, problem.levels[l], comm, source);
    result.spmv_error = std::fmax(result.spmv_error, error);
    if (!(error <= spmv_tolerance)) {
      result.failures.push_back(describe("SpMV differs from the reference", static_cast<int>(l),
                                         error, spmv_tolerance));
    }
    check_smoother(backend, problem.levels[l], comm, source, result, static_cast<int>(l));
  }
  Level& fine = problem.fine();
  result.mg_reduction = error_reduction(backend, fine, &problem, comm, source);
  if (!(result.mg_reduction <= mg_reduction_limit)) {
    result.failures.push_back(describe("the multigrid preconditioner does not reduce the error",
                                       0, result.mg_reduction, mg_reduction_limit));
  }
  check_vector_kernels(backend, comm, fine.A.rows, source, result);
  return result;
}

}  // namespace hpcg
