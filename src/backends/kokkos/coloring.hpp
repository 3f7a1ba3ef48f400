// SPDX-License-Identifier: BSD-3-Clause
// Block multicolour ordering of a matrix's rows for the kokkos backend, computed on the host
// from the matrix graph (never from the stencil): rows cut into contiguous blocks, blocks
// coloured greedily so that no two blocks of one colour share a nonzero. A Gauss-Seidel sweep
// runs the blocks of a colour in parallel and each block in natural order. Few large blocks suit
// CPU threads (two colours, near the natural order's convergence); one-row blocks are point
// multicolouring, the parallelism a GPU needs (8 colours on HPCG's 27-point stencil).
#pragma once

#include <vector>

#include "hpcg/linalg/sparse_matrix.hpp"

namespace hpcg::backends::kokkos {

struct BlockColoring {
  std::vector<local_int> block_start;  ///< block b owns rows [block_start[b], block_start[b+1])
  std::vector<local_int> blocks;       ///< block ids grouped by colour, ascending in a colour
  std::vector<local_int> color_start;  ///< colour c owns blocks[color_start[c] .. color_start[c+1])
  int colors() const { return static_cast<int>(color_start.size()) - 1; }
};

/// Block size for `concurrency` CPU threads: two blocks per thread, but never shorter than twice
/// the bandwidth (largest |i - j| over owned nonzeros), so that a block couples only with its
/// neighbours and two colours suffice. With one thread this is natural order, the reference's.
local_int cpu_block_rows(const SparseMatrix& A, int concurrency);

/// Greedy first-fit colouring of blocks of `block_rows` rows (the last may be shorter), in
/// natural order. Halo columns are ignored: their values stay fixed during a sweep.
BlockColoring color_blocks(const SparseMatrix& A, local_int block_rows);

}  // namespace hpcg::backends::kokkos
