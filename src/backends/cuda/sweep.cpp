// SPDX-License-Identifier: BSD-3-Clause
// The cuda backend's Gauss-Seidel step as a sequence of kernel launches, one per colour; shared
// by the plugin and the tests that count its bytes.
#include "executor.hpp"

namespace hpcg::cuda {

void symmetric_sweep(Executor& executor, const SellView& A,
                     const std::vector<int32_t>& colour_start, const double* r, double* x,
                     bool from_zero) {
  const int32_t colours = static_cast<int32_t>(colour_start.size()) - 1;
  if (from_zero) executor.fill(x, A.columns, 0.0);  // the halo too: it is read
  for (int32_t c = 0; c < colours; ++c) {
    if (c == 0 && from_zero) {
      executor.relax_from_zero(A, colour_start[0], colour_start[1], r, x);
    } else {
      executor.relax(A, colour_start[c], colour_start[c + 1], r, x);
    }
  }
  for (int32_t c = colours - 2; c >= 0; --c) {
    executor.relax(A, colour_start[c], colour_start[c + 1], r, x);
  }
}

}  // namespace hpcg::cuda
