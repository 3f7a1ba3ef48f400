// SPDX-License-Identifier: BSD-3-Clause
// GMRES(m) with a double outer loop and an inner loop in Inner, following HPG-MxP's GMRES and
// GMRES_IR step for step (the same operations in the same order, so the same iteration counts):
// CGS2 orthogonalisation, its Givens rotations, and the update x += M (Q y) at each restart.
#include "hpcg/hpgmp/gmres.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "hpcg/base/timer.hpp"

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
  const P d1 = P(1) / std::sqrt(f2 * fg2);
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

/// One pass of classical Gram-Schmidt of q against basis[0..k-1]: h = Q^T q, q -= Q h.
template <class T>
void gram_schmidt_pass(const Comm& comm, local_int n, std::vector<std::vector<T>>& basis, int k,
                       T* q, std::vector<T>& h) {
  std::fill(h.begin(), h.begin() + k, T(0));
  for (int j = 0; j < k; ++j) {
    const T* v = basis[j].data();
    T sum(0);
#pragma omp parallel for reduction(+ : sum) schedule(static)
    for (local_int i = 0; i < n; ++i) sum += v[i] * q[i];
    h[j] = sum;
  }
  if (comm.size() > 1) {
    MPI_Allreduce(MPI_IN_PLACE, h.data(), k,
                  std::is_same_v<T, float> ? MPI_FLOAT : MPI_DOUBLE, MPI_SUM, comm.get());
  }
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) {
    T sum = q[i];
    for (int j = 0; j < k; ++j) sum -= basis[j][i] * h[j];
    q[i] = sum;
  }
}

}  // namespace

double residual_norm(NonsymProblem& problem, const Vector& b, const Vector& x) {
  NonsymLevel& fine = problem.fine();
  std::vector<double> p(fine.A.columns), Ap(fine.A.rows);
  std::copy(x.data(), x.data() + fine.A.rows, p.begin());
  spmv(fine, p.data(), Ap.data());
  for (local_int i = 0; i < fine.A.rows; ++i) Ap[i] = b[i] - Ap[i];
  const Comm& comm = problem.comm;
  return std::sqrt(dot<double>(comm, fine.A.rows, Ap.data(), Ap.data()));
}

template <class Inner>
GmresResult gmres(NonsymProblem& problem, const Vector& b, Vector& x,
                  const GmresSettings& settings) {
  using P = Inner;  // the projection runs in the inner precision, as in the reference
  NonsymLevel& fine = problem.fine();
  const local_int n = fine.A.rows;
  const double global_n = static_cast<double>(fine.A.global_rows);
  const double spmv_flops = 2.0 * static_cast<double>(fine.A.global_nonzeros);
  const Comm& comm = problem.comm;
  const int m = settings.restart;

  std::vector<double> p_hi(fine.A.columns), Ap_hi(n), r_hi(n);
  std::vector<std::vector<Inner>> Q(m + 1, std::vector<Inner>(n));
  std::vector<Inner> z(fine.A.columns), r_lo(n);
  MgWorkspace<Inner> mg_work(problem);
  Projection<P> proj(m);
  GmresResult result;
  FlopCount& flops = result.flops;

  const double start = wall_time();
  P normr(0), normr0(0);
  double normr0_hi = 0;
  while (result.iterations <= settings.max_iterations && !result.converged) {
    // The outer residual, always in double.
    std::copy(x.data(), x.data() + n, p_hi.begin());
    spmv(fine, p_hi.data(), Ap_hi.data());
    flops.spmv += spmv_flops;
#pragma omp parallel for schedule(static)
    for (local_int i = 0; i < n; ++i) r_hi[i] = b[i] - Ap_hi[i];
    const double normr_hi = std::sqrt(dot<double>(comm, n, r_hi.data(), r_hi.data()));
    flops.vector_update += 4.0 * global_n;
    if (result.iterations == 0) {
      normr0 = static_cast<P>(normr_hi);
      normr0_hi = normr_hi;
      result.initial_norm = normr_hi;
    }
    result.final_norm = normr_hi;
    normr = static_cast<P>(normr_hi);
    if (!std::isfinite(normr_hi)) {
      result.finite = false;
      break;
    }
    if (normr_hi / normr0_hi <= settings.tolerance) {
      result.converged = true;
      break;
    }
    const double scale = 1.0 / normr_hi;
#pragma omp parallel for schedule(static)
    for (local_int i = 0; i < n; ++i) Q[0][i] = static_cast<Inner>(r_hi[i] * scale);
    flops.vector_update += global_n;

    // One restart cycle in Inner: z = M q_{k-1}, q_k = A z, CGS2, normalise, rotate.
    int k = 1;
    proj.t[0] = normr;
    while (k <= m && normr / normr0 > settings.tolerance && !std::isnan(normr)) {
      mg_vcycle(problem, mg_work, 0, Q[k - 1].data(), z.data(), flops);
      Inner* q = Q[k].data();
      spmv(fine, z.data(), q);
      flops.spmv += spmv_flops;
      gram_schmidt_pass(comm, n, Q, k, q, proj.h);
      for (int i = 0; i < k; ++i) proj.at(i, k - 1) = proj.h[i];
      gram_schmidt_pass(comm, n, Q, k, q, proj.h);
      for (int i = 0; i < k; ++i) proj.at(i, k - 1) += proj.h[i];
      const P beta = std::sqrt(dot<P>(comm, n, q, q));
      const Inner inverse = static_cast<Inner>(P(1) / beta);
#pragma omp parallel for schedule(static)
      for (local_int i = 0; i < n; ++i) q[i] *= inverse;
      flops.orthogonalization += 8.0 * k * global_n + 3.0 * global_n;
      proj.at(k, k - 1) = beta;
      normr = rotate(proj, k);
      ++result.iterations;
      ++k;
    }

    // x += M (Q y): y from the triangle, the sum in Inner, the update in double.
    solve_upper(proj, k - 1);
#pragma omp parallel for schedule(static)
    for (local_int i = 0; i < n; ++i) {
      Inner sum(0);
      for (int j = 0; j < k - 1; ++j) sum += Q[j][i] * static_cast<Inner>(proj.t[j]);
      r_lo[i] = sum;
    }
    mg_vcycle(problem, mg_work, 0, r_lo.data(), z.data(), flops);
#pragma omp parallel for schedule(static)
    for (local_int i = 0; i < n; ++i) x[i] += static_cast<double>(z[i]);
    flops.vector_update += 2.0 * global_n * (k - 1) + 2.0 * global_n;
  }
  result.seconds = wall_time() - start;
  return result;
}

template GmresResult gmres<double>(NonsymProblem&, const Vector&, Vector&, const GmresSettings&);
template GmresResult gmres<float>(NonsymProblem&, const Vector&, Vector&, const GmresSettings&);

}  // namespace hpcg::hpgmp
