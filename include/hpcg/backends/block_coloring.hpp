// SPDX-License-Identifier: BSD-3-Clause
// Block multicolour ordering of a matrix's rows, computed from its graph (never from the
// stencil), shared by the backends that run Gauss-Seidel in parallel: rows cut into contiguous
// blocks, blocks coloured greedily so that no two blocks of one colour share a nonzero. A sweep
// runs the blocks of a colour in parallel and each block in natural order. Few large blocks suit
// CPU threads (two colours, close to the natural order's convergence: measured on HPCG, 8-colour
// point multicolouring needs 56-60 CG iterations instead of 50, blocks of 8 planes 50); one-row
// blocks are point multicolouring, the parallelism a GPU needs.
#pragma once

#include <vector>

#include "hpcg/linalg/sparse_matrix.hpp"
#include "hpcg/problem/geometry.hpp"

namespace hpcg {

struct BlockColoring {
  local_int block_rows = 0;            ///< rows per block (the last block may be shorter)
  std::vector<local_int> block_start;  ///< block b owns rows [block_start[b], block_start[b+1])
  std::vector<local_int> blocks;       ///< block ids grouped by colour, ascending in a colour
  std::vector<local_int> color_start;  ///< colour c owns blocks[color_start[c] .. color_start[c+1])
  std::vector<int> block_color;        ///< colour of each block

  int colors() const { return static_cast<int>(color_start.size()) - 1; }
  local_int rows() const { return block_start.back(); }

  /// Whether a forward sweep in this order updates column j before row i. Halo columns
  /// (j >= rows) are never updated during a sweep.
  bool updated_before(local_int j, local_int i) const {
    if (j >= rows()) return false;
    const local_int block_i = i / block_rows, block_j = j / block_rows;
    return block_i == block_j ? j < i : block_color[block_j] < block_color[block_i];
  }
};

/// Block size for `concurrency` CPU threads: two blocks per thread (as few blocks as possible,
/// since every block boundary weakens Gauss-Seidel), but never shorter than twice the bandwidth
/// (largest |i - j| over owned nonzeros), so that a block couples only with its neighbours and
/// two colours suffice on HPCG's grids. With one thread this is natural order, the reference's.
/// The bandwidth is the stencil's on `grid`, the level's local grid.
local_int cpu_block_rows(const Geometry& grid, int concurrency);

/// Greedy first-fit colouring of blocks of `block_rows` rows, in natural order. Halo columns are
/// ignored: their values stay fixed during a sweep.
BlockColoring color_blocks(const SparseMatrix& A, local_int block_rows);

/// The sequential order a block-colour sweep is equivalent to (Backend::sweep_order): colour by
/// colour, each block's rows ascending. Blocks of one colour share no nonzero, so the order
/// among them does not matter; the backward sweep, colours and rows reversed, is its reverse.
std::vector<local_int> sweep_order(const BlockColoring& coloring);

}  // namespace hpcg
