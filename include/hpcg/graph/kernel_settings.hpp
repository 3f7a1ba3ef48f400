// SPDX-License-Identifier: BSD-3-Clause
// What a graph kernel's folder declares about its options: the kernels' ids (their names are
// typed once, in the kernel table), the base of each kernel's own settings (its tuning options
// and output files, declared in its folder) and the run's settings every kernel may read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>

#include "hpcg/base/options.hpp"
#include "hpcg/base/types.hpp"
#include "hpcg/graph/edge_list.hpp"

namespace hpcg::graph {

/// The kernels, in the order they run and report (the kernel table's rows, one per id).
enum class KernelId { bfs, pagerank, cc, sssp, bc, tc };
constexpr std::size_t kernel_count = 6;

/// --repartition: after the timed trials, one more recorded run (`fixed`: on the initial
/// partition; `dynamic`: with GPS's repartitioning between PageRank's iterations or between
/// BFS's and SSSP's trials).
enum class RepartitionMode { off, fixed, dynamic };

/// The run's settings every kernel reads (the program's options that no kernel owns).
struct RunSettings {
  std::uint64_t seed = default_seed;
  bool verify = false;
  int trials = 0;                 ///< --trials; 0: each kernel's GAP count
  global_int source_vertex = -1;  ///< --source, original id; -1: GAP's seeded picker
  size_t kernels_run = 0;         ///< how many kernels run (one that moves the graph runs alone)
  RepartitionMode repartition = RepartitionMode::off;
  double repartition_threshold = 0.001;  ///< GPS's: stop when fewer than 0.1% would move
  bool repartition_threshold_given = false;
  int repartition_patience = 3;  ///< stop after this many steps without a smaller halo
  bool repartition_patience_given = false;
};

/// A kernel's own options; each kernel derives its settings from this, with `static constexpr
/// KernelId id` naming its row.
struct KernelSettings {
  virtual ~KernelSettings() = default;
};

/// One of a kernel's own options (a tuning parameter or an output file): refused when given
/// without the kernel, so that an option never goes silently unused.
struct KernelOption {
  OptionSpec spec;
  std::function<void(KernelSettings&, const OptionValue&)> apply;
};

/// A row that sets `field` of the kernel's settings type S from a --name=FILE option.
template <class S>
KernelOption output_option(const char* name, std::string help, std::string S::*field) {
  return {OptionSpec(name, OptionKind::text, "FILE", std::move(help)),
          [field](KernelSettings& s, const OptionValue& v) {
            static_cast<S&>(s).*field = v.text;
          }};
}

}  // namespace hpcg::graph
