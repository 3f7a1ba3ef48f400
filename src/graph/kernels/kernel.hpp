// SPDX-License-Identifier: BSD-3-Clause
// What xgraph knows of a kernel: one row of the kernel table (its id, --kernel name, GAP's trial
// count) and what the kernel's folder declares (its own options, output files and checks, and
// the function that runs its trials), what that function is given, and what it hands back to
// the report. The program assembles its options and checks from these rows; everything else
// about a kernel stays in its own folder under kernels/.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/kernel_settings.hpp"

namespace hpcg::graph {

using Json = nlohmann::ordered_json;

/// Writes `text` to standard output on rank 0 only (xgraph's one printer).
void print_on_root(const Comm& comm, const std::string& text);

/// The graph's figures a kernel's summary may quote.
struct GraphFigures {
  global_int halo_volume = 0;
  /// TC on a directed graph: the symmetrized copy's undirected edges (0: none was built), its
  /// halo volume and untimed build time.
  global_int symmetrized_edges = 0, symmetrized_halo_volume = 0;
  double symmetrized_seconds = 0;
};

/// What a kernel's trials run on and with.
struct KernelContext {
  const RunSettings& run;
  const KernelSettings& own;  ///< the kernel's own settings (its folder's type)
  Graph& graph;  ///< TC: the undirected graph (the symmetrized copy of a directed one)
  const Comm& comm;
  int trials;  ///< --trials, or the kernel's GAP count
  const GraphFigures& figures;

  /// The kernel's own settings as its folder's type S.
  template <class S>
  const S& settings() const {
    return dynamic_cast<const S&>(own);
  }
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

/// An output file a kernel writes: its option and the path given (empty: not asked for).
using OutputFile = std::pair<std::string, std::string>;

/// What a kernel's folder declares (kernels/NAME/NAME_kernel.cpp).
struct KernelDeclaration {
  /// Its own options and output files; each is refused when given without the kernel.
  std::vector<KernelOption> options;
  std::unique_ptr<KernelSettings> (*make_settings)() = nullptr;
  /// Refuses combinations of its settings with the run's (InputError naming the fix); may
  /// require verification of the run (Graph500's mode). Null: none.
  void (*check)(const KernelSettings& own, RunSettings& run) = nullptr;
  /// Its output files, checked for writability before the graph is built. Null: none.
  std::vector<OutputFile> (*outputs)(const KernelSettings& own) = nullptr;
  bool reads_source = false;   ///< --source applies to it (BFS, SSSP, BC)
  bool reads_weights = false;  ///< it needs the edge weights (SSSP)
  /// --repartition applies: a recorded run after the timed trials, with GPS's moves between
  /// its iterations or trials (PageRank, BFS, SSSP)
  bool repartitions = false;
  /// Runs the trials (timed by run_trials), prints their lines and summary, writes the
  /// kernel's outputs.
  KernelOutcome (*run)(const KernelContext& context) = nullptr;
};

/// One row of the kernel table.
struct Kernel {
  KernelId id;
  const char* name;      ///< in --kernel=LIST
  const char* title;     ///< in messages ("PageRank")
  const char* json_key;  ///< its section in the JSON report
  int gap_trials;        ///< GAP's benchmark setting (-n)
  bool undirected;       ///< GAP runs it on the undirected graph (TC): a directed one symmetrized
  bool in_both;          ///< part of --kernel=both (BFS and PageRank, GAP's pair)
  KernelDeclaration declared;  ///< from its folder
};

/// Every kernel, in the order they run and report (KernelId's); the one place a kernel is
/// registered.
const std::vector<Kernel>& kernel_table();
const Kernel& kernel_row(KernelId id);

/// A kernel's trials: --trials, or its GAP count.
int trial_count(const RunSettings& run, KernelId id);

}  // namespace hpcg::graph
