// SPDX-License-Identifier: BSD-3-Clause
// What xgraph knows of a kernel: one row of the kernel table (its --kernel name, GAP's trial
// count and the function that runs its trials), what that function is given, and what it hands
// back to the report. Everything else about a kernel stays in its own folder under kernels/.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/xgraph.hpp"

namespace hpcg::graph {

using Json = nlohmann::ordered_json;
struct XgraphReport;

/// Writes `text` to standard output on rank 0 only (xgraph's one printer).
void print_on_root(const Comm& comm, const std::string& text);

/// What a kernel's trials run on and with.
struct KernelContext {
  const XgraphOptions& options;
  Graph& graph;  ///< TC: the undirected graph (the symmetrized copy of a directed one)
  const Comm& comm;
  int trials;  ///< --trials, or the kernel's GAP count
  const XgraphReport& report;  ///< the graph's figures, for the kernel's summary

  /// Prints on rank 0 only.
  void print(const std::string& text) const;
  /// `count` sources: --source in every trial, or GAP's picker (the same sequence for every
  /// kernel, as gapbs seeds each kernel's picker alike); `distinct` is Graph500's rule.
  std::vector<global_int> sources(int count, bool distinct = false) const;
};

/// A kernel's trials as the report keeps them: counts for the verdict and the JSON section.
struct KernelOutcome {
  std::string json_key;  ///< the kernel's section in the JSON report (set from its row)
  std::size_t trials = 0;
  int failed = 0;        ///< verified trials that failed
  int run_failures = 0;  ///< failures other than a verifier's (PageRank stopped unconverged)
  Json json;
};

/// One row of the kernel table.
struct Kernel {
  const char* name;      ///< in --kernel=LIST
  const char* json_key;  ///< its section in the JSON report
  int gap_trials;        ///< GAP's benchmark setting (-n)
  bool undirected;       ///< GAP runs it on the undirected graph (TC): a directed one symmetrized
  /// Runs the trials (timed by run_trials), prints their lines and summary, writes the
  /// kernel's outputs.
  KernelOutcome (*run)(const KernelContext& context);
};

/// Every kernel, in the order they run and report; the one place a kernel is registered.
const std::vector<Kernel>& kernel_table();

}  // namespace hpcg::graph
