// SPDX-License-Identifier: BSD-3-Clause
// BC on 1, 2 and 4 ranks: normalized scores equal a serial Brandes's (written here, in original
// ids) from the same GAP-picked sources, for Kronecker, uniform, directed, disconnected and
// file-read graphs under every partitioning; the verifier passes them and catches scores
// corrupted on one rank.
#include "hpcg/graph/bc.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "graph_test_support.hpp"
#include "hpcg/graph/trials.hpp"

namespace hpcg::graph {
namespace {

using testing::first_failure;
using testing::ReferenceGraph;

struct Case {
  std::string name;
  EdgeList all;  ///< every rank holds the whole list; `directed` says how to build it
};

Case generated(const std::string& name, int scale, int degree, bool kronecker) {
  Case c{name, {}};
  c.all.vertex_count = global_int{1} << scale;
  c.all.edges.resize(static_cast<size_t>(c.all.vertex_count * degree));
  const auto count = static_cast<global_int>(c.all.edges.size());
  if (kronecker) {
    kronecker_edges(scale, 5, 0, count, c.all.edges.data());
  } else {
    uniform_edges(scale, 5, 0, count, c.all.edges.data());
  }
  return c;
}

/// Small components (paths, triangles, stars, a cycle with chords) and isolated vertices, so that
/// sources see only part of the graph.
Case disconnected() {
  Case c{"disconnected", {}};
  c.all.vertex_count = 200;
  for (global_int v = 0; v + 4 < 200; v += 9) {
    c.all.edges.push_back({v, v + 1});
    c.all.edges.push_back({v + 1, v + 2});
    if (v % 2 == 0) c.all.edges.push_back({v + 2, v});
    if (v % 3 == 0) c.all.edges.push_back({v + 1, v + 3});
    if (v % 5 == 0) c.all.edges.push_back({v + 3, v + 4});
  }
  return c;
}

std::vector<Case> cases() {
  std::vector<Case> list;
  list.push_back(generated("kron", 9, 8, true));
  list.push_back(generated("urand", 9, 3, false));
  Case arcs = generated("directed kron", 8, 4, true);
  arcs.all.directed = true;
  list.push_back(arcs);
  list.push_back(disconnected());
  return list;
}

/// Brandes in double over `ref` from each source, scores normalized to the largest.
std::vector<double> serial_bc(const ReferenceGraph& ref, const std::vector<global_int>& sources) {
  const auto n = static_cast<size_t>(ref.n);
  std::vector<double> score(n, 0.0);
  for (global_int s : sources) {
    const std::vector<int> level = ref.levels(s);
    std::vector<double> sigma(n, 0.0), delta(n, 0.0);
    std::vector<global_int> by_level;
    for (global_int v = 0; v < ref.n; ++v) {
      if (level[v] >= 0) by_level.push_back(v);
    }
    std::stable_sort(by_level.begin(), by_level.end(),
                     [&](global_int a, global_int b) { return level[a] < level[b]; });
    sigma[s] = 1;
    for (global_int u : by_level) {
      for (global_int v : ref.neighbours[u]) {
        if (level[v] == level[u] + 1) sigma[v] += sigma[u];
      }
    }
    for (auto it = by_level.rbegin(); it != by_level.rend(); ++it) {
      const global_int u = *it;
      for (global_int v : ref.neighbours[u]) {
        if (level[v] == level[u] + 1) delta[u] += sigma[u] / sigma[v] * (1 + delta[v]);
      }
      score[u] += delta[u];
    }
  }
  const double largest = *std::max_element(score.begin(), score.end());
  for (double& x : score) x /= largest;
  return score;
}

/// First owned vertex whose score differs from `want` by more than a few floats' rounding.
std::string compare_scores(const Graph& g, const std::vector<float>& scores,
                           const std::vector<double>& want) {
  if (scores.size() != static_cast<size_t>(g.rows())) return "scores' length";
  for (local_int v = 0; v < g.rows(); ++v) {
    const global_int id = testing::original_of_row(g, v);
    if (!(std::fabs(scores[v] - want[id]) <= 1e-6)) {
      return "vertex " + std::to_string(id) + ": score " + std::to_string(scores[v]) + ", want " +
             std::to_string(want[id]);
    }
  }
  return "";
}

/// Builds `all` with `kind`, runs BC from four GAP-picked sources, and checks it against the
/// serial Brandes and the verifier.
void expect_serial_scores(const std::string& name, const EdgeList& all, PartitionKind kind,
                          const Comm& comm) {
  const std::string where = name + " " + to_string(kind);
  const ReferenceGraph ref(all.vertex_count, all.edges, all.directed);
  Graph g = build_graph(testing::share_of(all.vertex_count, all.edges, comm, all.directed), kind,
                        3, comm);
  const std::vector<global_int> sources = pick_sources(g, 4, default_seed, comm);
  std::vector<global_int> internal;
  for (global_int s : sources) {
    ASSERT_GT(ref.neighbours[s].size(), 0u) << where << ": source " << s << " has no out-edges";
    internal.push_back(g.partition.relabel.forward(s));
  }
  const BcResult result = betweenness_centrality(g, internal, comm);
  EXPECT_EQ(first_failure(compare_scores(g, result.scores, serial_bc(ref, sources)), comm), "")
      << where;
  const BcCheck check = verify_bc(g, internal, result.scores, comm);
  EXPECT_TRUE(check.passed) << where << ": " << check.failure;
  if (comm.size() == 1) {
    EXPECT_EQ(result.stats.bytes_sent, 0u) << where;
  }
  EXPECT_GE(result.stats.levels, 4) << where;
}

TEST(GraphBc, ScoresMatchSerialBrandesForAnyPartition) {
  const Comm comm;
  for (const Case& c : cases()) {
    for (PartitionKind kind : testing::all_partitions()) {
      expect_serial_scores(c.name, c.all, kind, comm);
    }
  }
}

TEST(GraphBc, EdgeFileScoresMatchEitherDirection) {
  const Comm comm;
  const testing::SharedScratch scratch(comm);
  std::ostringstream text;
  text << "# two diamonds joined by a path, a chain of arcs, an isolated vertex (19)\n";
  for (const char* line : {"0 1", "0 2", "1 3", "2 3", "3 4", "4 5", "5 6", "5 7", "6 8", "7 8",
                           "10 11", "11 12", "12 13", "13 11", "14 15", "16 17", "18 16"}) {
    text << line << "\n";
  }
  text << "19 19\n";
  const std::string path = scratch.put("bc.el", text.str());
  for (bool directed : {true, false}) {
    EdgeList list = read_edge_file(path, comm);
    ASSERT_EQ(list.vertex_count, 20);
    list.directed = directed;
    // The whole list on every rank, for the reference.
    std::vector<Edge> every;
    for (const char* line : {"0 1", "0 2", "1 3", "2 3", "3 4", "4 5", "5 6", "5 7", "6 8", "7 8",
                             "10 11", "11 12", "12 13", "13 11", "14 15", "16 17", "18 16"}) {
      std::istringstream pair(line);
      Edge e{};
      pair >> e.u >> e.v;
      every.push_back(e);
    }
    EdgeList all{20, every, directed, false};
    for (PartitionKind kind : testing::all_partitions()) {
      expect_serial_scores(directed ? "file as arcs" : "file symmetrized", all, kind, comm);
    }
    // And the list as read, on one partitioning.
    Graph g = build_graph(std::move(list), PartitionKind::block, 3, comm);
    const ReferenceGraph ref(20, every, directed);
    const std::vector<global_int> sources = pick_sources(g, 4, default_seed, comm);
    std::vector<global_int> internal;
    for (global_int s : sources) internal.push_back(g.partition.relabel.forward(s));
    const BcResult result = betweenness_centrality(g, internal, comm);
    EXPECT_EQ(first_failure(compare_scores(g, result.scores, serial_bc(ref, sources)), comm), "");
  }
}

/// Sets the score of original vertex x on its owner only.
void set_score(const Graph& g, std::vector<float>& scores, global_int x, float value) {
  const global_int internal = g.partition.relabel.forward(x);
  if (g.owns(internal)) scores[internal - g.first_vertex] = value;
}

TEST(GraphBc, VerifierCatchesScoresCorruptedOnOneRank) {
  const Comm comm;
  const Case c = cases()[0];
  Graph g = build_graph(testing::share_of(c.all.vertex_count, c.all.edges, comm),
                        PartitionKind::random, 3, comm);
  const std::vector<global_int> sources = pick_sources(g, 4, default_seed, comm);
  std::vector<global_int> internal;
  for (global_int s : sources) internal.push_back(g.partition.relabel.forward(s));
  const BcResult good = betweenness_centrality(g, internal, comm);
  ASSERT_TRUE(verify_bc(g, internal, good.scores, comm).passed);
  const ReferenceGraph ref(c.all.vertex_count, c.all.edges);
  const std::vector<double> want = serial_bc(ref, sources);
  const global_int top = std::max_element(want.begin(), want.end()) - want.begin();
  global_int some = 0;  // a vertex with a score between 0 and 1
  while (!(want[some] > 0 && want[some] < 1)) ++some;
  global_int zero = 0;  // a vertex on no shortest path (a leaf, or not reached)
  while (want[zero] != 0) ++zero;

  struct Corruption {
    const char* what;
    global_int vertex;
    float value;
  };
  for (const Corruption& bad :
       {Corruption{"largest score not 1", top, 0.999F},
        Corruption{"score off by 1e-5", some, static_cast<float>(want[some] + 1e-5)},
        Corruption{"score zeroed", some, 0.0F}, Corruption{"NaN", some, std::nanf("")},
        Corruption{"vertex on no shortest path scored", zero, 0.5F}}) {
    std::vector<float> scores = good.scores;
    set_score(g, scores, bad.vertex, bad.value);
    const BcCheck check = verify_bc(g, internal, scores, comm);
    EXPECT_FALSE(check.passed) << bad.what;
    EXPECT_NE(check.failure.find("vertex " + std::to_string(bad.vertex)), std::string::npos)
        << bad.what << ": " << check.failure;
  }
  // The scores of four sources are not those of the first alone.
  const std::vector<global_int> one(1, internal[0]);
  EXPECT_FALSE(verify_bc(g, one, good.scores, comm).passed);
}

}  // namespace
}  // namespace hpcg::graph
