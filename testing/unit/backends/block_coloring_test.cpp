// SPDX-License-Identifier: BSD-3-Clause
// The block colouring the openmp and kokkos backends share: valid (no two blocks of one colour
// couple), few colours, and `updated_before` is the order a forward sweep really follows.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "hpcg/backends/block_coloring.hpp"
#include "hpcg/problem/problem.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

TEST(BlockColoring, NoTwoBlocksOfOneColourShareANonzero) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  const SparseMatrix& A = problem.fine().A;
  for (local_int block_rows : {1, 7, 64, cpu_block_rows(problem.fine().geometry, 4)}) {
    const BlockColoring coloring = color_blocks(A, block_rows);
    ASSERT_EQ(coloring.block_color.size(), coloring.blocks.size());
    for (int c = 0; c < coloring.colors(); ++c) {
      for (local_int k = coloring.color_start[c]; k < coloring.color_start[c + 1]; ++k) {
        EXPECT_EQ(coloring.block_color[coloring.blocks[k]], c);
      }
    }
    int conflicts = 0;
    for (local_int i = 0; i < A.rows; ++i) {
      for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
        const local_int j = A.column_index[k];
        if (j >= A.rows || i / block_rows == j / block_rows) continue;
        conflicts += coloring.block_color[i / block_rows] == coloring.block_color[j / block_rows];
      }
    }
    EXPECT_EQ(conflicts, 0) << block_rows << " rows per block";
  }
  EXPECT_EQ(color_blocks(A, 1).colors(), 8) << "point colouring of the 27-point stencil";
  EXPECT_LE(color_blocks(A, cpu_block_rows(problem.fine().geometry, 4)).colors(), 2);
}

/// Largest |i - j| over the owned nonzeros: what the block size must cover, read off the graph.
local_int measured_bandwidth(const SparseMatrix& A) {
  local_int widest = 0;
  for (local_int i = 0; i < A.rows; ++i) {
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      const local_int j = A.column_index[k];
      if (j < A.rows) widest = std::max(widest, i > j ? i - j : j - i);
    }
  }
  return widest;
}

TEST(BlockColoring, BlocksCoverTheBandwidthTheGridGives) {
  Comm comm;
  for (int nz : {16, 8}) {  // 8: the coarsest level is 2 x 1 x 1
    Problem problem = generate_problem(testing::small_geometry(comm, 16, 8, nz), comm);
    for (const Level& level : problem.levels) {
      const local_int expected =
          std::max<local_int>(64, 2 * (measured_bandwidth(level.A) + 1));
      EXPECT_EQ(cpu_block_rows(level.geometry, 1 << 20), expected)
          << level.geometry.nx << " x " << level.geometry.ny << " x " << level.geometry.nz;
    }
  }
}

TEST(BlockColoring, OneThreadIsNaturalOrder) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  const SparseMatrix& A = problem.fine().A;
  // Two blocks, the first coloured first: a forward sweep visits the rows in natural order.
  const BlockColoring coloring = color_blocks(A, cpu_block_rows(problem.fine().geometry, 1));
  int disagreements = 0;
  for (local_int i = 0; i < A.rows; ++i) {
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      const local_int j = A.column_index[k];
      disagreements += coloring.updated_before(j, i) != (j < i);
    }
  }
  EXPECT_EQ(disagreements, 0);
  EXPECT_FALSE(coloring.updated_before(A.rows, 0)) << "halo columns are never updated";
}

TEST(BlockColoring, UpdatedBeforeFollowsTheSweep) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  const SparseMatrix& A = problem.fine().A;
  for (local_int block_rows : {1, 7, 64}) {
    const BlockColoring coloring = color_blocks(A, block_rows);
    // Position of each row in a forward sweep: colours in order, blocks of a colour in any
    // order (they do not couple), rows of a block ascending.
    std::vector<local_int> position(A.rows);
    local_int next = 0;
    for (local_int b : coloring.blocks) {
      for (local_int i = coloring.block_start[b]; i < coloring.block_start[b + 1]; ++i) {
        position[i] = next++;
      }
    }
    int disagreements = 0;
    for (local_int i = 0; i < A.rows; ++i) {
      for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
        const local_int j = A.column_index[k];
        const bool expected = j < A.rows && position[j] < position[i];
        disagreements += coloring.updated_before(j, i) != expected;
      }
    }
    EXPECT_EQ(disagreements, 0) << block_rows << " rows per block";
  }
}

}  // namespace
}  // namespace hpcg
