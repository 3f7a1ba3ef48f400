// SPDX-License-Identifier: BSD-3-Clause
// Geometry without MPI: every rank's geometry is built by make_geometry(params, r, P), so the
// global-id <-> (rank, local id) maps can be checked over all ranks of a grid in one process.
#include <gtest/gtest.h>

#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/problem/geometry.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

using testing::small_params;

std::vector<Geometry> all_ranks(const Params& params, int ranks) {
  std::vector<Geometry> geometries;
  for (int r = 0; r < ranks; ++r) geometries.push_back(make_geometry(params, r, ranks));
  return geometries;
}

/// Every global id has exactly one (owner, local id), and that local point maps back to it.
void expect_round_trip(const std::vector<Geometry>& ranks) {
  const Geometry& any = ranks.front();
  std::vector<std::vector<int>> hits(ranks.size());
  global_int total_rows = 0;
  for (const Geometry& g : ranks) {
    hits[g.rank].assign(g.local_rows(), 0);
    total_rows += g.local_rows();
  }
  ASSERT_EQ(total_rows, any.global_rows());
  for (global_int gid = 0; gid < any.global_rows(); ++gid) {
    for (const Geometry& g : ranks) ASSERT_EQ(g.owner_of(gid), any.owner_of(gid)) << gid;
    int owner = any.owner_of(gid);
    ASSERT_GE(owner, 0);
    ASSERT_LT(owner, static_cast<int>(ranks.size()));
    const Geometry& g = ranks[owner];
    local_int local = g.local_index(gid);
    ASSERT_GE(local, 0) << gid;
    ASSERT_LT(local, g.local_rows()) << gid;
    int ix = local % g.nx, iy = local / g.nx % g.ny, iz = local / (g.nx * g.ny);
    ASSERT_EQ(g.global_index(ix, iy, iz), gid);
    ++hits[owner][local];
  }
  for (const auto& rank_hits : hits) {
    for (int count : rank_hits) ASSERT_EQ(count, 1);
  }
}

struct GridCase {
  int ranks, nx, ny, nz;
};

class GeometryRoundTrip : public ::testing::TestWithParam<GridCase> {};

TEST_P(GeometryRoundTrip, OwnerAndLocalIndexInvertGlobalIndex) {
  const GridCase& c = GetParam();
  expect_round_trip(all_ranks(small_params(c.nx, c.ny, c.nz), c.ranks));
}

INSTANTIATE_TEST_SUITE_P(Grids, GeometryRoundTrip,
                         ::testing::Values(GridCase{1, 4, 4, 4}, GridCase{2, 3, 5, 7},
                                           GridCase{6, 3, 2, 4}, GridCase{8, 2, 3, 4},
                                           GridCase{12, 4, 3, 2}, GridCase{27, 2, 2, 3}));

TEST(Geometry, RankPositionIsXFastest) {
  // 12 ranks -> 2 x 3 x 2; rank 7 = 1 + 2*0 + 6*1.
  Geometry g = make_geometry(small_params(4, 4, 4), 7, 12);
  EXPECT_EQ(g.npx, 2);
  EXPECT_EQ(g.npy, 3);
  EXPECT_EQ(g.npz, 2);
  EXPECT_EQ(g.ipx, 1);
  EXPECT_EQ(g.ipy, 0);
  EXPECT_EQ(g.ipz, 1);
  EXPECT_EQ(g.gnx, 8);
  EXPECT_EQ(g.gny, 12);
  EXPECT_EQ(g.gnz, 8);
  EXPECT_EQ(g.gix0, 4);
  EXPECT_EQ(g.giy0, 0);
  EXPECT_EQ(g.giz0, 4);
  EXPECT_FALSE(g.has_two_z_blocks());
}

TEST(Geometry, ExplicitProcessGridIsUsed) {
  Geometry g = make_geometry(small_params(4, 4, 4, 1, 2, 1), 1, 2);
  EXPECT_EQ(g.npx, 1);
  EXPECT_EQ(g.npy, 2);
  EXPECT_EQ(g.ipy, 1);
  EXPECT_EQ(g.gny, 8);
  EXPECT_EQ(g.giy0, 4);
}

Params two_blocks(int pz, int zl, int zu) {
  Params p = small_params(4, 2, zl);
  p.pz = pz;
  p.zl = zl;
  p.zu = zu;
  return p;
}

TEST(Geometry, TwoZBlocks) {
  // 27 ranks -> 3 x 3 x 3; process layers 0 and 1 have nz = 2, layer 2 has nz = 5.
  auto ranks = all_ranks(two_blocks(2, 2, 5), 27);
  for (const Geometry& g : ranks) {
    SCOPED_TRACE(g.rank);
    EXPECT_TRUE(g.has_two_z_blocks());
    EXPECT_EQ(g.nz, g.ipz < 2 ? 2 : 5);
    EXPECT_EQ(g.giz0, g.ipz * 2);
    EXPECT_EQ(g.gnz, 2 + 2 + 5);
  }
  expect_round_trip(ranks);
}

TEST(Geometry, TwoZBlocksWithLargerLowerBlock) {
  auto ranks = all_ranks(two_blocks(1, 6, 2), 8);  // 2 x 2 x 2
  EXPECT_EQ(ranks[0].nz, 6);
  EXPECT_EQ(ranks[7].nz, 2);
  EXPECT_EQ(ranks[7].giz0, 6);
  EXPECT_EQ(ranks[7].gnz, 8);
  expect_round_trip(ranks);
}

TEST(Geometry, CoarsenedHalvesEveryLocalAndGlobalSize) {
  Geometry fine = make_geometry(small_params(16, 8, 24), 1, 2);  // 2 x 1 x 1, rank 1
  Geometry coarse = fine.coarsened();
  EXPECT_EQ(coarse.nx, 8);
  EXPECT_EQ(coarse.ny, 4);
  EXPECT_EQ(coarse.nz, 12);
  EXPECT_EQ(coarse.gnx, 16);
  EXPECT_EQ(coarse.gny, 4);
  EXPECT_EQ(coarse.gnz, 12);
  EXPECT_EQ(coarse.gix0, 8);
  EXPECT_EQ(coarse.npx, 2);
  EXPECT_EQ(coarse.ipx, 1);
  EXPECT_EQ(coarse.global_rows(), fine.global_rows() / 8);
  EXPECT_EQ(coarse.local_rows(), fine.local_rows() / 8);
}

TEST(Geometry, CoarsenedKeepsTheZBlocksConsistent) {
  std::vector<Geometry> coarse;
  for (const Geometry& g : all_ranks(two_blocks(1, 8, 4), 8)) coarse.push_back(g.coarsened());
  EXPECT_EQ(coarse[0].nz, 4);
  EXPECT_EQ(coarse[7].nz, 2);
  EXPECT_EQ(coarse[7].giz0, 4);
  EXPECT_EQ(coarse[7].gnz, 6);
  expect_round_trip(coarse);
}

TEST(Geometry, RejectsAProcessGridOfBadAspectRatio) {
  // 11 ranks -> 11 x 1 x 1, ratio 1/11 < 0.125 (the reference aborts).
  EXPECT_THROW(make_geometry(small_params(16, 16, 16), 0, 11), InputError);
  EXPECT_THROW(make_geometry(small_params(16, 16, 16, 9, 1, 1), 0, 9), InputError);
  EXPECT_NO_THROW(make_geometry(small_params(16, 16, 16, 8, 1, 1), 0, 8));
}

TEST(Geometry, RejectsPzNotBelowNpz) {
  EXPECT_THROW(make_geometry(two_blocks(2, 4, 4), 0, 8), InputError);  // npz = 2
  EXPECT_THROW(make_geometry(two_blocks(1, 4, 4), 0, 2), InputError);  // npz = 1
  EXPECT_NO_THROW(make_geometry(two_blocks(1, 4, 4), 0, 8));
}

}  // namespace
}  // namespace hpcg
