// SPDX-License-Identifier: BSD-3-Clause
#include "coloring.hpp"

#include <algorithm>
#include <cstdlib>

namespace hpcg::backends::openmp {
namespace {

constexpr local_int minimum_block_rows = 64;

local_int bandwidth(const SparseMatrix& A) {
  local_int widest = 0;
  for (local_int i = 0; i < A.rows; ++i) {
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      local_int j = A.column_index[k];
      if (j < A.rows) widest = std::max(widest, std::abs(i - j));
    }
  }
  return widest;
}

}  // namespace

BlockColoring color_blocks(const SparseMatrix& A, int threads) {
  // As few blocks as the threads need (two per thread, one per colour), since every block
  // boundary weakens Gauss-Seidel; but never shorter than twice the bandwidth, so that a block
  // couples only with its neighbours and two colours suffice.
  const local_int per_thread = static_cast<local_int>((A.rows + 2LL * threads - 1) / (2LL * threads));
  const local_int block_rows =
      std::max({minimum_block_rows, 2 * (bandwidth(A) + 1), per_thread});
  BlockColoring coloring;
  for (local_int row = 0; row < A.rows; row += block_rows) coloring.block_start.push_back(row);
  coloring.block_start.push_back(A.rows);
  const auto block_count = static_cast<local_int>(coloring.block_start.size()) - 1;

  // Greedy first-fit over the block graph, in natural order.
  std::vector<int> color(block_count, -1);
  std::vector<local_int> taken_by;  // taken_by[c] == b: a neighbour of block b has colour c
  int colors = 0;
  for (local_int b = 0; b < block_count; ++b) {
    for (local_int i = coloring.block_start[b]; i < coloring.block_start[b + 1]; ++i) {
      for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
        local_int j = A.column_index[k];
        if (j >= A.rows) continue;  // halo values stay fixed during a sweep
        int c = color[j / block_rows];
        if (j / block_rows == b || c < 0) continue;
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

}  // namespace hpcg::backends::openmp
