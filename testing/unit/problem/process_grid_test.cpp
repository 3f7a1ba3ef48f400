// SPDX-License-Identifier: BSD-3-Clause
// compute_process_grid against the default column of the HPCG 3.1 spec's section 5.1 table, so
// that the same rank count gives the same global problem as the reference.
#include <gtest/gtest.h>

#include <array>

#include "hpcg/problem/process_grid.hpp"

namespace hpcg {
namespace {

struct GridCase {
  int ranks;
  std::array<int, 3> grid;
};

class ProcessGridTable : public ::testing::TestWithParam<GridCase> {};

TEST_P(ProcessGridTable, MatchesTheReference) {
  EXPECT_EQ(compute_process_grid(GetParam().ranks), GetParam().grid);
}

INSTANTIATE_TEST_SUITE_P(
    Spec51, ProcessGridTable,
    ::testing::Values(GridCase{1, {1, 1, 1}}, GridCase{2, {2, 1, 1}}, GridCase{3, {3, 1, 1}},
                      GridCase{4, {2, 2, 1}}, GridCase{5, {5, 1, 1}}, GridCase{6, {2, 3, 1}},
                      GridCase{7, {7, 1, 1}}, GridCase{8, {2, 2, 2}}, GridCase{9, {3, 3, 1}},
                      GridCase{10, {2, 5, 1}}, GridCase{12, {2, 3, 2}}, GridCase{16, {4, 2, 2}},
                      GridCase{18, {2, 3, 3}}, GridCase{24, {2, 4, 3}}, GridCase{27, {3, 3, 3}},
                      GridCase{32, {4, 4, 2}}, GridCase{36, {4, 3, 3}}, GridCase{48, {4, 4, 3}},
                      GridCase{64, {4, 4, 4}}, GridCase{96, {4, 4, 6}},
                      GridCase{128, {8, 4, 4}}, GridCase{1000, {10, 10, 10}},
                      GridCase{1024, {16, 8, 8}},
                      // Section 5.1's "p x 1 x 1 / 2 x p x 1" rows (the caller then rejects them).
                      GridCase{11, {11, 1, 1}}, GridCase{22, {2, 11, 1}}),
    [](const ::testing::TestParamInfo<GridCase>& param_info) {
      return "ranks" + std::to_string(param_info.param.ranks);
    });

TEST(ProcessGrid, ProductIsTheRankCountAndEveryFactorPositive) {
  for (int ranks = 1; ranks <= 200; ++ranks) {
    auto grid = compute_process_grid(ranks);
    EXPECT_GE(grid[0], 1) << ranks;
    EXPECT_GE(grid[1], 1) << ranks;
    EXPECT_GE(grid[2], 1) << ranks;
    EXPECT_EQ(grid[0] * grid[1] * grid[2], ranks) << ranks;
  }
}

TEST(ProcessGrid, PrimePowersAreNearlyCubicWithXLargest) {
  // Single prime p^k: z = p^(k/3), x >= y >= z (HPCG 3.1's first case).
  EXPECT_EQ(compute_process_grid(2 * 2 * 2 * 2 * 2), (std::array<int, 3>{4, 4, 2}));
  EXPECT_EQ(compute_process_grid(3 * 3 * 3 * 3), (std::array<int, 3>{9, 3, 3}));
  EXPECT_EQ(compute_process_grid(25), (std::array<int, 3>{5, 5, 1}));
}

}  // namespace
}  // namespace hpcg
