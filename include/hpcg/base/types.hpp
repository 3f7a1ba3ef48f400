// SPDX-License-Identifier: BSD-3-Clause
// Index types shared by every module: 32-bit local ids keep the matrix compact, 64-bit global ids
// and 64-bit nonzero counts avoid HPCG 3.1's overflow on large local grids (its issue #66).
#pragma once

#include <cstdint>
#include <limits>

namespace hpcg {

using local_int = std::int32_t;   ///< local row/column id (includes halo columns)
using global_int = std::int64_t;  ///< global row/column id and global counts
using nnz_int = std::int64_t;     ///< offsets into local nonzero arrays

constexpr local_int max_local_int = std::numeric_limits<local_int>::max();

}  // namespace hpcg
