// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/backends/block_coloring.hpp"

#include <algorithm>

#include "hpcg/base/error.hpp"

namespace hpcg {
namespace {

// Shorter blocks than this cost more in colour synchronisation than their parallelism gains.
constexpr local_int minimum_cpu_block_rows = 64;

// Largest |i - j| between a row and an owned neighbour of the 27-point stencil on `grid`: the
// neighbour one step along every axis that has more than one point.
local_int bandwidth(const Geometry& grid) {
  const local_int plane = static_cast<local_int>(grid.nx) * grid.ny;
  return (grid.nz > 1 ? plane : 0) + (grid.ny > 1 ? grid.nx : 0) + (grid.nx > 1 ? 1 : 0);
}

}  // namespace

local_int cpu_block_rows(const Geometry& grid, int concurrency) {
  const long long blocks = 2LL * std::max(concurrency, 1);
  const auto per_thread = static_cast<local_int>((grid.local_rows() + blocks - 1) / blocks);
  return std::max({minimum_cpu_block_rows, 2 * (bandwidth(grid) + 1), per_thread});
}

BlockColoring color_blocks(const SparseMatrix& A, local_int block_rows) {
  HPCG_REQUIRE(block_rows > 0);
  BlockColoring coloring;
  coloring.block_rows = block_rows;
  for (local_int row = 0; row < A.rows; row += block_rows) coloring.block_start.push_back(row);
  coloring.block_start.push_back(A.rows);
  const auto block_count = static_cast<local_int>(coloring.block_start.size()) - 1;

  std::vector<int>& color = coloring.block_color;
  color.assign(block_count, -1);
  std::vector<local_int> taken_by;  // taken_by[c] == b: a neighbour of block b has colour c
  int colors = 0;
  for (local_int b = 0; b < block_count; ++b) {
    for (local_int i = coloring.block_start[b]; i < coloring.block_start[b + 1]; ++i) {
      for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
        const local_int j = A.column_index[k];
        if (j >= A.rows || j / block_rows == b) continue;
        const int c = color[j / block_rows];
        if (c < 0) continue;
        if (static_cast<size_t>(c) >= taken_by.size()) taken_by.resize(c + 1, -1);
        taken_by[c] = b;
      }
    }
    int c = 0;
    while (c < static_cast<int>(taken_by.size()) && taken_by[c] == b) ++c;
    color[b] = c;
    colors = std::max(colors, c + 1);
  }

  coloring.color_start.assign(colors + 1, 0);
  for (int c : color) ++coloring.color_start[c + 1];
  for (int c = 0; c < colors; ++c) coloring.color_start[c + 1] += coloring.color_start[c];
  coloring.blocks.resize(block_count);
  std::vector<local_int> next(coloring.color_start.begin(), coloring.color_start.end() - 1);
  for (local_int b = 0; b < block_count; ++b) coloring.blocks[next[color[b]]++] = b;
  return coloring;
}

std::vector<local_int> sweep_order(const BlockColoring& coloring) {
  std::vector<local_int> order;
  order.reserve(coloring.rows());
  for (local_int b : coloring.blocks) {
    for (local_int i = coloring.block_start[b]; i < coloring.block_start[b + 1]; ++i) {
      order.push_back(i);
    }
  }
  return order;
}

}  // namespace hpcg
