// SPDX-License-Identifier: BSD-3-Clause
// Direction-optimizing BFS (Beamer's switch with GAP's alpha/beta) in linear-algebra form over the
// graph's halo, and Graph500's five-check validation, also distributed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/kernel_settings.hpp"

namespace hpcg::graph {

struct BfsOptions {
  double alpha = 15.0;  ///< go bottom-up when frontier edges > unexplored edges / alpha
  double beta = 18.0;   ///< go back top-down when the frontier shrinks below N / beta
};

struct BfsStats {
  int levels = 0;                ///< frontier expansions (the source's level is 0)
  int bottom_up_levels = 0;      ///< of which bottom-up
  std::uint64_t bytes_sent = 0;  ///< halo payload this rank sent (reductions not counted)
  double seconds_top_down = 0, seconds_bottom_up = 0, seconds_communication = 0;
  double seconds_setup = 0;  ///< allocation, initialisation and the final parent conversion
};

struct BfsResult {
  /// Parent of each owned vertex as an internal id: the source's is itself, -1 = not reached.
  std::vector<global_int> parent;
  BfsStats stats;
};

/// BFS from `source` (an internal id) along out-edges: top-down steps push the frontier along
/// owned out-edges and, for frontier ghosts, along the in-edges' halo transpose (a sparse-vector
/// product); bottom-up steps let each unvisited vertex take its first in-neighbour in the
/// frontier bitmap (a masked product). Each level exchanges the new frontier as bits through the
/// halo (so `graph` is not const: its exchange keeps request state). Collective.
BfsResult bfs(Graph& graph, global_int source, const BfsOptions& options, const Comm& comm);

struct BfsCheck {
  bool passed = true;
  std::string failure;     ///< the first failure (lowest rank's), empty when passed
  global_int reached = 0;  ///< vertices in the tree, the source included
  global_int edges = 0;    ///< edges of the traversed component (TEPS numerator)
  int depth = 0;           ///< largest level
};

/// Graph500's checks on a parent array: (1) the parents form a tree without cycles rooted at
/// `source`; (2) tree edges join consecutive levels; (3) every edge u -> v from a reached u
/// reaches at most one level deeper; (4) the tree spans what the source reaches (no edge leaves
/// it); (5) each parent is an in-neighbour. (For an undirected graph, which stores both
/// directions, 3 and 4 are Graph500's checks.) Levels are
/// rebuilt from the parents through the halo, independently of the kernel. If `depths` is given
/// it receives each owned vertex's level (-1: not reached). Collective.
BfsCheck verify_bfs(Graph& graph, global_int source, const std::vector<global_int>& parent,
                    const Comm& comm, std::vector<std::int32_t>* depths = nullptr);

/// Edges of what the parent array reached: the sum of reached vertices' out-degrees, halved for
/// an undirected graph (GAP's tree edge count, Graph500's undirected edges).
global_int traversed_edges(const Graph& graph, const std::vector<global_int>& parent,
                           const Comm& comm);

/// xgraph's BFS options (declared in kernels/bfs/): the direction switch, Graph500's mode and
/// the parents file.
struct BfsSettings : KernelSettings {
  static constexpr KernelId id = KernelId::bfs;
  static constexpr int graph500_roots = 64;  ///< --graph500's BFS trials
  BfsOptions bfs;
  bool graph500 = false;  ///< 64 distinct roots, each validated, Graph500's statistics
  std::string parents_out;
};

}  // namespace hpcg::graph
