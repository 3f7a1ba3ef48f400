// SPDX-License-Identifier: BSD-3-Clause
// HPCG 3.1's CG, kernel by kernel in the reference's order, so that residuals agree with it.
#include "hpcg/solver/cg.hpp"

#include <cmath>
#include <string>

#include "hpcg/base/stop_signal.hpp"
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

namespace {

/// Adds the time to `accumulator` once the backend has finished what was launched meanwhile;
/// for an asynchronous backend, the time until the step returned (no fence per step).
class KernelTimer {
 public:
  KernelTimer(double& accumulator, Backend& backend)
      : accumulator_(accumulator), backend_(backend), start_(wall_time()) {}
  ~KernelTimer() {
    if (!backend_.asynchronous()) backend_.fence();
    accumulator_ += wall_time() - start_;
  }
  KernelTimer(const KernelTimer&) = delete;
  KernelTimer& operator=(const KernelTimer&) = delete;

 private:
  double& accumulator_;
  Backend& backend_;
  double start_;
};

}  // namespace

CgResult run_cg(Workspace& ws, const CgOptions& options, KernelTimes& times,
                const CgAudit* audit) {
  const double start = wall_time();
  KernelTimes t;
  Backend& backend = ws.backend();
  const FusedKernels fused = backend.fused_kernels();
  const local_int n = ws.rows(0);
  auto& [b, x, r, z, p, Ap] = ws.cg;
  // The rank's part of the latest global sum, for an audit to check the backend's own sums.
  double last_local = 0.0;
  auto sum = [&](double local) {
    KernelTimer timer(t.dot, backend);
    last_local = local;
    return global_sum(ws.comm(), local, &t.allreduce);
  };
  auto dot = [&](const BackendVector& u, const BackendVector& v) {
    KernelTimer timer(t.dot, backend);
    last_local = backend.dot(n, u, v);
    return global_sum(ws.comm(), last_local, &t.allreduce);
  };
  auto waxpby = [&](double alpha, const BackendVector& u, double beta, const BackendVector& v,
                    BackendVector& w) {
    KernelTimer timer(t.waxpby, backend);
    backend.waxpby(n, alpha, u, beta, v, w);
  };
  auto spmv = [&]() {
    KernelTimer timer(t.spmv, backend);
    apply_spmv(ws, 0, p, Ap);
  };
  // Ap = A p, and returns the global p.Ap.
  auto spmv_dot = [&]() {
    if (!fused.spmv_dot) {
      spmv();
      return dot(p, Ap);
    }
    double local = 0.0;
    {
      KernelTimer timer(t.spmv, backend);
      local = apply_spmv_dot(ws, 0, p, Ap);
    }
    return sum(local);
  };
  // r = r - alpha Ap, and returns the global r.r.
  auto update_residual = [&](double alpha) {
    if (!fused.waxpby_norm) {
      waxpby(1.0, r, -alpha, Ap, r);
      return dot(r, r);
    }
    double local = 0.0;
    {
      KernelTimer timer(t.waxpby, backend);
      local = backend.waxpby_norm(n, 1.0, r, -alpha, Ap, r);
    }
    return sum(local);
  };

  CgResult result;
  // A NaN or infinity would stop CG through the comparisons below as if it had converged: name
  // the first one instead. Every rank sees the same global values, so all stop together.
  auto finite = [&result](double value, const char* what, int k) {
    if (std::isfinite(value)) return true;
    if (result.non_finite.empty()) {
      result.non_finite = std::string(what) + " in iteration " + std::to_string(k);
    }
    return false;
  };
  double audit_seconds = 0.0;
  backend.copy(x, n, p);
  spmv();
  waxpby(1.0, b, -1.0, Ap, r);
  double normr = std::sqrt(dot(r, r));
  double local_rr = last_local;
  const double normr0 = normr;
  double rtz = 0.0, local_rtz = 0.0;
  const double stop_at = options.tolerance * (1.0 + 1.0e-6);
  bool healthy = finite(normr0, "||r0||", 0);
  result.scaled_residuals.reserve(options.max_iterations);
  for (int k = 1; healthy && k <= options.max_iterations && normr0 > 0 && normr / normr0 > stop_at;
       ++k) {
    stop_point_in_cg(k);  // one load: a stop signal ends the job between iterations
    {
      KernelTimer timer(t.mg, backend);
      if (options.preconditioned) {
        apply_mg(ws, r, z);
      } else {
        backend.copy(r, n, z);
      }
    }
    if (k == 1) {
      waxpby(1.0, z, 0.0, z, p);
      rtz = dot(r, z);
      local_rtz = last_local;
      healthy = finite(rtz, "r'z", k);
    } else {
      double old_rtz = rtz;
      rtz = dot(r, z);
      local_rtz = last_local;
      const double beta = rtz / old_rtz;
      healthy = finite(rtz, "r'z", k) && finite(beta, "beta", k);
      waxpby(1.0, z, beta, p, p);
    }
    const double pAp = spmv_dot();
    const double local_pAp = last_local;
    const double alpha = rtz / pAp;
    healthy = healthy && finite(pAp, "p'Ap", k) && finite(alpha, "alpha", k);
    if (audit != nullptr && (!audit->wants || audit->wants(k))) {
      backend.fence();
      const double audit_start = wall_time();
      audit->check({k, rtz, pAp, normr, local_rtz, local_pAp, local_rr});
      audit_seconds += wall_time() - audit_start;
    }
    waxpby(1.0, x, alpha, p, x);
    normr = std::sqrt(update_residual(alpha));
    local_rr = last_local;
    healthy = healthy && finite(normr, "||r||", k);
    result.iterations = k;
    result.scaled_residuals.push_back(normr / normr0);
  }
  stop_point_in_cg(-1);
  result.residual_norm = normr;
  result.initial_residual_norm = normr0;
  backend.fence();  // the run's time ends when its work has, also for an asynchronous backend
  t.total = wall_time() - start - audit_seconds;
  times.add(t);
  return result;
}

}  // namespace hpcg
