// SPDX-License-Identifier: BSD-3-Clause
// Preconditioned conjugate gradients exactly as HPCG 3.1 (one algorithm for the reference and
// the optimised runs; only the backend differs), with HPCG's per-kernel timers.
#pragma once

#include "hpcg/backend/backend.hpp"
#include "hpcg/base/comm.hpp"
#include "hpcg/problem/problem.hpp"

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

struct CgResult {
  int iterations = 0;
  double residual_norm = 0;          ///< ||r|| at the end
  double initial_residual_norm = 0;  ///< ||b - A x0||
  double scaled_residual() const {
    return initial_residual_norm > 0 ? residual_norm / initial_residual_norm : 0.0;
  }
};

/// Solves A x = b from the given x with the fine level of `problem`; x holds the fine columns.
/// Times are added to `times`. Collective.
CgResult run_cg(Backend& backend, Problem& problem, const Comm& comm, const Vector& b, Vector& x,
                const CgOptions& options, KernelTimes& times);

}  // namespace hpcg
