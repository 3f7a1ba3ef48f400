// SPDX-License-Identifier: BSD-3-Clause
// HPG-MxP's solver, written once: restarted, right-preconditioned GMRES with classical
// Gram-Schmidt done twice, whose outer loop (residual b - A x and the update of x) is always
// double. Inner = double is the reference GMRES(30); Inner = float is GMRES-IR, whose Krylov
// basis, Hessenberg projection and multigrid run in float. Every vector step is the backend's.
#pragma once

#include <vector>

#include "hpcg/hpgmp/mxp_workspace.hpp"

namespace hpcg::hpgmp {

struct GmresSettings {
  int restart = 30;
  int max_iterations = 300;  ///< the outer loop starts a cycle while iterations <= this
  double tolerance = 0.0;    ///< on the outer residual ||b - A x|| / ||b - A x0||
};

/// Where a solve's time went, by the flop count's categories: spmv (the outer and inner SpMVs with
/// their halo exchanges), mg (the V-cycles), orthogonalization (Gram-Schmidt, the normalisation,
/// the rotations), vector_update (the outer residual's update and norm, the crossings between
/// precisions, x += M (Q y)). One clock read per step; audits land in the step they audit. A
/// backend whose steps run asynchronously shows its time where the host waited.
struct StepSeconds {
  double spmv = 0, mg = 0, orthogonalization = 0, vector_update = 0;
  StepSeconds& operator+=(const StepSeconds& o) {
    spmv += o.spmv;
    mg += o.mg;
    orthogonalization += o.orthogonalization;
    vector_update += o.vector_update;
    return *this;
  }
};

struct GmresResult {
  int iterations = 0;        ///< inner iterations: one preconditioned SpMV each
  double initial_norm = 0;   ///< ||b - A x0||, in double
  double final_norm = 0;     ///< ||b - A x|| at the last restart, recomputed in double
  /// ||b - A x|| at the start of each restart cycle, the last one final_norm: what a traced
  /// build of HPG-MxP's reference prints, to find the first cycle where the two differ.
  std::vector<double> restart_norms;
  bool converged = false;
  bool finite = true;
  FlopCount flops;
  double seconds = 0;
  StepSeconds steps;  ///< seconds split by step kind; their sum is `seconds`
};

/// Solves A x = b from the x given (rows entries) with the steps of the workspace's backend: x and
/// b are uploaded before and x downloaded after the solve, outside its time. Collective.
template <class Inner>
GmresResult gmres(MxpWorkspace& workspace, const Vector& b, Vector& x,
                  const GmresSettings& settings);

/// ||b - A x|| in double, computed by the core with the reference SpMV on the host, whatever
/// backend and solver produced x. Collective.
double residual_norm(NonsymProblem& problem, const Vector& b, const Vector& x);

}  // namespace hpcg::hpgmp
