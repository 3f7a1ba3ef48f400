// SPDX-License-Identifier: BSD-3-Clause
// HPCG 3.1's CG, kernel by kernel in the reference's order, so that residuals agree with it.
#include "hpcg/solver/cg.hpp"

#include <cmath>

#include "hpcg/base/timer.hpp"
#include "hpcg/solver/multigrid.hpp"

namespace hpcg {

void KernelTimes::add(const KernelTimes& other) {
  total += other.total;
  dot += other.dot;
  waxpby += other.waxpby;
  spmv += other.spmv;
  allreduce += other.allreduce;
  mg += other.mg;
}

CgResult run_cg(Backend& backend, Problem& problem, const Comm& comm, const Vector& b, Vector& x,
                const CgOptions& options, KernelTimes& times) {
  const double start = wall_time();
  KernelTimes t;
  Level& fine = problem.fine();
  const local_int n = fine.A.rows;
  auto& [r, z, p, Ap] = problem.cg;
  auto dot = [&](const Vector& u, const Vector& v) {
    ScopedTimer timer(t.dot);
    return global_dot(backend, comm, n, u, v, &t.allreduce);
  };
  auto waxpby = [&](double alpha, const Vector& u, double beta, const Vector& v, Vector& w) {
    ScopedTimer timer(t.waxpby);
    backend.waxpby(n, alpha, u, beta, v, w);
  };

  CgResult result;
  p.copy_from(x);
  {
    ScopedTimer timer(t.spmv);
    apply_spmv(backend, fine, p, Ap);
  }
  waxpby(1.0, b, -1.0, Ap, r);
  double normr = std::sqrt(dot(r, r));
  const double normr0 = normr;
  double rtz = 0.0;
  const double stop_at = options.tolerance * (1.0 + 1.0e-6);
  for (int k = 1; k <= options.max_iterations && normr0 > 0 && normr / normr0 > stop_at; ++k) {
    {
      ScopedTimer timer(t.mg);
      if (options.preconditioned) {
        apply_mg(backend, problem, r, z);
      } else {
        z.copy_from(r);
      }
    }
    if (k == 1) {
      waxpby(1.0, z, 0.0, z, p);
      rtz = dot(r, z);
    } else {
      double old_rtz = rtz;
      rtz = dot(r, z);
      waxpby(1.0, z, rtz / old_rtz, p, p);
    }
    {
      ScopedTimer timer(t.spmv);
      apply_spmv(backend, fine, p, Ap);
    }
    double alpha = rtz / dot(p, Ap);
    waxpby(1.0, x, alpha, p, x);
    waxpby(1.0, r, -alpha, Ap, r);
    normr = std::sqrt(dot(r, r));
    result.iterations = k;
  }
  result.residual_norm = normr;
  result.initial_residual_norm = normr0;
  t.total = wall_time() - start;
  times.add(t);
  return result;
}

}  // namespace hpcg
