// SPDX-License-Identifier: BSD-3-Clause
// What SSSP declares to xgraph: its bucket width, its distances file, that it reads the edge
// weights and --source, and its trials (sssp_trials.cpp).
#include <cstdint>
#include <memory>
#include <string>

#include "../kernel.hpp"
#include "hpcg/graph/sssp.hpp"

namespace hpcg::graph {

KernelOutcome run_sssp_kernel(const KernelContext& context);

KernelDeclaration declare_sssp_kernel() {
  KernelDeclaration d;
  d.options = {
      {OptionSpec("delta", OptionKind::integer, "D",
                  "SSSP's delta-stepping bucket width (a tuning parameter GAP allows)")
           .from(1)
           .at_most(static_cast<long double>(std::int64_t{1} << 62))
           .defaults_to(std::to_string(SsspOptions{}.delta)),
       [](KernelSettings& s, const OptionValue& v) {
         static_cast<SsspSettings&>(s).sssp.delta = static_cast<distance_t>(v.count);
       }},
      output_option<SsspSettings>("distances-out",
                                  "the last SSSP trial's distances (vertex distance, inf "
                                  "unreached)",
                                  &SsspSettings::distances_out),
  };
  d.make_settings = [] { return std::unique_ptr<KernelSettings>(new SsspSettings); };
  d.outputs = [](const KernelSettings& s) {
    return std::vector<OutputFile>{
        {"--distances-out", static_cast<const SsspSettings&>(s).distances_out}};
  };
  d.reads_source = true;
  d.repartitions = true;
  d.reads_weights = true;
  d.run = run_sssp_kernel;
  return d;
}

}  // namespace hpcg::graph
