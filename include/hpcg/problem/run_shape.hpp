// SPDX-License-Identifier: BSD-3-Clause
// A run's size as HPCG's flop, traffic and memory models see it: the multigrid levels, ranks,
// timed sets and iterations. The models take this and nothing else, so that sizing can apply
// them before a problem exists and the report after the run.
#pragma once

#include <array>

#include "hpcg/base/types.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg {

/// Sizes of one multigrid level; the root_* counts are rank 0's, as HPCG's memory model uses.
struct LevelSummary {
  global_int global_rows = 0;
  global_int global_nonzeros = 0;
  local_int root_columns = 0;
  local_int root_send_total = 0;
  int root_send_neighbors = 0;
};

struct RunShape {
  std::array<LevelSummary, mg_levels> levels{};
  int ranks = 1;
  int sets = 0;
  int reference_iterations = 50;  ///< per set, fixed by HPCG
  int optimized_iterations = 50;  ///< per set, max(50, iterations to reach the reference residual)
  double optimization_bytes = 0;  ///< what the backend's optimisation phase allocated, all ranks
};

}  // namespace hpcg
