// SPDX-License-Identifier: BSD-3-Clause
// Relabelling and block cuts: the Feistel relabelling is a bijection with a working inverse for
// any vertex count, blocks cover the ids once, and owner_of agrees with the blocks.
#include "hpcg/graph/partition.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "hpcg/base/error.hpp"

namespace hpcg::graph {
namespace {

TEST(Relabel, IsABijectionWithItsInverse) {
  for (global_int n : {1, 2, 3, 5, 64, 1000, 4097}) {
    const Relabel relabel(n, 12345);
    std::vector<int> hits(static_cast<size_t>(n), 0);
    for (global_int v = 0; v < n; ++v) {
      const global_int w = relabel.forward(v);
      ASSERT_GE(w, 0);
      ASSERT_LT(w, n);
      ++hits[w];
      EXPECT_EQ(relabel.inverse(w), v);
    }
    for (int h : hits) EXPECT_EQ(h, 1);
  }
}

TEST(Relabel, ShufflesAndDependsOnTheKey) {
  const Relabel a(1000, 1), b(1000, 2);
  int fixed_points = 0, same = 0;
  for (global_int v = 0; v < 1000; ++v) {
    fixed_points += a.forward(v) == v;
    same += a.forward(v) == b.forward(v);
  }
  EXPECT_LT(fixed_points, 20);
  EXPECT_LT(same, 20);
  EXPECT_TRUE(Relabel().is_identity());
  EXPECT_EQ(Relabel().forward(77), 77);
}

TEST(Partition, BlocksCoverEveryIdOnce) {
  for (int ranks : {1, 2, 3, 4, 7}) {
    for (global_int n : {0, 1, 5, 100, 101}) {
      Partition p;
      p.offsets = block_offsets(n, ranks);
      ASSERT_EQ(p.ranks(), ranks);
      EXPECT_EQ(p.offsets.front(), 0);
      EXPECT_EQ(p.offsets.back(), n);
      for (int r = 0; r < ranks; ++r) {
        EXPECT_LE(p.count(r), n / ranks + 1);
        EXPECT_GE(p.count(r), n / ranks);
        for (global_int v = p.first(r); v < p.first(r) + p.count(r); ++v)
          EXPECT_EQ(p.owner_of(v), r);
      }
    }
  }
}

TEST(Partition, KindsParseAndPrint) {
  for (auto kind : {PartitionKind::block, PartitionKind::balanced, PartitionKind::random,
                    PartitionKind::metis, PartitionKind::scotch}) {
    EXPECT_EQ(parse_partition_kind(to_string(kind)), kind);
  }
  EXPECT_THROW(parse_partition_kind("zoltan"), InputError);
}

}  // namespace
}  // namespace hpcg::graph
