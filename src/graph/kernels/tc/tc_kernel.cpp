// SPDX-License-Identifier: BSD-3-Clause
// What TC declares to xgraph: no options of its own, and its trials (tc_trials.cpp).
#include <memory>

#include "../kernel.hpp"
#include "hpcg/graph/tc.hpp"

namespace hpcg::graph {

KernelOutcome run_tc_kernel(const KernelContext& context);

KernelDeclaration declare_tc_kernel() {
  KernelDeclaration d;
  d.make_settings = [] { return std::unique_ptr<KernelSettings>(new TcSettings); };
  d.run = run_tc_kernel;
  return d;
}

}  // namespace hpcg::graph
