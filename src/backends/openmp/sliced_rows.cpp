// SPDX-License-Identifier: BSD-3-Clause
#include "sliced_rows.hpp"

#include <algorithm>
#include <map>

namespace hpcg::backends::openmp {

namespace {

/// Slice s's pattern: the sorted union of its rows' offsets j - i to owned columns j, or empty
/// where the slice does not qualify (sliced_rows.hpp).
std::vector<local_int> pattern_of(const SparseMatrix& A, local_int s) {
  std::vector<local_int> pattern;
  const local_int i0 = s * slice_rows;
  for (local_int i = i0; i < i0 + slice_rows; ++i) {
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      const local_int j = A.column_index[k];
      if (j >= A.rows) continue;  // a halo column: kept apart
      const auto at = std::lower_bound(pattern.begin(), pattern.end(), j - i);
      if (at == pattern.end() || *at != j - i) pattern.insert(at, j - i);
    }
    if (pattern.size() > widest_pattern) return {};
  }
  // Every row reads every offset: each must name an owned row.
  if (pattern.empty() || i0 + pattern.front() < 0 ||
      i0 + slice_rows - 1 + pattern.back() >= A.rows) {
    return {};
  }
  return pattern;
}

}  // namespace

template <class Value>
local_int SlicedRows<Value>::qualifying() const {
  return static_cast<local_int>(
      std::count_if(pattern_size.begin(), pattern_size.end(), [](std::uint8_t n) { return n; }));
}

template <class Value>
double SlicedRows<Value>::bytes() const {
  return values.bytes() + sizeof(local_int) * static_cast<double>(offsets.size()) +
         (sizeof(std::uint32_t) + sizeof(std::uint8_t) + sizeof(std::size_t)) *
             static_cast<double>(pattern_size.size()) +
         sizeof(std::uint32_t) * static_cast<double>(halo_start.size()) +
         (sizeof(std::uint8_t) + sizeof(local_int) + sizeof(Value)) *
             static_cast<double>(halo_value.size());
}

template <class Value>
SlicedRows<Value> make_sliced_rows(const SparseMatrix& A) {
  SlicedRows<Value> sliced;
  const local_int slices = A.rows / slice_rows;
  std::vector<std::vector<local_int>> patterns(slices);
#pragma omp parallel for schedule(static)
  for (local_int s = 0; s < slices; ++s) patterns[s] = pattern_of(A, s);

  // The distinct patterns once each; each slice's values after the one before's.
  std::map<std::vector<local_int>, std::uint32_t> start_of;
  sliced.pattern_start.resize(slices);
  sliced.pattern_size.resize(slices);
  sliced.value_start.resize(slices);
  std::size_t values = 0;
  for (local_int s = 0; s < slices; ++s) {
    const std::vector<local_int>& pattern = patterns[s];
    sliced.value_start[s] = values;
    if (pattern.empty()) continue;
    auto [at, added] = start_of.emplace(pattern, static_cast<std::uint32_t>(sliced.offsets.size()));
    if (added) sliced.offsets.insert(sliced.offsets.end(), pattern.begin(), pattern.end());
    sliced.pattern_start[s] = at->second;
    sliced.pattern_size[s] = static_cast<std::uint8_t>(pattern.size());
    values += pattern.size() * slice_rows;
  }

  // Filled by the slices' own threads (first touch), explicit zeros where a row lacks an offset.
  sliced.values.allocate(values);
  Value* out = sliced.values.data();
#pragma omp parallel for schedule(static)
  for (local_int s = 0; s < slices; ++s) {
    const std::vector<local_int>& pattern = patterns[s];
    Value* slice = out + sliced.value_start[s];
    std::fill(slice, slice + pattern.size() * slice_rows, Value{0});
    for (local_int r = 0; r < slice_rows; ++r) {
      const local_int i = s * slice_rows + r;
      for (nnz_int k = A.row_start[i]; !pattern.empty() && k < A.row_start[i + 1]; ++k) {
        if (A.column_index[k] >= A.rows) continue;
        const auto e = std::lower_bound(pattern.begin(), pattern.end(), A.column_index[k] - i) -
                       pattern.begin();
        slice[e * slice_rows + r] += static_cast<Value>(A.values[k]);  // a repeated column sums
      }
    }
  }

  // The qualifying slices' entries in halo columns, in row order.
  sliced.halo_start.assign(1, 0);
  for (local_int s = 0; s < slices; ++s) {
    for (local_int r = 0; !patterns[s].empty() && r < slice_rows; ++r) {
      const local_int i = s * slice_rows + r;
      for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
        if (A.column_index[k] < A.rows) continue;
        sliced.halo_row.push_back(static_cast<std::uint8_t>(r));
        sliced.halo_column.push_back(A.column_index[k]);
        sliced.halo_value.push_back(static_cast<Value>(A.values[k]));
      }
    }
    sliced.halo_start.push_back(static_cast<std::uint32_t>(sliced.halo_value.size()));
  }
  return sliced;
}

template <class Value>
void refresh_sliced_diagonal(const SparseMatrix& A, SlicedRows<Value>& sliced) {
#pragma omp parallel for schedule(static)
  for (local_int s = 0; s < sliced.slices(); ++s) {
    const local_int* pattern = sliced.offsets.data() + sliced.pattern_start[s];
    const local_int* end = pattern + sliced.pattern_size[s];
    const local_int* zero = std::find(pattern, end, 0);
    if (zero == end) continue;  // not qualifying
    Value* diagonal =
        sliced.values.data() + sliced.value_start[s] + (zero - pattern) * slice_rows;
    for (local_int r = 0; r < slice_rows; ++r) {
      diagonal[r] = static_cast<Value>(A.values[A.diagonal[s * slice_rows + r]]);
    }
  }
}

template struct SlicedRows<double>;
template struct SlicedRows<float>;
template SlicedRows<double> make_sliced_rows(const SparseMatrix&);
template SlicedRows<float> make_sliced_rows(const SparseMatrix&);
template void refresh_sliced_diagonal(const SparseMatrix&, SlicedRows<double>&);

}  // namespace hpcg::backends::openmp
