// SPDX-License-Identifier: BSD-3-Clause
// xgraph's report: GAP-style "label: value" lines on stdout (per trial, then summaries) and the
// same content as JSON. Formatting only; rank 0 prints what these return.
#pragma once

#include <string>
#include <vector>

#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/trials.hpp"
#include "hpcg/graph/xgraph.hpp"

namespace hpcg::graph {

/// The edge count TEPS divides by, as the report states it.
constexpr const char* teps_edge_definition =
    "undirected edges (arcs when directed) of the cleaned graph (no self-loops or duplicates) "
    "in the traversed component";

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
  std::vector<BfsTrial> bfs;
  std::vector<PageRankTrial> pagerank;
  std::vector<CcTrial> cc;
  std::vector<SsspTrial> sssp;
  std::vector<BcTrial> bc;
  std::vector<TcTrial> tc;

  bool verified() const { return options.verify; }
  /// Every verified trial passed and no PageRank trial stopped above the tolerance where that
  /// is a failure (pagerank_unconverged_failures).
  bool all_passed() const;
  /// PageRank trials that stopped at max_iterations above the tolerance without --max-iters.
  int pagerank_unconverged_failures() const;
};

std::string graph_lines(const XgraphReport& report);
std::string bfs_trial_line(const BfsTrial& trial);
std::string pagerank_trial_line(const PageRankTrial& trial);
std::string cc_trial_line(const CcTrial& trial);
std::string sssp_trial_line(const SsspTrial& trial);
std::string bc_trial_line(const BcTrial& trial);
std::string tc_trial_line(const TcTrial& trial);
std::string bfs_summary(const XgraphReport& report);
std::string pagerank_summary(const XgraphReport& report);
std::string cc_summary(const XgraphReport& report);
std::string sssp_summary(const XgraphReport& report);
std::string bc_summary(const XgraphReport& report);
std::string tc_summary(const XgraphReport& report);
std::string verification_line(const XgraphReport& report);
std::string report_json(const XgraphReport& report);

}  // namespace hpcg::graph
