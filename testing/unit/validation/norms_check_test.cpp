// SPDX-License-Identifier: BSD-3-Clause
// TestNorms: shifted mean, population variance, and the 1e-6 threshold.
#include <gtest/gtest.h>

#include <vector>

#include "hpcg/validation/validation.hpp"

namespace hpcg {
namespace {

TEST(TestNorms, IdenticalResidualsGiveExactlyThatMeanAndZeroVariance) {
  // A naive sum/n gives 0.10000000000000002 for three 0.1s; 3.1's shifted mean gives 0.1.
  for (double value : {0.1, 7.76155e-09, 1.13589e-11, 3.36952e-06}) {
    for (size_t n : {1u, 3u, 9u, 10u}) {
      NormsTestResult result = test_norms(std::vector<double>(n, value));
      EXPECT_EQ(result.mean, value) << value << " x" << n;
      EXPECT_EQ(result.variance, 0.0) << value << " x" << n;
      EXPECT_TRUE(result.passed());
    }
  }
}

TEST(TestNorms, PopulationVarianceOfAKnownSet) {
  NormsTestResult result = test_norms({2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0});
  EXPECT_DOUBLE_EQ(result.mean, 5.0);
  EXPECT_DOUBLE_EQ(result.variance, 4.0);  // divided by n = 8, not n - 1
  EXPECT_FALSE(result.passed());

  NormsTestResult pair = test_norms({1.0, 3.0});
  EXPECT_DOUBLE_EQ(pair.mean, 2.0);
  EXPECT_DOUBLE_EQ(pair.variance, 1.0);
}

TEST(TestNorms, SmallSpreadPasses) {
  NormsTestResult result = test_norms({1.0e-9, 3.0e-9});
  EXPECT_NEAR(result.mean, 2.0e-9, 1e-24);
  EXPECT_NEAR(result.variance, 1.0e-18, 1e-30);
  EXPECT_TRUE(result.passed());
}

TEST(TestNorms, VarianceOfOneMillionthOrMoreFails) {
  NormsTestResult result;
  result.variance = 1.0e-6;
  EXPECT_FALSE(result.passed()) << "the rule is variance < 1e-6";
  result.variance = 0.99e-6;
  EXPECT_TRUE(result.passed());
  // {0, 2.2e-3}: variance 1.21e-6.
  EXPECT_FALSE(test_norms({0.0, 2.2e-3}).passed());
  // {0, 1.8e-3}: variance 0.81e-6.
  EXPECT_TRUE(test_norms({0.0, 1.8e-3}).passed());
}

}  // namespace
}  // namespace hpcg
