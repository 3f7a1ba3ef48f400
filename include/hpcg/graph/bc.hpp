// SPDX-License-Identifier: BSD-3-Clause
// GAP's betweenness centrality: Brandes's algorithm from a few sources (approximate BC), scores
// normalized to the largest. A level-synchronous BFS that counts shortest paths pushes along the
// out-edges and the halo, then a backward sweep over the levels pulls the dependencies.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/kernel_settings.hpp"

namespace hpcg::graph {

struct BcStats {
  int levels = 0;                ///< BFS levels over all sources
  std::uint64_t bytes_sent = 0;  ///< halo payload this rank sent (reductions not counted)
  double seconds_setup = 0;      ///< allocation, initialisation and the normalisation
  double seconds_forward = 0, seconds_backward = 0, seconds_communication = 0;
};

struct BcResult {
  std::vector<float> scores;  ///< per owned vertex, divided by the largest score of all ranks
  BcStats stats;
};

/// Brandes from each of `sources` (internal ids) along out-edges: per source a BFS counting
/// shortest paths level by level (each level's path counts travel through the halo of the
/// in-edges), then, from the deepest level up, each vertex's dependency
/// delta(u) = sum over out-neighbours v one level deeper of sigma(u) / sigma(v) (1 + delta(v)),
/// with (1 + delta(v)) / sigma(v) sent through the out-edges' halo. Scores sum the dependencies
/// (the sources' own included, as GAP's), then are divided by the largest. Collective.
BcResult betweenness_centrality(Graph& graph, const std::vector<global_int>& sources,
                                const Comm& comm);

struct BcCheck {
  bool passed = true;
  std::string failure;     ///< the first vertex whose score differs, in original ids
  double largest_error = 0;  ///< largest |score - reference| over all vertices
};

/// GAP's check: a serial Brandes in double from the same sources, on the whole graph gathered on
/// rank 0, normalized alike; every score must match within a float's epsilon (GAP's tolerance).
/// Collective.
BcCheck verify_bc(const Graph& graph, const std::vector<global_int>& sources,
                  const std::vector<float>& scores, const Comm& comm);

/// xgraph's BC options (declared in kernels/bc/).
struct BcSettings : KernelSettings {
  static constexpr KernelId id = KernelId::bc;
  std::string scores_out;  ///< --bc-scores-out
};

}  // namespace hpcg::graph
