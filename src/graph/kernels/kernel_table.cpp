// SPDX-License-Identifier: BSD-3-Clause
// The kernel table: a kernel is registered by its row here and nowhere else (the option parser,
// the program flow, the report and the JSON all read this table).
#include "kernel.hpp"

#include <algorithm>

namespace hpcg::graph {

// One row per kernel: its --kernel name, JSON section, GAP's trial count (its benchmark's -n),
// whether GAP runs it on the undirected graph (a directed one is symmetrized for it), and the
// function in its folder (kernels/NAME/NAME_trials.cpp) that runs its trials.
#define XGRAPH_KERNELS(ROW)                              \
  ROW("bfs", "bfs", 64, false, run_bfs_kernel)           \
  ROW("pr", "pagerank", 16, false, run_pagerank_kernel)  \
  ROW("cc", "cc", 16, false, run_cc_kernel)              \
  ROW("sssp", "sssp", 64, false, run_sssp_kernel)        \
  ROW("bc", "bc", 16, false, run_bc_kernel)              \
  ROW("tc", "tc", 3, true, run_tc_kernel)

#define XGRAPH_DECLARE_KERNEL(name, json_key, gap_trials, undirected, run) \
  KernelOutcome run(const KernelContext& context);
XGRAPH_KERNELS(XGRAPH_DECLARE_KERNEL)

const std::vector<Kernel>& kernel_table() {
#define XGRAPH_KERNEL_ROW(name, json_key, gap_trials, undirected, run) \
  {name, json_key, gap_trials, undirected, run},
  static const std::vector<Kernel> table = {XGRAPH_KERNELS(XGRAPH_KERNEL_ROW)};
  return table;
}

std::vector<std::string> kernel_names() {
  std::vector<std::string> names;
  for (const Kernel& k : kernel_table()) names.emplace_back(k.name);
  return names;
}

int trial_count(const XgraphOptions& options, const std::string& name) {
  const auto& table = kernel_table();
  const auto row = std::find_if(table.begin(), table.end(),
                                [&](const Kernel& k) { return name == k.name; });
  if (row == table.end()) return 0;
  return options.trials > 0 ? options.trials : row->gap_trials;
}

}  // namespace hpcg::graph
