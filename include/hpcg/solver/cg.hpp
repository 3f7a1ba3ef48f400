// SPDX-License-Identifier: BSD-3-Clause
// Preconditioned conjugate gradients exactly as HPCG 3.1 (one algorithm for the reference and
// the optimised runs; only the backend differs), with HPCG's per-kernel timers.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "hpcg/solver/workspace.hpp"

namespace hpcg {

/// Seconds spent per kernel (HPCG's times[0..5]).
struct KernelTimes {
  double total = 0, dot = 0, waxpby = 0, spmv = 0, allreduce = 0, mg = 0;
  void add(const KernelTimes& other);
};

struct CgOptions {
  int max_iterations = 50;
  /// Stop once ||r||/||r0|| <= tolerance * (1 + 1e-6) (HPCG's round-off allowance); 0 runs
  /// exactly max_iterations.
  double tolerance = 0.0;
  bool preconditioned = true;
};

/// What CG took from the backend in an audited iteration, with r (not yet updated), z = M r, p
/// and Ap = A p as they stand: the global r'z and p'Ap of this iteration, and the ||r|| of the
/// previous one (of this r); and this rank's parts of r'z, p'Ap and r'r as its backend summed
/// them, before the core's sum over ranks.
struct CgIterate {
  int iteration = 0;  ///< 1-based
  double rtz = 0, pAp = 0, normr = 0;
  double local_rtz = 0, local_pAp = 0, local_rr = 0;
};

/// Checks of the backend on CG's live vectors, called in each iteration k for which wants(k)
/// (every iteration when wants is empty), after Ap = A p. Their time is not charged to CG.
struct CgAudit {
  std::function<bool(int)> wants;
  std::function<void(const CgIterate&)> check;
};

struct CgResult {
  int iterations = 0;
  double residual_norm = 0;          ///< ||r|| at the end
  double initial_residual_norm = 0;  ///< ||b - A x0||
  /// The first value of the core's that was NaN or infinite ("p'Ap in iteration 7"), which
  /// stopped CG; empty when all were finite.
  std::string non_finite;
  /// ||r_k|| / ||r0|| after each iteration k = 1, 2, ...
  std::vector<double> scaled_residuals;
  double scaled_residual() const {
    return initial_residual_norm > 0 ? residual_norm / initial_residual_norm : 0.0;
  }
};

/// Solves A x = b on the fine level from the x in ws.cg, with ws.cg's vectors. Times are added
/// to `times`; a backend's fused kernels are charged to the first kernel they replace (SpMV for
/// SpMV + dot, WAXPBY for WAXPBY + dot), the Allreduce after them to DDOT. Collective.
CgResult run_cg(Workspace& ws, const CgOptions& options, KernelTimes& times,
                const CgAudit* audit = nullptr);

}  // namespace hpcg
