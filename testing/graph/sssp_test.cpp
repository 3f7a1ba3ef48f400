// SPDX-License-Identifier: BSD-3-Clause
// SSSP on 1, 2 and 4 ranks: distances equal a serial Dijkstra's on Kronecker, uniform, directed,
// disconnected and file-read graphs, for every partitioning and deltas from 1 to wider than
// every weight; the verifier passes them and catches distances corrupted on one rank.
#include "hpcg/graph/sssp.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <functional>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "graph_test_support.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/graph/trials.hpp"

namespace hpcg::graph {
namespace {

using testing::first_failure;

/// Every step costs a halo exchange and an allreduce, a time slice each with 4 ranks on 2
/// cores: cases keep distances / delta small, and only the random partitioning runs every delta.
struct Case {
  std::string name;
  EdgeList all;                     ///< every rank holds the whole list, weights included
  std::vector<distance_t> deltas;   ///< the first is the middle one, which every partition runs
  std::vector<global_int> sources;  ///< original ids; empty: one picked by pick_sources
};

/// Serial Dijkstra over the full list: arcs as given, both ways unless directed. Duplicates and
/// self-loops need no cleanup: the shortest of parallel edges wins, a loop never helps.
std::vector<distance_t> dijkstra(const EdgeList& all, global_int source) {
  using Arc = std::pair<global_int, distance_t>;
  std::vector<std::vector<Arc>> out(static_cast<size_t>(all.vertex_count));
  for (const Edge& e : all.edges) {
    out[e.u].push_back({e.v, e.w});
    if (!all.directed) out[e.v].push_back({e.u, e.w});
  }
  std::vector<distance_t> distance(out.size(), unreached);
  using Entry = std::pair<distance_t, global_int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
  distance[source] = 0;
  queue.push({0, source});
  while (!queue.empty()) {
    const auto [d, u] = queue.top();
    queue.pop();
    if (d != distance[u]) continue;  // a stale entry
    for (const auto& [v, w] : out[u]) {
      if (d + w < distance[v]) {
        distance[v] = d + w;
        queue.push({d + w, v});
      }
    }
  }
  return distance;
}

/// 2^scale vertices, 2^scale * degree tuples with weights in 1..max_weight: GAP's weights drawn
/// on the whole list (so that they do not depend on the rank count), then folded into range.
EdgeList weighted_list(bool kronecker, int scale, int degree, weight_t max_weight) {
  EdgeList list;
  list.vertex_count = global_int{1} << scale;
  list.edges.resize(static_cast<size_t>(list.vertex_count * degree));
  const auto count = static_cast<global_int>(list.edges.size());
  if (kronecker) {
    kronecker_edges(scale, 4, 0, count, list.edges.data());
  } else {
    uniform_edges(scale, 4, 0, count, list.edges.data());
  }
  insert_weights(list, 5, Comm(MPI_COMM_SELF));
  for (Edge& e : list.edges) e.w = 1 + (e.w - 1) % max_weight;
  return list;
}

std::vector<Case> cases() {
  std::vector<Case> list;
  // GAP's weights (1..255); delta 1 would take a step per unit of distance, hundreds here.
  list.push_back({"kron", weighted_list(true, 9, 8, 255), {100, 256}, {}});
  list.push_back({"urand", weighted_list(false, 9, 4, 4), {3, 1, 5}, {}});
  Case arcs{"directed kron", weighted_list(true, 8, 6, 4), {2, 1, 5}, {}};
  arcs.all.directed = true;
  list.push_back(arcs);
  // A weighted path whose shortcut 0 -> 7 is longer than the path, a ring, and isolated ids
  // 30..39: from 0 the ring and the isolated vertices stay unreached; from 20, the path does.
  Case parts{"components", {}, {3, 1, 16}, {0, 20}};
  parts.all.vertex_count = 40;
  for (global_int v = 0; v + 1 < 10; ++v) {
    parts.all.edges.push_back({v, v + 1, static_cast<weight_t>(1 + v % 4)});
  }
  parts.all.edges.push_back({0, 7, 15});
  for (global_int v = 20; v < 26; ++v) parts.all.edges.push_back({v, 20 + (v - 19) % 6, 2});
  list.push_back(parts);
  return list;
}

/// First owned vertex whose distance differs from `want` (original ids), or "".
std::string compare_distances(const Graph& g, const std::vector<distance_t>& got,
                              const std::vector<distance_t>& want) {
  if (got.size() != static_cast<size_t>(g.rows())) return "distance array's length";
  for (local_int v = 0; v < g.rows(); ++v) {
    const global_int id = testing::original_of_row(g, v);
    if (got[v] != want[id]) {
      return "vertex " + std::to_string(id) + ": distance " + std::to_string(got[v]) +
             ", want " + std::to_string(want[id]);
    }
  }
  return "";
}

/// Runs SSSP from every source of `c` with each of `deltas` on `g`, checking against Dijkstra.
void expect_dijkstra_distances(const Case& c, const std::vector<distance_t>& deltas, Graph& g,
                               const std::string& where, const Comm& comm) {
  auto sources = c.sources.empty() ? pick_sources(g, 1, 17, comm) : c.sources;
  for (global_int source : sources) {
    const auto want = dijkstra(c.all, source);
    global_int reached = 0;
    distance_t farthest = 0;
    for (distance_t d : want) {
      if (d == unreached) continue;
      ++reached;
      farthest = std::max(farthest, d);
    }
    const global_int internal = g.partition.relabel.forward(source);
    for (distance_t delta : deltas) {
      const std::string run =
          where + " source " + std::to_string(source) + " delta " + std::to_string(delta);
      const SsspResult result = sssp(g, internal, SsspOptions{delta}, comm);
      EXPECT_EQ(first_failure(compare_distances(g, result.distance, want), comm), "") << run;
      const SsspCheck check = verify_sssp(g, internal, result.distance, comm);
      EXPECT_TRUE(check.passed) << run << ": " << check.failure;
      EXPECT_EQ(check.reached, reached) << run;
      EXPECT_EQ(check.farthest, farthest) << run;
      EXPECT_GE(result.stats.steps, result.stats.buckets) << run;
      if (comm.size() == 1) {
        EXPECT_EQ(result.stats.bytes_sent, 0u) << run;
      }
    }
  }
}

TEST(GraphSssp, DistancesMatchDijkstraForAnyPartitionAndDelta) {
  const Comm comm;
  for (const Case& c : cases()) {
    for (PartitionKind kind : testing::all_partitions()) {
      Graph g = build_graph(
          testing::share_of(c.all.vertex_count, c.all.edges, comm, c.all.directed, true), kind,
          3, comm);
      ASSERT_TRUE(g.weighted);
      const bool all_deltas = kind == PartitionKind::random;
      expect_dijkstra_distances(c, all_deltas ? c.deltas : std::vector<distance_t>{c.deltas[0]},
                                g, c.name + " " + to_string(kind), comm);
    }
  }
}

TEST(GraphSssp, WeightedEdgeFileGivesDijkstraDistances) {
  const Comm comm;
  const testing::SharedScratch scratch(comm);
  // The direct 0 -> 3 is dearer than 0 -> 1 -> 2 -> 3; 2 -> 4 twice (the lighter one counts);
  // 6 -> 5 only (5 unreached from 0 when directed); 7 has a self-loop alone.
  Case file{"file", {}, {1, 100}, {0, 6}};
  file.all.vertex_count = 8;
  file.all.edges = {{0, 1, 2}, {1, 2, 3}, {2, 3, 1}, {0, 3, 9}, {2, 4, 7}, {2, 4, 5},
                    {4, 0, 1}, {6, 5, 4}, {7, 7, 3}};
  std::ostringstream text;
  text << "# u v weight\n";
  for (const Edge& e : file.all.edges) text << e.u << ' ' << e.v << ' ' << e.w << '\n';
  const std::string path = scratch.put("weighted.wel", text.str());
  for (bool directed : {true, false}) {
    EdgeList list = read_edge_file(path, comm);
    ASSERT_TRUE(list.weighted) << "read_edge_file dropped the .wel weights";
    ASSERT_EQ(list.vertex_count, 8);
    list.directed = file.all.directed = directed;
    Graph g = build_graph(std::move(list), PartitionKind::block, 1, comm);
    if (!directed) file.sources = {0};  // the arcs' run covers the deltas and the other source
    expect_dijkstra_distances(file, directed ? file.deltas : std::vector<distance_t>{2}, g,
                              directed ? "file as arcs" : "file symmetrized", comm);
  }
}

TEST(GraphSssp, RefusesUnweightedGraphsAndNonPositiveDelta) {
  const Comm comm;
  const Case c = cases()[1];
  Graph unweighted = build_graph(testing::share_of(c.all.vertex_count, c.all.edges, comm),
                                 PartitionKind::block, 3, comm);
  EXPECT_THROW(sssp(unweighted, 0, SsspOptions{}, comm), InputError);
  Graph g = build_graph(testing::share_of(c.all.vertex_count, c.all.edges, comm, false, true),
                        PartitionKind::block, 3, comm);
  EXPECT_THROW(sssp(g, 0, SsspOptions{0}, comm), InputError);
}

TEST(GraphSssp, DistancesBeyond32BitsAndDeltasFarBelowTheWeights) {
  const Comm comm;
  // A path of the heaviest weights: from the third vertex on, distances pass 2^31.
  Case heavy{"heavy path", {}, {1000000000}, {0}};
  heavy.all.vertex_count = 6;
  for (global_int v = 0; v + 1 < 6; ++v) heavy.all.edges.push_back({v, v + 1, max_weight});
  heavy.all.edges.push_back({0, 5, max_weight - 1});  // the only way to 5 that fits 32 bits
  for (PartitionKind kind : testing::all_partitions()) {
    Graph g = build_graph(testing::share_of(6, heavy.all.edges, comm, false, true), kind, 3, comm);
    expect_dijkstra_distances(heavy, heavy.deltas, g, "heavy path " + to_string(kind), comm);
  }
  // Delta 1 would need a bucket per unit of distance, billions of them.
  Graph g = build_graph(testing::share_of(6, heavy.all.edges, comm, false, true),
                        PartitionKind::block, 3, comm);
  std::string message;
  try {
    sssp(g, 0, SsspOptions{1}, comm);
  } catch (const InputError& error) {
    message = error.what();
  }
  EXPECT_NE(message.find("use --delta="), std::string::npos) << message;
  EXPECT_EQ(first_failure(message == comm.broadcast(message) ? "" : "differs", comm), "");
}

/// Sets the distance of original vertex x on its owner only.
void set_distance(const Graph& g, std::vector<distance_t>& distance, global_int x,
                  distance_t value) {
  const global_int internal = g.partition.relabel.forward(x);
  if (g.owns(internal)) distance[internal - g.first_vertex] = value;
}

TEST(GraphSssp, VerifierCatchesDistancesCorruptedOnOneRank) {
  const Comm comm;
  const Case c = cases()[0];
  Graph g = build_graph(testing::share_of(c.all.vertex_count, c.all.edges, comm, false, true),
                        PartitionKind::random, 3, comm);
  const global_int source = pick_sources(g, 1, 1, comm)[0];
  const global_int internal = g.partition.relabel.forward(source);
  const SsspResult good = sssp(g, internal, SsspOptions{100}, comm);
  ASSERT_TRUE(verify_sssp(g, internal, good.distance, comm).passed);

  // Landmarks from Dijkstra, the same on every rank: the farthest vertex (no shortest path runs
  // through it, so changing it breaks only its own check) and a vertex without edges.
  const auto want = dijkstra(c.all, source);
  std::vector<bool> has_edges(want.size(), false);
  for (const Edge& e : c.all.edges) {
    if (e.u != e.v) has_edges[e.u] = has_edges[e.v] = true;
  }
  global_int farthest = source, isolated = -1;
  for (global_int v = 0; v < c.all.vertex_count; ++v) {
    if (want[v] != unreached && want[v] > want[farthest]) farthest = v;
    if (!has_edges[v] && isolated < 0) isolated = v;
  }
  ASSERT_TRUE(want[farthest] > 1 && isolated >= 0);

  struct Corruption {
    std::string name, message;
    global_int vertex;
    distance_t value;
  };
  const Corruption corruptions[] = {
      {"distance too small", "no in-edge ends a path", farthest, want[farthest] - 1},
      {"distance too large", "shortens the distance", farthest, want[farthest] + 1},
      {"reached vertex marked unreached", "is unreached", farthest, unreached},
      {"unreached vertex given a distance", "no in-edge ends a path", isolated, 7},
      {"source not at 0", "the source", source, 3},
      {"negative distance", "only the source may have 0", farthest, -want[farthest]},
  };
  for (const Corruption& corruption : corruptions) {
    std::vector<distance_t> distance = good.distance;
    set_distance(g, distance, corruption.vertex, corruption.value);
    const SsspCheck check = verify_sssp(g, internal, distance, comm);
    EXPECT_FALSE(check.passed) << corruption.name;
    EXPECT_NE(check.failure.find(corruption.message), std::string::npos)
        << corruption.name << ": " << check.failure;
    // One rank saw it; every rank must report the same failure.
    EXPECT_EQ(first_failure(check.failure == comm.broadcast(check.failure) ? "" : "differs", comm),
              "")
        << corruption.name;
  }
}

}  // namespace
}  // namespace hpcg::graph
