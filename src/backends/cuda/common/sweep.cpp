// SPDX-License-Identifier: BSD-3-Clause
// The cuda backend's Gauss-Seidel step as a sequence of kernel launches, one per colour; shared
// by the plugin and the tests that count its bytes.
#include "executor.hpp"

namespace hpcg::cuda {

void symmetric_sweep(Executor& executor, const SellView& A,
                     const std::vector<int32_t>& colour_start, const double* r, double* x,
                     double* t, bool from_zero) {
  const int32_t colours = static_cast<int32_t>(colour_start.size()) - 1;
  if (from_zero) executor.fill(x, A.length, 0.0);  // U's later rows and halo are read as 0
  for (int32_t c = 0; c < colours; ++c) {
    // The last colour is not swept backward: its r - L x is not needed.
    executor.forward(A, colour_start[c], colour_start[c + 1], r, x, c + 1 < colours ? t : nullptr,
                     from_zero);
  }
  for (int32_t c = colours - 2; c >= 0; --c) {
    executor.backward(A, colour_start[c], colour_start[c + 1], t, x);
  }
}

}  // namespace hpcg::cuda
