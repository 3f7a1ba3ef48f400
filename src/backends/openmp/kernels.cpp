// SPDX-License-Identifier: BSD-3-Clause
#include "kernels.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "hpcg/backends/threaded_sum.hpp"
#include "hpcg/base/threads.hpp"
#include "row_product.hpp"
#include "subtract_row.hpp"

namespace hpcg::backends::openmp {
namespace {

/// Where a stored index counts from: the row for 16-bit offsets, 0 for columns.
inline const double* index_base(const std::int16_t*, local_int i, const double* x) { return x + i; }
inline const double* index_base(const local_int*, local_int, const double* x) { return x; }

/// U's entries in halo columns when U's owned columns are offsets (SweepLayout::upper_halo): a
/// sweep walks them with a cursor h, the position of the next halo row in its direction.
struct HaloEntries {
  const local_int* rows;
  const std::uint32_t* start;
  const local_int* column;
  const double* value;
  local_int count;

  explicit HaloEntries(const SweepLayout::HaloEntries& halo)
      : rows(halo.rows.data()), start(halo.start.data()), column(halo.column.data()),
        value(halo.value.data()), count(static_cast<local_int>(halo.rows.size())) {}

  /// The position of the first halo row at or after row i.
  local_int first_from(local_int i) const {
    return static_cast<local_int>(std::lower_bound(rows, rows + count, i) - rows);
  }
  /// Whether row i has halo entries at position h (h may be -1 or count).
  [[gnu::always_inline]] bool at(local_int h, local_int i) const {
    return h >= 0 && h < count && rows[h] == i;
  }
  /// sum - (U x)_i over the halo entries at position h.
  [[gnu::always_inline]] double subtract(double sum, local_int h, const double* x) const {
    const std::uint32_t k = start[h];
    return subtract_row(sum, value + k, column + k, start[h + 1] - k, x);
  }
};

/// The split matrix as the sweeps read it.
template <class LowerIndex, class UpperIndex>
struct SweepMatrix {
  const std::uint32_t* lower_start;
  const LowerIndex* lower_index;
  const double* lower_value;
  const std::uint32_t* upper_start;
  const UpperIndex* upper_index;
  const double* upper_value;
  HaloEntries halo;
  const double* inverse_diagonal;

  SweepMatrix(const SweepLayout& layout, const LowerIndex* lower, const UpperIndex* upper)
      : lower_start(layout.lower_start.data()), lower_index(lower),
        lower_value(layout.lower_value.data()), upper_start(layout.upper_start.data()),
        upper_index(upper), upper_value(layout.upper_value.data()), halo(layout.upper_halo),
        inverse_diagonal(layout.inverse_diagonal.data()) {}

  /// sum - (L x)_i.
  [[gnu::always_inline]] double subtract_lower(double sum, local_int i, const double* x) const {
    const std::uint32_t k = lower_start[i];
    return subtract_row(sum, lower_value + k, lower_index + k, lower_start[i + 1] - k,
                        index_base(lower_index, i, x));
  }
  /// sum - (U x)_i over U's entries outside upper_halo.
  [[gnu::always_inline]] double subtract_upper(double sum, local_int i, const double* x) const {
    const std::uint32_t k = upper_start[i];
    return subtract_row(sum, upper_value + k, upper_index + k, upper_start[i + 1] - k,
                        index_base(upper_index, i, x));
  }
  /// sum - (U x)_i, the halo entries (descending columns: the largest) first; h is the halo
  /// cursor, moved on by `step` past row i if i has halo entries.
  [[gnu::always_inline]] double subtract_all_upper(double sum, local_int i, const double* x,
                                                   local_int& h, local_int step) const {
    if (halo.at(h, i)) {
      sum = halo.subtract(sum, h, x);
      h += step;
    }
    return subtract_upper(sum, i, x);
  }
};

/// Calls body(M) with the split matrix M as the kernels read it, L's and U's columns as stored.
template <class Body>
void with_sweep_matrix(const SweepLayout& layout, const Body& body) {
  const auto with_lower = [&](const auto* upper) {
    if (layout.lower_as_offsets) {
      body(SweepMatrix(layout, layout.lower_offset.data(), upper));
    } else {
      body(SweepMatrix(layout, layout.lower_column.data(), upper));
    }
  };
  if (layout.upper_as_offsets) {
    with_lower(layout.upper_offset.data());
  } else {
    with_lower(layout.upper_column.data());
  }
}

template <class LowerIndex, class UpperIndex>
void sweep(const SweepMatrix<LowerIndex, UpperIndex>& M, const BlockColoring& coloring, const double* r,
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
        local_int h = M.halo.first_from(block_start[b]);
        for (local_int i = block_start[b]; i < block_start[b + 1]; ++i) {
          const double lower = M.subtract_lower(r[i], i, x);
          t[i] = lower;
          x[i] = (zero_guess ? lower : M.subtract_all_upper(lower, i, x, h, 1)) *
                 M.inverse_diagonal[i];
        }
      }
    }
    for (int c = colors - 1; c >= 0; --c) {
#pragma omp for schedule(static)
      for (local_int k = color_start[c]; k < color_start[c + 1]; ++k) {
        const local_int b = blocks[k];
        local_int h = M.halo.first_from(block_start[b + 1]) - 1;
        for (local_int i = block_start[b + 1] - 1; i >= block_start[b]; --i) {
          x[i] = M.subtract_all_upper(t[i], i, x, h, -1) * M.inverse_diagonal[i];
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
  // The contract's local sum (blocked_sum.hpp): each run blocked and pairwise, the runs' sums
  // pairwise in run order, whichever thread ran them.
  const auto count = static_cast<local_int>(runs.size());
  std::vector<double> run_sum(count, 0.0);
#pragma omp parallel for schedule(static)
  for (local_int k = 0; k < count; ++k) {
    run_sum[k] = blocked_sum(runs.begin[k], runs.end[k], [&](local_int i) {
      const double product = row_product(start, column, value, x, i);
      y[i] = product;
      return x[i] * product;
    });
  }
  return blocked_sum(0, count, [&run_sum](local_int k) { return run_sum[k]; });
}

double waxpby_norm(local_int n, double alpha, const double* x, double beta, const double* y,
                   double* w) {
  return threaded_blocked_sum(n, [&](local_int i) {
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
  // From the split copy, whose columns take 2 bytes where the CSR's take 4.
  with_sweep_matrix(layout, [&](const auto& M) {
#pragma omp parallel
    {
      local_int h = 0;  // the halo cursor: moves forward while the injected rows ascend
#pragma omp for schedule(static)
      for (local_int i = 0; i < n; ++i) {
        const local_int f = map[i];
        if (h > 0 && M.halo.rows[h - 1] >= f) h = M.halo.first_from(f);
        while (h < M.halo.count && M.halo.rows[h] < f) ++h;
        const double residual_so_far = r[f] - value[diagonal[f]] * x[f];
        rc[i] = M.subtract_all_upper(M.subtract_lower(residual_so_far, f, x), f, x, h, 1);
      }
    }
  });
}

}  // namespace hpcg::backends::openmp
