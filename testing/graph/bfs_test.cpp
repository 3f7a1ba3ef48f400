// SPDX-License-Identifier: BSD-3-Clause
// BFS on 1, 2 and 4 ranks: levels equal a serial BFS for every partitioning and every direction
// policy (pure top-down, GAP's switch, bottom-up at once), the validator passes them, and it
// catches each kind of corrupted parent array.
#include "hpcg/graph/bfs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "graph_test_support.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/graph/trials.hpp"

namespace hpcg::graph {
namespace {

using testing::compare_levels;
using testing::first_failure;
using testing::ReferenceGraph;

struct Case {
  std::string name;
  EdgeList all;
};

std::vector<Case> cases() {
  std::vector<Case> list;
  Case kron{"kron", {}};
  kron.all.vertex_count = 1 << 10;
  kron.all.edges = testing::all_kronecker_edges(10, 8, 4);
  list.push_back(kron);
  Case grid{"grid", generate_grid(6, Comm(MPI_COMM_SELF))};
  list.push_back(grid);
  Case paths{"paths", {}};  // a path (many levels, few vertices each) and a separate triangle
  paths.all.vertex_count = 40;
  for (global_int v = 0; v + 1 < 24; ++v) paths.all.edges.push_back({v, v + 1});
  paths.all.edges.push_back({30, 31});
  paths.all.edges.push_back({31, 32});
  paths.all.edges.push_back({32, 30});
  list.push_back(paths);
  return list;
}

TEST(GraphBfs, LevelsMatchSerialBfsForAnyPartitionAndPolicy) {
  const Comm comm;
  const BfsOptions policies[] = {{15, 18}, {1e-9, 18}, {1e9, 1e9}};
  for (const Case& c : cases()) {
    const ReferenceGraph reference(c.all.vertex_count, c.all.edges);
    for (PartitionKind kind : testing::all_partitions()) {
      Graph g =
          build_graph(testing::share_of(c.all.vertex_count, c.all.edges, comm), kind, 3, comm);
      ASSERT_EQ(g.edge_count, reference.edges()) << c.name;  // same on every rank
      // Few sources: with 4 ranks on 2 cores every level's collectives cost a time slice.
      auto sources = pick_sources(g, c.name == "kron" ? 2 : 1, 17, comm);
      if (c.name == "paths") sources = {0};
      for (global_int source : sources) {
        const auto want = reference.levels(source);
        const global_int component_edges = reference.reached_edges(want);
        for (const BfsOptions& policy : policies) {
          const global_int internal = g.partition.relabel.forward(source);
          const BfsResult result = bfs(g, internal, policy, comm);
          std::vector<std::int32_t> depth;
          const BfsCheck check = verify_bfs(g, internal, result.parent, comm, &depth);
          const std::string where = c.name + " " + to_string(kind) + " source " +
                                    std::to_string(source) + " alpha " +
                                    std::to_string(policy.alpha);
          EXPECT_TRUE(check.passed) << where << ": " << check.failure;
          EXPECT_EQ(check.edges, component_edges) << where;
          EXPECT_EQ(traversed_edges(g, result.parent, comm), component_edges) << where;
          if (check.passed) {
            EXPECT_EQ(first_failure(compare_levels(g, depth, want), comm), "") << where;
          }
        }
      }
    }
  }
}

/// Sets parent[x] = y (original ids; y = -1 for "unreached", ids beyond N kept as they are) on
/// x's owner.
void set_parent(const Graph& g, std::vector<global_int>& parent, global_int x, global_int y) {
  const global_int internal = g.partition.relabel.forward(x);
  const bool vertex = y >= 0 && y < g.vertex_count;
  if (g.owns(internal))
    parent[internal - g.first_vertex] = vertex ? g.partition.relabel.forward(y) : y;
}

TEST(GraphBfs, ValidatorCatchesCorruptedParents) {
  const Comm comm;
  const Case c = cases()[0];
  const ReferenceGraph reference(c.all.vertex_count, c.all.edges);
  Graph g = build_graph(testing::share_of(c.all.vertex_count, c.all.edges, comm),
                        PartitionKind::random, 3, comm);
  const global_int source = pick_sources(g, 1, 1, comm)[0];
  const global_int internal = g.partition.relabel.forward(source);
  const auto level = reference.levels(source);
  const BfsResult good = bfs(g, internal, BfsOptions{}, comm);
  ASSERT_TRUE(verify_bfs(g, internal, good.parent, comm).passed);

  // Landmarks from the reference, the same on every rank.
  global_int deep = -1, deepest = 0, same_a = -1, same_b = -1, isolated = -1, stranger = -1;
  for (global_int v = 0; v < reference.n; ++v) {
    if (level[v] >= 2 && deep < 0) deep = v;
    if (level[v] > level[deepest])
      deepest = v;  // has no children: unmarking it breaks only check 4
    if (reference.neighbours[v].empty() && isolated < 0) isolated = v;
    for (global_int w : reference.neighbours[v]) {
      if (same_a < 0 && level[v] >= 1 && level[w] == level[v]) same_a = v, same_b = w;
    }
  }
  for (global_int v = 0; v < reference.n && stranger < 0; ++v) {
    const auto& list = reference.neighbours[deep];
    if (v != deep && level[v] >= 0 && !std::binary_search(list.begin(), list.end(), v))
      stranger = v;
  }
  ASSERT_TRUE(deep >= 0 && same_a >= 0 && isolated >= 0 && stranger >= 0);
  const global_int neighbour_of_source = reference.neighbours[source][0];

  struct Corruption {
    std::string name, check;
    std::vector<std::pair<global_int, global_int>> changes;  // (vertex, new parent)
  };
  const Corruption corruptions[] = {
      {"parent not a neighbour", "check 5", {{deep, stranger}}},
      {"two vertices each other's parent", "check 1", {{same_a, same_b}, {same_b, same_a}}},
      {"reached vertex marked unreached", "check 4", {{deepest, -1}}},
      {"isolated vertex given a parent", "check 5", {{isolated, source}}},
      {"source with a parent", "check 1", {{source, neighbour_of_source}}},
      {"parent id out of range", "not a vertex", {{deep, reference.n + 5}}},
  };
  for (const Corruption& corruption : corruptions) {
    std::vector<global_int> parent = good.parent;
    for (const auto& [x, y] : corruption.changes) set_parent(g, parent, x, y);
    const BfsCheck check = verify_bfs(g, internal, parent, comm);
    EXPECT_FALSE(check.passed) << corruption.name;
    EXPECT_NE(check.failure.find(corruption.check), std::string::npos)
        << corruption.name << ": " << check.failure;
  }
}

TEST(GraphBfs, PickedSourcesHaveEdgesAndRepeatForTheSameSeed) {
  const Comm comm;
  const Case c = cases()[0];
  const ReferenceGraph reference(c.all.vertex_count, c.all.edges);
  Graph g = build_graph(testing::share_of(c.all.vertex_count, c.all.edges, comm),
                        PartitionKind::block, 3, comm);
  const auto sources = pick_sources(g, 64, 27491095, comm);
  ASSERT_EQ(sources.size(), 64u);
  for (global_int s : sources) EXPECT_FALSE(reference.neighbours[s].empty());
  EXPECT_EQ(pick_sources(g, 64, 27491095, comm), sources);
  EXPECT_NE(pick_sources(g, 64, 1, comm), sources);
}

TEST(GraphBfs, Graph500RootsAreDistinctAndRefusedWhenTooFew) {
  const Comm comm;
  const Case c = cases()[0];
  const ReferenceGraph reference(c.all.vertex_count, c.all.edges);
  Graph g = build_graph(testing::share_of(c.all.vertex_count, c.all.edges, comm),
                        PartitionKind::block, 3, comm);
  global_int with_edges = 0;
  for (const auto& n : reference.neighbours) with_edges += n.empty() ? 0 : 1;
  const int count = static_cast<int>(std::min<global_int>(with_edges, 64));
  const auto sources = pick_sources(g, count, 27491095, comm, true);
  ASSERT_EQ(sources.size(), static_cast<size_t>(count));
  for (size_t i = 0; i < sources.size(); ++i) {
    EXPECT_FALSE(reference.neighbours[sources[i]].empty());
    for (size_t j = 0; j < i; ++j) EXPECT_NE(sources[i], sources[j]) << "root " << i << " repeats";
  }
  EXPECT_THROW(pick_sources(g, static_cast<int>(with_edges) + 1, 27491095, comm, true),
               InputError);
}

TEST(GraphBfs, Graph500StatisticsOfKnownTeps) {
  std::vector<BfsTrial> trials(4);
  const double teps[] = {8, 2, 1, 4};  // unsorted on purpose
  for (size_t i = 0; i < trials.size(); ++i) trials[i].teps = teps[i];
  const TepsStatistics s = teps_statistics(trials);
  EXPECT_EQ(s.min, 1);
  EXPECT_EQ(s.first_quartile, 1.5);  // mean of the two middle order statistics of the lower half
  EXPECT_EQ(s.median, 3);
  EXPECT_EQ(s.third_quartile, 6);
  EXPECT_EQ(s.max, 8);
  EXPECT_DOUBLE_EQ(s.harmonic_mean, 4 / (1 + 0.5 + 0.25 + 0.125));
  // std(1/TEPS) / (mean(1/TEPS)^2 sqrt(n - 1)), computed independently.
  EXPECT_NEAR(s.harmonic_stddev, 1.0167756131331422, 1e-12);
}

}  // namespace
}  // namespace hpcg::graph
