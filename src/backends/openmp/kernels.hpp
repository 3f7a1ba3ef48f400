// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's kernels on the core's CSR matrix.
#pragma once

#include "coloring.hpp"
#include "hpcg/linalg/vector.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg::backends::openmp {

/// One symmetric Gauss-Seidel step in block-colour order: colours 0..K-1 with each block swept
/// forward, then colours K-1..0 with each block swept backward (a symmetric operator). The blocks
/// of a colour run in parallel. x's halo must be current.
void block_symgs(const SparseMatrix& A, const BlockColoring& coloring, const Vector& r, Vector& x);

/// rc[i] = r[f] - (A x)[f] for f = coarse_to_fine[i]: the residual only where it is injected.
void residual_restriction(const Level& fine, const Vector& r, const Vector& x, Vector& rc);

}  // namespace hpcg::backends::openmp
