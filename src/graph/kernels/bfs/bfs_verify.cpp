// SPDX-License-Identifier: BSD-3-Clause
// Graph500's BFS validation, distributed: parents are checked against each row's own edges, levels
// are rebuilt by following parents (one halo exchange of levels per tree level), and every edge
// is then checked against the levels of its two ends. Untimed; shares no code with the kernel.
#include <mpi.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "hpcg/graph/bfs.hpp"
#include "hpcg/base/watchdog.hpp"
#include "verifier_support.hpp"

namespace hpcg::graph {
namespace {

/// Checks 5 and the root: each parent is in range and a neighbour; returns parents as columns.
std::string check_parents(const Graph& g, global_int source, const std::vector<global_int>& parent,
                          std::vector<local_int>& parent_column) {
  auto name = [&g](global_int internal) {
    return std::to_string(g.partition.relabel.inverse(internal));
  };
  if (parent.size() != static_cast<size_t>(g.rows())) return "parent array has the wrong length";
  const SparseMatrix& A = g.in.matrix;
  for (local_int v = 0; v < g.rows(); ++v) {
    const global_int id = g.first_vertex + v, p = parent[v];
    if (p == -1) {
      if (id == source) return "the source " + name(source) + " is not its own parent (check 1)";
      continue;
    }
    if (p < 0 || p >= g.vertex_count) {
      return "vertex " + name(id) + " has parent " + std::to_string(p) + ", not a vertex";
    }
    if (id == source || p == id) {
      if (p != source || id != source) {
        return "vertex " + name(id) + " has parent " + name(p) +
               (id == source ? ": the source must be its own parent (check 1)"
                             : ": only the source is its own parent (check 1)");
      }
      parent_column[v] = v;
      continue;
    }
    const local_int c = g.local_column(p);
    const auto begin = A.column_index.begin() + A.row_start[v];
    const auto end = A.column_index.begin() + A.row_start[v + 1];
    if (c < 0 || std::find(begin, end, c) == end) {
      return "vertex " + name(id) + " has parent " + name(p) +
             ", which has no edge to it (check 5)";
    }
    parent_column[v] = c;
  }
  return "";
}

/// Levels by following parents from the source, one tree level per round; vertices on a cycle
/// or hanging from one never get a level.
std::vector<std::int32_t> rebuild_levels(Graph& g, global_int source,
                                         const std::vector<local_int>& parent_column,
                                         const Comm& comm) {
  std::vector<std::int32_t> level(static_cast<size_t>(g.in.matrix.columns), -1);
  if (g.owns(source)) level[source - g.first_vertex] = 0;
  while (true) {
    g.in.matrix.exchange.run_typed(level.data());
    global_int changed = 0;
    for (local_int v = 0; v < g.rows(); ++v) {
      const local_int c = parent_column[v];
      if (level[v] < 0 && c >= 0 && level[c] >= 0) {
        level[v] = level[c] + 1;
        ++changed;
      }
    }
    if (comm.sum(changed) == 0) return level;  // the halo already holds the final levels
  }
}

std::string column_name(const Graph& g, local_int column) {
  return std::to_string(g.partition.relabel.inverse(g.global_id(column)));
}

/// Check 1: every vertex with a parent got a level, i.e. reaches the source through parents.
std::string check_tree(const Graph& g, const std::vector<global_int>& parent,
                       const std::vector<std::int32_t>& level) {
  for (local_int v = 0; v < g.rows(); ++v) {
    if (parent[v] != -1 && level[v] < 0) {
      return "vertex " + column_name(g, v) +
             " does not reach the source through its parents: a cycle (check 1)";
    }
  }
  return "";
}

/// Checks 3 and 4 on every edge c -> v, from the in-edges of each owned v.
std::string check_edges(const Graph& g, const std::vector<std::int32_t>& level) {
  auto name = [&g](local_int column) { return column_name(g, column); };
  const SparseMatrix& A = g.in.matrix;
  for (local_int v = 0; v < g.rows(); ++v) {
    for (nnz_int k = A.row_start[v]; k < A.row_start[v + 1]; ++k) {
      const local_int c = A.column_index[k];
      if (level[c] < 0) continue;
      if (level[v] < 0) {
        return "edge " + name(c) + "-" + name(v) + " leaves the tree: it does not span what " +
               "the source reaches (check 4)";
      }
      if (level[v] > level[c] + 1) {
        return "edge " + name(c) + "-" + name(v) + " joins levels " + std::to_string(level[c]) +
               " and " + std::to_string(level[v]) + " (check 3)";
      }
    }
  }
  return "";
}

}  // namespace

BfsCheck verify_bfs(Graph& graph, global_int source, const std::vector<global_int>& parent,
                    const Comm& comm, std::vector<std::int32_t>* depths) {
  BfsCheck check;
  std::vector<local_int> parent_column(static_cast<size_t>(graph.rows()), -1);
  check.failure = agree_on_failure(check_parents(graph, source, parent, parent_column), comm);
  if (check.failure.empty()) {
    // Check 2 (tree edges join consecutive levels) holds by construction of the levels.
    const auto level = rebuild_levels(graph, source, parent_column, comm);
    check.failure = agree_on_failure(check_tree(graph, parent, level), comm);
    if (check.failure.empty()) check.failure = agree_on_failure(check_edges(graph, level), comm);
    global_int reached = 0, degrees = 0;
    int deepest = 0;
    for (local_int v = 0; v < graph.rows(); ++v) {
      if (level[v] < 0) continue;
      ++reached;
      degrees += graph.out_degree(v);
      deepest = std::max(deepest, static_cast<int>(level[v]));
    }
    check.reached = comm.sum(reached);
    check.edges = graph.directed ? comm.sum(degrees) : comm.sum(degrees) / 2;
    check.depth = comm.max(deepest);
    if (depths != nullptr) depths->assign(level.begin(), level.begin() + graph.rows());
  }
  check.passed = check.failure.empty();
  return check;
}

}  // namespace hpcg::graph
