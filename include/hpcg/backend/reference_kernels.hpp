// SPDX-License-Identifier: BSD-3-Clause
// The reference kernels: HPCG 3.1's mathematics on the core's CSR storage in natural order.
// Every backend falls back to these, and validation compares backends against them.
#pragma once

#include "hpcg/linalg/vector.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg::reference {

/// y = A x on this rank's rows; x's halo entries must be current. Threaded over rows.
void spmv(const SparseMatrix& A, const Vector& x, Vector& y);

/// One symmetric Gauss-Seidel step (forward then backward sweep) for A x = r, sequential in
/// natural row order; x's halo entries must be current and stay fixed for both sweeps.
void symgs(const SparseMatrix& A, const Vector& r, Vector& x);

/// Local part of x.y over the first n entries (the caller sums over ranks).
double dot(local_int n, const Vector& x, const Vector& y);

/// w = alpha x + beta y over the first n entries; w may alias x or y.
void waxpby(local_int n, double alpha, const Vector& x, double beta, const Vector& y, Vector& w);

/// rc[i] = r[f] - Axf[f] with f = coarse_to_fine[i] (injection of the residual).
void restrict_residual(const Level& fine, const Vector& r, const Vector& Axf, Vector& rc);

/// x[f] += xc[i] with f = coarse_to_fine[i] (injection prolongation).
void prolongate(const Level& fine, const Vector& xc, Vector& x);

}  // namespace hpcg::reference
