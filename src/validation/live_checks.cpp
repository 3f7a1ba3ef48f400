// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/validation/live_checks.hpp"

#include <cfloat>
#include <cmath>
#include <sstream>
#include <utility>

#include "hpcg/backends/reference_backend.hpp"
#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/solver/host_calls.hpp"
#include "check_support.hpp"

namespace hpcg {
namespace {

using checks::trusted_dot;

constexpr double mg_versus_reference_limit = tolerances::mg_versus_reference;
constexpr double solution_residual_limit = tolerances::solution_residual_ratio;

/// sum_i |x_i y_i| over all ranks: the scale of x.y's rounding.
double magnitude_dot(const Comm& comm, local_int n, const Vector& x, const Vector& y) {
  return comm.sum(checks::magnitude_local_dot(n, x, y));
}

/// ||r - A z|| with A applied by the reference (z's halo exchanged on a copy).
double residual_norm(const Comm& comm, SparseMatrix& A, const Vector& r, const Vector& z) {
  Vector full(A.columns), product(A.rows);
  for (local_int i = 0; i < A.rows; ++i) full[i] = z[i];
  A.exchange.run(full.data());
  reference::spmv(A, full.data(), product.data());
  for (local_int i = 0; i < A.rows; ++i) product[i] = r[i] - product[i];
  return std::sqrt(trusted_dot(comm, A.rows, product, product));
}

/// The most rows any rank holds: the length of the backends' local sums.
global_int most_rows(const Comm& comm, local_int rows) {
  return static_cast<global_int>(comm.max(static_cast<int>(rows)));
}

}  // namespace

void LiveChecks::check(const CgIterate& iterate, bool check_mg) {
  const Comm& comm = ws_.comm();
  SparseMatrix& A = ws_.problem().fine().A;
  const local_int rows = A.rows;
  ws_.backend().fence();
  const Vector p = ws_.download(ws_.cg.p, A.columns), Ap = ws_.download(ws_.cg.Ap, rows);
  Vector r = ws_.download(ws_.cg.r, rows), z = ws_.download(ws_.cg.z, rows);
  const double spmv = checks::scaled_spmv_error(comm, A, p, Ap);  // p's halo is this SpMV's
  ++result_.spmv_checks;
  result_.worst_spmv_error = std::fmax(result_.worst_spmv_error, spmv);
  if (!(spmv <= checks::spmv_tolerance)) {
    result_.failures.push_back(checks::describe("SpMV in a timed set differs from the reference",
                                                0, spmv, checks::spmv_tolerance));
  }
  // ||r|| and ||z|| only scale the symmetry check.
  const double norm_r = std::sqrt(trusted_dot(comm, rows, r, r));
  const double norm_z = std::sqrt(trusted_dot(comm, rows, z, z));
  check_scalars(iterate, r, z, p, Ap);
  check_p_tie(iterate, r, p);
  check_symmetry(r, z, norm_r, norm_z);
  last_mg_seconds_ = 0.0;
  if (check_mg) {
    const double start = wall_time();
    this->check_mg(r, z);
    last_mg_seconds_ = wall_time() - start;
  }
  previous_r_ = std::move(r);
  previous_z_ = std::move(z);
  previous_norm_r_ = norm_r, previous_norm_z_ = norm_z;
}

void LiveChecks::check_scalars(const CgIterate& iterate, const Vector& r, const Vector& z,
                               const Vector& p, const Vector& Ap) {
  // Each rank's own sums, before the core adds them over ranks: the contract bounds the rounding
  // of a backend's local sum by its rows (tolerances.hpp), whatever the number of ranks.
  const Comm& comm = ws_.comm();
  const local_int rows = ws_.rows(0);
  struct Scalar {
    const char* name;
    double taken;
    const Vector& x;
    const Vector& y;
  };
  const double tolerance = tolerances::scalar(most_rows(comm, rows));
  result_.scalar_tolerance = tolerance;
  const Scalar scalars[] = {{"r'z", iterate.local_rtz, r, z},
                            {"p'Ap", iterate.local_pAp, p, Ap},
                            {"r'r", iterate.local_rr, r, r}};
  ++result_.scalar_checks;
  for (const Scalar& s : scalars) {
    const double recomputed = checks::accurate_local_dot(rows, s.x, s.y);
    const double scale = checks::magnitude_local_dot(rows, s.x, s.y);
    double difference = std::fabs(s.taken - recomputed) / scale;
    if (s.taken == recomputed) difference = 0.0;  // also where the rank's rows are all zero
    if (std::isnan(difference)) difference = INFINITY;
    const double worst = comm.max(difference);
    result_.worst_scalar_difference = std::fmax(result_.worst_scalar_difference, worst);
    if (worst <= tolerance) continue;
    std::ostringstream text;
    text.precision(17);
    text << "CG's " << s.name << " in iteration " << iterate.iteration << " of a timed set was "
         << s.taken << " on this rank, but the vectors handed to the checks give " << recomputed
         << " (relative difference " << worst << " on the worst rank, limit " << tolerance << ")";
    result_.failures.push_back(text.str());
  }
}

void LiveChecks::check_p_tie(const CgIterate& iterate, const Vector& r, const Vector& p) {
  const Comm& comm = ws_.comm();
  const local_int rows = ws_.rows(0);
  const double tolerance = tolerances::p_tie(most_rows(comm, rows), comm.size());
  const double rp = checks::accurate_dot(comm, rows, r, p);
  double difference = std::fabs(rp - iterate.rtz) / magnitude_dot(comm, rows, r, p);
  if (std::isnan(difference)) difference = INFINITY;
  ++result_.p_tie_checks;
  result_.worst_p_tie_difference = std::fmax(result_.worst_p_tie_difference, difference);
  if (difference <= tolerance) return;
  std::ostringstream text;
  text.precision(17);
  text << "p not tied to z (p = z + beta p_prev) in iteration " << iterate.iteration
       << " of a timed set: r'p is " << rp << " where CG's r'z is " << iterate.rtz
       << " (relative difference " << difference << ", limit " << tolerance << ")";
  result_.failures.push_back(text.str());
}

void LiveChecks::check_symmetry(const Vector& r, const Vector& z, double norm_r,
                                double norm_z) {
  const Comm& comm = ws_.comm();
  const local_int rows = ws_.rows(0);
  if (previous_r_.size() == rows) {
    const double rj_zk = checks::accurate_dot(comm, rows, previous_r_, z);
    const double rk_zj = checks::accurate_dot(comm, rows, r, previous_z_);
    double departure = std::fabs(rj_zk - rk_zj) /
                       (previous_norm_r_ * norm_z + norm_r * previous_norm_z_);
    if (std::isnan(departure)) departure = INFINITY;
    ++result_.symmetry_checks;
    result_.worst_symmetry_departure = std::fmax(result_.worst_symmetry_departure, departure);
    if (!(departure <= iterate_symmetry_tolerance)) {
      std::ostringstream text;
      text << "the preconditioner in a timed set is not symmetric between two of its iterates: "
           << "|r_j'M r_k - r_k'M r_j| departs by " << departure << " (limit "
           << iterate_symmetry_tolerance << ")";
      result_.failures.push_back(text.str());
    }
  }
}

void LiveChecks::check_mg(const Vector& r, const Vector& z) {
  const Comm& comm = ws_.comm();
  const local_int rows = ws_.rows(0);
  ++result_.mg_checks;
  if (declared_.declared()) {
    const double difference = relative_max_difference(comm, rows, z, declared_.mg(r));
    result_.worst_mg_difference = std::fmax(result_.worst_mg_difference, difference);
    if (!(difference <= declared_order_tolerance)) {
      std::ostringstream text;
      text << "the V-cycle in a timed set differs from the V-cycle in its declared order by "
           << difference << " (limit " << declared_order_tolerance << ")";
      result_.failures.push_back(text.str());
    }
    return;
  }
  // ||r - A M r|| for the backend's z = M r of this iteration and for the reference V-cycle.
  backends::reference::ReferenceBackend reference;
  reference.optimize(ws_.problem());
  Workspace reference_ws(reference, ws_.problem(), comm);
  const Vector z_reference = on_host::mg(reference_ws, r);
  SparseMatrix& A = ws_.problem().fine().A;
  const double ratio = residual_norm(comm, A, r, z) / residual_norm(comm, A, r, z_reference);
  result_.worst_mg_ratio = std::fmax(result_.worst_mg_ratio, ratio);
  if (!(ratio <= mg_versus_reference_limit)) {
    std::ostringstream text;
    text << "the V-cycle in a timed set leaves a residual " << ratio
         << " times the reference V-cycle's on the same vector (limit "
         << mg_versus_reference_limit << ")";
    result_.failures.push_back(text.str());
  }
}

double true_scaled_residual(Workspace& ws, const Vector& rhs) {
  return true_scaled_residual(ws, rhs, ws.download(ws.cg.x, ws.rows(0)));
}

double true_scaled_residual(Workspace& ws, const Vector& rhs, const Vector& x) {
  const Comm& comm = ws.comm();
  SparseMatrix& A = ws.problem().fine().A;
  return residual_norm(comm, A, rhs, x) / std::sqrt(trusted_dot(comm, A.rows, rhs, rhs));
}

double residual_tie(Workspace& ws, const Vector& rhs, const Vector& x, const Vector& r) {
  const Comm& comm = ws.comm();
  SparseMatrix& A = ws.problem().fine().A;
  Vector rhs_less_r(A.rows);
  for (local_int i = 0; i < A.rows; ++i) rhs_less_r[i] = rhs[i] - r[i];
  return residual_norm(comm, A, rhs_less_r, x) / std::sqrt(trusted_dot(comm, A.rows, rhs, rhs));
}

double check_solution(Workspace& ws, const Vector& rhs, double cg_residual, double rounding_level,
                      const std::string& what, SpotCheckResult& result) {
  return check_solution(ws, rhs, ws.download(ws.cg.x, ws.rows(0)), cg_residual, rounding_level,
                        what, result);
}

double check_solution(Workspace& ws, const Vector& rhs, const Vector& x, double cg_residual,
                      double rounding_level, const std::string& what, SpotCheckResult& result) {
  const double actual = true_scaled_residual(ws, rhs, x);
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

}  // namespace hpcg
