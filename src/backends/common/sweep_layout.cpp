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
using EntryIt = Entries::const_iterator;

constexpr int widest_offset = std::numeric_limits<std::int16_t>::max();
constexpr auto most_entries = std::numeric_limits<std::uint32_t>::max();

/// Row i's off-diagonal entries split into L (ascending) and U (descending). Ascending L and
/// descending U put the nearest neighbour, the value a sweep has just written, last in each
/// sum: the rest of the row does not wait for it. U's halo columns, the largest, come first.
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

/// Each row's entries per part: L's, U's in owned columns and U's in halo columns, with the
/// largest |i - j| over owned columns of each part.
struct RowCounts {
  std::vector<std::uint32_t> lower, upper, upper_halo;
  int widest_lower = 0, widest_upper = 0;
};

RowCounts count_rows(const SparseMatrix& A, const BlockColoring& coloring) {
  RowCounts counts;
  const auto rows = static_cast<size_t>(A.rows);
  counts.lower.assign(rows, 0), counts.upper.assign(rows, 0), counts.upper_halo.assign(rows, 0);
  int widest_lower = 0, widest_upper = 0;
#pragma omp parallel for schedule(static) reduction(max : widest_lower, widest_upper)
  for (local_int i = 0; i < A.rows; ++i) {
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      const local_int j = A.column_index[k];
      if (j == i) continue;
      if (coloring.updated_before(j, i)) {
        ++counts.lower[i];
        // L holds columns on both sides of i once blocks of earlier colours follow i's block.
        widest_lower = std::max(widest_lower, std::abs(i - j));
      } else if (j < A.rows) {
        ++counts.upper[i];
        widest_upper = std::max(widest_upper, std::abs(i - j));
      } else {
        ++counts.upper_halo[i];
      }
    }
  }
  counts.widest_lower = widest_lower, counts.widest_upper = widest_upper;
  return counts;
}

/// Row offsets from per-row counts (count[i] in start[i + 1]); throws if they pass 32 bits.
void accumulate(std::vector<std::uint32_t>& start) {
  std::uint64_t total = 0;
  for (auto& s : start) {
    total += s;
    if (total > most_entries) {
      throw ResourceError("a rank's matrix part has 2^32 entries or more; use more ranks");
    }
    s = static_cast<std::uint32_t>(total);
  }
}

void fill_compressed(const SparseMatrix& A, const BlockColoring& coloring, const RowCounts& counts,
                     SweepLayout& layout) {
  const auto rows = static_cast<size_t>(A.rows);
  layout.lower_start.assign(rows + 1, 0);
  layout.upper_start.assign(rows + 1, 0);
  for (size_t i = 0; i < rows; ++i) {
    layout.lower_start[i + 1] = counts.lower[i];
    layout.upper_start[i + 1] = counts.upper[i] + counts.upper_halo[i];
  }
  const bool offsets = counts.widest_lower <= widest_offset;
  layout.lower_as_offsets = offsets;
  layout.upper_as_offsets = false;
  accumulate(layout.lower_start);
  accumulate(layout.upper_start);
  const size_t lower_entries = layout.lower_start.back(), upper_entries = layout.upper_start.back();
  (offsets ? layout.lower_offset.allocate(lower_entries)
           : layout.lower_column.allocate(lower_entries));
  layout.lower_value.allocate(lower_entries);
  layout.upper_column.allocate(upper_entries);
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
      for (const auto& [j, a] : upper) layout.upper_column[k] = j, layout.upper_value[k++] = a;
    }
  }
}

/// Bytes of an entry kept apart from the fixed-width rows, and of a row's id and start there.
constexpr double apart_entry_bytes = sizeof(local_int) + sizeof(double);
constexpr double apart_row_bytes = sizeof(local_int) + sizeof(std::uint32_t);

/// A fixed-width part's width: the one that makes the part smallest (every row W entries of
/// `entry_bytes`, against the entries of longer rows kept apart, with a row id and start for a
/// row that has no other entries apart; apart_anyway[i], where given, counts row i's entries
/// that are apart at any width), the smallest such on a tie, but never below the most common
/// row length: rows with entries apart cost a cursor step and a sum of their own, so most rows
/// must have none, whatever a few bytes say (on small grids, where many rows are short).
size_t best_width(const std::vector<std::uint32_t>& count,
                  const std::vector<std::uint32_t>* apart_anyway, double entry_bytes) {
  const std::uint32_t widest = count.empty() ? 0 : *std::max_element(count.begin(), count.end());
  std::vector<double> rows_of(widest + 1, 0.0), rows_alone(widest + 1, 0.0);
  for (size_t i = 0; i < count.size(); ++i) {
    rows_of[count[i]] += 1;
    if (!apart_anyway || (*apart_anyway)[i] == 0) rows_alone[count[i]] += 1;
  }
  size_t best = widest;
  double best_bytes = std::numeric_limits<double>::infinity();
  for (std::uint32_t width = 0; width <= widest; ++width) {
    double bytes = entry_bytes * static_cast<double>(count.size()) * width;
    for (std::uint32_t c = width + 1; c <= widest; ++c) {
      bytes += rows_of[c] * (c - width) * apart_entry_bytes + rows_alone[c] * apart_row_bytes;
    }
    if (bytes < best_bytes) best = width, best_bytes = bytes;
  }
  const auto most_common = static_cast<size_t>(
      std::max_element(rows_of.rbegin(), rows_of.rend()).base() - rows_of.begin() - 1);
  return std::max(best, most_common);
}

/// One fixed-width part's arrays.
struct FixedPart {
  size_t width;
  std::int16_t* offset;  ///< null where the part stores columns
  local_int* column;
  double* value;

  void put_entry(size_t k, local_int i, local_int j, double a) const {
    if (offset) {
      offset[k] = static_cast<std::int16_t>(j - i);
    } else {
      column[k] = j;
    }
    value[k] = a;
  }
  /// Row i's fixed-width row: explicit zeros at the row itself, then [begin, end).
  void put(local_int i, EntryIt begin, EntryIt end) const {
    size_t k = static_cast<size_t>(i) * width;
    const size_t padding = width - static_cast<size_t>(end - begin);
    for (size_t p = 0; p < padding; ++p) put_entry(k++, i, i, 0.0);
    for (; begin != end; ++begin) put_entry(k++, i, begin->first, begin->second);
  }
};

FixedPart allocate_part(size_t rows, size_t width, bool offsets,
                        FirstTouchArray<std::int16_t>& offset, FirstTouchArray<local_int>& column,
                        FirstTouchArray<double>& value) {
  (offsets ? offset.allocate(rows * width) : column.allocate(rows * width));
  value.allocate(rows * width);
  return {width, offsets ? offset.data() : nullptr, offsets ? nullptr : column.data(),
          value.data()};
}

/// Appends row i's entries [begin, end) to `apart`, whose rows ascend after the leading
/// sentinel.
void add_apart(SweepLayout::ApartEntries& apart, local_int i, EntryIt begin, EntryIt end) {
  if (begin == end) return;
  for (; begin != end; ++begin) {
    apart.column.push_back(begin->first);
    apart.value.push_back(begin->second);
  }
  if (apart.column.size() > most_entries) {
    throw ResourceError("a rank's matrix part has 2^32 entries or more; use more ranks");
  }
  apart.rows.push_back(i);
  apart.start.push_back(static_cast<std::uint32_t>(apart.column.size()));
}

void fill_fixed_width(const SparseMatrix& A, const BlockColoring& coloring,
                      const RowCounts& counts, SweepLayout& layout) {
  const auto rows = static_cast<size_t>(A.rows);
  const bool offsets =
      counts.widest_lower <= widest_offset && counts.widest_upper <= widest_offset;
  const double entry_bytes = sizeof(double) + (offsets ? sizeof(std::int16_t) : sizeof(local_int));
  layout.fixed_width = true;
  layout.lower_as_offsets = layout.upper_as_offsets = offsets;
  layout.lower_width = best_width(counts.lower, nullptr, entry_bytes);
  layout.upper_width = best_width(counts.upper, &counts.upper_halo, entry_bytes);
  const FixedPart lower = allocate_part(rows, layout.lower_width, offsets, layout.lower_offset,
                                        layout.lower_column, layout.lower_value);
  const FixedPart upper = allocate_part(rows, layout.upper_width, offsets, layout.upper_offset,
                                        layout.upper_column, layout.upper_value);
  // A row's last entries fill its fixed-width row (the nearest neighbour stays last), its first
  // ones, U's halo columns among them, go apart.
  const auto kept = [](const Entries& part, size_t width) {
    return part.end() - static_cast<std::ptrdiff_t>(std::min(part.size(), width));
  };
  const auto owned_upper = [&](const Entries& upper_entries, local_int i) {
    return upper_entries.begin() + counts.upper_halo[i];
  };
#pragma omp parallel
  {
    Entries lower_entries, upper_entries;
#pragma omp for schedule(static)
    for (local_int i = 0; i < A.rows; ++i) {
      split_row(A, coloring, i, lower_entries, upper_entries);
      lower.put(i, kept(lower_entries, lower.width), lower_entries.end());
      upper.put(i, std::max(owned_upper(upper_entries, i), kept(upper_entries, upper.width)),
                upper_entries.end());
    }
  }
  for (auto* apart : {&layout.lower_apart, &layout.upper_apart}) {
    apart->rows.assign(1, -1);
    apart->start.assign(2, 0);
  }
  Entries lower_entries, upper_entries;
  for (local_int i = 0; i < A.rows; ++i) {
    if (counts.lower[i] <= lower.width && counts.upper[i] <= upper.width &&
        counts.upper_halo[i] == 0) {
      continue;
    }
    split_row(A, coloring, i, lower_entries, upper_entries);
    add_apart(layout.lower_apart, i, lower_entries.begin(), kept(lower_entries, lower.width));
    add_apart(layout.upper_apart, i, upper_entries.begin(),
              std::max(owned_upper(upper_entries, i), kept(upper_entries, upper.width)));
  }
  for (auto* apart : {&layout.lower_apart, &layout.upper_apart}) {
    apart->rows.push_back(A.rows);
    apart->start.push_back(apart->start.back());
  }
}

}  // namespace

double SweepLayout::ApartEntries::bytes() const {
  return sizeof(local_int) * static_cast<double>(rows.size() + column.size()) +
         sizeof(std::uint32_t) * static_cast<double>(start.size()) +
         sizeof(double) * static_cast<double>(value.size());
}

double SweepLayout::bytes() const {
  return sizeof(std::uint32_t) * static_cast<double>(lower_start.size() + upper_start.size()) +
         lower_offset.bytes() + lower_column.bytes() + lower_value.bytes() + upper_column.bytes() +
         upper_offset.bytes() + upper_value.bytes() + lower_apart.bytes() + upper_apart.bytes() +
         sizeof(double) * static_cast<double>(diagonal.size() + inverse_diagonal.size());
}

SweepLayout make_sweep_layout(const SparseMatrix& A, const BlockColoring& coloring,
                              SweepForm form) {
  HPCG_REQUIRE(coloring.rows() == A.rows);
  SweepLayout layout;
  const RowCounts counts = count_rows(A, coloring);
  if (form == SweepForm::fixed_width) {
    fill_fixed_width(A, coloring, counts, layout);
  } else {
    fill_compressed(A, coloring, counts, layout);
  }
  layout.inverse_diagonal.resize(static_cast<size_t>(A.rows));
  if (layout.fixed_width) layout.diagonal.resize(static_cast<size_t>(A.rows));
  refresh_inverse_diagonal(A, layout);
  return layout;
}

void refresh_inverse_diagonal(const SparseMatrix& A, SweepLayout& layout) {
  double* inverse = layout.inverse_diagonal.data();
  double* diagonal = layout.diagonal.empty() ? nullptr : layout.diagonal.data();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < A.rows; ++i) {
    const double a = A.values[A.diagonal[i]];
    inverse[i] = 1.0 / a;
    if (diagonal) diagonal[i] = a;
  }
}

}  // namespace hpcg
