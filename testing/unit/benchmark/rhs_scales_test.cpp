// SPDX-License-Identifier: BSD-3-Clause
// The timed sets' scales of b: powers of two, never 1, and no scale repeats within a round, nor
// across the boundary of two rounds, so a replay of any recent run is wrong.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>
#include <vector>

#include "hpcg/benchmark/rhs_scales.hpp"

namespace hpcg {
namespace {

constexpr int round_length = 2 * RhsScales::max_exponent;

std::vector<double> draw(std::uint64_t seed, int count) {
  std::mt19937_64 engine(seed);
  RhsScales scales(engine);
  std::vector<double> drawn;
  for (int i = 0; i < count; ++i) drawn.push_back(scales.next());
  return drawn;
}

TEST(RhsScales, ArePowersOfTwoOtherThanOne) {
  for (double scale : draw(1, 10 * round_length)) {
    int exponent = 0;
    EXPECT_EQ(std::frexp(scale, &exponent), 0.5) << scale;
    EXPECT_NE(scale, 1.0);
    EXPECT_LE(std::abs(exponent - 1), RhsScales::max_exponent) << scale;
  }
}

TEST(RhsScales, NoScaleRepeatsWithinARound) {
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const std::vector<double> drawn = draw(seed, 4 * round_length);
    for (int round = 0; round < 4; ++round) {
      std::set<double> distinct(drawn.begin() + round * round_length,
                                drawn.begin() + (round + 1) * round_length);
      EXPECT_EQ(static_cast<int>(distinct.size()), round_length) << "seed " << seed;
    }
    // Across rounds: a set never repeats the scale of the set just before it.
    for (int i = 1; i < static_cast<int>(drawn.size()); ++i) {
      EXPECT_NE(drawn[i], drawn[i - 1]) << "seed " << seed << ", set " << i;
    }
  }
}

TEST(RhsScales, DependOnTheEngine) { EXPECT_NE(draw(1, round_length), draw(2, round_length)); }

}  // namespace
}  // namespace hpcg
