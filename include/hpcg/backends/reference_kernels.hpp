// SPDX-License-Identifier: BSD-3-Clause
// The reference kernels: HPCG 3.1's mathematics on the core's CSR storage in natural order, on
// host arrays. Every backend's default steps run these, and validation compares against them.
#pragma once

#include "hpcg/problem/problem.hpp"

namespace hpcg::reference {

/// y = A x on this rank's rows; x holds A.columns entries with a current halo. Threaded.
void spmv(const SparseMatrix& A, const double* x, double* y);

/// One symmetric Gauss-Seidel step (forward then backward sweep) for A x = r, sequential in
/// natural row order; x's halo entries must be current and stay fixed for both sweeps.
void symgs(const SparseMatrix& A, const double* r, double* x);

/// symgs() with the rows relaxed in `order` (each of A's rows once) and then in reverse: the step
/// a backend that declares that Gauss-Seidel order must reproduce to rounding. The identity
/// order gives symgs() bit for bit.
void symgs_in_order(const SparseMatrix& A, const local_int* order, const double* r, double* x);

/// Local part of x.y over the first n entries (the caller sums over ranks).
double dot(local_int n, const double* x, const double* y);

/// w = alpha x + beta y over the first n entries; w may alias x or y.
void waxpby(local_int n, double alpha, const double* x, double beta, const double* y, double* w);

/// rc[i] = r[f] - (A x)[f] with f = coarse_to_fine[i]: the reference's SpMV row sums, only at
/// the injected rows, so the result equals SpMV followed by injection bit for bit.
void residual_restriction(const Level& fine, const double* r, const double* x, double* rc);

/// x[f] += xc[i] with f = coarse_to_fine[i] (injection prolongation).
void prolongation(const Level& fine, const double* xc, double* x);

}  // namespace hpcg::reference
