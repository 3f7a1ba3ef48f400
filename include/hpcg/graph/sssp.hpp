// SPDX-License-Identifier: BSD-3-Clause
// Single-source shortest paths (GAP's SSSP kernel): delta-stepping as min-plus relaxations over the
// graph's halo, and GAP's verification, also distributed.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/kernel_settings.hpp"

namespace hpcg::graph {

using distance_t = std::int64_t;
/// The distance of a vertex the source does not reach.
constexpr distance_t unreached = std::numeric_limits<distance_t>::max();

struct SsspOptions {
  distance_t delta = 2;  ///< bucket width of delta-stepping (xgraph's --delta; GAP uses 2 on kron)
};

struct SsspStats {
  int buckets = 0;               ///< buckets processed
  int steps = 0;                 ///< relaxation steps over all buckets (one halo exchange each)
  std::uint64_t bytes_sent = 0;  ///< halo payload this rank sent (reductions not counted)
  double seconds_setup = 0, seconds_relax = 0, seconds_communication = 0;
};

struct SsspResult {
  std::vector<distance_t> distance;  ///< per owned vertex; `unreached` when not reached
  SsspStats stats;
};

/// Delta-stepping from `source` (an internal id) over out-edges and their weights: buckets of
/// width delta processed in order, each step relaxing the out-edges of the bucket's frontier
/// (owned vertices along owned out-edges, frontier ghosts along the in-edges' halo transpose), the
/// frontier's distances crossing ranks through the halo. Throws InputError (on every rank) when
/// the graph is not weighted, delta < 1, or delta is so far below the weights that the buckets
/// would number millions. Collective.
SsspResult sssp(Graph& graph, global_int source, const SsspOptions& options, const Comm& comm);

struct SsspCheck {
  bool passed = true;
  std::string failure;     ///< the first failure (lowest rank's), empty when passed
  global_int reached = 0;  ///< vertices with a finite distance, the source included
  distance_t farthest = 0;  ///< largest finite distance
};

/// GAP's check, independent of the kernel: the source has distance 0; no edge u -> v relaxes a
/// distance (dist(v) <= dist(u) + w); every other reached vertex has an in-edge u -> v with
/// dist(v) = dist(u) + w, so each distance is the weight of a path (weights are positive); a
/// vertex is unreached only when no reached vertex has an edge to it. Collective.
SsspCheck verify_sssp(Graph& graph, global_int source, const std::vector<distance_t>& distance,
                      const Comm& comm);

/// xgraph's SSSP options (declared in kernels/sssp/).
struct SsspSettings : KernelSettings {
  static constexpr KernelId id = KernelId::sssp;
  SsspOptions sssp;
  std::string distances_out;
};

}  // namespace hpcg::graph
