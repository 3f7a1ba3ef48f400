// SPDX-License-Identifier: BSD-3-Clause
// What BC declares to xgraph: its scores file, that it reads --source, and its trials
// (bc_trials.cpp).
#include <memory>

#include "../kernel.hpp"
#include "hpcg/graph/bc.hpp"

namespace hpcg::graph {

KernelOutcome run_bc_kernel(const KernelContext& context);

KernelDeclaration declare_bc_kernel() {
  KernelDeclaration d;
  d.options = {output_option<BcSettings>(
      "bc-scores-out", "the last BC trial's scores (vertex score, normalized to the largest)",
      &BcSettings::scores_out)};
  d.make_settings = [] { return std::unique_ptr<KernelSettings>(new BcSettings); };
  d.outputs = [](const KernelSettings& s) {
    return std::vector<OutputFile>{
        {"--bc-scores-out", static_cast<const BcSettings&>(s).scores_out}};
  };
  d.reads_source = true;
  d.run = run_bc_kernel;
  return d;
}

}  // namespace hpcg::graph
