// SPDX-License-Identifier: BSD-3-Clause
#include "sweep_layout.hpp"

#include <algorithm>
#include <functional>
#include <utility>

#include "hpcg/base/error.hpp"

namespace hpcg::backends::openmp {
namespace {

/// Reorders each row in place; returns the number of rows whose diagonal entry was not where
/// A.diagonal said (0 for a well-formed matrix).
local_int reorder_rows(SparseMatrix& A, const BlockColoring& coloring) {
  local_int misplaced_rows = 0;
#pragma omp parallel reduction(+ : misplaced_rows)
  {
    std::vector<std::pair<local_int, double>> lower, upper;
#pragma omp for schedule(static)
    for (local_int i = 0; i < A.rows; ++i) {
      const nnz_int begin = A.row_start[i], end = A.row_start[i + 1];
      const double diagonal = A.values[A.diagonal[i]];
      if (A.column_index[A.diagonal[i]] != i) ++misplaced_rows;
      lower.clear();
      upper.clear();
      for (nnz_int k = begin; k < end; ++k) {
        const local_int j = A.column_index[k];
        if (j == i) continue;
        (coloring.updated_before(j, i) ? lower : upper).emplace_back(j, A.values[k]);
      }
      // Ascending L and descending U put the nearest neighbour, the value a sweep has just
      // written, last in each sum: the rest of the row does not wait for it.
      std::sort(lower.begin(), lower.end());
      std::sort(upper.begin(), upper.end(), std::greater<>());
      nnz_int k = begin;
      for (const auto& [j, a] : lower) A.column_index[k] = j, A.values[k++] = a;
      A.diagonal[i] = k;
      A.column_index[k] = i, A.values[k++] = diagonal;
      for (const auto& [j, a] : upper) A.column_index[k] = j, A.values[k++] = a;
    }
  }
  return misplaced_rows;
}

}  // namespace

double SweepLayout::bytes() const {
  return sizeof(nnz_int) * static_cast<double>(upper_start.size()) +
         sizeof(local_int) * static_cast<double>(upper_column.size()) +
         sizeof(double) * static_cast<double>(upper_value.size() + inverse_diagonal.size());
}

SweepLayout arrange_rows_in_sweep_order(SparseMatrix& A, const BlockColoring& coloring) {
  HPCG_REQUIRE(coloring.rows() == A.rows);
  if (reorder_rows(A, coloring) > 0) throw InternalError("matrix rows without their diagonal entry");

  SweepLayout layout;
  layout.upper_start.resize(static_cast<size_t>(A.rows) + 1);
  layout.upper_start[0] = 0;
  for (local_int i = 0; i < A.rows; ++i) {
    layout.upper_start[i + 1] = layout.upper_start[i] + (A.row_start[i + 1] - A.diagonal[i] - 1);
  }
  const auto entries = static_cast<size_t>(layout.upper_start[A.rows]);
  layout.upper_column.resize(entries);
  layout.upper_value.resize(entries);
  layout.inverse_diagonal.resize(static_cast<size_t>(A.rows));
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < A.rows; ++i) {
    const nnz_int offset = layout.upper_start[i] - (A.diagonal[i] + 1);
    for (nnz_int k = A.diagonal[i] + 1; k < A.row_start[i + 1]; ++k) {
      layout.upper_column[k + offset] = A.column_index[k];
      layout.upper_value[k + offset] = A.values[k];
    }
  }
  refresh_inverse_diagonal(A, layout);
  return layout;
}

void refresh_inverse_diagonal(const SparseMatrix& A, SweepLayout& layout) {
  double* inverse = layout.inverse_diagonal.data();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < A.rows; ++i) inverse[i] = 1.0 / A.values[A.diagonal[i]];
}

}  // namespace hpcg::backends::openmp
