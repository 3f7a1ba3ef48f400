// SPDX-License-Identifier: BSD-3-Clause
// GPS's dynamic repartitioning: between iterations of a kernel, vertices that have more
// neighbours on another rank than on their own move there, with their adjacency, their values
// and the halo lists rebuilt around them.
#pragma once

#include <cstdint>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"

namespace hpcg::graph {

/// What one repartitioning step did, the same on every rank.
struct RepartitionStep {
  global_int proposed = 0;      ///< vertices with more neighbours on another rank
  global_int moved = 0;         ///< vertices that changed rank
  bool stopped = false;         ///< proposed < threshold · N: nothing moved (GPS's stopping rule)
  std::uint64_t bytes_sent = 0;  ///< all ranks: move lists, adjacency and values sent
  double seconds = 0;           ///< the slowest rank's time for the step
};

/// One step of GPS's dynamic repartitioning. Each rank proposes its vertices whose neighbours
/// (in- and out-edges) lie mostly on one other rank, to that rank; rank i then sends rank j
/// its min(proposals i → j, proposals j → i) candidates of largest gain, so every rank keeps
/// its vertex count (the balance) and the offsets stay. When fewer than `threshold` · N
/// vertices are proposed nothing moves and `stopped` is set. Otherwise the moved vertices get
/// new internal ids (each rank's vertices stay in their previous order), the partition's
/// relabelling is updated, the adjacencies are routed to their new owners and rebuilt with
/// their halos, and `values` (one per owned vertex, or none: BFS and SSSP start each trial
/// afresh) follow their vertices. Collective.
RepartitionStep repartition(Graph& graph, std::vector<float>& values, double threshold,
                            const Comm& comm);

}  // namespace hpcg::graph
