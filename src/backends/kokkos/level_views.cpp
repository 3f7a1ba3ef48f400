// SPDX-License-Identifier: BSD-3-Clause
// Builds a level's views on the host, written through mirror views: on host spaces a mirror is
// the view itself, so nothing is copied; on devices one deep_copy per array moves it. Every row
// of the core's matrix holds its diagonal entry, which is kept apart.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "hpcg/backend/block_coloring.hpp"
#include "hpcg/base/error.hpp"
#include "kernels.hpp"

namespace hpcg::backends::kokkos {
namespace {

/// Row i's entries of one part in their order (L ascending, U descending), skipping the
/// diagonal: calls take(k) with each offset k into the core's arrays.
template <class InPart, class Take>
void for_part(const SparseMatrix& A, local_int i, bool lower, const InPart& in_lower,
              const Take& take) {
  // In the core's order the nearest columns sit next to the diagonal; with L ascending and U
  // descending each sweep meets the neighbour it has just written last (any order is correct).
  if (lower) {
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      if (k != A.diagonal[i] && in_lower(A.column_index[k], i)) take(k);
    }
  } else {
    for (nnz_int k = A.row_start[i + 1] - 1; k >= A.row_start[i]; --k) {
      if (k != A.diagonal[i] && !in_lower(A.column_index[k], i)) take(k);
    }
  }
}

/// Allocates and fills one part of the split matrix; L's columns as offsets from their rows
/// when every one is within 16 bits of it. Throws ResourceError at 2^32 entries or more.
template <class InPart>
MatrixPart make_part(const SparseMatrix& A, bool lower, const InPart& in_lower,
                     MemoryBridge& memory) {
  MatrixPart part;
  part.start = memory.allocate<std::uint32_t>(lower ? "hpcg::lower_start" : "hpcg::upper_start",
                                              A.rows + 1);
  auto start = Kokkos::create_mirror_view(part.start);
  std::uint64_t count = 0;
  local_int widest = 0;
  for (local_int i = 0; i < A.rows; ++i) {
    start(i) = static_cast<std::uint32_t>(count);
    for_part(A, i, lower, in_lower, [&](nnz_int k) {
      if (lower) widest = std::max(widest, std::abs(A.column_index[k] - i));
      ++count;
    });
    if (count > std::numeric_limits<std::uint32_t>::max()) {
      throw ResourceError("a rank's matrix part has 2^32 entries or more; use more ranks");
    }
  }
  start(A.rows) = static_cast<std::uint32_t>(count);
  const bool offsets = lower && widest <= std::numeric_limits<std::int16_t>::max();
  if (offsets) {
    part.offset = memory.allocate<std::int16_t>("hpcg::part_offset", count);
  } else {
    part.column = memory.allocate<local_int>("hpcg::part_column", count);
  }
  part.value = memory.allocate<double>("hpcg::part_value", count);
  auto offset = Kokkos::create_mirror_view(part.offset);
  auto column = Kokkos::create_mirror_view(part.column);
  auto value = Kokkos::create_mirror_view(part.value);
  std::uint32_t next = 0;
  for (local_int i = 0; i < A.rows; ++i) {
    for_part(A, i, lower, in_lower, [&](nnz_int k) {
      const local_int j = A.column_index[k];
      if (offsets) {
        offset(next) = static_cast<std::int16_t>(j - i);
      } else {
        column(next) = j;
      }
      value(next) = A.values[k];
      ++next;
    });
  }
  Kokkos::deep_copy(part.start, start);
  Kokkos::deep_copy(part.offset, offset);
  Kokkos::deep_copy(part.column, column);
  Kokkos::deep_copy(part.value, value);
  return part;
}

}  // namespace

LevelViews make_level_views(const Level& level, local_int block_rows, MemoryBridge& memory) {
  const SparseMatrix& A = level.A;
  const BlockColoring coloring = color_blocks(A, block_rows);
  // Column j is in row i's L when the forward sweep updates it first: an earlier colour, or
  // earlier in the same block. Halo columns stay fixed during a sweep: they go with U.
  auto in_lower = [&coloring](local_int j, local_int i) { return coloring.updated_before(j, i); };
  LevelViews v;
  v.rows = A.rows;
  v.columns = A.columns;
  v.lower = make_part(A, true, in_lower, memory);
  v.upper = make_part(A, false, in_lower, memory);
  v.diagonal = memory.allocate<double>("hpcg::diagonal", A.rows);
  v.inverse_diagonal = memory.allocate<double>("hpcg::inverse_diagonal", A.rows);
  refresh_diagonal(v, A);

  v.coarse_to_fine = memory.copy(level.coarse_to_fine, "hpcg::coarse_to_fine");
  v.block_start = memory.copy(coloring.block_start, "hpcg::block_start");
  v.blocks = memory.copy(coloring.blocks, "hpcg::blocks");
  v.color_start = coloring.color_start;
  v.sweep_rhs = memory.allocate<double>("hpcg::sweep_rhs", A.rows);
  if (memory.separate()) {
    const std::vector<local_int>& send_rows = A.exchange.halo().send_rows;
    v.send_rows = memory.copy(send_rows, "hpcg::send_rows");
    v.send_values = memory.allocate<double>("hpcg::send_values", send_rows.size());
    v.send_staging.assign(send_rows.size(), 0.0);
  }
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
