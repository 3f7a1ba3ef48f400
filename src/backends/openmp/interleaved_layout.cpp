// SPDX-License-Identifier: BSD-3-Clause
#include "interleaved_layout.hpp"

#include <algorithm>
#include <limits>

#include "hpcg/base/error.hpp"

namespace hpcg::backends::openmp {
namespace {

/// Slot offsets from per-position slot counts (count[q] in start[q + 1]), throwing when the
/// entries (slots times lanes) pass 32 bits.
void accumulate(std::vector<std::uint32_t>& start, int lanes) {
  std::uint64_t total = 0;
  for (auto& s : start) {
    total += s;
    if (total * static_cast<std::uint64_t>(lanes) > std::numeric_limits<std::uint32_t>::max()) {
      throw ResourceError("a rank's interleaved matrix part has 2^32 entries or more; use more "
                          "ranks");
    }
    s = static_cast<std::uint32_t>(total);
  }
}

/// Lays out the groups: which block each lane sweeps, and each group's positions.
void arrange_groups(const BlockColoring& coloring, InterleavedLayout& layout) {
  const int W = layout.lanes;
  layout.color_groups.assign(1, 0);
  layout.group_position.assign(1, 0);
  for (int c = 0; c < coloring.colors(); ++c) {
    for (local_int k = coloring.color_start[c]; k < coloring.color_start[c + 1]; k += W) {
      const int active = static_cast<int>(std::min<local_int>(W, coloring.color_start[c + 1] - k));
      local_int longest = 0, shortest = std::numeric_limits<local_int>::max();
      for (int lane = 0; lane < W; ++lane) {
        const local_int b = coloring.blocks[k + std::min(lane, active - 1)];
        const local_int rows = coloring.block_start[b + 1] - coloring.block_start[b];
        layout.lane_first_row.push_back(coloring.block_start[b]);
        layout.lane_rows.push_back(rows);
        longest = std::max(longest, rows);
        shortest = std::min(shortest, rows);
      }
      layout.group_lanes.push_back(active);
      layout.group_common.push_back(shortest);
      layout.group_position.push_back(layout.group_position.back() + longest);
    }
    layout.color_groups.push_back(static_cast<local_int>(layout.group_lanes.size()));
  }
}

/// Per position, the slots of L and U: the longest row among the lanes that have one there.
void count_slots(const SweepLayout& split, InterleavedLayout& layout) {
  const int W = layout.lanes;
  const auto groups = static_cast<local_int>(layout.group_lanes.size());
  const size_t positions = layout.positions();
  layout.lower_slot.assign(positions + 1, 0);
  layout.upper_slot.assign(positions + 1, 0);
#pragma omp parallel for schedule(dynamic)
  for (local_int g = 0; g < groups; ++g) {
    for (local_int q = layout.group_position[g]; q < layout.group_position[g + 1]; ++q) {
      const local_int p = q - layout.group_position[g];
      std::uint32_t lower = 0, upper = 0;
      for (int k = 0; k < W; ++k) {
        if (p >= layout.lane_rows[g * W + k]) continue;
        const local_int i = layout.lane_first_row[g * W + k] + p;
        lower = std::max(lower, split.lower_start[i + 1] - split.lower_start[i]);
        upper = std::max(upper, split.upper_start[i + 1] - split.upper_start[i]);
      }
      layout.lower_slot[q + 1] = lower;
      layout.upper_slot[q + 1] = upper;
    }
  }
  accumulate(layout.lower_slot, W);
  accumulate(layout.upper_slot, W);
}

/// Writes group g's entries. Padding: value 0, column the lane's own row (offset 0); a lane past
/// the end of its block takes its block's first row.
void fill_group(const SparseMatrix& A, const SweepLayout& split, local_int g,
                InterleavedLayout& layout) {
  const int W = layout.lanes;
  const bool offsets = layout.lower_as_offsets;
  for (local_int q = layout.group_position[g]; q < layout.group_position[g + 1]; ++q) {
    const local_int p = q - layout.group_position[g];
    for (int k = 0; k < W; ++k) {
      const bool has_row = p < layout.lane_rows[g * W + k];
      const local_int i = layout.lane_first_row[g * W + k] + (has_row ? p : 0);
      const size_t lane = static_cast<size_t>(q) * W + k;
      layout.inverse_diagonal[lane] = has_row ? 1.0 / A.values[A.diagonal[i]] : 0.0;
      std::uint32_t from = has_row ? split.lower_start[i] : 0;
      std::uint32_t count = has_row ? split.lower_start[i + 1] - from : 0;
      for (std::uint32_t s = 0; s < layout.lower_slot[q + 1] - layout.lower_slot[q]; ++s) {
        const size_t at = (static_cast<size_t>(layout.lower_slot[q]) + s) * W + k;
        const bool entry = s < count;
        const local_int j = !entry ? i
                            : split.lower_as_offsets ? i + split.lower_offset.data()[from + s]
                                                     : split.lower_column.data()[from + s];
        if (offsets) {
          layout.lower_offset[at] = static_cast<std::int16_t>(j - i);
        } else {
          layout.lower_column[at] = j;
        }
        layout.lower_value[at] = entry ? split.lower_value.data()[from + s] : 0.0;
      }
      from = has_row ? split.upper_start[i] : 0;
      count = has_row ? split.upper_start[i + 1] - from : 0;
      for (std::uint32_t s = 0; s < layout.upper_slot[q + 1] - layout.upper_slot[q]; ++s) {
        const size_t at = (static_cast<size_t>(layout.upper_slot[q]) + s) * W + k;
        const bool entry = s < count;
        layout.upper_column[at] = entry ? split.upper_column.data()[from + s] : i;
        layout.upper_value[at] = entry ? split.upper_value.data()[from + s] : 0.0;
      }
    }
  }
}

}  // namespace

double InterleavedLayout::bytes() const {
  const double integers =
      sizeof(local_int) * static_cast<double>(color_groups.size() + lane_first_row.size() +
                                              lane_rows.size() + group_position.size() +
                                              group_common.size()) +
      sizeof(int) * static_cast<double>(group_lanes.size()) +
      sizeof(std::uint32_t) * static_cast<double>(lower_slot.size() + upper_slot.size());
  return integers + lower_offset.bytes() + lower_column.bytes() + lower_value.bytes() +
         upper_column.bytes() + upper_value.bytes() + inverse_diagonal.bytes();
}

InterleavedLayout make_interleaved_layout(const SparseMatrix& A, const BlockColoring& coloring,
                                          const SweepLayout& split, int lanes) {
  HPCG_REQUIRE(lanes >= 1 && coloring.rows() == A.rows);
  InterleavedLayout layout;
  layout.lanes = lanes;
  arrange_groups(coloring, layout);
  count_slots(split, layout);
  // A padded L column is the row itself, so L's offsets fit 16 bits whenever the split's do.
  layout.lower_as_offsets = split.lower_as_offsets;
  const size_t lower_entries = static_cast<size_t>(layout.lower_slot.back()) * lanes;
  const size_t upper_entries = static_cast<size_t>(layout.upper_slot.back()) * lanes;
  (layout.lower_as_offsets ? layout.lower_offset.allocate(lower_entries)
                           : layout.lower_column.allocate(lower_entries));
  layout.lower_value.allocate(lower_entries);
  layout.upper_column.allocate(upper_entries);
  layout.upper_value.allocate(upper_entries);
  layout.inverse_diagonal.allocate(static_cast<size_t>(layout.positions()) * lanes);
#pragma omp parallel
  for (int c = 0; c < layout.colors(); ++c) {
#pragma omp for schedule(static)
    for (local_int g = layout.color_groups[c]; g < layout.color_groups[c + 1]; ++g) {
      fill_group(A, split, g, layout);
    }
  }
  return layout;
}

void refresh_inverse_diagonal(const SparseMatrix& A, InterleavedLayout& layout) {
  const int W = layout.lanes;
  const auto groups = static_cast<local_int>(layout.group_lanes.size());
#pragma omp parallel for schedule(static)
  for (local_int g = 0; g < groups; ++g) {
    for (local_int q = layout.group_position[g]; q < layout.group_position[g + 1]; ++q) {
      const local_int p = q - layout.group_position[g];
      for (int k = 0; k < W; ++k) {
        if (p >= layout.lane_rows[g * W + k]) continue;
        const local_int i = layout.lane_first_row[g * W + k] + p;
        layout.inverse_diagonal[static_cast<size_t>(q) * W + k] = 1.0 / A.values[A.diagonal[i]];
      }
    }
  }
}

}  // namespace hpcg::backends::openmp
