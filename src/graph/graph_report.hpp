// SPDX-License-Identifier: BSD-3-Clause
// xgraph's report: the graph's lines and the verdict on stdout, and the whole report as JSON;
// each kernel's own lines and JSON section come from its folder (kernels/) through the kernel
// table. Formatting only; rank 0 prints what these return.
#pragma once

#include <string>
#include <vector>

#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/xgraph.hpp"
#include "kernels/kernel.hpp"

namespace hpcg::graph {

struct XgraphReport {
  XgraphOptions options;
  int ranks = 1, threads = 1;
  global_int vertices = 0, edges = 0;
  bool directed = false;
  std::string weights;  ///< where the edge weights came from, or why there are none
  double generate_seconds = 0, build_seconds = 0;
  /// TC on a directed graph: the symmetrized copy's build time and undirected edges.
  double symmetrized_seconds = 0;
  global_int symmetrized_edges = 0, symmetrized_halo_volume = 0;
  PartitionStats partition;
  std::vector<KernelOutcome> kernels;  ///< in the order they ran

  bool verified() const { return options.run.verify; }
  /// Every verified trial passed and no kernel failed otherwise (a PageRank trial stopped above
  /// the tolerance without --max-iters).
  bool all_passed() const;
};

std::string graph_lines(const XgraphReport& report);
std::string verification_line(const XgraphReport& report);
std::string report_json(const XgraphReport& report);

}  // namespace hpcg::graph
