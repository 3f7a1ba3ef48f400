// SPDX-License-Identifier: BSD-3-Clause
// TC on 1, 2 and 4 ranks: the count equals a brute-force serial count (written here) on
// Kronecker (ordered by degree), uniform (by id), symmetrized directed, disconnected and
// file-read graphs under every partitioning; ghost rows travel only between ranks; the verifier
// passes the count and catches a wrong one.
#include "hpcg/graph/tc.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "graph_test_support.hpp"
#include "hpcg/base/error.hpp"

namespace hpcg::graph {
namespace {

using testing::ReferenceGraph;

struct Case {
  std::string name;
  EdgeList all;          ///< every rank holds the whole list, read as undirected edges
  int by_degree = -1;    ///< whether GAP's heuristic must order by degree (-1: either)
};

Case generated(const std::string& name, int scale, int degree, bool kronecker) {
  Case c{name, {}};
  c.all.vertex_count = global_int{1} << scale;
  c.all.edges.resize(static_cast<size_t>(c.all.vertex_count * degree));
  const auto count = static_cast<global_int>(c.all.edges.size());
  if (kronecker) {
    kronecker_edges(scale, 6, 0, count, c.all.edges.data());
  } else {
    uniform_edges(scale, 6, 0, count, c.all.edges.data());
  }
  return c;
}

std::vector<Case> cases() {
  std::vector<Case> list;
  list.push_back(generated("kron", 9, 24, true));  // skewed and dense: ordered by degree
  list.back().by_degree = 1;
  list.push_back(generated("urand", 9, 8, false));  // average degree below 10: by id
  list.back().by_degree = 0;
  Case arcs = generated("directed kron, symmetrized", 8, 6, true);
  for (Edge& e : arcs.all.edges) e.u = e.u % 200;  // arcs both ways become one edge
  list.push_back(arcs);
  Case small{"disconnected", {}};  // triangles, a K5, a square, isolated vertices
  small.all.vertex_count = 120;
  for (global_int v = 0; v + 5 < 120; v += 10) {
    small.all.edges.push_back({v, v + 1});
    small.all.edges.push_back({v + 1, v + 2});
    small.all.edges.push_back({v + 2, v});
    if (v % 20 == 0) {
      for (global_int a = v; a < v + 5; ++a) {
        for (global_int b = a + 1; b < v + 5; ++b) small.all.edges.push_back({b, a});
      }
    }
    if (v % 30 == 0) small.all.edges.push_back({v + 3, v + 4});
  }
  list.push_back(small);
  return list;
}

/// Triangles u < v < w by brute force over the sorted neighbour lists.
global_int serial_triangles(const ReferenceGraph& ref) {
  global_int count = 0;
  for (global_int u = 0; u < ref.n; ++u) {
    const auto& nu = ref.neighbours[u];
    for (global_int v : nu) {
      if (v <= u) continue;
      for (global_int w : ref.neighbours[v]) {
        if (w > v && std::binary_search(nu.begin(), nu.end(), w)) ++count;
      }
    }
  }
  return count;
}

void expect_serial_count(const std::string& name, const EdgeList& all, PartitionKind kind,
                         int by_degree, const Comm& comm) {
  const std::string where = name + " " + to_string(kind);
  const ReferenceGraph ref(all.vertex_count, all.edges);
  Graph g = build_graph(testing::share_of(all.vertex_count, all.edges, comm), kind, 3, comm);
  const TcResult result = triangle_count(g, default_seed, comm);
  const global_int want = serial_triangles(ref);
  EXPECT_EQ(result.triangles, want) << where;
  EXPECT_GT(want, 0) << where;
  if (by_degree >= 0) {
    EXPECT_EQ(result.stats.by_degree, by_degree == 1) << where;
  }
  const TcCheck check = verify_tc(g, result.triangles, comm);
  EXPECT_TRUE(check.passed) << where << ": " << check.failure;
  EXPECT_EQ(check.expected, want) << where;
  const global_int ghost_ids = comm.sum(static_cast<global_int>(result.stats.ghost_entries));
  if (comm.size() == 1) {
    EXPECT_EQ(result.stats.bytes_sent, 0u) << where;
  } else if (comm.sum(static_cast<global_int>(g.ghosts())) > 0) {
    // Rows go only where needed: never more ids than the ghosts' whole rows hold.
    global_int ghost_row_ends = 0;
    for (global_int id : g.in.ghost_ids) {
      ghost_row_ends += static_cast<global_int>(ref.neighbours[g.partition.relabel.inverse(id)].size());
    }
    EXPECT_LE(ghost_ids, comm.sum(ghost_row_ends)) << where;
  }
}

TEST(GraphTc, CountMatchesSerialCountForAnyPartition) {
  const Comm comm;
  for (const Case& c : cases()) {
    for (PartitionKind kind : testing::all_partitions()) {
      expect_serial_count(c.name, c.all, kind, c.by_degree, comm);
    }
  }
}

TEST(GraphTc, GhostRowsTravelOnlyBetweenRanksAndScaleWithTheBoundary) {
  const Comm comm;
  const Case c = cases()[0];
  Graph g = build_graph(testing::share_of(c.all.vertex_count, c.all.edges, comm),
                        PartitionKind::block, 3, comm);
  const TcResult result = triangle_count(g, default_seed, comm);
  const global_int sent = comm.sum(static_cast<global_int>(result.stats.ghost_entries));
  if (comm.size() == 1) {
    EXPECT_EQ(sent, 0);
  } else {
    EXPECT_GT(sent, 0);
    // Less than every rank's whole adjacency: only the rows of boundary vertices, each once per
    // rank that holds it, and only their neighbours that precede them.
    EXPECT_LT(sent, comm.sum(static_cast<global_int>(g.in.matrix.column_index.size())));
  }
}

TEST(GraphTc, EdgeFileCountsItsTriangles) {
  const Comm comm;
  const testing::SharedScratch scratch(comm);
  std::ostringstream text;
  text << "# a K4 (4 triangles), a triangle given as arcs both ways, a path, an isolated 13\n";
  text << "0 1\n0 2\n0 3\n1 2\n1 3\n2 3\n4 5\n5 4\n5 6\n6 4\n4 6\n7 8\n8 9\n13 13\n";
  const std::string path = scratch.put("tc.el", text.str());
  for (PartitionKind kind : testing::all_partitions()) {
    EdgeList list = read_edge_file(path, comm);
    list.directed = false;  // --symmetrize, as TC needs
    Graph g = build_graph(std::move(list), kind, 3, comm);
    const TcResult result = triangle_count(g, default_seed, comm);
    EXPECT_EQ(result.triangles, 5) << to_string(kind);
    EXPECT_TRUE(verify_tc(g, result.triangles, comm).passed) << to_string(kind);
  }
}

TEST(GraphTc, VerifierCatchesAWrongCountAndTheKernelRefusesArcs) {
  const Comm comm;
  const Case c = cases()[0];
  Graph g = build_graph(testing::share_of(c.all.vertex_count, c.all.edges, comm),
                        PartitionKind::random, 3, comm);
  const TcResult result = triangle_count(g, default_seed, comm);
  ASSERT_TRUE(verify_tc(g, result.triangles, comm).passed);
  for (global_int wrong : {result.triangles + 1, result.triangles - 1, global_int{0}}) {
    const TcCheck check = verify_tc(g, wrong, comm);
    EXPECT_FALSE(check.passed) << wrong;
    EXPECT_EQ(check.expected, result.triangles);
    EXPECT_NE(check.failure.find(std::to_string(wrong) + " triangles counted"), std::string::npos)
        << check.failure;
  }
  EdgeList arcs = testing::share_of(c.all.vertex_count, c.all.edges, comm, true);
  Graph directed = build_graph(std::move(arcs), PartitionKind::block, 3, comm);
  EXPECT_THROW(triangle_count(directed, default_seed, comm), InternalError);
}

}  // namespace
}  // namespace hpcg::graph
