// SPDX-License-Identifier: BSD-3-Clause
// Connected components (GAP's CC kernel) over the graph's halo: weakly connected components for a
// directed graph, and GAP's verification, also distributed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/kernel_settings.hpp"

namespace hpcg::graph {

struct CcStats {
  int rounds = 0;                ///< label exchanges between ranks (0 on one rank)
  std::uint64_t bytes_sent = 0;  ///< halo payload this rank sent (reductions not counted)
  double seconds_setup = 0, seconds_local = 0, seconds_communication = 0;
};

struct CcResult {
  /// Per owned vertex, an internal vertex id naming its component: equal for two vertices
  /// exactly when they are (weakly) connected.
  std::vector<global_int> label;
  CcStats stats;
};

/// Connected components: Afforest (union-find linking a sample of each vertex's edges, then the
/// remaining edges of vertices outside the largest component found) over the edges inside this
/// rank, then min-label propagation between ranks through the halos of both edge directions until
/// no label changes. `graph` is not const: its exchanges keep request state. Collective.
CcResult connected_components(Graph& graph, const Comm& comm);

struct CcCheck {
  bool passed = true;
  std::string failure;        ///< the first failure (lowest rank's), empty when passed
  global_int components = 0;  ///< isolated vertices count as components of their own
  global_int largest = 0;     ///< vertices in the largest component
};

/// GAP's check, independent of the kernel: (1) every edge joins two vertices of one label;
/// (2) the labels partition exactly the components: plain min-id label propagation computes the
/// components, and its labels and the kernel's must correspond one to one. Collective.
CcCheck verify_cc(Graph& graph, const std::vector<global_int>& label, const Comm& comm);

/// The labels in a form that does not depend on ranks or partitioning (for --labels-out): each
/// vertex's label becomes the smallest original id in its component. Collective.
std::vector<global_int> canonical_labels(Graph& graph, const std::vector<global_int>& label,
                                         const Comm& comm);

/// xgraph's CC options (declared in kernels/cc/).
struct CcSettings : KernelSettings {
  static constexpr KernelId id = KernelId::cc;
  std::string labels_out;
};

}  // namespace hpcg::graph
