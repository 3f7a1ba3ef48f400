// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/problem/memory_model.hpp"

namespace hpcg {

MemoryEstimate estimate_memory(const RunShape& shape) {
  // HPCG 3.1's per-row model (bytes): nonzero count 1, four row pointers 32, 27 entries of
  // local index, value and global index 540, x b xexact 24, r Ap 16 = 613 on the fine grid;
  // f2c 4, rc 8 and the matrix 573 = 585 on coarse grids. Struct sizes as 3.1 has them on LP64.
  constexpr double bytes_per_double = 8.0;
  constexpr double fine_row_bytes = 613, coarse_row_bytes = 585;
  constexpr double geometry_struct_bytes = 128, coarse_level_struct_bytes = 504;
  const auto& levels = shape.levels;
  const double rank_count = shape.ranks;
  MemoryEstimate m;
  m.fine_bytes = geometry_struct_bytes + bytes_per_double * shape.sets +
                 fine_row_bytes * static_cast<double>(levels[0].global_rows) +
                 2.0 * bytes_per_double * levels[0].root_columns * rank_count;
  m.optimization_bytes = shape.optimization_bytes;
  m.total_bytes = m.fine_bytes + m.optimization_bytes;
  for (int l = 1; l < mg_levels; ++l) {
    const LevelSummary& s = levels[l];
    double bytes = coarse_row_bytes * static_cast<double>(s.global_rows) +
                   2.0 * bytes_per_double * s.root_columns * rank_count + coarse_level_struct_bytes;
    if (shape.ranks > 1) bytes += 12.0 * s.root_send_total + 8.0 * s.root_send_neighbors;
    m.coarse_bytes[l - 1] = bytes;
    m.total_bytes += bytes;
  }
  return m;
}

}  // namespace hpcg
