// SPDX-License-Identifier: BSD-3-Clause
// The cuda tests' view of a level's layout in host memory, as the host executor reads it, and
// vectors moved between the core's natural order and the level's slot order.
#pragma once

#include <stdint.h>

#include <vector>

#include "layout.hpp"
#include "row_kernels.hpp"

namespace hpcg::testing {

/// The view of `h`; link_coarse must have run on it for restriction and prolongation.
inline cuda::SellView view_of(const cuda::LevelLayout& h) {
  cuda::SellView v;
  v.rows = h.rows;
  v.slots = h.slots;
  v.length = h.length(h.columns);
  v.slice_rows = h.slice_rows;
  v.slice_shift = h.slice_shift;
  v.slice_start = h.slice_start.data();
  v.slice_upper = h.slice_upper.data();
  v.column = h.column.data();
  v.value = h.value.data();
  v.diagonal = h.diagonal.data();
  v.slice_reads_halo = h.slice_reads_halo.data();
  v.coarse_slots = static_cast<int32_t>(h.injected_slot.size());
  v.injected_slot = h.injected_slot.data();
  v.send_count = static_cast<int32_t>(h.send_slot.size());
  v.send_slot = h.send_slot.data();
  return v;
}

/// A natural-order vector (rows, or columns with the halo) in slot order, padding 0.
inline std::vector<double> to_slots(const cuda::LevelLayout& h,
                                    const std::vector<double>& natural) {
  const int32_t n = static_cast<int32_t>(natural.size());
  std::vector<double> stored(static_cast<size_t>(h.length(n)), 0.0);
  for (int32_t i = 0; i < n; ++i) stored[h.position(i)] = natural[i];
  return stored;
}

/// The first `n` natural entries of a slot-order vector.
inline std::vector<double> to_rows(const cuda::LevelLayout& h, const std::vector<double>& stored,
                                   int32_t n) {
  std::vector<double> natural(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) natural[i] = stored[h.position(i)];
  return natural;
}

/// Whether every padding slot of a slot-order vector holds 0.
inline bool padding_is_zero(const cuda::LevelLayout& h, const std::vector<double>& stored) {
  for (int32_t s = 0; s < h.slots; ++s) {
    if (h.row_of[s] < 0 && stored[s] != 0.0) return false;
  }
  return true;
}

}  // namespace hpcg::testing
