// SPDX-License-Identifier: BSD-3-Clause
// GPS's dynamic repartitioning on 1, 2, 3 and 4 ranks: after each step every vertex keeps its
// neighbours and weights (in original ids, in- and out-edges), every rank its vertex count; a
// grid spread at random loses most of its halo; PageRank continued across steps equals a serial
// iteration; BFS after the moves passes Graph500's checks with the serial levels;
// the stopping rules hold: GPS's threshold, and the halo rule that ends vertices swapping back and
// forth.
#include "hpcg/graph/repartition.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "graph_test_support.hpp"
#include "hpcg/graph/bfs.hpp"
#include "hpcg/graph/pagerank.hpp"

namespace hpcg::graph {
namespace {

using testing::first_failure;
using testing::original_of_row;
using testing::ReferenceGraph;

struct Case {
  std::string name;
  global_int n;
  std::vector<Edge> edges;
  bool directed;
};

std::vector<Case> cases() {
  std::vector<Case> result;
  const EdgeList grid = generate_grid(10, Comm(MPI_COMM_SELF));
  result.push_back({"grid 10^3", grid.vertex_count, grid.edges, false});
  result.push_back({"kronecker 10", 1 << 10, testing::all_kronecker_edges(10, 8, 6), false});
  result.push_back({"kronecker 9 as arcs", 1 << 9, testing::all_kronecker_edges(9, 8, 3), true});
  return result;
}

/// Every owned row's neighbours (in original ids) against the reference: in-edges, and
/// out-edges when directed. Returns this rank's first difference.
std::string compare_adjacency(const Graph& g, const ReferenceGraph& reference) {
  auto check = [&](const Adjacency& a, bool in_edges) -> std::string {
    for (local_int r = 0; r < a.rows(); ++r) {
      const global_int v = original_of_row(g, r);
      std::vector<global_int> got;
      for (nnz_int k = a.matrix.row_start[r]; k < a.matrix.row_start[r + 1]; ++k) {
        const local_int c = a.matrix.column_index[k];
        const global_int internal =
            c < a.rows() ? g.first_vertex + c : a.ghost_ids[c - a.rows()];
        got.push_back(g.partition.relabel.inverse(internal));
      }
      std::sort(got.begin(), got.end());
      const auto& want = in_edges ? reference.sources_of(v) : reference.neighbours[v];
      if (got != want) {
        return std::string(in_edges ? "in" : "out") + "-neighbours of vertex " +
               std::to_string(v) + " differ after the move";
      }
    }
    return "";
  };
  std::string failure = check(g.in, true);
  if (failure.empty() && g.directed) failure = check(g.out_edges, false);
  return failure;
}

TEST(GraphRepartition, MovesKeepEveryNeighbourAndTheBalance) {
  const Comm comm;
  for (const Case& c : cases()) {
    const ReferenceGraph reference(c.n, c.edges, c.directed);
    for (PartitionKind kind : {PartitionKind::block, PartitionKind::random, PartitionKind::metis}) {
      Graph g = build_graph(testing::share_of(c.n, c.edges, comm, c.directed), kind, 5, comm);
      const local_int rows = g.rows();
      const global_int halo_before = comm.sum(static_cast<global_int>(g.ghosts()));
      std::vector<float> values(static_cast<size_t>(rows));
      for (local_int r = 0; r < rows; ++r) values[r] = static_cast<float>(original_of_row(g, r));
      global_int moved = 0;
      for (int step = 0; step < 30; ++step) {  // GPS's threshold stops it sooner
        const RepartitionStep s = repartition(g, values, 0.001, comm);
        moved += s.moved;
        EXPECT_LE(s.moved, s.proposed);
        if (comm.size() == 1) {
          EXPECT_EQ(s.moved, 0);
        }
        if (s.stopped) break;
        EXPECT_GT(s.bytes_sent, 0u);
      }
      const std::string where = c.name + ", " + to_string(kind);
      EXPECT_EQ(g.rows(), rows) << where;
      std::string failure = compare_adjacency(g, reference);
      for (local_int r = 0; failure.empty() && r < g.rows(); ++r) {
        if (values[r] != static_cast<float>(original_of_row(g, r)))
          failure = "the value of vertex " + std::to_string(original_of_row(g, r)) +
                    " did not follow it";
      }
      EXPECT_EQ(first_failure(failure, comm), "") << where;
      const global_int halo_after = comm.sum(static_cast<global_int>(g.ghosts()));
      if (moved > 0) {
        EXPECT_LT(halo_after, halo_before) << where;
      }
      if (c.name == "grid 10^3" && kind == PartitionKind::random && comm.size() > 1) {
        // A grid is all locality: random ownership has almost every neighbour remote.
        EXPECT_LT(2 * halo_after, halo_before) << where;
      }
    }
  }
}

TEST(GraphRepartition, PageRankAcrossMovesEqualsSerialIteration) {
  const Comm comm;
  for (const Case& c : cases()) {
    if (c.name == "kronecker 10") continue;  // the directed one suffices, and time is short
    const ReferenceGraph reference(c.n, c.edges, c.directed);
    for (PartitionKind kind : testing::all_partitions()) {
      Graph g = build_graph(testing::share_of(c.n, c.edges, comm, c.directed), kind, 5, comm);
      PageRankOptions one;
      one.max_iterations = 1;
      one.method = PageRankMethod::pull;
      std::vector<float> scores;
      const int iterations = 8;
      for (int i = 0; i < iterations; ++i) {
        one.start_scores = i == 0 ? nullptr : &scores;
        scores = pagerank(g, one, comm).scores;
        if (i + 1 < iterations) repartition(g, scores, 0.0, comm);
      }
      const std::vector<double> want = reference.pagerank(iterations);
      double difference = 0, worst = 0;
      for (local_int r = 0; r < g.rows(); ++r) {
        const double d = std::fabs(scores[r] - want[original_of_row(g, r)]);
        difference += d;
        worst = std::max(worst, d);
      }
      const std::string where = c.name + ", " + to_string(kind);
      EXPECT_LT(comm.sum(difference), 1e-6) << where;
      EXPECT_LT(comm.max(worst), 1e-8) << where;
    }
  }
}

TEST(GraphRepartition, BfsAfterMovesEqualsSerialLevels) {
  const Comm comm;
  for (const Case& c : cases()) {
    const ReferenceGraph reference(c.n, c.edges, c.directed);
    Graph g = build_graph(testing::share_of(c.n, c.edges, comm, c.directed),
                          PartitionKind::random, 5, comm);
    std::vector<float> values(static_cast<size_t>(g.rows()), 0.0f);
    for (int step = 0; step < 3; ++step) {
      if (repartition(g, values, 0.0, comm).stopped) break;
    }
    const global_int source = 1;
    const global_int internal = g.partition.relabel.forward(source);
    const BfsResult result = bfs(g, internal, BfsOptions{}, comm);
    std::vector<std::int32_t> depth;
    const BfsCheck check = verify_bfs(g, internal, result.parent, comm, &depth);
    EXPECT_TRUE(check.passed) << c.name << ": " << check.failure;
    EXPECT_EQ(first_failure(testing::compare_levels(g, depth, reference.levels(source)), comm), "")
        << c.name;
  }
}

TEST(GraphRepartition, StopsWhenFewerThanTheThresholdWouldMove) {
  const Comm comm;
  const EdgeList grid = generate_grid(6, Comm(MPI_COMM_SELF));
  Graph g = build_graph(testing::share_of(grid.vertex_count, grid.edges, comm),
                        PartitionKind::random, 5, comm);
  std::vector<float> values(static_cast<size_t>(g.rows()), 1.0f);
  const global_int halo = comm.sum(static_cast<global_int>(g.ghosts()));
  // Threshold 1: nothing can be more than every vertex, so nothing moves.
  const RepartitionStep s = repartition(g, values, 1.0, comm);
  EXPECT_TRUE(s.stopped);
  EXPECT_EQ(s.moved, 0);
  EXPECT_EQ(comm.sum(static_cast<global_int>(g.ghosts())), halo);
  if (comm.size() > 1) {
    EXPECT_GT(s.proposed, 0);
  }
  // Threshold 0: steps run until no swap is left, which a finite graph reaches.
  int steps = 0;
  while (!repartition(g, values, 0.0, comm).stopped) ASSERT_LT(++steps, 200);
}

TEST(GraphRepartition, HaloRuleStopsVerticesSwappingBackAndForth) {
  // The halo volumes of the experiment's grid from a random start on 2 ranks: falling, then
  // alternating while the same vertices swap each step; GPS's rule saw moves every step.
  RepartitionStep swapping;
  swapping.proposed = swapping.moved = 630;
  RepartitionStopRule rule(0.001, 3, 70000);
  int steps = 0;
  for (global_int halo : {50000, 40000, 34673, 34696, 34673, 34696, 34673, 34696}) {
    ++steps;
    if (rule.stop_after(swapping, halo)) break;
  }
  EXPECT_EQ(steps, 6);  // the best, 34,673, came at step 3 and steps 4 to 6 did not beat it
  EXPECT_EQ(rule.rule(), "halo_stalled");
  EXPECT_NE(rule.reason().find("34673"), std::string::npos) << rule.reason();
  // Steady gains never stop it; GPS's rule still does.
  RepartitionStopRule gaining(0.001, 1, 100);
  for (global_int halo = 99; halo > 90; --halo) EXPECT_FALSE(gaining.stop_after(swapping, halo));
  RepartitionStep few;
  few.stopped = true;
  EXPECT_TRUE(gaining.stop_after(few, 90));
  EXPECT_EQ(gaining.rule(), "threshold");
}

/// A side x side grid, 4 neighbours each, numbered row by row: the experiment's road-like
/// grid without its shortcuts.
std::vector<Edge> plane_grid(global_int side) {
  std::vector<Edge> edges;
  for (global_int y = 0; y < side; ++y) {
    for (global_int x = 0; x < side; ++x) {
      if (x + 1 < side) edges.push_back({y * side + x, y * side + x + 1, 1});
      if (y + 1 < side) edges.push_back({y * side + x, (y + 1) * side + x, 1});
    }
  }
  return edges;
}

// On 2 ranks a 64^2 grid from a random start swaps the same vertices back and forth (GPS's rule
// alone did not stop within the limit when this was written); other rank counts still gain
// slowly at that step count, so only 2 ranks run it, to keep the test short.
TEST(GraphRepartition, RandomPlaneGridStopsWithTheHaloRule) {
  const Comm comm;
  if (comm.size() != 2) GTEST_SKIP() << "runs on 2 ranks";
  const global_int side = 64;
  const std::vector<Edge> edges = plane_grid(side);
  auto random_start = [&] {
    return build_graph(testing::share_of(side * side, edges, comm), PartitionKind::random, 5,
                       comm);
  };
  const int limit = 40;
  std::vector<float> values;
  // GPS's rule alone: count the steps it needs, up to the limit.
  Graph gps = random_start();
  int gps_steps = 0;
  while (gps_steps < limit && !repartition(gps, values, 0.001, comm).stopped) ++gps_steps;
  Graph g = random_start();
  const global_int halo_before = comm.sum(static_cast<global_int>(g.ghosts()));
  RepartitionStopRule rule(0.001, 3, halo_before);
  int steps = 0;
  for (bool stop = false; !stop; ++steps) {
    ASSERT_LT(steps, limit) << "neither rule stopped the moves";
    const RepartitionStep s = repartition(g, values, 0.001, comm);
    stop = rule.stop_after(s, comm.sum(static_cast<global_int>(g.ghosts())));
  }
  if (comm.is_root()) {
    std::printf("plane grid %lld^2 from random on %d ranks: GPS's rule alone %s; both rules "
                "stopped after %d steps (%s)\n",
                static_cast<long long>(side), comm.size(),
                gps_steps == limit ? "never stopped" : "stopped", steps, rule.reason().c_str());
  }
  EXPECT_LT(comm.sum(static_cast<global_int>(g.ghosts())), halo_before);
  if (gps_steps == limit) {
    EXPECT_EQ(rule.rule(), "halo_stalled");
  }
}

}  // namespace
}  // namespace hpcg::graph
