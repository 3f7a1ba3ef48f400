// SPDX-License-Identifier: BSD-3-Clause
// The cuda tests' view of a level's layout in host memory, as the host executor reads it.
#pragma once

#include <hpcg/backend_abi.h>

#include "layout.hpp"
#include "row_kernels.hpp"

namespace hpcg::testing {

inline cuda::SellView view_of(const cuda::LevelLayout& h, const hpcg_level_view& level) {
  cuda::SellView v;
  v.rows = h.rows;
  v.slots = h.slots;
  v.columns = h.columns;
  v.slice_rows = h.slice_rows;
  v.slice_shift = h.slice_shift;
  v.slice_start = h.slice_start.data();
  v.slice_upper = h.slice_upper.data();
  v.column = h.column.data();
  v.value = h.value.data();
  v.diagonal = h.diagonal.data();
  v.row_of = h.row_of.data();
  v.slot_of = h.slot_of.data();
  v.coarse_rows = level.coarse_rows;
  v.coarse_slot = h.coarse_slot.data();
  v.coarse_fine = h.coarse_fine.data();
  v.send_count = static_cast<int32_t>(h.send_rows.size());
  v.send_rows = h.send_rows.data();
  return v;
}

}  // namespace hpcg::testing
