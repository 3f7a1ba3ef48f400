// SPDX-License-Identifier: BSD-3-Clause
// The reference kernels of HPG-MxP's steps: a level's matrix with its values given apart (the
// double ones, or the same rounded to float), the forward Gauss-Seidel sweep HPG-MxP prescribes,
// and the vector kernels on floats. The *_float steps' defaults run these, and xhpgmp's checks
// compare a backend against them.
#pragma once

#include "hpcg/problem/problem.hpp"

namespace hpcg::reference {

/// Row i of A x with A's pattern and `values`, its terms added in the row's stored order: the
/// row of spmv_values() and residual_restriction_values().
template <class T>
T row_sum(const SparseMatrix& A, const T* values, local_int i, const T* x) {
  T sum(0);
  for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
    sum += values[k] * x[A.column_index[k]];
  }
  return sum;
}

/// y = A x with A's pattern and `values` (A.values or a rounded copy); x's halo is current.
template <class T>
void spmv_values(const SparseMatrix& A, const T* values, const T* x, T* y);

/// One forward Gauss-Seidel sweep for A x = r, relaxing the rows in `order` (each row once), or
/// in natural order where `order` is nullptr; x's halo is current.
template <class T>
void gs_forward(const SparseMatrix& A, const T* values, const local_int* order, const T* r, T* x);

/// rc[i] = r[f] - (A x)[f] with f = coarse_to_fine[i], each row summed as spmv_values() does.
template <class T>
void residual_restriction_values(const Level& fine, const T* values, const T* r, const T* x,
                                 T* rc);

/// x[f] += xc[i] with f = coarse_to_fine[i].
void prolongation(const Level& fine, const float* xc, float* x);

/// Local x.y over the first n entries, accumulated in float as HPG-MxP's inner solver does
/// (per-thread sums added in thread order, so repeatable).
double dot(local_int n, const float* x, const float* y);

/// w = alpha x + beta y in float over the first n entries; w may alias x or y.
void waxpby(local_int n, float alpha, const float* x, float beta, const float* y, float* w);

}  // namespace hpcg::reference
