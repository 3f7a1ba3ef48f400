// SPDX-License-Identifier: BSD-3-Clause
// The contract's summation (blocked_sum.hpp): every term once, in any length around the block
// size, and a rounding within its stated depth, 2 ceil(log2 n) + 21 additions, at 1e6 terms.
#include "hpcg/backends/blocked_sum.hpp"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <vector>

namespace hpcg {
namespace {

TEST(BlockedSum, AddsEveryTermOnceAtAnyLength) {
  for (local_int n : {0, 1, 3, 4, 127, 128, 129, 255, 256, 257, 1000, 4096, 100003}) {
    // Integers below 2^53 in total: exact in any order.
    const double sum = blocked_sum(0, n, [](local_int i) { return static_cast<double>(i + 1); });
    EXPECT_EQ(sum, 0.5 * n * (n + 1.0)) << n << " terms";
  }
  EXPECT_EQ(blocked_sum(10, 20, [](local_int i) { return static_cast<double>(i); }), 145.0);
}

TEST(BlockedSum, RoundsWithinItsDepthWhereARunningSumDoesNot) {
  const local_int n = 1 << 20;
  std::vector<double> x(n);
  double running = 0.0, magnitude = 0.0;
  double exact = 0.0, error = 0.0;  // TwoSum: the rounding of every addition kept
  for (local_int i = 0; i < n; ++i) {
    x[i] = 1.0 + std::sin(0.1 * i) * 0.5 + 1.0 / 3.0;  // positive: rounding piles up
    running += x[i];
    magnitude += x[i];
    const double next = exact + x[i], part = next - exact;
    error += (exact - (next - part)) + (x[i] - part);
    exact = next;
  }
  exact += error;
  const double blocked = blocked_sum(0, n, [&x](local_int i) { return x[i]; });
  const double u = DBL_EPSILON / 2, depth = 2 * 20 + 21;
  EXPECT_LE(std::fabs(blocked - exact), depth * u * magnitude);
  EXPECT_GT(std::fabs(running - exact),
            std::fabs(blocked - exact));
}

}  // namespace
}  // namespace hpcg
