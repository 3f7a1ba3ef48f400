// SPDX-License-Identifier: BSD-3-Clause
// TestNorms: the timed sets must give (nearly) the same scaled residual every time.
#include "hpcg/validation/validation.hpp"

namespace hpcg {

NormsTestResult test_norms(const std::vector<double>& values) {
  NormsTestResult result;
  if (values.empty()) return result;
  const double n = static_cast<double>(values.size());
  // Shifted by the first value so that identical residuals give exactly that value and 0.
  double shifted_sum = 0.0;
  for (double v : values) shifted_sum += v - values[0];
  result.mean = values[0] + shifted_sum / n;
  double squares = 0.0;
  for (double v : values) squares += (v - result.mean) * (v - result.mean);
  result.variance = squares / n;
  return result;
}

}  // namespace hpcg
