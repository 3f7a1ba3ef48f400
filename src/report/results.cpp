// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/report/results.hpp"

#include <sstream>

namespace hpcg {

std::vector<std::string> BenchmarkResults::invalid_reasons() const {
  std::vector<std::string> reasons;
  if (!cg_test.passed()) {
    std::ostringstream text;
    text << "spectral convergence test failed: CG took up to " << cg_test.max_unpreconditioned
         << " iterations unpreconditioned (at most " << cg_test.expected_unpreconditioned
         << ") and " << cg_test.max_preconditioned << " preconditioned (at most "
         << cg_test.expected_preconditioned << ")";
    reasons.push_back(text.str());
  }
  if (!symmetry_test.passed()) {
    std::ostringstream text;
    text << "departure from symmetry above 1: SpMV " << symmetry_test.spmv_departure << ", MG "
         << symmetry_test.mg_departure;
    reasons.push_back(text.str());
  }
  if (tolerance_failure) {
    reasons.push_back("the optimized CG did not reach the reference residual in " +
                      std::to_string(optimized_iterations) + " iterations");
  }
  if (!norms_test.passed()) {
    std::ostringstream text;
    text << "residuals of the timed sets are not reproducible: variance " << norms_test.variance;
    reasons.push_back(text.str());
  }
  for (const auto& failure : backend_checks.failures) {
    reasons.push_back("backend '" + backend_name + "': " + failure);
  }
  reasons.insert(reasons.end(), timed_failures.begin(), timed_failures.end());
  for (const auto& failure : spot_checks.failures) {
    reasons.push_back("backend '" + backend_name + "', spot check: " + failure);
  }
  for (const auto& failure : final_checks.failures) {
    reasons.push_back("backend '" + backend_name + "', after the timed sets: " + failure);
  }
  return reasons;
}

}  // namespace hpcg
