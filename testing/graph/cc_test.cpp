// SPDX-License-Identifier: BSD-3-Clause
// CC on 1, 2 and 4 ranks: canonical labels equal a serial union-find's for every partitioning,
// for undirected, directed (weakly connected) and file-read graphs, the verifier passes them,
// and it catches labels corrupted on one rank.
#include "hpcg/graph/cc.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <numeric>
#include <string>
#include <vector>

#include "graph_test_support.hpp"

namespace hpcg::graph {
namespace {

using testing::first_failure;

struct Case {
  std::string name;
  EdgeList all;  ///< every rank holds the whole list; `directed` says how to build it
  /// Partitionings to run it with: not all for all, as with 4 ranks on 2 cores every round of
  /// collectives costs a time slice.
  std::vector<PartitionKind> partitions = testing::all_partitions();
};

/// Per vertex, the smallest original id in its (weakly) connected component: serial union-find.
std::vector<global_int> serial_smallest_ids(global_int n, const std::vector<Edge>& edges) {
  std::vector<global_int> parent(static_cast<size_t>(n));
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&parent](global_int v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (const Edge& e : edges) {
    const global_int a = find(e.u), b = find(e.v);
    parent[std::max(a, b)] = std::min(a, b);  // the root stays the smallest id
  }
  for (global_int v = 0; v < n; ++v) parent[v] = find(v);
  return parent;
}

Case generated(const std::string& name, int scale, int degree, bool kronecker) {
  Case c{name, {}};
  c.all.vertex_count = global_int{1} << scale;
  c.all.edges.resize(static_cast<size_t>(c.all.vertex_count * degree));
  const auto count = static_cast<global_int>(c.all.edges.size());
  if (kronecker) {
    kronecker_edges(scale, 4, 0, count, c.all.edges.data());
  } else {
    uniform_edges(scale, 4, 0, count, c.all.edges.data());
  }
  return c;
}

std::vector<Case> cases() {
  std::vector<Case> list;
  list.push_back(generated("kron", 10, 8, true));
  list.push_back(generated("urand", 10, 1, false));  // sparse: many components
  list.back().partitions = {PartitionKind::random};
  Case small{"small components", {}};  // pairs, triangles, stars; every fifth vertex isolated
  small.all.vertex_count = 300;
  for (global_int v = 0; v + 2 < 300; v += 5) {
    small.all.edges.push_back({v, v + 1});
    if (v % 3 == 0) small.all.edges.push_back({v + 2, v});
    if (v % 7 == 0) small.all.edges.push_back({v + 3, v + 1});
  }
  small.partitions = {PartitionKind::random};
  list.push_back(small);
  // One label has to cross every rank boundary on the way: a few rounds when blocks cut the path,
  // about one per vertex when the partition is random.
  Case path{"long path", {}};
  path.all.vertex_count = 48;
  for (global_int v = 0; v + 1 < 48; ++v) path.all.edges.push_back({v + 1, v});
  list.push_back(path);
  Case arcs{"directed", {}};  // weak components only: 0->1 <-2, 3->4->5 <-6, a kron as arcs
  arcs.all = generated("", 8, 2, true).all;
  for (Edge& e : arcs.all.edges) e.u = e.u % 128 + 128, e.v = e.v % 128 + 128;
  for (Edge e : {Edge{0, 1}, Edge{2, 1}, Edge{3, 4}, Edge{4, 5}, Edge{6, 5}}) {
    arcs.all.edges.push_back(e);
  }
  arcs.all.directed = true;
  arcs.partitions = {PartitionKind::block, PartitionKind::random};
  list.push_back(arcs);
  return list;
}

/// First owned vertex whose canonical label differs from the serial one, or "".
std::string compare_canonical(const Graph& g, const std::vector<global_int>& canonical,
                              const std::vector<global_int>& want) {
  if (canonical.size() != static_cast<size_t>(g.rows())) return "canonical labels' length";
  for (local_int v = 0; v < g.rows(); ++v) {
    const global_int id = testing::original_of_row(g, v);
    if (canonical[v] != want[id]) {
      return "vertex " + std::to_string(id) + ": canonical label " + std::to_string(canonical[v]) +
             ", want " + std::to_string(want[id]);
    }
  }
  return "";
}

/// Builds `c` with `kind`, runs the kernel, and checks it against the serial union-find.
void expect_serial_components(const Case& c, PartitionKind kind, NeighbourOrder order,
                              const Comm& comm) {
  const std::string where =
      c.name + " " + to_string(kind) + (order == NeighbourOrder::id ? " by id" : "");
  const auto want = serial_smallest_ids(c.all.vertex_count, c.all.edges);
  global_int components = 0, largest = 0;
  std::vector<global_int> size(want.size(), 0);
  for (size_t v = 0; v < want.size(); ++v) {
    components += want[v] == static_cast<global_int>(v);
    largest = std::max(largest, ++size[want[v]]);
  }
  Graph g = build_graph(testing::share_of(c.all.vertex_count, c.all.edges, comm, c.all.directed),
                        kind, 3, comm, order);
  const CcResult result = connected_components(g, comm);
  const CcCheck check = verify_cc(g, result.label, comm);
  EXPECT_TRUE(check.passed) << where << ": " << check.failure;
  EXPECT_EQ(check.components, components) << where;
  EXPECT_EQ(check.largest, largest) << where;
  const auto canonical = canonical_labels(g, result.label, comm);
  EXPECT_EQ(first_failure(compare_canonical(g, canonical, want), comm), "") << where;
  if (comm.size() == 1) {
    EXPECT_EQ(result.stats.rounds, 0) << where;
    EXPECT_EQ(result.stats.bytes_sent, 0u) << where;
  } else {
    EXPECT_GE(result.stats.rounds, 1) << where;
  }
}

TEST(GraphCc, CanonicalLabelsMatchSerialUnionFindForAnyPartition) {
  const Comm comm;
  for (const Case& c : cases()) {
    for (PartitionKind kind : c.partitions) {
      expect_serial_components(c, kind, NeighbourOrder::degree, comm);
    }
  }
  // Afforest samples each row's first neighbours: another order samples other edges.
  expect_serial_components(cases()[0], PartitionKind::random, NeighbourOrder::id, comm);
}

TEST(GraphCc, EdgeFileGivesTheSameComponentsEitherDirection) {
  const Comm comm;
  const testing::SharedScratch scratch(comm);
  const std::vector<Edge> edges = {{0, 1}, {2, 1}, {3, 4}, {5, 6}, {6, 7}, {7, 5}, {9, 8}};
  std::ostringstream text;
  text << "# four components and an isolated vertex (10)\n";
  for (const Edge& e : edges) text << e.u << " " << e.v << "\n";
  text << "10 10\n";  // a self-loop: GAP's cleanup drops it, the vertex stays
  const std::string path = scratch.put("components.el", text.str());
  for (bool directed : {true, false}) {
    const std::string name = directed ? "file as arcs" : "file symmetrized";
    EdgeList list = read_edge_file(path, comm);
    ASSERT_EQ(list.vertex_count, 11);
    list.directed = directed;
    Graph g = build_graph(std::move(list), PartitionKind::block, 1, comm);
    const CcResult result = connected_components(g, comm);
    const CcCheck check = verify_cc(g, result.label, comm);
    EXPECT_TRUE(check.passed) << name << ": " << check.failure;
    EXPECT_EQ(check.components, 5) << name;
    EXPECT_EQ(check.largest, 3) << name;
    const auto want = serial_smallest_ids(11, edges);
    const auto canonical = canonical_labels(g, result.label, comm);
    EXPECT_EQ(first_failure(compare_canonical(g, canonical, want), comm), "") << name;
  }
}

/// The label of original vertex x, on every rank. Collective.
global_int label_of(const Graph& g, const std::vector<global_int>& label, global_int x,
                    const Comm& comm) {
  const global_int internal = g.partition.relabel.forward(x);
  return comm.sum(g.owns(internal) ? label[internal - g.first_vertex] : global_int{0});
}

/// Sets the label of original vertex x on its owner only.
void set_label(const Graph& g, std::vector<global_int>& label, global_int x, global_int value) {
  const global_int internal = g.partition.relabel.forward(x);
  if (g.owns(internal)) label[internal - g.first_vertex] = value;
}

TEST(GraphCc, VerifierCatchesLabelsCorruptedOnOneRank) {
  const Comm comm;
  const Case c = cases()[0];
  Graph g = build_graph(testing::share_of(c.all.vertex_count, c.all.edges, comm),
                        PartitionKind::random, 3, comm);
  const CcResult good = connected_components(g, comm);
  ASSERT_TRUE(verify_cc(g, good.label, comm).passed);

  // Landmarks from the serial components, the same on every rank: an isolated vertex, and in
  // the largest component a vertex other than its smallest.
  const auto smallest = serial_smallest_ids(c.all.vertex_count, c.all.edges);
  std::vector<global_int> size(smallest.size(), 0), degree(smallest.size(), 0);
  for (global_int s : smallest) ++size[s];
  for (const Edge& e : c.all.edges) {
    if (e.u != e.v) ++degree[e.u], ++degree[e.v];
  }
  const global_int giant = std::max_element(size.begin(), size.end()) - size.begin();
  const global_int giant_label = label_of(g, good.label, giant, comm);
  global_int isolated = -1, member = -1;
  for (global_int v = 0; v < c.all.vertex_count; ++v) {
    if (degree[v] == 0 && isolated < 0) isolated = v;
    // Its own internal id then labels no component: the kernel's labels are smallest ids.
    if (smallest[v] == giant && g.partition.relabel.forward(v) != giant_label && member < 0) {
      member = v;
    }
  }
  ASSERT_TRUE(isolated >= 0 && member >= 0);
  const global_int isolated_label = label_of(g, good.label, isolated, comm);
  const global_int fresh = g.partition.relabel.forward(member);

  struct Corruption {
    std::string name, message;
    global_int vertex, label;
  };
  const Corruption corruptions[] = {
      {"two components merged", "are not connected", isolated, giant_label},
      {"a component split", "joins labels", member, fresh},
      {"an edge joins two components' labels", "joins labels", member, isolated_label},
      {"label out of range", "not a vertex id", member, c.all.vertex_count + 3},
  };
  for (const Corruption& corruption : corruptions) {
    std::vector<global_int> label = good.label;
    set_label(g, label, corruption.vertex, corruption.label);
    const CcCheck check = verify_cc(g, label, comm);
    EXPECT_FALSE(check.passed) << corruption.name;
    EXPECT_NE(check.failure.find(corruption.message), std::string::npos)
        << corruption.name << ": " << check.failure;
  }

  // Any one-to-one renaming of the labels is as good as the kernel's own.
  std::vector<global_int> renamed = good.label;
  for (global_int& l : renamed) l = g.vertex_count - 1 - l;
  const CcCheck check = verify_cc(g, renamed, comm);
  EXPECT_TRUE(check.passed) << check.failure;
}

}  // namespace
}  // namespace hpcg::graph
