// SPDX-License-Identifier: BSD-3-Clause
// The split matrix of sweep_layout.hpp stored for SIMD sweeps: W blocks of one colour form a
// group, and lane k of a W-wide vector walks block k of its group in natural order. Rows handled
// together never couple (same colour, different blocks) and each lane keeps its block's natural
// order, so a sweep on this layout computes each row as the scalar block sweep in the same
// colouring does, in the same order (the same values, but for the compiler's free choice of
// fused multiply-adds in either kernel: bit for bit where products are exact, as on HPCG's). Each position p of a group (row start_k + p in lane k) stores its L and U entries as
// slots of W values, slot-major (sliced ELL over blocks): lane k's entry of slot s lies at
// (first slot + s) * W + k, so a slot is one vector load and one gather of x. A position has as
// many slots as its longest lane's row; shorter rows are padded with zero values whose column is
// the lane's own row (a valid index; L's padding is skipped by a mask, since in a sweep from
// x = 0 the row's own x is not yet written). A group of fewer than W blocks repeats its last
// block in the spare lanes, which then compute the same values as that lane and store them twice.
#pragma once

#include <cstdint>
#include <vector>

#include "hpcg/backends/block_coloring.hpp"
#include "hpcg/backends/sweep_layout.hpp"

namespace hpcg::backends::openmp {

struct InterleavedLayout {
  int lanes = 1;  ///< W
  /// Colour c owns groups [color_groups[c], color_groups[c + 1]).
  std::vector<local_int> color_groups;
  std::vector<int> group_lanes;           ///< lanes of group g holding a block of their own
  std::vector<local_int> lane_first_row;  ///< [g * W + k]: first row of lane k's block
  std::vector<local_int> lane_rows;       ///< [g * W + k]: rows of lane k's block
  /// Group g's positions are [group_position[g], group_position[g + 1]) (as many as its longest
  /// block has rows); every lane has a row at the first group_common[g] of them (the vector part).
  std::vector<local_int> group_position;
  std::vector<local_int> group_common;

  /// Position q's L slots are [lower_slot[q], lower_slot[q + 1]), ascending columns per lane;
  /// the column of an entry is its lane's row + lower_offset when lower_as_offsets, else
  /// lower_column.
  bool lower_as_offsets = true;
  std::vector<std::uint32_t> lower_slot;
  FirstTouchArray<std::int16_t> lower_offset;
  FirstTouchArray<local_int> lower_column;
  FirstTouchArray<double> lower_value;
  /// Position q's U slots are [upper_slot[q], upper_slot[q + 1]), descending columns per lane.
  std::vector<std::uint32_t> upper_slot;
  FirstTouchArray<local_int> upper_column;
  FirstTouchArray<double> upper_value;
  FirstTouchArray<double> inverse_diagonal;  ///< [q * W + k]

  local_int positions() const { return group_position.empty() ? 0 : group_position.back(); }
  int colors() const { return static_cast<int>(color_groups.size()) - 1; }
  double bytes() const;
};

/// Groups the blocks of each colour of `coloring` W = `lanes` at a time, in the colour's block
/// order, and interleaves their rows of `split` (A's split copy in that colouring). Fills each
/// group's arrays in a static schedule over a colour's groups, the sweeps' schedule, so that its
/// pages land near the thread that sweeps it. Throws ResourceError when a part has 2^32 entries.
InterleavedLayout make_interleaved_layout(const SparseMatrix& A, const BlockColoring& coloring,
                                          const SweepLayout& split, int lanes);

/// Recomputes the inverse diagonal after the core changed diagonal values.
void refresh_inverse_diagonal(const SparseMatrix& A, InterleavedLayout& layout);

}  // namespace hpcg::backends::openmp
