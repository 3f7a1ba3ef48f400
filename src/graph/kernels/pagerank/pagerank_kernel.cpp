// SPDX-License-Identifier: BSD-3-Clause
// What PageRank declares to xgraph: its options (GAP's tolerance and iteration limit, the
// scores file) and its trials (pagerank_trials.cpp).
#include <memory>

#include "../kernel.hpp"
#include "hpcg/graph/pagerank.hpp"

namespace hpcg::graph {

KernelOutcome run_pagerank_kernel(const KernelContext& context);

namespace {
PageRankSettings& own(KernelSettings& s) { return static_cast<PageRankSettings&>(s); }
}  // namespace

KernelDeclaration declare_pagerank_kernel() {
  KernelDeclaration d;
  d.options = {
      {OptionSpec("tolerance", OptionKind::real, "E",
                  "PageRank stops when the L1 change is below E")
           .from(0)
           .at_most(1)
           .defaults_to("1e-4"),
       [](KernelSettings& s, const OptionValue& v) { own(s).pagerank.tolerance = v.real; }},
      {OptionSpec("max-iters", OptionKind::integer, "I",
                  "and after at most I iterations; a trial that stops there above the "
                  "tolerance fails the run unless this is given")
           .from(1)
           .at_most(1000000)
           .defaults_to("1000, as GAP's scripts"),
       [](KernelSettings& s, const OptionValue& v) {
         own(s).pagerank.max_iterations = static_cast<int>(v.count);
         own(s).max_iterations_given = true;
       }},
      output_option<PageRankSettings>("scores-out",
                                      "the last PageRank trial's scores (vertex score)",
                                      &PageRankSettings::scores_out),
  };
  d.make_settings = [] { return std::unique_ptr<KernelSettings>(new PageRankSettings); };
  d.outputs = [](const KernelSettings& s) {
    return std::vector<OutputFile>{
        {"--scores-out", static_cast<const PageRankSettings&>(s).scores_out}};
  };
  d.repartitions = true;
  d.run = run_pagerank_kernel;
  return d;
}

}  // namespace hpcg::graph
