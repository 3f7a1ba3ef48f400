// SPDX-License-Identifier: BSD-3-Clause
// Synthetic graphs: an edge depends only on (seed, index), so any split of the index range gives
// the same list; Kronecker graphs are skewed as R-MAT's initiator makes them, uniform ones are
// not; the stencil graph has HPCG's 27-point degrees.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/graph/edge_list.hpp"

namespace hpcg::graph {
namespace {

bool same(const std::vector<Edge>& a, const std::vector<Edge>& b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(),
                    [](const Edge& x, const Edge& y) { return x.u == y.u && x.v == y.v; });
}

std::vector<global_int> degrees(global_int n, const std::vector<Edge>& edges) {
  std::vector<global_int> degree(static_cast<size_t>(n), 0);
  for (const Edge& e : edges) {
    ++degree[e.u];
    ++degree[e.v];
  }
  return degree;
}

TEST(Generators, AnySplitGivesTheSameList) {
  for (auto range : {kronecker_edges, uniform_edges}) {
    std::vector<Edge> whole(1000), parts(1000);
    range(12, 99, 0, 1000, whole.data());
    range(12, 99, 0, 333, parts.data());
    range(12, 99, 333, 1000, parts.data() + 333);
    EXPECT_TRUE(same(whole, parts));
    std::vector<Edge> other(1000);
    range(12, 100, 0, 1000, other.data());
    EXPECT_FALSE(same(whole, other));
    for (const Edge& e : whole) {
      EXPECT_TRUE(e.u >= 0 && e.u < 4096 && e.v >= 0 && e.v < 4096);
    }
  }
}

TEST(Generators, KroneckerIsSkewedUniformIsNot) {
  const global_int n = 1 << 12, m = 16 * n;
  std::vector<Edge> kron(static_cast<size_t>(m)), uniform(static_cast<size_t>(m));
  kronecker_edges(12, 1, 0, m, kron.data());
  uniform_edges(12, 1, 0, m, uniform.data());
  const auto kron_degree = degrees(n, kron), uniform_degree = degrees(n, uniform);
  const global_int kron_max = *std::max_element(kron_degree.begin(), kron_degree.end());
  const global_int uniform_max = *std::max_element(uniform_degree.begin(), uniform_degree.end());
  EXPECT_GT(kron_max, 20 * 32);    // hubs: far above the mean degree of 32
  EXPECT_LT(uniform_max, 3 * 32);  // binomial: close to the mean
  const auto isolated = std::count(kron_degree.begin(), kron_degree.end(), 0);
  EXPECT_GT(isolated, n / 10);  // Kronecker graphs leave many vertices isolated
}

TEST(Generators, GridHasStencilDegrees) {
  const Comm self(MPI_COMM_SELF);
  const EdgeList grid = generate_grid(4, self);
  EXPECT_EQ(grid.vertex_count, 64);
  const auto degree = degrees(64, grid.edges);
  EXPECT_EQ(degree[0], 7);                     // corner
  EXPECT_EQ(degree[1 + 4 * (1 + 4 * 1)], 26);  // interior point (1,1,1)
  EXPECT_EQ(*std::max_element(degree.begin(), degree.end()), 26);
  for (const Edge& e : grid.edges) EXPECT_LT(e.u, e.v);  // each edge once
}

TEST(Generators, RejectOutOfRangeParameters) {
  const Comm self(MPI_COMM_SELF);
  EXPECT_THROW(generate_kronecker(0, 16, 1, self), InputError);
  EXPECT_THROW(generate_uniform(10, 0, 1, self), InputError);
  EXPECT_THROW(generate_grid(1, self), InputError);
}

}  // namespace
}  // namespace hpcg::graph
