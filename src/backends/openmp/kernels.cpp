// SPDX-License-Identifier: BSD-3-Clause
#include "kernels.hpp"

namespace hpcg::backends::openmp {
namespace {

/// Gauss-Seidel update of row i, in the reference's arithmetic order.
inline void relax_row(const nnz_int* start, const local_int* column, const double* value,
                      const nnz_int* diagonal, local_int i, const double* r, double* x) {
  double sum = r[i];
  for (nnz_int k = start[i]; k < start[i + 1]; ++k) sum -= value[k] * x[column[k]];
  const double d = value[diagonal[i]];
  x[i] = (sum + x[i] * d) / d;
}

}  // namespace

void block_symgs(const SparseMatrix& A, const BlockColoring& coloring, const Vector& r, Vector& x) {
  const nnz_int* start = A.row_start.data();
  const local_int* column = A.column_index.data();
  const double* value = A.values.data();
  const nnz_int* diagonal = A.diagonal.data();
  const local_int* block_start = coloring.block_start.data();
  const local_int* blocks = coloring.blocks.data();
  const double* rv = r.data();
  double* xv = x.data();
  const int colors = coloring.colors();
#pragma omp parallel
  {
    for (int c = 0; c < colors; ++c) {
#pragma omp for schedule(static)
      for (local_int k = coloring.color_start[c]; k < coloring.color_start[c + 1]; ++k) {
        const local_int b = blocks[k];
        for (local_int i = block_start[b]; i < block_start[b + 1]; ++i) {
          relax_row(start, column, value, diagonal, i, rv, xv);
        }
      }
    }
    for (int c = colors - 1; c >= 0; --c) {
#pragma omp for schedule(static)
      for (local_int k = coloring.color_start[c]; k < coloring.color_start[c + 1]; ++k) {
        const local_int b = blocks[k];
        for (local_int i = block_start[b + 1] - 1; i >= block_start[b]; --i) {
          relax_row(start, column, value, diagonal, i, rv, xv);
        }
      }
    }
  }
}

void residual_restriction(const Level& fine, const Vector& r, const Vector& x, Vector& rc) {
  const SparseMatrix& A = fine.A;
  const nnz_int* start = A.row_start.data();
  const local_int* column = A.column_index.data();
  const double* value = A.values.data();
  const local_int* map = fine.coarse_to_fine.data();
  const auto n = static_cast<local_int>(fine.coarse_to_fine.size());
  const double* xv = x.data();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) {
    const local_int f = map[i];
    double ax = 0.0;
    for (nnz_int k = start[f]; k < start[f + 1]; ++k) ax += value[k] * xv[column[k]];
    rc[i] = r[f] - ax;
  }
}

}  // namespace hpcg::backends::openmp
