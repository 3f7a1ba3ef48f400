// SPDX-License-Identifier: BSD-3-Clause
// PageRank as GAP defines it, computed as repeated distributed SpMV (Jacobi iteration, gapbs'
// pr_spmv) over the graph's halo, and GAP's verifier.
#pragma once

#include <cstdint>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"

namespace hpcg::graph {

struct PageRankOptions {
  double damping = 0.85;
  double tolerance = 1e-4;  ///< stop when the L1 norm of an iteration's change falls below
  int max_iterations = 1000;  ///< as GAP's benchmark scripts run it
};

struct PageRankResult {
  std::vector<float> scores;  ///< owned vertices; float as GAP's ScoreT
  int iterations = 0;
  double change = 0;             ///< L1 change of the last iteration
  std::uint64_t bytes_sent = 0;  ///< halo payload this rank sent (reductions not counted)
  double seconds_setup = 0, seconds_spmv = 0, seconds_communication = 0;
};

/// PR(v) = (1 - d) / N + d * sum over neighbours u of PR(u) / degree(u), from PR = 1 / N. Each
/// iteration exchanges the contributions PR(u) / degree(u) through the halo as floats, multiplies
/// by the adjacency matrix and reduces the L1 change. Isolated vertices' mass is not redistributed
/// (GAP's rule). Collective; `graph` is not const because its exchange keeps request state.
PageRankResult pagerank(Graph& graph, const PageRankOptions& options, const Comm& comm);

struct PageRankCheck {
  bool passed = false;
  double error = 0;  ///< L1 change one more iteration makes
};

/// GAP's check: one more iteration, computed independently in double precision (through the
/// core's double halo exchange), changes the scores by less than the tolerance in L1. Collective.
PageRankCheck verify_pagerank(Graph& graph, const std::vector<float>& scores,
                              const PageRankOptions& options, const Comm& comm);

}  // namespace hpcg::graph
