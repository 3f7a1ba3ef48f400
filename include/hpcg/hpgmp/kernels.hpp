// SPDX-License-Identifier: BSD-3-Clause
// The core's own steps of HPG-MxP's solvers in either precision: SpMV, the forward Gauss-Seidel
// sweep the reference prescribes for the nonsymmetric case, the V-cycle, and the reductions
// (accumulated in the type the reference uses, then summed over the ranks).
#pragma once

#include <vector>

#include "hpcg/hpgmp/nonsym_problem.hpp"

namespace hpcg::hpgmp {

/// Floating-point operations by the reference's categories.
struct FlopCount {
  double spmv = 0, mg = 0, orthogonalization = 0, vector_update = 0;
  double total() const { return spmv + mg + orthogonalization + vector_update; }
};

/// Per level: the coarse residual, coarse correction and A*x on the fine side (the reference's
/// MGData), in the precision of the V-cycle.
template <class T>
struct MgWorkspace {
  std::vector<std::vector<T>> coarse_r, coarse_x, fine_Ax;
  explicit MgWorkspace(const NonsymProblem& problem);
};

/// y = A x on `level` in T; x holds columns entries, its halo is exchanged first.
template <class T>
void spmv(NonsymLevel& level, T* x, T* y);

/// One forward Gauss-Seidel sweep (x updated in place, rows in order) after a halo exchange.
template <class T>
void gs_forward(NonsymLevel& level, const T* r, T* x);

/// x = M r: HPCG's V-cycle from level `l` down, one forward sweep before and after, one sweep on
/// the coarsest grid. `x` holds columns entries and is zeroed first.
template <class T>
void mg_vcycle(NonsymProblem& problem, MgWorkspace<T>& work, int l, const T* r, T* x,
               FlopCount& flops);

/// Sum over the ranks of x . y, accumulated locally in Acc.
template <class Acc, class T>
Acc dot(const Comm& comm, local_int n, const T* x, const T* y);

}  // namespace hpcg::hpgmp
