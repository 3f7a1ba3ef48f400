// SPDX-License-Identifier: BSD-3-Clause
// The kernel table: a kernel is registered by its row here and nowhere else (the option parser,
// the program flow, the report and the JSON all read this table).
#include "kernel.hpp"

namespace hpcg::graph {

// One row per kernel, in KernelId's order: its id, --kernel name, name in messages, JSON
// section, GAP's trial count (its benchmark's -n), whether GAP runs it on the undirected graph
// (a directed one is symmetrized for it), whether --kernel=both includes it, and the function
// in its folder (kernels/NAME/NAME_kernel.cpp) that declares its options, checks and trials.
#define XGRAPH_KERNELS(ROW)                                                   \
  ROW(bfs, "bfs", "BFS", "bfs", 64, false, true, declare_bfs_kernel)          \
  ROW(pagerank, "pr", "PageRank", "pagerank", 16, false, true, declare_pagerank_kernel) \
  ROW(cc, "cc", "CC", "cc", 16, false, false, declare_cc_kernel)              \
  ROW(sssp, "sssp", "SSSP", "sssp", 64, false, false, declare_sssp_kernel)    \
  ROW(bc, "bc", "BC", "bc", 16, false, false, declare_bc_kernel)              \
  ROW(tc, "tc", "TC", "tc", 3, true, false, declare_tc_kernel)

#define XGRAPH_DECLARE_KERNEL(id, name, title, json_key, gap_trials, undirected, in_both, \
                              declare)                                                  \
  KernelDeclaration declare();
XGRAPH_KERNELS(XGRAPH_DECLARE_KERNEL)

const std::vector<Kernel>& kernel_table() {
#define XGRAPH_KERNEL_ROW(id, name, title, json_key, gap_trials, undirected, in_both, declare) \
  {KernelId::id, name, title, json_key, gap_trials, undirected, in_both, declare()},
  static const std::vector<Kernel> table = {XGRAPH_KERNELS(XGRAPH_KERNEL_ROW)};
  return table;
}

const Kernel& kernel_row(KernelId id) {
  // Rows are in KernelId's order (checked by the options test).
  return kernel_table()[static_cast<std::size_t>(id)];
}

int trial_count(const RunSettings& run, KernelId id) {
  return run.trials > 0 ? run.trials : kernel_row(id).gap_trials;
}

}  // namespace hpcg::graph
