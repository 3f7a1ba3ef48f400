// SPDX-License-Identifier: BSD-3-Clause
// The xgraph program between MPI_Init and MPI_Finalize: options, graph, kernels' trials under
// GAP's methodology, verification, report; one agreed exit status on every rank.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/bfs.hpp"
#include "hpcg/graph/cc.hpp"
#include "hpcg/graph/edge_list.hpp"
#include "hpcg/graph/pagerank.hpp"
#include "hpcg/graph/partition.hpp"
#include "hpcg/graph/sssp.hpp"

namespace hpcg::graph {

enum class GraphSource { none, kronecker, uniform, grid, file };
/// Which of GAP's kernels run (--kernel=bfs,pr,cc,sssp,bc,tc).
struct KernelSet {
  bool bfs = true, pagerank = true, cc = false, sssp = false, bc = false, tc = false;
};

struct XgraphOptions {
  bool help = false;
  bool version = false;
  GraphSource source = GraphSource::none;
  int scale = 0;        ///< --kron / --urand
  int degree = 16;      ///< edge factor: tuples per vertex
  global_int grid = 0;  ///< --grid: points per dimension
  std::string file;     ///< --file
  std::uint64_t seed = default_seed;
  PartitionKind partition = PartitionKind::block;
  NeighbourOrder neighbour_order = NeighbourOrder::degree;
  /// --symmetrize: a file's arcs become undirected edges (generated graphs always are).
  bool symmetrize = false;
  KernelSet kernels;
  int bfs_trials = 64;  ///< GAP's benchmark settings (-n64, -n16, -n16, -n64, -n16, -n3)
  int pagerank_trials = 16;
  int cc_trials = 16;
  int sssp_trials = 64;
  int bc_trials = 16;
  int tc_trials = 3;
  static constexpr int bc_sources_per_trial = 4;  ///< GAP's -i4
  /// BFS, SSSP and BC source, original id; -1: GAP's seeded picker
  global_int source_vertex = -1;
  BfsOptions bfs;
  PageRankOptions pagerank;
  SsspOptions sssp;
  bool verify = false;
  bool graph500 = false;  ///< --graph500: 64 distinct roots, each validated, Graph500's statistics
  /// --max-iters was given: a PageRank trial may stop there above the tolerance; without it
  /// such a trial fails the run.
  bool max_iterations_given = false;
  WatchdogLimit watchdog;  ///< --watchdog=SECONDS
  std::string graph_out, scores_out, parents_out, labels_out, distances_out, bc_scores_out, json;

  bool runs_bfs() const { return kernels.bfs; }
  bool runs_pagerank() const { return kernels.pagerank; }
  bool runs_cc() const { return kernels.cc; }
  bool runs_sssp() const { return kernels.sssp; }
  bool runs_bc() const { return kernels.bc; }
  bool runs_tc() const { return kernels.tc; }
};

/// Parses argv[1..]; throws InputError naming the bad option and the fix.
XgraphOptions parse_xgraph_options(const std::vector<std::string>& args);
std::string xgraph_usage();
/// One line naming the graph the options describe ("Kronecker scale 20, degree 16, seed ...").
std::string describe_source(const XgraphOptions& options);

/// Runs xgraph with argv[1..]; returns the exit status (0 ok, 1 a verification failed, 2 bad
/// input, 3 resources, 4 internal; the watchdog ends the job with 6). Only rank 0 prints.
int run_xgraph(const Comm& comm, const std::vector<std::string>& args);

}  // namespace hpcg::graph
