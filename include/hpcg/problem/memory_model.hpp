// SPDX-License-Identifier: BSD-3-Clause
// HPCG 3.1's memory-use estimate from a run's shape alone, so that sizing a problem before it
// exists (memory_sizing.hpp) uses the same numbers the report prints afterwards.
#pragma once

#include "hpcg/problem/run_shape.hpp"

namespace hpcg {

struct MemoryEstimate {
  double fine_bytes = 0;          ///< linear system and CG
  double optimization_bytes = 0;  ///< what the backend's optimisation phase allocated
  double coarse_bytes[mg_levels - 1] = {};
  double total_bytes = 0;
};

/// Uses the level sizes (global rows and nonzeros, rank 0's columns and sends), ranks, sets and
/// optimisation bytes of `shape`.
MemoryEstimate estimate_memory(const RunShape& shape);

}  // namespace hpcg
