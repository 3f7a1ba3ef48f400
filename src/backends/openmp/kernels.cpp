// SPDX-License-Identifier: BSD-3-Clause
#include "kernels.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "hpcg/base/threads.hpp"

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

/// Calls body(M) with the split matrix M as the kernels read it, L's columns as stored.
template <class Body>
void with_sweep_matrix(const SweepLayout& layout, const Body& body) {
  if (layout.lower_as_offsets) {
    body(SweepMatrix<std::int16_t>(layout, layout.lower_offset.data()));
  } else {
    body(SweepMatrix<local_int>(layout, layout.lower_column.data()));
  }
}

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
                 const double* r, double* x, double* t, bool zero_guess) {
  // From a zero guess U x is 0 in the forward sweep; the backward sweep reads the halo's zeros.
  if (zero_guess) std::fill(x + A.rows, x + A.columns, 0.0);
  with_sweep_matrix(layout, [&](const auto& M) { sweep(M, coloring, r, x, t, zero_guess); });
}

namespace {

/// (A x)_i from the core's CSR in four independent partial sums: one running sum would make
/// every product wait for the previous addition (27 in a row); on one idle core here the SpMV
/// ran 10-25% faster so. The summation order is fixed, so results repeat bit for bit.
inline double row_product(const nnz_int* start, const local_int* column, const double* value,
                          const double* x, local_int i) {
  double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
  nnz_int k = start[i];
  const nnz_int end = start[i + 1];
  for (; k + 4 <= end; k += 4) {
    s0 += value[k] * x[column[k]];
    s1 += value[k + 1] * x[column[k + 1]];
    s2 += value[k + 2] * x[column[k + 2]];
    s3 += value[k + 3] * x[column[k + 3]];
  }
  for (; k < end; ++k) s0 += value[k] * x[column[k]];
  return (s0 + s1) + (s2 + s3);
}

}  // namespace

void spmv(const SparseMatrix& A, const RowRuns& runs, const double* x, double* y) {
  const nnz_int* start = A.row_start.data();
  const local_int* column = A.column_index.data();
  const double* value = A.values.data();
  const auto count = static_cast<long>(runs.size());
#pragma omp parallel for schedule(static)
  for (long k = 0; k < count; ++k) {
    for (local_int i = runs.begin[k]; i < runs.end[k]; ++i) {
      y[i] = row_product(start, column, value, x, i);
    }
  }
}

double spmv_dot(const SparseMatrix& A, const RowRuns& runs, const double* x, double* y) {
  const nnz_int* start = A.row_start.data();
  const local_int* column = A.column_index.data();
  const double* value = A.values.data();
  std::vector<double> partial(max_threads(), 0.0);
  const auto count = static_cast<long>(runs.size());
#pragma omp parallel
  {
    double sum = 0.0;
#pragma omp for schedule(static)
    for (long k = 0; k < count; ++k) {
      for (local_int i = runs.begin[k]; i < runs.end[k]; ++i) {
        const double product = row_product(start, column, value, x, i);
        y[i] = product;
        sum += x[i] * product;
      }
    }
    partial[thread_id()] = sum;
  }
  double total = 0.0;
  for (double p : partial) total += p;
  return total;
}

namespace {

/// The sum over i < n of term(i) in the reference dot's order: one partial sum per thread over
/// its static chunk, the partials added in thread order (a reduction clause adds them in arrival
/// order, which changes the last bits from run to run).
template <class Term>
double ordered_sum(local_int n, const Term& term) {
  std::vector<double> partial(max_threads(), 0.0);
#pragma omp parallel
  {
    double sum = 0.0;
#pragma omp for schedule(static)
    for (local_int i = 0; i < n; ++i) sum += term(i);
    partial[thread_id()] = sum;
  }
  double total = 0.0;
  for (double p : partial) total += p;
  return total;
}

}  // namespace

double waxpby_norm(local_int n, double alpha, const double* x, double beta, const double* y,
                   double* w) {
  return ordered_sum(n, [&](local_int i) {
    const double value = alpha * x[i] + beta * y[i];
    w[i] = value;
    return value * value;
  });
}

void residual_restriction(const Level& fine, const SweepLayout& layout, const double* r,
                          const double* x, double* rc) {
  const SparseMatrix& A = fine.A;
  const double* value = A.values.data();
  const nnz_int* diagonal = A.diagonal.data();
  const local_int* map = fine.coarse_to_fine.data();
  const auto n = static_cast<local_int>(fine.coarse_to_fine.size());
  // From the split copy, whose L columns take 2 bytes where the CSR's take 4.
  with_sweep_matrix(layout, [&](const auto& M) {
#pragma omp parallel for schedule(static)
    for (local_int i = 0; i < n; ++i) {
      const local_int f = map[i];
      const double residual_so_far = r[f] - value[diagonal[f]] * x[f];
      rc[i] = M.subtract_upper(M.subtract_lower(residual_so_far, f, x), f, x);
    }
  });
}

}  // namespace hpcg::backends::openmp
