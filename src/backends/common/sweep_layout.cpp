// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/backends/sweep_layout.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <limits>
#include <utility>

#include "hpcg/base/error.hpp"

namespace hpcg {
namespace {

using Entries = std::vector<std::pair<local_int, double>>;

/// Row i's off-diagonal entries split into L (ascending) and U (descending). Ascending L and
/// descending U put the nearest neighbour, the value a sweep has just written, last in each
/// sum: the rest of the row does not wait for it.
void split_row(const SparseMatrix& A, const BlockColoring& coloring, local_int i, Entries& lower,
               Entries& upper) {
  lower.clear();
  upper.clear();
  for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
    const local_int j = A.column_index[k];
    if (j == i) continue;
    (coloring.updated_before(j, i) ? lower : upper).emplace_back(j, A.values[k]);
  }
  std::sort(lower.begin(), lower.end());
  std::sort(upper.begin(), upper.end(), std::greater<>());
}

/// Row offsets from per-row counts (count[i] in start[i + 1]); throws if they pass 32 bits.
void accumulate(std::vector<std::uint32_t>& start) {
  std::uint64_t total = 0;
  for (auto& s : start) {
    total += s;
    if (total > std::numeric_limits<std::uint32_t>::max()) {
      throw ResourceError("a rank's matrix part has 2^32 entries or more; use more ranks");
    }
    s = static_cast<std::uint32_t>(total);
  }
}

/// Moves U's halo entries (columns >= A.rows) into layout.upper_halo and takes them out of the
/// per-row counts in layout.upper_start[i + 1].
void take_halo_entries(const SparseMatrix& A, const BlockColoring& coloring, SweepLayout& layout) {
  SweepLayout::HaloEntries& halo = layout.upper_halo;
  Entries entries;
  for (local_int i = 0; i < A.rows; ++i) {
    entries.clear();
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      const local_int j = A.column_index[k];
      if (j >= A.rows && !coloring.updated_before(j, i)) entries.emplace_back(j, A.values[k]);
    }
    if (entries.empty()) continue;
    std::sort(entries.begin(), entries.end(), std::greater<>());
    halo.rows.push_back(i);
    for (const auto& [j, a] : entries) halo.column.push_back(j), halo.value.push_back(a);
    halo.start.push_back(static_cast<std::uint32_t>(halo.column.size()));
    layout.upper_start[i + 1] -= static_cast<std::uint32_t>(entries.size());
  }
}

}  // namespace

double SweepLayout::HaloEntries::bytes() const {
  return sizeof(local_int) * static_cast<double>(rows.size() + column.size()) +
         sizeof(std::uint32_t) * static_cast<double>(start.size()) +
         sizeof(double) * static_cast<double>(value.size());
}

double SweepLayout::bytes() const {
  return sizeof(std::uint32_t) * static_cast<double>(lower_start.size() + upper_start.size()) +
         lower_offset.bytes() + lower_column.bytes() + lower_value.bytes() + upper_column.bytes() +
         upper_offset.bytes() + upper_value.bytes() + upper_halo.bytes() +
         sizeof(double) * static_cast<double>(inverse_diagonal.size());
}

SweepLayout make_sweep_layout(const SparseMatrix& A, const BlockColoring& coloring,
                              UpperColumns upper_columns) {
  HPCG_REQUIRE(coloring.rows() == A.rows);
  const auto rows = static_cast<size_t>(A.rows);
  SweepLayout layout;
  layout.lower_start.assign(rows + 1, 0);
  layout.upper_start.assign(rows + 1, 0);
  int widest_lower = 0, widest_upper = 0;
  // Counting needs only each entry's part, not the sorted lists the fill below builds.
#pragma omp parallel for schedule(static) reduction(max : widest_lower, widest_upper)
  for (local_int i = 0; i < A.rows; ++i) {
    std::uint32_t lower = 0, upper = 0;
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      const local_int j = A.column_index[k];
      if (j == i) continue;
      if (coloring.updated_before(j, i)) {
        ++lower;
        // L holds columns on both sides of i once blocks of earlier colours follow i's block.
        widest_lower = std::max(widest_lower, std::abs(i - j));
      } else {
        ++upper;
        if (j < A.rows) widest_upper = std::max(widest_upper, std::abs(i - j));
      }
    }
    layout.lower_start[i + 1] = lower;
    layout.upper_start[i + 1] = upper;
  }
  constexpr int widest_offset = std::numeric_limits<std::int16_t>::max();
  const bool offsets = widest_lower <= widest_offset;
  const bool upper_offsets =
      upper_columns == UpperColumns::offsets_where_they_fit && widest_upper <= widest_offset;
  layout.lower_as_offsets = offsets;
  layout.upper_as_offsets = upper_offsets;
  if (upper_offsets) take_halo_entries(A, coloring, layout);
  accumulate(layout.lower_start);
  accumulate(layout.upper_start);
  const size_t lower_entries = layout.lower_start.back(), upper_entries = layout.upper_start.back();
  (offsets ? layout.lower_offset.allocate(lower_entries)
           : layout.lower_column.allocate(lower_entries));
  layout.lower_value.allocate(lower_entries);
  (upper_offsets ? layout.upper_offset.allocate(upper_entries)
                 : layout.upper_column.allocate(upper_entries));
  layout.upper_value.allocate(upper_entries);
  // Filled by the threads that sweep the rows: a static schedule over rows hands each thread
  // the rows of the blocks it sweeps (two contiguous blocks per thread).
#pragma omp parallel
  {
    Entries lower, upper;
#pragma omp for schedule(static)
    for (local_int i = 0; i < A.rows; ++i) {
      split_row(A, coloring, i, lower, upper);
      size_t k = layout.lower_start[i];
      for (const auto& [j, a] : lower) {
        if (offsets) {
          layout.lower_offset[k] = static_cast<std::int16_t>(j - i);
        } else {
          layout.lower_column[k] = j;
        }
        layout.lower_value[k++] = a;
      }
      k = layout.upper_start[i];
      for (const auto& [j, a] : upper) {
        if (!upper_offsets) {
          layout.upper_column[k] = j;
        } else if (j < A.rows) {
          layout.upper_offset[k] = static_cast<std::int16_t>(j - i);
        } else {
          continue;  // in upper_halo
        }
        layout.upper_value[k++] = a;
      }
    }
  }
  layout.inverse_diagonal.resize(rows);
  refresh_inverse_diagonal(A, layout);
  return layout;
}

void refresh_inverse_diagonal(const SparseMatrix& A, SweepLayout& layout) {
  double* inverse = layout.inverse_diagonal.data();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < A.rows; ++i) inverse[i] = 1.0 / A.values[A.diagonal[i]];
}

}  // namespace hpcg
