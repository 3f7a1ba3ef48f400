// SPDX-License-Identifier: BSD-3-Clause
// Rank-count and partitioning independence, compared directly: on 1, 2 and 4 ranks and under
// every partitioning, BFS levels, picked sources and PageRank scores equal those of the same graph
// built on this rank alone with block partitioning (one-rank run inside every run).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "graph_test_support.hpp"
#include "hpcg/graph/bfs.hpp"
#include "hpcg/graph/pagerank.hpp"
#include "hpcg/graph/trials.hpp"

namespace hpcg::graph {
namespace {

using testing::first_failure;
using testing::original_of_row;

constexpr std::uint64_t seed = 5;

/// A value per original vertex id, from a graph that owns every vertex.
template <class T>
std::vector<T> by_original_id(const Graph& alone, const std::vector<T>& per_row) {
  std::vector<T> result(static_cast<size_t>(alone.vertex_count));
  for (local_int v = 0; v < alone.rows(); ++v) result[original_of_row(alone, v)] = per_row[v];
  return result;
}

struct OneRank {
  Graph graph;
  std::vector<global_int> sources;
  std::vector<std::vector<std::int32_t>> levels;  ///< per source, by original id
  std::vector<float> scores;                      ///< by original id
  int iterations = 0;
};

OneRank run_alone(const EdgeList& all, int source_count) {
  const Comm self(MPI_COMM_SELF);
  OneRank one;
  one.graph = build_graph(all, PartitionKind::block, seed, self);
  one.sources = pick_sources(one.graph, source_count, seed, self);
  for (global_int source : one.sources) {
    const global_int internal = one.graph.partition.relabel.forward(source);
    const BfsResult result = bfs(one.graph, internal, BfsOptions{}, self);
    std::vector<std::int32_t> depth;
    EXPECT_TRUE(verify_bfs(one.graph, internal, result.parent, self, &depth).passed);
    one.levels.push_back(by_original_id(one.graph, depth));
  }
  const PageRankResult pr = pagerank(one.graph, PageRankOptions{}, self);
  one.scores = by_original_id(one.graph, pr.scores);
  one.iterations = pr.iterations;
  return one;
}

std::vector<std::pair<std::string, EdgeList>> graphs() {
  EdgeList kron;
  kron.vertex_count = 1 << 11;
  kron.edges = testing::all_kronecker_edges(11, 8, seed);
  EdgeList urand;
  urand.vertex_count = 1 << 10;
  urand.edges.resize(static_cast<size_t>(urand.vertex_count) * 4);
  uniform_edges(10, seed, 0, static_cast<global_int>(urand.edges.size()), urand.edges.data());
  return {{"kron", kron}, {"urand", urand}, {"grid", generate_grid(6, Comm(MPI_COMM_SELF))}};
}

TEST(GraphIndependence, ResultsEqualAOneRankBlockRun) {
  const Comm comm;
  for (const auto& [name, all] : graphs()) {
    const OneRank one = run_alone(all, 3);
    for (PartitionKind kind : testing::all_partitions()) {
      const std::string where =
          name + " " + to_string(kind) + " on " + std::to_string(comm.size()) + " rank(s)";
      Graph g = build_graph(testing::share_of(all.vertex_count, all.edges, comm), kind, seed, comm);
      ASSERT_EQ(g.edge_count, one.graph.edge_count) << where;
      const auto sources = pick_sources(g, 3, seed, comm);
      ASSERT_EQ(sources, one.sources) << where;  // original ids, whatever the relabelling
      for (size_t i = 0; i < sources.size(); ++i) {
        const global_int internal = g.partition.relabel.forward(sources[i]);
        const BfsResult result = bfs(g, internal, BfsOptions{}, comm);
        std::vector<std::int32_t> depth;
        const BfsCheck check = verify_bfs(g, internal, result.parent, comm, &depth);
        ASSERT_TRUE(check.passed) << where << ": " << check.failure;
        std::string mismatch;
        for (local_int v = 0; v < g.rows() && mismatch.empty(); ++v) {
          const global_int id = original_of_row(g, v);
          if (depth[v] != one.levels[i][id]) {
            mismatch = "source " + std::to_string(sources[i]) + ", vertex " + std::to_string(id) +
                       ": level " + std::to_string(depth[v]) + ", alone " +
                       std::to_string(one.levels[i][id]);
          }
        }
        EXPECT_EQ(first_failure(mismatch, comm), "") << where;
      }

      const PageRankResult pr = pagerank(g, PageRankOptions{}, comm);
      EXPECT_EQ(pr.iterations, one.iterations) << where;
      double difference = 0, largest = 0;
      for (local_int v = 0; v < g.rows(); ++v) {
        const double d = std::fabs(pr.scores[v] - one.scores[original_of_row(g, v)]);
        difference += d;
        largest = std::max(largest, d);
      }
      // Only the order of additions differs (each row's ghosts are numbered per rank): float
      // rounding, far below the 1e-4 tolerance.
      EXPECT_LT(comm.sum(difference), 1e-6) << where;
      EXPECT_LT(comm.max(largest), 1e-8) << where;
    }
  }
}

}  // namespace
}  // namespace hpcg::graph
