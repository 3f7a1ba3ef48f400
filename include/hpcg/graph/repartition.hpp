// SPDX-License-Identifier: BSD-3-Clause
// GPS's dynamic repartitioning: between iterations of a kernel, vertices that have more
// neighbours on another rank than on their own move there, with their adjacency, their values
// and the halo lists rebuilt around them.
#pragma once

#include <cstdint>
#include <string>
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

/// When a run of repartitioning steps stops. GPS's rule (a step proposes fewer than the
/// threshold's share of the vertices, `stopped`) never fires where the same vertices swap back
/// and forth each step (a grid from a random start), so a second rule stops when the halo
/// volume has not fallen below its best for `patience` steps in a row.
class RepartitionStopRule {
 public:
  /// `halo_before`: the halo volume before the first step; `patience` >= 1.
  RepartitionStopRule(double threshold, int patience, global_int halo_before);
  /// After a step, with the halo volume it left: true when repartitioning should stop.
  bool stop_after(const RepartitionStep& step, global_int halo_after);
  /// Why it stopped, for the report ("" while it runs).
  std::string reason() const { return reason_; }
  /// The same as a JSON key: "threshold", "halo_stalled" or "" while it runs.
  std::string rule() const { return rule_; }

 private:
  double threshold_;
  int patience_;
  global_int best_;
  int steps_without_gain_ = 0;
  std::string reason_, rule_;
};

}  // namespace hpcg::graph
