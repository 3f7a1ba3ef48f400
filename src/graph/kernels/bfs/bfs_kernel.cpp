// SPDX-License-Identifier: BSD-3-Clause
// What BFS declares to xgraph: its options (GAP's direction switch, Graph500's mode, the
// parents file), their checks, and its trials (bfs_trials.cpp).
#include <memory>

#include "../kernel.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/graph/bfs.hpp"

namespace hpcg::graph {

KernelOutcome run_bfs_kernel(const KernelContext& context);

namespace {

BfsSettings& own(KernelSettings& s) { return static_cast<BfsSettings&>(s); }

void check(const KernelSettings& settings, RunSettings& run) {
  const auto& s = static_cast<const BfsSettings&>(settings);
  if (!s.graph500) return;
  const int roots = BfsSettings::graph500_roots;
  if (run.source_vertex >= 0 || (run.trials != 0 && run.trials != roots)) {
    throw InputError("--graph500 runs " + std::to_string(roots) +
                     " distinct roots; leave out --source and --trials");
  }
  run.verify = true;  // Graph500 validates every root
}

}  // namespace

KernelDeclaration declare_bfs_kernel() {
  KernelDeclaration d;
  d.options = {
      {OptionSpec("alpha", OptionKind::real, "A", "BFS switches to bottom-up (GAP's alpha)")
           .from(1e-9)
           .at_most(1e9)
           .defaults_to("15"),
       [](KernelSettings& s, const OptionValue& v) { own(s).bfs.alpha = v.real; }},
      {OptionSpec("beta", OptionKind::real, "B", "BFS switches back to top-down (GAP's beta)")
           .from(1e-9)
           .at_most(1e9)
           .defaults_to("18"),
       [](KernelSettings& s, const OptionValue& v) { own(s).bfs.beta = v.real; }},
      {OptionSpec("graph500", OptionKind::flag, "",
                  "BFS as Graph500 runs it: 64 distinct roots, every one validated, and "
                  "Graph500's TEPS statistics (min, quartiles, max, harmonic mean and deviation)"),
       [](KernelSettings& s, const OptionValue&) { own(s).graph500 = true; }},
      output_option<BfsSettings>("parents-out",
                                 "the last BFS trial's parents (vertex parent, -1 unreached)",
                                 &BfsSettings::parents_out),
  };
  d.make_settings = [] { return std::unique_ptr<KernelSettings>(new BfsSettings); };
  d.check = check;
  d.outputs = [](const KernelSettings& s) {
    return std::vector<OutputFile>{
        {"--parents-out", static_cast<const BfsSettings&>(s).parents_out}};
  };
  d.reads_source = true;
  d.repartitions = true;
  d.run = run_bfs_kernel;
  return d;
}

}  // namespace hpcg::graph
