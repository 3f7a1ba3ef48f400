// SPDX-License-Identifier: BSD-3-Clause
// What CC declares to xgraph: its labels file and its trials (cc_trials.cpp).
#include <memory>

#include "../kernel.hpp"
#include "hpcg/graph/cc.hpp"

namespace hpcg::graph {

KernelOutcome run_cc_kernel(const KernelContext& context);

KernelDeclaration declare_cc_kernel() {
  KernelDeclaration d;
  d.options = {output_option<CcSettings>("labels-out",
                                         "the last CC trial's components (vertex label; the "
                                         "label is the component's smallest vertex)",
                                         &CcSettings::labels_out)};
  d.make_settings = [] { return std::unique_ptr<KernelSettings>(new CcSettings); };
  d.outputs = [](const KernelSettings& s) {
    return std::vector<OutputFile>{{"--labels-out", static_cast<const CcSettings&>(s).labels_out}};
  };
  d.run = run_cc_kernel;
  return d;
}

}  // namespace hpcg::graph
