// SPDX-License-Identifier: BSD-3-Clause
// Directed graphs on 1, 2 and 4 ranks: out- and in-edges equal a serial reference built from the
// arcs, BFS follows out-edges (levels equal a serial BFS, the validator passes, and it rejects a
// parent reached against an arc's direction), and PageRank pulls over in-edges with GAP's
// dangling rule (scores equal a serial Jacobi iteration), for every partitioning.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "graph_test_support.hpp"
#include "hpcg/graph/bfs.hpp"
#include "hpcg/graph/pagerank.hpp"
#include "hpcg/graph/trials.hpp"

namespace hpcg::graph {
namespace {

using testing::compare_levels;
using testing::first_failure;
using testing::original_of_row;

struct Case {
  std::string name;
  global_int vertices = 0;
  std::vector<Edge> arcs;
};

std::vector<Case> cases() {
  // Kronecker arcs kept as generated: many one-way arcs, sinks and sources.
  Case kron{"kron", global_int{1} << 9, testing::all_kronecker_edges(9, 6, 11)};
  // 0 -> 1 -> 2 <- 3 and 2 -> 4 -> 0: from 0, vertex 3 is out of reach although it is joined to
  // the rest; 5 <-> 6 both ways; 7 is a sink reached from 6; 8 only has a self-loop.
  Case hand{"hand", 9, {{0, 1}, {1, 2}, {3, 2}, {2, 4}, {4, 0}, {5, 6}, {6, 5}, {6, 7}, {8, 8}}};
  return {kron, hand};
}

/// First owned vertex whose in- or out-neighbours differ from the reference, or "".
std::string compare_adjacency(const Graph& g, const testing::ReferenceGraph& reference) {
  auto neighbours = [&g](const Adjacency& a, local_int row) {
    std::vector<global_int> ids;
    for (nnz_int k = a.matrix.row_start[row]; k < a.matrix.row_start[row + 1]; ++k) {
      const local_int c = a.matrix.column_index[k];
      const global_int internal =
          c < a.rows() ? g.first_vertex + c : a.ghost_ids[c - a.rows()];
      ids.push_back(g.partition.relabel.inverse(internal));
    }
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  for (local_int v = 0; v < g.rows(); ++v) {
    const global_int id = original_of_row(g, v);
    if (neighbours(g.out(), v) != reference.neighbours[id]) {
      return "out-edges of " + std::to_string(id);
    }
    if (neighbours(g.in, v) != reference.in[id]) return "in-edges of " + std::to_string(id);
  }
  return "";
}

TEST(GraphDirected, OutAndInEdgesMatchTheArcs) {
  const Comm comm;
  for (const Case& c : cases()) {
    const testing::ReferenceGraph reference(c.vertices, c.arcs, true);
    for (PartitionKind kind : testing::all_partitions()) {
      Graph g = build_graph(testing::share_of(c.vertices, c.arcs, comm, true), kind, 3, comm);
      const std::string where = c.name + " " + to_string(kind);
      EXPECT_TRUE(g.directed) << where;
      EXPECT_EQ(g.edge_count, reference.edges()) << where;
      EXPECT_EQ(first_failure(compare_adjacency(g, reference), comm), "") << where;
    }
  }
}

TEST(GraphDirected, BfsFollowsOutEdges) {
  const Comm comm;
  const BfsOptions policies[] = {{15, 18}, {1e-9, 18}, {1e9, 1e9}};
  for (const Case& c : cases()) {
    const testing::ReferenceGraph reference(c.vertices, c.arcs, true);
    for (PartitionKind kind : testing::all_partitions()) {
      Graph g = build_graph(testing::share_of(c.vertices, c.arcs, comm, true), kind, 3, comm);
      std::vector<global_int> sources = c.name == "hand" ? std::vector<global_int>{0, 3}
                                                          : pick_sources(g, 2, 17, comm);
      for (global_int source : sources) {
        const auto want = reference.levels(source);
        const global_int reached_arcs = reference.reached_edges(want);
        for (const BfsOptions& policy : policies) {
          const global_int internal = g.partition.relabel.forward(source);
          const BfsResult result = bfs(g, internal, policy, comm);
          std::vector<std::int32_t> depth;
          const BfsCheck check = verify_bfs(g, internal, result.parent, comm, &depth);
          const std::string where = c.name + " " + to_string(kind) + " source " +
                                    std::to_string(source) + " alpha " +
                                    std::to_string(policy.alpha);
          ASSERT_TRUE(check.passed) << where << ": " << check.failure;
          EXPECT_EQ(check.edges, reached_arcs) << where;
          EXPECT_EQ(traversed_edges(g, result.parent, comm), reached_arcs) << where;
          EXPECT_EQ(first_failure(compare_levels(g, depth, want), comm), "") << where;
        }
      }
    }
  }
}

TEST(GraphDirected, ValidatorRejectsAParentAgainstTheArc) {
  const Comm comm;
  const Case hand = cases()[1];
  Graph g = build_graph(testing::share_of(hand.vertices, hand.arcs, comm, true),
                        PartitionKind::random, 3, comm);
  const global_int source = g.partition.relabel.forward(0);
  const BfsResult good = bfs(g, source, BfsOptions{}, comm);
  ASSERT_TRUE(verify_bfs(g, source, good.parent, comm).passed);
  // 3 -> 2 exists, 2 -> 3 does not: 3 may not hang from 2 although they are neighbours.
  std::vector<global_int> parent = good.parent;
  const global_int three = g.partition.relabel.forward(3);
  if (g.owns(three)) parent[three - g.first_vertex] = g.partition.relabel.forward(2);
  const BfsCheck check = verify_bfs(g, source, parent, comm);
  EXPECT_FALSE(check.passed);
  EXPECT_NE(check.failure.find("check 5"), std::string::npos) << check.failure;
  // Leaving out 4 (reached through 2 -> 4) breaks the spanning check along that arc.
  parent = good.parent;
  const global_int four = g.partition.relabel.forward(4);
  if (g.owns(four)) parent[four - g.first_vertex] = -1;
  const BfsCheck unspanned = verify_bfs(g, source, parent, comm);
  EXPECT_FALSE(unspanned.passed);
  EXPECT_NE(unspanned.failure.find("check 4"), std::string::npos) << unspanned.failure;
}

TEST(GraphDirected, PageRankPullsInEdgesAndDropsDanglingMass) {
  const Comm comm;
  for (const Case& c : cases()) {
    const testing::ReferenceGraph reference(c.vertices, c.arcs, true);
    for (PartitionKind kind : testing::all_partitions()) {
      Graph g = build_graph(testing::share_of(c.vertices, c.arcs, comm, true), kind, 2, comm);
      const PageRankOptions options;
      const PageRankResult result = pagerank(g, options, comm);
      const auto want = reference.pagerank(result.iterations);
      double local_difference = 0, local_sum = 0;
      for (local_int v = 0; v < g.rows(); ++v) {
        local_difference += std::fabs(result.scores[v] - want[original_of_row(g, v)]);
        local_sum += result.scores[v];
      }
      const std::string where = c.name + " " + to_string(kind);
      EXPECT_LT(comm.sum(local_difference), 1e-6) << where;
      EXPECT_LT(comm.sum(local_sum), 0.999) << where << ": sinks' mass must be dropped";
      const PageRankCheck check = verify_pagerank(g, result.scores, options, comm);
      EXPECT_TRUE(check.passed) << where << ": error " << check.error;
    }
  }
}

TEST(GraphDirected, EdgeFilesAreReadAsDirectedUnlessSymmetrized) {
  const Comm comm;
  const Case hand = cases()[1];
  const testing::SharedScratch scratch(comm);
  std::ostringstream text;
  for (const Edge& e : hand.arcs) text << e.u << ' ' << e.v << '\n';
  EdgeList read = read_edge_file(scratch.put("hand.el", text.str()), comm);
  EXPECT_TRUE(read.directed);
  Graph directed = build_graph(read, PartitionKind::block, 1, comm);
  EXPECT_EQ(directed.edge_count, testing::ReferenceGraph(hand.vertices, hand.arcs, true).edges());
  read.directed = false;  // what --symmetrize does
  const Graph undirected = build_graph(read, PartitionKind::block, 1, comm);
  EXPECT_EQ(undirected.edge_count,
            testing::ReferenceGraph(hand.vertices, hand.arcs).edges());
}

}  // namespace
}  // namespace hpcg::graph
