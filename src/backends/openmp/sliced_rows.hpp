// SPDX-License-Identifier: BSD-3-Clause
// A level's matrix in slices of 16 consecutive rows that share one pattern of column offsets,
// for the SpMV in either precision. The row kernel (kernels.cpp) reads a 2-byte offset beside
// each value and x one entry at a time, and on one core it is bound by those instructions, not
// by the matrix's bytes; a slice instead keeps entry e of its 16 rows side by side, so that its
// product is one multiply-add on 16 lanes per pattern entry, x read at i0 + offset[e] as 16
// consecutive values, with no offset per entry (setup/BENCHMARKS.md, "sliced rows"). Nothing
// is taken from the stencil: a slice qualifies where the union of its rows' offsets to owned
// columns has at most widest_pattern entries and each row's offsets missing from its own
// entries still name an owned row, which the slice reads times an explicit 0 (x being finite,
// as the fixed-width rows' padding assumes). Entries in halo columns are kept apart, a list per
// slice added after the pattern's, so that the slices next to the halo qualify too: a rank whose
// neighbour is in x has a halo row in every line, and the row kernel in between the slices
// measured slower than the row kernel alone. The other slices (at the ends of the rank's rows)
// keep the row kernel.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "hpcg/backends/sweep_layout.hpp"
#include "hpcg/linalg/sparse_matrix.hpp"

namespace hpcg::backends::openmp {

constexpr local_int slice_rows = 16;
/// The longest pattern a slice may have: past it the padding would outgrow the entries.
constexpr std::size_t widest_pattern = 32;

template <class Value>
struct SlicedRows {
  /// Slice s covers rows [slice_rows s, slice_rows (s + 1)); its pattern is
  /// offsets[pattern_start[s], pattern_start[s] + pattern_size[s]) (ascending; size 0 where the
  /// slice does not qualify) and its values start at value_start[s]: pattern entry e of row
  /// i0 + r at values[value_start[s] + e slice_rows + r].
  std::vector<std::uint32_t> pattern_start;
  std::vector<std::uint8_t> pattern_size;
  std::vector<std::size_t> value_start;
  std::vector<local_int> offsets;  ///< the distinct patterns, one after another
  FirstTouchArray<Value> values;
  /// Slice s's entries in halo columns: [halo_start[s], halo_start[s + 1]) of halo_row (the row
  /// in the slice), halo_column and halo_value, in row order.
  std::vector<std::uint32_t> halo_start;
  std::vector<std::uint8_t> halo_row;
  std::vector<local_int> halo_column;
  std::vector<Value> halo_value;

  local_int slices() const { return static_cast<local_int>(pattern_size.size()); }
  bool qualifies(local_int s) const { return pattern_size[s] != 0; }
  local_int qualifying() const;
  double bytes() const;

  /// y[i0, i0 + slice_rows) = (A x) over slice s, i0 = slice_rows s, for a slice that qualifies:
  /// each row's products summed in pattern order, then its halo entries'.
  [[gnu::always_inline]] void product(local_int s, const Value* x, Value* y) const {
    const local_int* offset = offsets.data() + pattern_start[s];
    const Value* value = values.data() + value_start[s];
    const local_int i0 = s * slice_rows;
    Value sum[slice_rows] = {};
    for (int e = 0; e < pattern_size[s]; ++e) {
      const Value* v = value + static_cast<std::size_t>(e) * slice_rows;
      const Value* xs = x + i0 + offset[e];
      // The same entry two slices on, each of its cache lines (a hint: it neither faults nor
      // waits).
      const char* ahead = reinterpret_cast<const char*>(
          v + 2 * slice_rows * static_cast<std::size_t>(pattern_size[s]));
      for (std::size_t line = 0; line < sizeof(Value) * slice_rows; line += 64) {
        __builtin_prefetch(ahead + line);
      }
#pragma omp simd
      for (local_int r = 0; r < slice_rows; ++r) sum[r] += v[r] * xs[r];
    }
    for (std::uint32_t k = halo_start[s]; k < halo_start[s + 1]; ++k) {
      sum[halo_row[k]] += halo_value[k] * x[halo_column[k]];
    }
    for (local_int r = 0; r < slice_rows; ++r) y[i0 + r] = sum[r];
  }
};

/// A's owned rows in slices, its values as Value (double, or rounded to float).
template <class Value>
SlicedRows<Value> make_sliced_rows(const SparseMatrix& A);

/// A's diagonal (A.values[A.diagonal[i]], as the split copy's refresh reads it) into the slices
/// that qualify, after the core changed it: patterns and other entries stay as they were.
template <class Value>
void refresh_sliced_diagonal(const SparseMatrix& A, SlicedRows<Value>& sliced);

}  // namespace hpcg::backends::openmp
