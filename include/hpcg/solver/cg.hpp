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

/// Checks of the backend on CG's live vectors, called in iteration `iteration` (1-based; 0 =
/// every iteration) after Ap = A p, while z = M r still holds. Their time is not charged to CG.
struct CgAudit {
  int iteration = 0;
  std::function<void()> check;
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
