// SPDX-License-Identifier: BSD-3-Clause
// PageRank's --repartition run (fixed or dynamic), after its timed trials.
#pragma once

#include "../kernel.hpp"
#include "hpcg/graph/pagerank.hpp"

namespace hpcg::graph {

struct RepartitionOutcome {
  int iterations = 0;
  double change = 0;
  bool verified = false, passed = true;
  double error = 0;  ///< GAP's check of the final scores
  Json json;         ///< the run and every iteration's record
};

/// One PageRank run an iteration at a time on c.graph, moving its vertices between iterations
/// when --repartition=dynamic; prints its lines. Collective.
RepartitionOutcome run_repartitioned_pagerank(const KernelContext& c);

}  // namespace hpcg::graph
