// SPDX-License-Identifier: BSD-3-Clause
// --memory-fraction / --memory sizing: the level sizes it predicts (against the HPCG 3.1 sample,
// a brute-force count over the stencil, and a generated problem), the grids it chooses for
// several memory sizes, and the rules every choice keeps.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "hpcg/base/error.hpp"
#include "hpcg/problem/memory_sizing.hpp"
#include "hpcg/problem/problem.hpp"
#include "hpcg/report/performance_model.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

constexpr double gib = 1024.0 * 1024.0 * 1024.0;

Params automatic_grid() { return testing::small_params(16, 16, 16); }

TEST(PredictLevelSummaries, MatchTheHpcg31SampleRun) {
  // 64^3 per rank on 2 ranks (2x1x1): the counts behind the sample report's memory figures.
  const auto levels = predict_level_summaries(make_geometry(testing::small_params(64, 64, 64), 0, 2));
  const global_int rows[] = {524288, 65536, 8192, 1024};
  const global_int nonzeros[] = {13790200, 1678840, 198904, 22264};
  for (int l = 0; l < mg_levels; ++l) {
    const int side = 64 >> l;
    EXPECT_EQ(levels[l].global_rows, rows[l]) << "level " << l;
    EXPECT_EQ(levels[l].global_nonzeros, nonzeros[l]) << "level " << l;
    EXPECT_EQ(levels[l].root_columns, side * side * side + side * side) << "level " << l;
    EXPECT_EQ(levels[l].root_send_total, side * side) << "level " << l;
    EXPECT_EQ(levels[l].root_send_neighbors, 1) << "level " << l;
  }
}

/// Rank 0's external columns and per-neighbour sends, counted point by point over the stencil.
LevelSummary brute_force_root(const Geometry& g) {
  std::set<global_int> external;
  std::set<std::pair<int, global_int>> sent;  // (neighbour rank, rank 0's row)
  for (int iz = 0; iz < g.nz; ++iz) {
    for (int iy = 0; iy < g.ny; ++iy) {
      for (int ix = 0; ix < g.nx; ++ix) {
        for (int s = 0; s < 27; ++s) {
          const global_int x = ix + s % 3 - 1, y = iy + s / 3 % 3 - 1, z = iz + s / 9 - 1;
          if (x < 0 || y < 0 || z < 0 || x >= g.gnx || y >= g.gny || z >= g.gnz) continue;
          const global_int gid = (z * g.gny + y) * g.gnx + x;
          const int owner = g.owner_of(gid);
          if (owner == 0) continue;
          external.insert(gid);
          sent.insert({owner, g.global_index(ix, iy, iz)});
        }
      }
    }
  }
  std::set<int> neighbours;
  for (const auto& s : sent) neighbours.insert(s.first);
  LevelSummary root;
  root.root_columns = g.local_rows() + static_cast<local_int>(external.size());
  root.root_send_total = static_cast<local_int>(sent.size());
  root.root_send_neighbors = static_cast<int>(neighbours.size());
  return root;
}

TEST(PredictLevelSummaries, AgreeWithABruteForceCountOnEveryProcessGrid) {
  for (int ranks : {1, 2, 3, 4, 6, 8, 12}) {
    const Geometry g = make_geometry(testing::small_params(16, 24, 16), 0, ranks);
    SCOPED_TRACE(::testing::Message() << ranks << " ranks as " << g.npx << "x" << g.npy << "x"
                                      << g.npz);
    const LevelSummary expected = brute_force_root(g);
    const LevelSummary predicted = predict_level_summaries(g)[0];
    EXPECT_EQ(predicted.root_columns, expected.root_columns);
    EXPECT_EQ(predicted.root_send_total, expected.root_send_total);
    EXPECT_EQ(predicted.root_send_neighbors, expected.root_send_neighbors);
  }
}

TEST(PredictLevelSummaries, AgreeWithAGeneratedProblemOnOneRank) {
  const Comm self(MPI_COMM_SELF);
  const Geometry g = testing::small_geometry(self, 32, 24, 16);
  const Problem problem = generate_problem(g, self);
  const auto predicted = predict_level_summaries(g);
  for (int l = 0; l < mg_levels; ++l) {
    EXPECT_EQ(predicted[l].global_rows, problem.levels[l].A.global_rows) << "level " << l;
    EXPECT_EQ(predicted[l].global_nonzeros, problem.levels[l].A.global_nonzeros) << "level " << l;
    EXPECT_EQ(predicted[l].root_columns, problem.levels[l].A.columns) << "level " << l;
  }
}

struct SizingCase {
  double node_gib, fraction;
  int ranks, ranks_per_node;
  int nx, ny, nz;
};

class ChosenGrid : public ::testing::TestWithParam<SizingCase> {};

TEST_P(ChosenGrid, IsTheLargestNearCubeWithinTheTarget) {
  const SizingCase c = GetParam();
  const NodeMemory node{c.node_gib * gib, c.ranks_per_node};
  const SizingChoice s = choose_local_grid(automatic_grid(), c.ranks, node, c.fraction);
  EXPECT_EQ(s.nx, c.nx);
  EXPECT_EQ(s.ny, c.ny);
  EXPECT_EQ(s.nz, c.nz);
  // The rules: multiples of 8, sides within 8 of each other, the model within the target...
  for (int side : {s.nx, s.ny, s.nz}) EXPECT_EQ(side % 8, 0);
  EXPECT_LE(std::max({s.nx, s.ny, s.nz}) - std::min({s.nx, s.ny, s.nz}), 8);
  EXPECT_LE(s.model_bytes_per_node, c.fraction * c.node_gib * gib);
  // ... computed with the report's model, and the next larger shape would not fit.
  Params chosen = automatic_grid();
  chosen.nx = s.nx;
  chosen.ny = s.ny;
  chosen.nz = s.nz;
  EXPECT_DOUBLE_EQ(s.model_bytes_per_node, model_bytes_per_node(chosen, c.ranks, c.ranks_per_node));
  Params next = chosen;
  if (next.nx == next.nz) {
    next.nx += 8;
  } else if (next.ny == next.nz) {
    next.ny += 8;
  } else {
    next.nz += 8;
  }
  EXPECT_GT(model_bytes_per_node(next, c.ranks, c.ranks_per_node), c.fraction * c.node_gib * gib);
}

// About 715 bytes per equation: 1 GiB holds 112^3 (0.935 GiB), not 120x112x112 (1.002 GiB).
INSTANTIATE_TEST_SUITE_P(MemorySizes, ChosenGrid,
                         ::testing::Values(SizingCase{1, 1.0, 1, 1, 112, 112, 112},
                                           SizingCase{16, 0.25, 1, 1, 184, 184, 176},
                                           SizingCase{64, 0.5, 8, 8, 184, 184, 176},
                                           SizingCase{24, 0.25, 2, 2, 168, 160, 160},
                                           SizingCase{256, 0.3, 128, 64, 120, 120, 120},
                                           SizingCase{512, 0.9, 16, 16, 352, 352, 344},
                                           SizingCase{2048, 1.0, 4, 4, 920, 912, 912}));

TEST(ChooseLocalGrid, StopsAtTheLocalIndexLimit) {
  const SizingChoice s = choose_local_grid(automatic_grid(), 1, {1.0e6 * gib, 1}, 1.0);
  EXPECT_EQ(s.nx, 1288);
  EXPECT_EQ(s.nz, 1288);
  EXPECT_LE((s.nx + 2LL) * (s.ny + 2LL) * (s.nz + 2LL), max_local_int);
}

TEST(ChooseLocalGrid, TooLittleMemoryIsAnInputErrorThatSaysWhatFits) {
  try {
    choose_local_grid(automatic_grid(), 2, {0.001 * gib, 2}, 1.0);
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("16^3"), std::string::npos) << error.what();
  }
}

TEST(ChooseLocalGrid, MoreRanksPerNodeGiveEachASmallerGrid) {
  const Params p = automatic_grid();
  const SizingChoice one = choose_local_grid(p, 4, {32 * gib, 1}, 0.5);
  const SizingChoice four = choose_local_grid(p, 4, {32 * gib, 4}, 0.5);
  EXPECT_GT(one.nx * one.ny * one.nz, 3 * four.nx * four.ny * four.nz);
}

TEST(ChooseLocalGrid, BackendOptimizationDataIsPlannedFor) {
  // The openmp backend adds about half the model: with that share planned, the model and the
  // share together stay within the target, and the next shape up would not.
  const Params p = automatic_grid();
  const NodeMemory node{16 * gib, 2};
  const SizingChoice plain = choose_local_grid(p, 2, node, 0.5);
  const SizingChoice planned = choose_local_grid(p, 2, node, 0.5, 0.5);
  EXPECT_LT(planned.nx * planned.ny * planned.nz, plain.nx * plain.ny * plain.nz);
  EXPECT_LE(planned.planned_bytes_per_node(), planned.target_bytes_per_node());
  EXPECT_DOUBLE_EQ(planned.planned_bytes_per_node(), 1.5 * planned.model_bytes_per_node);
  EXPECT_GT(plain.planned_bytes_per_node() * 1.5, planned.target_bytes_per_node())
      << "the grid chosen without the share would not fit with it";
}

TEST(NodeMemoryTotal, ReadsMemTotal) {
  // Every Linux system this runs on has /proc/meminfo; a machine has more than 64 MiB.
  EXPECT_GT(node_memory_total(), 64.0 * 1024 * 1024);
}

}  // namespace
}  // namespace hpcg
