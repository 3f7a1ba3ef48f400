// SPDX-License-Identifier: BSD-3-Clause
// PageRank on 1, 2 and 4 ranks: scores equal a serial double-precision Jacobi iteration (same
// number of iterations) within float rounding for every partitioning, GAP's verifier passes
// them, and it catches corrupted scores.
#include "hpcg/graph/pagerank.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "graph_test_support.hpp"

namespace hpcg::graph {
namespace {

using testing::first_failure;
using testing::ReferenceGraph;

std::vector<EdgeList> graphs() {
  EdgeList kron;
  kron.vertex_count = 1 << 10;
  kron.edges = testing::all_kronecker_edges(10, 8, 6);
  EdgeList small;  // isolated vertices 3 and 8: their mass is not redistributed (GAP)
  small.vertex_count = 9;
  small.edges = {{0, 1}, {1, 2}, {2, 0}, {4, 5}, {5, 6}, {6, 4}, {6, 7}, {3, 3}};
  return {kron, generate_grid(5, Comm(MPI_COMM_SELF)), small};
}

TEST(GraphPageRank, ScoresMatchSerialIterationForAnyPartition) {
  const Comm comm;
  for (const EdgeList& all : graphs()) {
    const ReferenceGraph reference(all.vertex_count, all.edges);
    for (PartitionKind kind : testing::all_partitions()) {
      Graph g = build_graph(testing::share_of(all.vertex_count, all.edges, comm), kind, 2, comm);
      const PageRankOptions options;
      const PageRankResult result = pagerank(g, options, comm);
      EXPECT_LT(result.change, options.tolerance);
      EXPECT_LE(result.iterations, options.max_iterations);
      const auto want = reference.pagerank(result.iterations);
      double local_difference = 0;
      for (local_int v = 0; v < g.rows(); ++v) {
        local_difference += std::fabs(result.scores[v] - want[testing::original_of_row(g, v)]);
      }
      // Float scores: about 1e-7 relative per vertex, summed over all of them.
      EXPECT_LT(comm.sum(local_difference), 1e-6) << to_string(kind) << " N=" << all.vertex_count;
      const PageRankCheck check = verify_pagerank(g, result.scores, options, comm);
      EXPECT_TRUE(check.passed) << to_string(kind) << ": error " << check.error;
    }
  }
}

TEST(GraphPageRank, ZeroToleranceRunsAllIterations) {
  const Comm comm;
  const EdgeList all = graphs()[0];
  Graph g = build_graph(testing::share_of(all.vertex_count, all.edges, comm), PartitionKind::block,
                        1, comm);
  PageRankOptions options;
  options.tolerance = 0;
  options.max_iterations = 7;
  const PageRankResult result = pagerank(g, options, comm);
  EXPECT_EQ(result.iterations, 7);
  EXPECT_EQ(result.bytes_sent, 7 * g.adjacency.exchange.halo().send_rows.size() * sizeof(float));
}

TEST(GraphPageRank, VerifierCatchesCorruptedScores) {
  const Comm comm;
  const EdgeList all = graphs()[0];
  Graph g = build_graph(testing::share_of(all.vertex_count, all.edges, comm), PartitionKind::random,
                        1, comm);
  const PageRankOptions options;
  const PageRankResult result = pagerank(g, options, comm);
  ASSERT_TRUE(verify_pagerank(g, result.scores, options, comm).passed);
  const global_int victim = g.partition.relabel.forward(1);  // vertex 1, wherever it lives
  for (float factor : {1.5f, 0.0f, std::numeric_limits<float>::quiet_NaN()}) {
    std::vector<float> scores = result.scores;
    if (g.owns(victim)) {
      float& score = scores[victim - g.first_vertex];
      score = std::isnan(factor) ? factor : score * factor + (factor == 0.0f ? 0.0f : 0.01f);
    }
    const PageRankCheck check = verify_pagerank(g, scores, options, comm);
    EXPECT_FALSE(check.passed) << "factor " << factor << ": error " << check.error;
  }
  // An unconverged vector fails too: one iteration from the uniform start is far from the fixed
  // point.
  PageRankOptions one = options;
  one.max_iterations = 1;
  EXPECT_FALSE(verify_pagerank(g, pagerank(g, one, comm).scores, options, comm).passed);
}

}  // namespace
}  // namespace hpcg::graph
