// SPDX-License-Identifier: BSD-3-Clause
#include "kernels.hpp"

#include <algorithm>

namespace hpcg::backends::openmp {
namespace {

/// The matrix as the sweeps read it: row i's L is [start[i], diagonal[i]) of the core's rows,
/// its U (diagonal[i], start[i + 1]) there and [upper_start[i], upper_start[i + 1]) in the copy.
struct SweepMatrix {
  const nnz_int* start;
  const local_int* column;
  const double* value;
  const nnz_int* diagonal;
  const nnz_int* upper_start;
  const local_int* upper_column;
  const double* upper_value;
  const double* inverse_diagonal;

  SweepMatrix(const SparseMatrix& A, const SweepLayout& layout)
      : start(A.row_start.data()), column(A.column_index.data()), value(A.values.data()),
        diagonal(A.diagonal.data()), upper_start(layout.upper_start.data()),
        upper_column(layout.upper_column.data()), upper_value(layout.upper_value.data()),
        inverse_diagonal(layout.inverse_diagonal.data()) {}

  static double subtract(double sum, nnz_int begin, nnz_int end, const local_int* column,
                         const double* value, const double* x) {
    for (nnz_int k = begin; k < end; ++k) sum -= value[k] * x[column[k]];
    return sum;
  }
  /// sum - (L x)_i, from the core's row.
  double subtract_lower(double sum, local_int i, const double* x) const {
    return subtract(sum, start[i], diagonal[i], column, value, x);
  }
  /// sum - (U x)_i, from the core's row: the forward sweep reads it right after L.
  double subtract_upper_in_row(double sum, local_int i, const double* x) const {
    return subtract(sum, diagonal[i] + 1, start[i + 1], column, value, x);
  }
  /// sum - (U x)_i, from the U copy.
  double subtract_upper(double sum, local_int i, const double* x) const {
    return subtract(sum, upper_start[i], upper_start[i + 1], upper_column, upper_value, x);
  }
};

}  // namespace

void block_symgs(const SparseMatrix& A, const SweepLayout& layout, const BlockColoring& coloring,
                 const Vector& r, Vector& x, Vector& t, bool zero_guess) {
  const SweepMatrix M(A, layout);
  const local_int* block_start = coloring.block_start.data();
  const local_int* blocks = coloring.blocks.data();
  const local_int* color_start = coloring.color_start.data();
  const double* rv = r.data();
  double* xv = x.data();
  double* tv = t.data();
  const int colors = coloring.colors();
  // From a zero guess U x is 0 in the forward sweep; the backward sweep reads the halo's zeros.
  if (zero_guess) std::fill(xv + A.rows, xv + A.columns, 0.0);
#pragma omp parallel
  {
    for (int c = 0; c < colors; ++c) {
#pragma omp for schedule(static)
      for (local_int k = color_start[c]; k < color_start[c + 1]; ++k) {
        const local_int b = blocks[k];
        for (local_int i = block_start[b]; i < block_start[b + 1]; ++i) {
          const double lower = M.subtract_lower(rv[i], i, xv);
          tv[i] = lower;
          const double sum = zero_guess ? lower : M.subtract_upper_in_row(lower, i, xv);
          xv[i] = sum * M.inverse_diagonal[i];
        }
      }
    }
    for (int c = colors - 1; c >= 0; --c) {
#pragma omp for schedule(static)
      for (local_int k = color_start[c]; k < color_start[c + 1]; ++k) {
        const local_int b = blocks[k];
        for (local_int i = block_start[b + 1] - 1; i >= block_start[b]; --i) {
          xv[i] = M.subtract_upper(tv[i], i, xv) * M.inverse_diagonal[i];
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
  const double* rv = r.data();
  double* rcv = rc.data();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) {
    const local_int f = map[i];
    double ax = 0.0;
    for (nnz_int k = start[f]; k < start[f + 1]; ++k) ax += value[k] * xv[column[k]];
    rcv[i] = rv[f] - ax;
  }
}

}  // namespace hpcg::backends::openmp
