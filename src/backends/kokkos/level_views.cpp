// SPDX-License-Identifier: BSD-3-Clause
// A level's views, copied from the split layout every block-colour backend shares
// (hpcg/backends/sweep_layout.hpp, built once on the host): one deep_copy per array, which on
// host spaces is a plain copy. Every row of the core's matrix holds its diagonal entry, which
// the layout keeps apart.
#include <algorithm>

#include "hpcg/backends/block_coloring.hpp"
#include "hpcg/backends/sweep_layout.hpp"
#include "kernels.hpp"

namespace hpcg::backends::kokkos {

LevelViews make_level_views(const Level& level, local_int block_rows, SpaceMemory& memory) {
  const SparseMatrix& A = level.A;
  const BlockColoring coloring = color_blocks(A, block_rows);
  const SweepLayout layout = make_sweep_layout(A, coloring);
  LevelViews v;
  v.rows = A.rows;
  v.columns = A.columns;
  v.lower.start = memory.copy(layout.lower_start, "hpcg::lower_start");
  if (layout.lower_as_offsets) {
    v.lower.offset = memory.copy(layout.lower_offset.data(), layout.lower_offset.size(),
                                 "hpcg::lower_offset");
  } else {
    v.lower.column = memory.copy(layout.lower_column.data(), layout.lower_column.size(),
                                 "hpcg::lower_column");
  }
  v.lower.value =
      memory.copy(layout.lower_value.data(), layout.lower_value.size(), "hpcg::lower_value");
  v.upper.start = memory.copy(layout.upper_start, "hpcg::upper_start");
  v.upper.column =
      memory.copy(layout.upper_column.data(), layout.upper_column.size(), "hpcg::upper_column");
  v.upper.value =
      memory.copy(layout.upper_value.data(), layout.upper_value.size(), "hpcg::upper_value");
  v.diagonal = memory.allocate<double>("hpcg::diagonal", A.rows);
  v.inverse_diagonal = memory.allocate<double>("hpcg::inverse_diagonal", A.rows);
  refresh_diagonal(v, A);

  v.coarse_to_fine = memory.copy(level.coarse_to_fine, "hpcg::coarse_to_fine");
  v.sweep_order = sweep_order(coloring);
  v.block_start = memory.copy(coloring.block_start, "hpcg::block_start");
  v.blocks = memory.copy(coloring.blocks, "hpcg::blocks");
  v.color_start = coloring.color_start;
  v.sweep_rhs = memory.allocate<double>("hpcg::sweep_rhs", A.rows);
  const std::vector<local_int>& send_rows = A.exchange.halo().send_rows;
  v.send_rows = memory.copy(send_rows, "hpcg::send_rows");
  // At least one entry each: halo_buffers() must not hand out a null pointer, which means "no
  // buffers" to the core, for a level without a halo.
  v.send_values =
      memory.allocate<double>("hpcg::send_values", std::max<size_t>(send_rows.size(), 1));
  v.receive_values = memory.allocate<double>("hpcg::receive_values",
                                             std::max<local_int>(A.columns - A.rows, 1));
  return v;
}

void refresh_diagonal(const LevelViews& views, const SparseMatrix& A) {
  auto diagonal = Kokkos::create_mirror_view(views.diagonal);
  auto inverse = Kokkos::create_mirror_view(views.inverse_diagonal);
  for (local_int i = 0; i < A.rows; ++i) {
    diagonal(i) = A.values[A.diagonal[i]];
    inverse(i) = 1.0 / diagonal(i);
  }
  Kokkos::deep_copy(views.diagonal, diagonal);
  Kokkos::deep_copy(views.inverse_diagonal, inverse);
}

}  // namespace hpcg::backends::kokkos
