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
  /// The kernels that run (--kernel=LIST), by their names in the kernel table.
  std::vector<std::string> kernels = {"bfs", "pr"};
  int trials = 0;  ///< --trials, for every kernel; 0: each kernel's GAP count (trial_count)
  static constexpr int graph500_roots = 64;  ///< --graph500's BFS trials
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

  /// Whether the kernel named `name` (bfs, pr, cc, sssp, bc, tc) runs.
  bool runs(const std::string& name) const;
};

/// The kernels' names in the order they run (the kernel table's).
std::vector<std::string> kernel_names();
/// A kernel's trials: --trials, or GAP's count for it (the kernel table's).
int trial_count(const XgraphOptions& options, const std::string& name);

/// Parses argv[1..]; throws InputError naming the bad option and the fix.
XgraphOptions parse_xgraph_options(const std::vector<std::string>& args);
std::string xgraph_usage();
/// One line naming the graph the options describe ("Kronecker scale 20, degree 16, seed ...").
std::string describe_source(const XgraphOptions& options);

/// Runs xgraph with argv[1..]; returns the exit status (0 ok, 1 a verification failed, 2 bad
/// input, 3 resources, 4 internal; the watchdog ends the job with 6). Only rank 0 prints.
int run_xgraph(const Comm& comm, const std::vector<std::string>& args);

}  // namespace hpcg::graph
