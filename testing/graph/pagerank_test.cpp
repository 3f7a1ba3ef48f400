// SPDX-License-Identifier: BSD-3-Clause
// PageRank on 1, 2 and 4 ranks: with each method (pull, and the blocked copy in the production
// geometry and in a tiny one that cuts small graphs into many tiles), scores equal a serial
// double-precision Jacobi iteration (same number of iterations) within float rounding for every
// partitioning, GAP's verifier passes them, and it catches corrupted scores. The blocked copy
// repeats bit for bit whatever the thread count; the automatic rule keeps pull for short runs.
#include "hpcg/graph/pagerank.hpp"

#include <gtest/gtest.h>

#if defined(_OPENMP)
#include <omp.h>
#endif

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
  EdgeList star;  // a hub whose row is longer than a blocked chunk (64) within one block
  star.vertex_count = 300;
  for (global_int v = 1; v < star.vertex_count; ++v) star.edges.push_back({0, v});
  for (global_int v = 1; v + 7 < star.vertex_count; v += 7) star.edges.push_back({v, v + 7});
  return {kron, generate_grid(5, Comm(MPI_COMM_SELF)), small, star};
}

struct Method {
  std::string name;
  PageRankOptions options;
};

std::vector<Method> methods() {
  Method pull{"pull", {}};
  pull.options.method = PageRankMethod::pull;
  Method blocked{"blocked", {}};
  blocked.options.method = PageRankMethod::blocked;
  Method tiny{"blocked 2^5 columns x 2^6 rows", {}};  // many blocks, stripes and split chunks
  tiny.options.method = PageRankMethod::blocked;
  tiny.options.block_column_bits = 5;
  tiny.options.stripe_row_bits = 6;
  return {pull, blocked, tiny};
}

TEST(GraphPageRank, ScoresMatchSerialIterationForAnyPartitionAndMethod) {
  const Comm comm;
  for (const EdgeList& all : graphs()) {
    const ReferenceGraph reference(all.vertex_count, all.edges);
    for (PartitionKind kind : testing::all_partitions()) {
      Graph g = build_graph(testing::share_of(all.vertex_count, all.edges, comm), kind, 2, comm);
      for (const Method& method : methods()) {
        const bool tiny = method.options.block_column_bits < 16;
        if (tiny && kind != PartitionKind::random) continue;  // the most ghosts suffice
        const std::string where =
            method.name + ", " + to_string(kind) + ", N=" + std::to_string(all.vertex_count);
        const PageRankOptions& options = method.options;
        const PageRankResult result = pagerank(g, options, comm);
        EXPECT_LT(result.change, options.tolerance) << where;
        EXPECT_LE(result.iterations, options.max_iterations) << where;
        EXPECT_EQ(result.blocked_from, options.method == PageRankMethod::blocked ? 1 : 0) << where;
        const auto want = reference.pagerank(result.iterations);
        double local_difference = 0;
        for (local_int v = 0; v < g.rows(); ++v) {
          local_difference += std::fabs(result.scores[v] - want[testing::original_of_row(g, v)]);
        }
        // Float scores: about 1e-7 relative per vertex, summed over all of them.
        EXPECT_LT(comm.sum(local_difference), 1e-6) << where;
        const PageRankCheck check = verify_pagerank(g, result.scores, options, comm);
        EXPECT_TRUE(check.passed) << where << ": error " << check.error;
      }
    }
  }
}

TEST(GraphPageRank, BlockedRepeatsBitForBitWhateverTheThreadCount) {
  const Comm comm;
  const EdgeList all = graphs()[0];
  Graph g = build_graph(testing::share_of(all.vertex_count, all.edges, comm), PartitionKind::random,
                        3, comm);
  PageRankOptions options;
  options.method = PageRankMethod::blocked;
  options.block_column_bits = 6;
  options.stripe_row_bits = 5;
#if defined(_OPENMP)
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
#endif
  const PageRankResult one = pagerank(g, options, comm);
#if defined(_OPENMP)
  omp_set_num_threads(3);  // more threads than stripes on some ranks, fewer on others
#endif
  const PageRankResult many = pagerank(g, options, comm);
#if defined(_OPENMP)
  omp_set_num_threads(threads);
#endif
  EXPECT_EQ(one.iterations, many.iterations);
  EXPECT_EQ(one.change, many.change);
  std::string mismatch;
  for (local_int v = 0; v < g.rows() && mismatch.empty(); ++v) {
    if (one.scores[v] != many.scores[v]) mismatch = "row " + std::to_string(v);
  }
  EXPECT_EQ(first_failure(mismatch, comm), "");
}

TEST(GraphPageRank, AutomaticBlocksOnlyLongRunsOnLargeGraphs) {
  // 2^18 vertices on one rank: a contribution array of 1 MiB, as large as an L2. Each rank runs
  // its own copy on MPI_COMM_SELF so the size does not shrink with the rank count.
  const Comm self(MPI_COMM_SELF);
  EdgeList all;
  all.vertex_count = global_int{1} << 18;
  all.edges = testing::all_kronecker_edges(18, 2, 9);
  Graph g = build_graph(std::move(all), PartitionKind::block, 9, self);
  // GAP's settings converge in a handful of iterations: the copy would not pay.
  const PageRankResult gap = pagerank(g, PageRankOptions{}, self);
  EXPECT_EQ(gap.blocked_from, 0);
  // A run with no tolerance lasts max_iterations: the copy is built after the second iteration,
  // once a convergence rate can be seen, and gives the pull's iterations and scores.
  PageRankOptions long_run;
  long_run.tolerance = 0;
  long_run.max_iterations = 20;
  const PageRankResult automatic = pagerank(g, long_run, self);
  EXPECT_EQ(automatic.blocked_from, 3);
  EXPECT_GT(automatic.seconds_blocking, 0);
  long_run.method = PageRankMethod::pull;
  const PageRankResult pull = pagerank(g, long_run, self);
  ASSERT_EQ(automatic.iterations, pull.iterations);
  double difference = 0;
  for (local_int v = 0; v < g.rows(); ++v) {
    difference += std::fabs(automatic.scores[v] - pull.scores[v]);
  }
  EXPECT_LT(difference, 1e-6);
  // Too few iterations left to repay the copy.
  long_run.method = PageRankMethod::automatic;
  long_run.max_iterations = 11;
  EXPECT_EQ(pagerank(g, long_run, self).blocked_from, 0);
}

TEST(GraphPageRank, ZeroToleranceRunsAllIterations) {
  const Comm comm;
  const EdgeList all = graphs()[0];
  Graph g = build_graph(testing::share_of(all.vertex_count, all.edges, comm), PartitionKind::block,
                        1, comm);
  PageRankOptions options;
  options.tolerance = 0;
  options.max_iterations = 7;
  for (PageRankMethod method : {PageRankMethod::pull, PageRankMethod::blocked}) {
    options.method = method;
    const PageRankResult result = pagerank(g, options, comm);
    EXPECT_EQ(result.iterations, 7);
    EXPECT_EQ(result.bytes_sent, 7 * g.in.matrix.exchange.halo().send_rows.size() * sizeof(float));
  }
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
