// SPDX-License-Identifier: BSD-3-Clause
#include "kernels.hpp"

#include <algorithm>
#include <cstdint>

namespace hpcg::backends::openmp {
namespace {

/// Column of an L entry: stored as an offset from the row, or as the column itself.
inline local_int column_of(local_int i, std::int16_t offset) { return i + offset; }
inline local_int column_of(local_int, local_int column) { return column; }

/// The split matrix as the sweeps read it.
template <class LowerIndex>
struct SweepMatrix {
  const std::uint32_t* lower_start;
  const LowerIndex* lower_index;
  const double* lower_value;
  const std::uint32_t* upper_start;
  const local_int* upper_column;
  const double* upper_value;
  const double* inverse_diagonal;

  SweepMatrix(const SweepLayout& layout, const LowerIndex* lower)
      : lower_start(layout.lower_start.data()), lower_index(lower),
        lower_value(layout.lower_value.data()), upper_start(layout.upper_start.data()),
        upper_column(layout.upper_column.data()), upper_value(layout.upper_value.data()),
        inverse_diagonal(layout.inverse_diagonal.data()) {}

  /// sum - (L x)_i.
  double subtract_lower(double sum, local_int i, const double* x) const {
    for (std::uint32_t k = lower_start[i]; k < lower_start[i + 1]; ++k) {
      sum -= lower_value[k] * x[column_of(i, lower_index[k])];
    }
    return sum;
  }
  /// sum - (U x)_i.
  double subtract_upper(double sum, local_int i, const double* x) const {
    for (std::uint32_t k = upper_start[i]; k < upper_start[i + 1]; ++k) {
      sum -= upper_value[k] * x[upper_column[k]];
    }
    return sum;
  }
};

template <class LowerIndex>
void sweep(const SweepMatrix<LowerIndex>& M, const BlockColoring& coloring, const double* r,
           double* x, double* t, bool zero_guess) {
  const local_int* block_start = coloring.block_start.data();
  const local_int* blocks = coloring.blocks.data();
  const local_int* color_start = coloring.color_start.data();
  const int colors = coloring.colors();
#pragma omp parallel
  {
    for (int c = 0; c < colors; ++c) {
#pragma omp for schedule(static)
      for (local_int k = color_start[c]; k < color_start[c + 1]; ++k) {
        const local_int b = blocks[k];
        for (local_int i = block_start[b]; i < block_start[b + 1]; ++i) {
          const double lower = M.subtract_lower(r[i], i, x);
          t[i] = lower;
          x[i] = (zero_guess ? lower : M.subtract_upper(lower, i, x)) * M.inverse_diagonal[i];
        }
      }
    }
    for (int c = colors - 1; c >= 0; --c) {
#pragma omp for schedule(static)
      for (local_int k = color_start[c]; k < color_start[c + 1]; ++k) {
        const local_int b = blocks[k];
        for (local_int i = block_start[b + 1] - 1; i >= block_start[b]; --i) {
          x[i] = M.subtract_upper(t[i], i, x) * M.inverse_diagonal[i];
        }
      }
    }
  }
}

}  // namespace

void block_symgs(const SparseMatrix& A, const SweepLayout& layout, const BlockColoring& coloring,
                 const Vector& r, Vector& x, Vector& t, bool zero_guess) {
  double* xv = x.data();
  // From a zero guess U x is 0 in the forward sweep; the backward sweep reads the halo's zeros.
  if (zero_guess) std::fill(xv + A.rows, xv + A.columns, 0.0);
  if (layout.lower_as_offsets) {
    sweep(SweepMatrix<std::int16_t>(layout, layout.lower_offset.data()), coloring, r.data(), xv,
          t.data(), zero_guess);
  } else {
    sweep(SweepMatrix<local_int>(layout, layout.lower_column.data()), coloring, r.data(), xv,
          t.data(), zero_guess);
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
