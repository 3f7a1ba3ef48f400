// SPDX-License-Identifier: BSD-3-Clause
// Reference kernels. SpMV and the vector kernels are threaded as in HPCG 3.1; SymGS stays
// sequential because Gauss-Seidel in natural order is inherently so (optimised backends reorder).
#include "hpcg/backends/reference_kernels.hpp"

#include <vector>

#include "hpcg/backends/threaded_sum.hpp"
#include "hpcg/base/threads.hpp"

namespace hpcg::reference {
namespace {

inline double row_sum(const SparseMatrix& A, local_int i, const double* x) {
  double sum = 0.0;
  for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
    sum += A.values[k] * x[A.column_index[k]];
  }
  return sum;
}

inline void relax_row(const SparseMatrix& A, local_int i, const double* r, double* x) {
  const nnz_int end = A.row_start[i + 1];
  double sum = r[i];
  for (nnz_int k = A.row_start[i]; k < end; ++k) sum -= A.values[k] * x[A.column_index[k]];
  const double diagonal = A.values[A.diagonal[i]];
  sum += x[i] * diagonal;  // the loop subtracted the diagonal term too; add it back
  x[i] = sum / diagonal;
}

}  // namespace

void spmv(const SparseMatrix& A, const double* x, double* y) {
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < A.rows; ++i) y[i] = row_sum(A, i, x);
}

void symgs(const SparseMatrix& A, const double* r, double* x) {
  for (local_int i = 0; i < A.rows; ++i) relax_row(A, i, r, x);
  for (local_int i = A.rows - 1; i >= 0; --i) relax_row(A, i, r, x);
}

void symgs_in_order(const SparseMatrix& A, const local_int* order, const double* r, double* x) {
  for (local_int k = 0; k < A.rows; ++k) relax_row(A, order[k], r, x);
  for (local_int k = A.rows - 1; k >= 0; --k) relax_row(A, order[k], r, x);
}

double dot(local_int n, const double* x, const double* y) {
  return threaded_blocked_sum(n, [x, y](local_int i) { return x[i] * y[i]; });
}

void waxpby(local_int n, double alpha, const double* x, double beta, const double* y, double* w) {
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) w[i] = alpha * x[i] + beta * y[i];
}

void residual_restriction(const Level& fine, const double* r, const double* x, double* rc) {
  const local_int* map = fine.coarse_to_fine.data();
  const auto n = static_cast<local_int>(fine.coarse_to_fine.size());
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) rc[i] = r[map[i]] - row_sum(fine.A, map[i], x);
}

void prolongation(const Level& fine, const double* xc, double* x) {
  const local_int* map = fine.coarse_to_fine.data();
  const auto n = static_cast<local_int>(fine.coarse_to_fine.size());
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) x[map[i]] += xc[i];
}

}  // namespace hpcg::reference
