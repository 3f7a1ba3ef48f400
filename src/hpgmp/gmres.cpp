// SPDX-License-Identifier: BSD-3-Clause
// GMRES(m) with a double outer loop and an inner loop in Inner, following HPG-MxP's GMRES and
// GMRES_IR step for step (the same operations in the same order, so the same iteration counts):
// CGS2 orthogonalisation, its Givens rotations, and the update x += M (Q y) at each restart;
// every vector operation is a step of the backend, in the precision Steps<> names.
#include "hpcg/hpgmp/gmres.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <mpi.h>

#include <type_traits>

#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/hpgmp/step_audits.hpp"
#include "precision_steps.hpp"

namespace hpcg::hpgmp {
namespace {

/// The small dense parts: the Hessenberg matrix (column major, restart + 1 rows), the rotated
/// right-hand side and the rotations, in the projection type (Inner, as the reference runs it).
template <class P>
struct Projection {
  int rows;
  std::vector<P> H, t, h, cs, ss;
  explicit Projection(int restart)
      : rows(restart + 1), H(rows * restart), t(rows), h(rows), cs(rows), ss(rows) {}
  P& at(int i, int j) { return H[i + j * rows]; }
};

/// Back substitution with the leading n x n upper triangle of H, in place on t.
template <class P>
void solve_upper(Projection<P>& p, int n) {
  for (int i = n - 1; i >= 0; --i) {
    for (int j = i + 1; j < n; ++j) p.t[i] -= p.at(i, j) * p.t[j];
    p.t[i] /= p.at(i, i);
  }
}

/// Applies the earlier rotations to column k - 1 of H and makes the new one (the reference's
/// formulas, which avoid forming sqrt(f^2 + g^2) separately); returns the residual estimate.
template <class P>
P rotate(Projection<P>& p, int k) {
  for (int j = 0; j < k - 1; ++j) {
    const P c = p.cs[j], s = p.ss[j], h1 = p.at(j, k - 1), h2 = p.at(j + 1, k - 1);
    p.at(j + 1, k - 1) = -s * h1 + c * h2;
    p.at(j, k - 1) = c * h1 + s * h2;
  }
  const P f = p.at(k - 1, k - 1), g = p.at(k, k - 1);
  const P f2 = f * f, g2 = g * g;
  P fg2 = f2 + g2;
  // The reference's unqualified sqrt is the C library's double one: 1 / sqrt in double, rounded
  // once to P. Float's own sqrt and division round twice and change the mixed residuals.
  const P d1 = static_cast<P>(1.0 / std::sqrt(static_cast<double>(f2 * fg2)));
  const P c = f2 * d1;
  fg2 = fg2 * d1;
  const P s = f * d1 * g;
  p.at(k - 1, k - 1) = f * fg2;
  p.at(k, k - 1) = P(0);
  const P v1 = p.t[k - 1], v2 = -v1 * s;
  p.t[k] = v2;
  p.t[k - 1] = v1 * c;
  p.ss[k - 1] = s;
  p.cs[k - 1] = c;
  return std::abs(v2);
}

/// h = the sum over the ranks of `local` rounded to T (one reduction for all k), and `local` =
/// h as the update takes it.
template <class T>
void sum_over_ranks(MxpWorkspace& ws, int k, std::vector<T>& h, std::vector<double>& local) {
  for (int j = 0; j < k; ++j) h[j] = static_cast<T>(local[j]);
  if (ws.comm().size() > 1) {
    MPI_Allreduce(MPI_IN_PLACE, h.data(), k, std::is_same_v<T, float> ? MPI_FLOAT : MPI_DOUBLE,
                  MPI_SUM, ws.comm().get());
  }
  for (int j = 0; j < k; ++j) local[j] = static_cast<double>(h[j]);
}

/// Classical Gram-Schmidt with reorthogonalisation (CGS2) of q = A z against basis[0..k-1]: two
/// passes of h = Q^T q then q -= Q h, each update one basis vector at a time, which rounds as
/// the reference's fused loop. The backend's steps: the first dots, the first update fused with
/// the second dots (subtract_projections_dots), the second update. `first` and `second` keep
/// the passes' coefficients as the updates took them; column k - 1 of the Hessenberg matrix gets
/// their sum.
template <class T, class P>
void orthogonalize(MxpWorkspace& ws, local_int n, std::vector<BackendVector>& basis, int k,
                   const BackendVector& z, Projection<P>& proj, std::vector<double>& first,
                   std::vector<double>& second) {
  Backend& backend = ws.backend();
  BackendVector& q = basis[k];
  StepAuditor* audits = ws.auditor();
  backend.basis_dots(n, k, basis.data(), q, first.data());
  if (audits != nullptr) audits->basis_dots<T>(k, basis.data(), q, first.data());
  sum_over_ranks(ws, k, proj.h, first);
  for (int i = 0; i < k; ++i) proj.at(i, k - 1) = proj.h[i];
  backend.subtract_projections_dots(n, k, basis.data(), first.data(), q, second.data());
  if (audits != nullptr) {
    audits->subtract_projections<T>(z, k, basis.data(), {first.data()}, q,
                                    "subtract_projections_dots");
    audits->basis_dots<T>(k, basis.data(), q, second.data(), "subtract_projections_dots");
  }
  sum_over_ranks(ws, k, proj.h, second);
  backend.subtract_projections(n, k, basis.data(), second.data(), q);
  if (audits != nullptr) {
    audits->subtract_projections<T>(z, k, basis.data(), {first.data(), second.data()}, q);
  }
  for (int i = 0; i < k; ++i) proj.at(i, k - 1) += proj.h[i];
}

}  // namespace

double residual_norm(NonsymProblem& problem, const Vector& b, const Vector& x) {
  Level& fine = problem.fine();
  std::vector<double> p(fine.A.columns), Ap(fine.A.rows);
  std::copy(x.data(), x.data() + fine.A.rows, p.begin());
  fine.A.exchange.run(p.data());
  reference::spmv(fine.A, p.data(), Ap.data());
  double local = 0;
  for (local_int i = 0; i < fine.A.rows; ++i) local += (b[i] - Ap[i]) * (b[i] - Ap[i]);
  return std::sqrt(problem.comm.sum(local));
}

template <class Inner>
GmresResult gmres(MxpWorkspace& ws, const Vector& b, Vector& x_host,
                  const GmresSettings& settings) {
  using P = Inner;  // the projection runs in the inner precision, as in the reference
  using S = Steps<Inner>;
  Backend& backend = ws.backend();
  const Level& fine = ws.problem().fine();
  const local_int n = fine.A.rows;
  const double global_n = static_cast<double>(fine.A.global_rows);
  const double spmv_flops = 2.0 * static_cast<double>(fine.A.global_nonzeros);
  const int m = settings.restart;

  BackendVector x = ws.allocate<double>(0, fine.A.columns), b_vec = ws.allocate<double>(0, n);
  BackendVector Ax = ws.allocate<double>(0, n), r = ws.allocate<double>(0, n);
  std::vector<BackendVector> Q;
  for (int j = 0; j <= m; ++j) Q.push_back(ws.allocate<Inner>(0, n));
  BackendVector z = ws.allocate<Inner>(0, fine.A.columns), update = ws.allocate<Inner>(0, n);
  backend.upload(b.data(), 0, n, b_vec);
  backend.upload(x_host.data(), 0, n, x);
  Projection<P> proj(m);
  // Gram-Schmidt's coefficients as the backend takes them, each pass's.
  std::vector<double> first_pass(m + 1), second_pass(m + 1);
  GmresResult result;
  FlopCount& flops = result.flops;

  backend.fence();
  const double start = wall_time();
  // Each lap adds the time since the previous one to the step kind that just ran.
  double mark = start;
  StepSeconds& steps = result.steps;
  auto lap = [&mark](double& kind) {
    const double now = wall_time();
    kind += now - mark;
    mark = now;
  };
  P normr(0), normr0(0);
  double normr0_hi = 0;
  while (result.iterations <= settings.max_iterations && !result.converged) {
    // The outer residual, always in double.
    ws.exchange_halo<double>(0, x);
    backend.spmv(0, x, Ax);
    if (StepAuditor* audits = ws.auditor()) audits->spmv<double>(0, x, Ax);
    lap(steps.spmv);
    backend.waxpby(n, 1.0, b_vec, -1.0, Ax, r);
    const double normr_hi = std::sqrt(global_dot<double>(ws, n, r, r));
    lap(steps.vector_update);
    flops.spmv += spmv_flops;
    flops.vector_update += 4.0 * global_n;
    if (result.iterations == 0) {
      normr0 = static_cast<P>(normr_hi);
      normr0_hi = normr_hi;
      result.initial_norm = normr_hi;
    }
    result.final_norm = normr_hi;
    result.restart_norms.push_back(normr_hi);
    normr = static_cast<P>(normr_hi);
    if (!std::isfinite(normr_hi)) {
      result.finite = false;
      break;
    }
    if (normr_hi / normr0_hi <= settings.tolerance) {
      result.converged = true;
      break;
    }
    S::from_double(backend, n, 1.0 / normr_hi, r, Q[0]);
    flops.vector_update += global_n;
    lap(steps.vector_update);

    // One restart cycle in Inner: z = M q_{k-1}, q_k = A z, CGS2, normalise, rotate.
    int k = 1;
    proj.t[0] = normr;
    while (k <= m && normr / normr0 > settings.tolerance && !std::isnan(normr)) {
      ws.vcycle<Inner>(Q[k - 1], z, flops);
      lap(steps.mg);
      ws.exchange_halo<Inner>(0, z);
      S::spmv(backend, 0, z, Q[k]);
      if (StepAuditor* audits = ws.auditor()) audits->spmv<Inner>(0, z, Q[k]);
      flops.spmv += spmv_flops;
      lap(steps.spmv);
      orthogonalize<Inner>(ws, n, Q, k, z, proj, first_pass, second_pass);
      const P beta = std::sqrt(global_dot<Inner>(ws, n, Q[k], Q[k]));
      S::waxpby(backend, n, static_cast<Inner>(P(1) / beta), Q[k], 0.0, Q[k], Q[k]);
      flops.orthogonalization += 8.0 * k * global_n + 3.0 * global_n;
      proj.at(k, k - 1) = beta;
      normr = rotate(proj, k);
      lap(steps.orthogonalization);
      ++result.iterations;
      ++k;
    }

    // x += M (Q y): y from the triangle, the sum in Inner, the update in double.
    solve_upper(proj, k - 1);
    S::fill(backend, update, 0.0);
    for (int j = 0; j < k - 1; ++j) S::waxpby(backend, n, 1.0, update, proj.t[j], Q[j], update);
    lap(steps.vector_update);
    ws.vcycle<Inner>(update, z, flops);
    lap(steps.mg);
    S::add_to_double(backend, n, z, x);
    flops.vector_update += 2.0 * global_n * (k - 1) + 2.0 * global_n;
  }
  backend.fence();
  lap(steps.vector_update);
  result.seconds = mark - start;
  backend.download(x, 0, n, x_host.data());
  return result;
}

template GmresResult gmres<double>(MxpWorkspace&, const Vector&, Vector&, const GmresSettings&);
template GmresResult gmres<float>(MxpWorkspace&, const Vector&, Vector&, const GmresSettings&);

}  // namespace hpcg::hpgmp
