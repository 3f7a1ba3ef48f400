// SPDX-License-Identifier: BSD-3-Clause
// What PageRank declares to xgraph: its options (GAP's tolerance and iteration limit, the
// scores file) and its trials (pagerank_trials.cpp).
#include <memory>

#include "../kernel.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/graph/pagerank.hpp"

namespace hpcg::graph {

KernelOutcome run_pagerank_kernel(const KernelContext& context);

namespace {
PageRankSettings& own(KernelSettings& s) { return static_cast<PageRankSettings&>(s); }

RepartitionMode parse_repartition(const std::string& text) {
  if (text == "off") return RepartitionMode::off;
  if (text == "fixed") return RepartitionMode::fixed;
  if (text == "dynamic") return RepartitionMode::dynamic;
  throw InputError("unknown --repartition '" + text + "'; use off, fixed or dynamic");
}

/// The repartitioned run moves the graph's vertices: a later kernel would run on another
/// partition than the report's, so PageRank runs alone.
void check(const KernelSettings& settings, RunSettings& run) {
  const auto& s = static_cast<const PageRankSettings&>(settings);
  if (s.repartition != RepartitionMode::off && run.kernels_run > 1) {
    throw InputError("--repartition moves the graph's vertices between ranks; run it with "
                     "--kernel=pr alone");
  }
  if (s.repartition_threshold_given && s.repartition != RepartitionMode::dynamic) {
    throw InputError("--repartition-threshold needs --repartition=dynamic");
  }
}
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
      {OptionSpec("repartition", OptionKind::text, "R",
                  "after the trials, one more run that records each iteration's time, bytes "
                  "and halo: fixed (on the initial partition) or dynamic (GPS's repartitioning "
                  "between iterations); needs --kernel=pr alone")
           .defaults_to("off"),
       [](KernelSettings& s, const OptionValue& v) {
         own(s).repartition = parse_repartition(v.text);
       }},
      {OptionSpec("repartition-threshold", OptionKind::real, "S",
                  "dynamic repartitioning stops when fewer than S times the vertices would move")
           .from(0)
           .at_most(1)
           .defaults_to("0.001, as GPS"),
       [](KernelSettings& s, const OptionValue& v) {
         own(s).repartition_threshold = v.real;
         own(s).repartition_threshold_given = true;
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
  d.check = check;
  d.run = run_pagerank_kernel;
  return d;
}

}  // namespace hpcg::graph
