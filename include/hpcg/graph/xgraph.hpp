// SPDX-License-Identifier: BSD-3-Clause
// The xgraph program between MPI_Init and MPI_Finalize: options, graph, kernels' trials under
// GAP's methodology, verification, report; one agreed exit status on every rank.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/bfs.hpp"
#include "hpcg/graph/bc.hpp"
#include "hpcg/graph/cc.hpp"
#include "hpcg/graph/edge_list.hpp"
#include "hpcg/graph/kernel_settings.hpp"
#include "hpcg/graph/pagerank.hpp"
#include "hpcg/graph/partition.hpp"
#include "hpcg/graph/sssp.hpp"
#include "hpcg/graph/tc.hpp"

namespace hpcg::graph {

enum class GraphSource { none, kronecker, uniform, grid, file };

struct XgraphOptions {
  XgraphOptions();  ///< every kernel's settings at their defaults

  bool help = false;
  bool version = false;
  GraphSource source = GraphSource::none;
  int scale = 0;        ///< --kron / --urand
  int degree = 16;      ///< edge factor: tuples per vertex
  global_int grid = 0;  ///< --grid: points per dimension
  std::string file;     ///< --file
  PartitionKind partition = PartitionKind::block;
  NeighbourOrder neighbour_order = NeighbourOrder::degree;
  /// --symmetrize: a file's arcs become undirected edges (generated graphs always are).
  bool symmetrize = false;
  /// The kernels that run (--kernel=LIST), in the kernel table's order.
  std::vector<KernelId> kernels = {KernelId::bfs, KernelId::pagerank};
  RunSettings run;  ///< --seed, --verify, --trials, --source: what every kernel reads
  WatchdogLimit watchdog;  ///< --watchdog=SECONDS
  std::string graph_out, json;
  /// Each kernel's own settings (its options, declared in its folder), indexed by KernelId.
  std::vector<std::shared_ptr<KernelSettings>> kernel_settings;

  /// Whether the kernel runs.
  bool runs(KernelId id) const;
  /// A kernel's own settings, by its type (BfsSettings, PageRankSettings, ...).
  template <class S>
  const S& settings() const {
    return static_cast<const S&>(*kernel_settings[static_cast<std::size_t>(S::id)]);
  }
};

/// A kernel's trials: --trials, or GAP's count for it (the kernel table's).
int trial_count(const XgraphOptions& options, KernelId id);

/// Parses argv[1..]; throws InputError naming the bad option and the fix.
XgraphOptions parse_xgraph_options(const std::vector<std::string>& args);
std::string xgraph_usage();
/// One line naming the graph the options describe ("Kronecker scale 20, degree 16, seed ...").
std::string describe_source(const XgraphOptions& options);

/// Runs xgraph with argv[1..]; returns the exit status (0 ok, 1 a verification failed, 2 bad
/// input, 3 resources, 4 internal; the watchdog ends the job with 6). Only rank 0 prints.
int run_xgraph(const Comm& comm, const std::vector<std::string>& args);

}  // namespace hpcg::graph
