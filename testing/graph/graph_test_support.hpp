// SPDX-License-Identifier: BSD-3-Clause
// Helpers of the graph tests: a serial reference graph (adjacency sets, BFS levels, PageRank)
// every rank builds from the full edge list, agreement of per-rank checks without deadlock, and
// a scratch directory for graph files every rank reads.
#pragma once

#include <mpi.h>

#include <stdlib.h>  // mkdtemp

#include <algorithm>
#include <cmath>
#include <deque>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/edge_list.hpp"
#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/partition.hpp"

namespace hpcg::graph::testing {

/// The cleaned graph (no self-loops, no duplicates) in original ids, built serially: symmetric,
/// or the arcs as given when `directed`.
struct ReferenceGraph {
  global_int n = 0;
  bool directed = false;
  std::vector<std::vector<global_int>> neighbours;  ///< out-neighbours when directed
  std::vector<std::vector<global_int>> in;          ///< directed only: in-neighbours

  ReferenceGraph(global_int vertices, const std::vector<Edge>& edges, bool arcs = false)
      : n(vertices),
        directed(arcs),
        neighbours(static_cast<size_t>(vertices)),
        in(arcs ? static_cast<size_t>(vertices) : 0) {
    for (const Edge& e : edges) {
      if (e.u == e.v) continue;
      neighbours[e.u].push_back(e.v);
      (directed ? in : neighbours)[e.v].push_back(e.u);
    }
    for (auto* lists : {&neighbours, &in}) {
      for (auto& list : *lists) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
      }
    }
  }

  /// Where v's PageRank pulls from: its in-neighbours.
  const std::vector<global_int>& sources_of(global_int v) const {
    return directed ? in[v] : neighbours[v];
  }

  /// Undirected edges, or arcs when directed.
  global_int edges() const {
    global_int total = 0;
    for (const auto& list : neighbours) total += static_cast<global_int>(list.size());
    return directed ? total : total / 2;
  }

  std::vector<int> levels(global_int source) const {
    std::vector<int> level(static_cast<size_t>(n), -1);
    std::deque<global_int> queue{source};
    level[source] = 0;
    while (!queue.empty()) {
      const global_int u = queue.front();
      queue.pop_front();
      for (global_int v : neighbours[u]) {
        if (level[v] < 0) {
          level[v] = level[u] + 1;
          queue.push_back(v);
        }
      }
    }
    return level;
  }

  /// What a BFS that reached the vertices with `levels` >= 0 traverses, as the validator counts
  /// it: their arcs when directed, else their edges (each listed from both ends).
  global_int reached_edges(const std::vector<int>& levels) const {
    global_int ends = 0;
    for (global_int v = 0; v < n; ++v) {
      if (levels[v] >= 0) ends += static_cast<global_int>(neighbours[v].size());
    }
    return directed ? ends : ends / 2;
  }

  /// GAP's PageRank (Jacobi) in double for a fixed number of iterations: contributions over
  /// out-degree, pulled over in-edges; a vertex without out-edges gives nothing.
  std::vector<double> pagerank(int iterations, double damping = 0.85) const {
    std::vector<double> score(static_cast<size_t>(n), 1.0 / static_cast<double>(n)), next(score);
    for (int it = 0; it < iterations; ++it) {
      for (global_int v = 0; v < n; ++v) {
        double sum = 0;
        for (global_int u : sources_of(v))
          sum += score[u] / static_cast<double>(neighbours[u].size());
        next[v] = (1.0 - damping) / static_cast<double>(n) + damping * sum;
      }
      score.swap(next);
    }
    return score;
  }
};

/// A share of a full edge list for build_graph: every rank takes every size-th tuple. `directed`
/// keeps the tuples as arcs; `weighted` keeps their weights.
inline EdgeList share_of(global_int vertices, const std::vector<Edge>& all, const Comm& comm,
                         bool directed = false, bool weighted = false) {
  EdgeList list;
  list.vertex_count = vertices;
  list.directed = directed;
  list.weighted = weighted;
  for (size_t i = static_cast<size_t>(comm.rank()); i < all.size();
       i += static_cast<size_t>(comm.size())) {
    list.edges.push_back(all[i]);
  }
  return list;
}

inline std::vector<Edge> all_kronecker_edges(int scale, int degree, std::uint64_t seed) {
  std::vector<Edge> edges(static_cast<size_t>((global_int{1} << scale) * degree));
  kronecker_edges(scale, seed, 0, static_cast<global_int>(edges.size()), edges.data());
  return edges;
}

/// The lowest rank's non-empty message, on every rank ("" when all are empty). Collective.
inline std::string first_failure(const std::string& mine, const Comm& comm) {
  int candidate = mine.empty() ? comm.size() : comm.rank(), lowest = comm.size();
  MPI_Allreduce(&candidate, &lowest, 1, MPI_INT, MPI_MIN, comm.get());
  return lowest == comm.size() ? std::string() : comm.broadcast(mine, lowest);
}

/// Original id of an owned row.
inline global_int original_of_row(const Graph& g, local_int row) {
  return g.partition.relabel.inverse(g.first_vertex + row);
}

/// First owned vertex whose BFS depth differs from the reference level, or "".
inline std::string compare_levels(const Graph& g, const std::vector<std::int32_t>& depth,
                                  const std::vector<int>& want) {
  for (local_int v = 0; v < g.rows(); ++v) {
    const global_int id = original_of_row(g, v);
    if (depth[v] != want[id]) {
      return "vertex " + std::to_string(id) + ": level " + std::to_string(depth[v]) + ", want " +
             std::to_string(want[id]);
    }
  }
  return "";
}

/// A directory rank 0 creates under the system's temporary directory, known to every rank and
/// removed with its files when the object goes. Construction and destruction are collective.
class SharedScratch {
 public:
  explicit SharedScratch(const Comm& comm) : comm_(comm) {
    if (comm.is_root()) {
      // mkdtemp replaces the trailing X's with a unique name.
      std::string pattern =
          (std::filesystem::temp_directory_path() / "xgraph_test_XXXXXX").string();
      if (::mkdtemp(pattern.data()) != nullptr) dir_ = pattern;
    }
    dir_ = comm.broadcast(dir_);
  }
  ~SharedScratch() {
    comm_.barrier();  // every rank is done reading
    if (comm_.is_root() && !dir_.empty()) std::filesystem::remove_all(dir_);
  }
  SharedScratch(const SharedScratch&) = delete;
  SharedScratch& operator=(const SharedScratch&) = delete;

  /// Path of `name` in the directory ("" when it could not be made, which then fails the reads).
  std::string path(const std::string& name) const { return dir_.empty() ? "" : dir_ + "/" + name; }

  /// Rank 0 writes `bytes` as `name`; every rank returns its path once the file is there.
  std::string put(const std::string& name, const std::string& bytes) const {
    const std::string file = path(name);
    if (comm_.is_root()) std::ofstream(file, std::ios::binary) << bytes;
    comm_.barrier();
    return file;
  }

 private:
  const Comm& comm_;
  std::string dir_;
};

/// Every partitioning, for tests that must not depend on it.
inline std::vector<PartitionKind> all_partitions() {
  return {PartitionKind::block, PartitionKind::balanced, PartitionKind::random,
          PartitionKind::metis, PartitionKind::scotch};
}

}  // namespace hpcg::graph::testing
