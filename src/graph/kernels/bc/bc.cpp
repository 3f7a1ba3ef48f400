// SPDX-License-Identifier: BSD-3-Clause
// Betweenness centrality as GAP defines it (Brandes, approximate from a few sources), in the
// frontier form BFS uses. Forward: the frontier's path counts sigma travel through the in-edges'
// halo once per level, and each rank pushes them along its owned out-edges and along the halo
// transpose (ghost -> owned rows), claiming depths by compare-and-swap. Backward: per level one
// exchange of (1 + delta) / sigma for the level below through the out-edges' halo, then each
// vertex of the level sums those of all its out-neighbours: only out-neighbours one level deeper
// hold a non-zero value, so no successor set is stored.
#include "hpcg/graph/bc.hpp"

#include <algorithm>

#include "hpcg/base/timer.hpp"

namespace hpcg::graph {
namespace {

/// Working state of one trial (its sources share it).
struct BcState {
  explicit BcState(Graph& g)
      : graph(g),
        depth(static_cast<size_t>(g.rows())),
        sigma(static_cast<size_t>(g.rows())),
        delta(static_cast<size_t>(g.rows())),
        score(static_cast<size_t>(g.rows()), 0.0),
        frontier(static_cast<size_t>(g.in.matrix.columns), 0.0),
        pulled(static_cast<size_t>(g.out().matrix.columns), 0.0) {}

  Graph& graph;
  std::vector<std::int32_t> depth;  ///< -1: not reached
  std::vector<double> sigma;        ///< shortest paths from the source
  std::vector<double> delta;        ///< dependency on the source
  std::vector<double> score;        ///< sum of the dependencies over the sources
  /// sigma of the current level's vertices, zero elsewhere, over in's columns (ghosts filled by
  /// the exchange): what the level pushes.
  std::vector<double> frontier;
  /// (1 + delta) / sigma of the level below the one being summed, zero elsewhere, over out's
  /// columns.
  std::vector<double> pulled;
  std::vector<local_int> order;        ///< reached owned vertices, level by level
  std::vector<size_t> level_start;     ///< where each level starts in order (and the end)
  std::vector<local_int> ghost_queue;  ///< ghosts in the current level
};

std::uint64_t exchange(HaloExchange& halo, std::vector<double>& x) {
  halo.run(x.data());
  return halo.halo().send_rows.size() * sizeof(double);
}

/// Lists the ghosts whose exchanged frontier value is non-zero.
void collect_ghost_frontier(BcState& s) {
  const local_int rows = s.graph.rows(), columns = s.graph.in.matrix.columns;
  s.ghost_queue.clear();
  for (local_int c = rows; c < columns; ++c) {
    if (s.frontier[c] != 0) s.ghost_queue.push_back(c - rows);
  }
}

/// Claims `v` for level `next_depth` if unreached; adds `paths` to its count if it lies there.
/// Returns whether this call claimed it.
inline bool reach(std::int32_t* depth, double* sigma, local_int v, std::int32_t next_depth,
                  double paths) {
  bool claimed = false;
  std::int32_t seen = __atomic_load_n(&depth[v], __ATOMIC_RELAXED);
  if (seen == -1) {
    std::int32_t expected = -1;
    claimed = __atomic_compare_exchange_n(&depth[v], &expected, next_depth, false,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    seen = claimed ? next_depth : expected;
  }
  if (seen == next_depth) {
#pragma omp atomic
    sigma[v] += paths;
  }
  return claimed;
}

/// One forward level: the vertices of `level` (owned) and ghost_queue push their path counts to
/// their out-neighbours owned here; appends the newly reached ones to `order`.
void forward_step(BcState& s, std::int32_t next_depth, size_t level_begin, size_t level_end) {
  const Graph& g = s.graph;
  const nnz_int* row_start = g.out().matrix.row_start.data();
  const local_int* column = g.out().matrix.column_index.data();
  const local_int* owned_degree = g.out().owned_degree.data();
  const nnz_int* ghost_row_start = g.ghost_row_start.data();
  const local_int* ghost_rows = g.ghost_rows.data();
  const local_int rows = g.rows();
  std::int32_t* depth = s.depth.data();
  double* sigma = s.sigma.data();
  const double* frontier = s.frontier.data();
  const local_int* level = s.order.data() + level_begin;
  const local_int* ghost_queue = s.ghost_queue.data();
  const auto level_size = static_cast<long long>(level_end - level_begin);
  const auto ghost_size = static_cast<long long>(s.ghost_queue.size());
  std::vector<local_int> next;
  const bool parallel = level_size + ghost_size > 256;
#pragma omp parallel if (parallel)
  {
    std::vector<local_int> mine;
#pragma omp for schedule(dynamic, 64) nowait
    for (long long i = 0; i < level_size; ++i) {
      const local_int u = level[i];
      const double paths = frontier[u];
      for (nnz_int k = row_start[u]; k < row_start[u] + owned_degree[u]; ++k) {
        if (reach(depth, sigma, column[k], next_depth, paths)) mine.push_back(column[k]);
      }
    }
#pragma omp for schedule(dynamic, 64) nowait
    for (long long i = 0; i < ghost_size; ++i) {
      const local_int ghost = ghost_queue[i];
      const double paths = frontier[rows + ghost];
      for (nnz_int k = ghost_row_start[ghost]; k < ghost_row_start[ghost + 1]; ++k) {
        if (reach(depth, sigma, ghost_rows[k], next_depth, paths)) mine.push_back(ghost_rows[k]);
      }
    }
#pragma omp critical(hpcg_bc_queue)
    next.insert(next.end(), mine.begin(), mine.end());
  }
  s.order.insert(s.order.end(), next.begin(), next.end());
}

/// Forward phase from `source`: fills depth, sigma, order and level_start. Returns the levels.
int count_paths(BcState& s, global_int source, const Comm& comm, BcStats& stats) {
  Graph& g = s.graph;
  double t = wall_time();
  std::fill(s.depth.begin(), s.depth.end(), -1);
  std::fill(s.sigma.begin(), s.sigma.end(), 0.0);
  s.order.clear();
  s.level_start.assign(1, 0);
  if (g.owns(source)) {
    const auto row = static_cast<local_int>(source - g.first_vertex);
    s.depth[row] = 0;
    s.sigma[row] = 1;
    s.order.push_back(row);
  }
  stats.seconds_setup += wall_time() - t;
  int levels = 0;
  for (std::int32_t d = 0;; ++d) {
    const size_t begin = s.level_start.back(), end = s.order.size();
    s.level_start.push_back(end);
    t = wall_time();
    const global_int size = comm.sum(static_cast<global_int>(end - begin));
    if (size == 0) {
      stats.seconds_communication += wall_time() - t;
      break;
    }
    for (size_t i = begin; i < end; ++i) s.frontier[s.order[i]] = s.sigma[s.order[i]];
    if (comm.size() > 1) {
      stats.bytes_sent += exchange(g.in.matrix.exchange, s.frontier);
      collect_ghost_frontier(s);
    }
    stats.seconds_communication += wall_time() - t;
    t = wall_time();
    forward_step(s, d + 1, begin, end);
    for (size_t i = begin; i < end; ++i) s.frontier[s.order[i]] = 0;
    stats.seconds_forward += wall_time() - t;
    ++levels;
  }
  return levels;
}

/// Backward phase: from the deepest level up, delta(u) = sigma(u) * the sum of (1 + delta(v)) /
/// sigma(v) over out-neighbours v one level deeper; adds each delta to the score.
void accumulate(BcState& s, const Comm& comm, BcStats& stats) {
  Graph& g = s.graph;
  Adjacency& out = g.out();
  const nnz_int* row_start = out.matrix.row_start.data();
  const local_int* column = out.matrix.column_index.data();
  const local_int* order = s.order.data();
  double* pulled = s.pulled.data();
  double* delta = s.delta.data();
  double* score = s.score.data();
  const double* sigma = s.sigma.data();
  // level_start holds the levels' starts, then the end, then the empty level's end.
  const auto levels = static_cast<int>(s.level_start.size()) - 2;
  // The deepest level's vertices depend on nobody: their delta is 0 (score unchanged).
  if (levels >= 1) {
    for (size_t i = s.level_start[levels - 1]; i < s.level_start[levels]; ++i) {
      delta[order[i]] = 0;
    }
  }
  for (int d = levels - 2; d >= 0; --d) {
    double t = wall_time();
    const size_t below_begin = s.level_start[d + 1], below_end = s.level_start[d + 2];
    for (size_t i = below_begin; i < below_end; ++i) {
      const local_int v = order[i];
      pulled[v] = (1 + delta[v]) / sigma[v];
    }
    stats.seconds_backward += wall_time() - t;
    if (comm.size() > 1) {
      t = wall_time();
      stats.bytes_sent += exchange(out.matrix.exchange, s.pulled);
      stats.seconds_communication += wall_time() - t;
    }
    t = wall_time();
    const auto begin = static_cast<long long>(s.level_start[d]);
    const auto end = static_cast<long long>(s.level_start[d + 1]);
#pragma omp parallel for schedule(dynamic, 64) if (end - begin > 256)
    for (long long i = begin; i < end; ++i) {
      const local_int u = order[i];
      double sum = 0;
      for (nnz_int k = row_start[u]; k < row_start[u + 1]; ++k) sum += pulled[column[k]];
      delta[u] = sigma[u] * sum;
      score[u] += delta[u];
    }
    for (size_t i = below_begin; i < below_end; ++i) pulled[order[i]] = 0;
    stats.seconds_backward += wall_time() - t;
  }
}

}  // namespace

BcResult betweenness_centrality(Graph& graph, const std::vector<global_int>& sources,
                                const Comm& comm) {
  BcResult result;
  BcStats& stats = result.stats;
  double t = wall_time();
  BcState s(graph);
  stats.seconds_setup += wall_time() - t;
  for (global_int source : sources) {
    stats.levels += count_paths(s, source, comm, stats);
    accumulate(s, comm, stats);
  }
  t = wall_time();
  double largest = 0;
  for (double x : s.score) largest = std::max(largest, x);
  largest = comm.max(largest);
  result.scores.resize(s.score.size());
  for (size_t v = 0; v < s.score.size(); ++v) {
    result.scores[v] = largest > 0 ? static_cast<float>(s.score[v] / largest) : 0.0F;
  }
  stats.seconds_setup += wall_time() - t;
  return result;
}

}  // namespace hpcg::graph
