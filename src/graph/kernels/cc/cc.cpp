// SPDX-License-Identifier: BSD-3-Clause
// GAP's CC kernel, distributed. Inside a rank: Afforest (Sutton, Ben-Nun, Barak, "Optimizing
// Parallel Graph Connectivity Computation via Subgraph Sampling", IPDPS 2018; gapbs's cc.cc) on
// the edges between owned vertices: union-find over local rows, hooking a larger root under a
// smaller one by compare-and-swap, so each tree's root is its smallest row. Sampling rounds link
// each row's first few owned neighbours (hubs first, when rows list neighbours by degree) and
// compress; the most frequent root in a sample of rows then stands for the largest component,
// whose rows skip the final linking of their remaining edges (each edge it would add is also seen
// from its other end, or joins two vertices already in that component). A directed graph links
// both directions there (weak connectivity), so that no arc depends on its head's row alone.
// Between ranks: each local component carries a label, first the internal id of its root (its
// smallest vertex); rounds of halo exchanges (in-edges, and out-edges when directed) lower every
// component's label to the smallest label a ghost neighbour of one of its vertices holds, until a
// round changes no label anywhere. Labels only fall and each is a vertex of its own component, so
// the rounds end, with every component labelled by its smallest internal id. One rank: no rounds.
#include "hpcg/graph/cc.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "hpcg/base/timer.hpp"

namespace hpcg::graph {
namespace {

/// How many owned neighbours of each row are linked before the largest component is guessed
/// (gapbs's default).
constexpr int sampling_rounds = 2;
/// Rows sampled to guess the largest component (gapbs's figure).
constexpr int component_samples = 1024;
/// Rows per dynamically scheduled chunk: row costs vary with degree by orders of magnitude.
constexpr long long rows_per_chunk = 16384;

inline local_int load(const local_int* parent, local_int row) {
  return __atomic_load_n(&parent[row], __ATOMIC_RELAXED);
}

/// Joins the trees of rows u and v: the larger root is hooked under the smaller.
inline void link(local_int u, local_int v, local_int* parent) {
  local_int root_u = load(parent, u), root_v = load(parent, v);
  while (root_u != root_v) {
    const local_int high = std::max(root_u, root_v), low = std::min(root_u, root_v);
    local_int above_high = load(parent, high);
    // Done when high already hangs under low, or when high was a root and now does.
    if (above_high == low) return;
    if (above_high == high && __atomic_compare_exchange_n(&parent[high], &above_high, low, false,
                                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
      return;
    }
    root_u = load(parent, load(parent, high));
    root_v = load(parent, low);
  }
}

/// Points row v straight at its tree's root. Safe while other threads link: a root (which a
/// link may be hooking) is left alone, and a row that is no root never becomes one again.
inline local_int compress(local_int* parent, local_int v) {
  const local_int up = load(parent, v);
  if (up == v) return v;
  local_int root = up;
  while (root != load(parent, root)) root = load(parent, root);
  if (root != up) __atomic_store_n(&parent[v], root, __ATOMIC_RELAXED);
  return root;
}

/// The most frequent root among sampled rows: after compression, the largest tree, most likely.
local_int most_frequent_root(const local_int* parent, local_int rows) {
  std::vector<local_int> sample(component_samples);
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;  // splitmix64: fixed seed, reproducible guesses
  for (local_int& s : sample) {
    state += 0x9e3779b97f4a7c15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    s = parent[(z ^ (z >> 31)) % static_cast<std::uint64_t>(rows)];
  }
  std::sort(sample.begin(), sample.end());
  local_int best = sample[0];
  size_t best_run = 0;
  for (size_t i = 0, j = 0; i < sample.size(); i = j) {
    while (j < sample.size() && sample[j] == sample[i]) ++j;
    if (j - i > best_run) best_run = j - i, best = sample[i];
  }
  return best;
}

/// Afforest over the owned-owned edges: leaves each row pointing at its component's smallest row
/// and sets label[v] to that row's internal id. One parallel region, and barriers only where a
/// phase needs the one before complete: with more threads than free cores, every barrier waits
/// for a thread the scheduler has set aside.
void link_local_components(const Graph& graph, local_int* parent, global_int* label) {
  const local_int rows = graph.rows();
  const nnz_int* row_start = graph.in.matrix.row_start.data();
  const local_int* column = graph.in.matrix.column_index.data();
  const local_int* owned_degree = graph.in.owned_degree.data();
  // Directed: `in` holds each owned-owned arc only at its head, so a skipped head would drop it;
  // the tail's out-edges link it instead.
  const Adjacency* out = graph.directed ? &graph.out_edges : nullptr;
  const global_int first = graph.first_vertex;
  local_int largest = -1;
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (local_int v = 0; v < rows; ++v) parent[v] = v;
    // Linking is correct in any order: the sampling rounds need no barrier between them, and a
    // thread may compress while others still link.
    for (int round = 0; round < sampling_rounds; ++round) {
#pragma omp for schedule(dynamic, rows_per_chunk) nowait
      for (local_int u = 0; u < rows; ++u) {
        if (owned_degree[u] > round) link(u, column[row_start[u] + round], parent);
      }
    }
#pragma omp for schedule(dynamic, rows_per_chunk)
    for (local_int v = 0; v < rows; ++v) compress(parent, v);
    // Every thread must skip by the same root: an edge is dropped only if both its ends hang
    // straight under that root.
#pragma omp single
    if (rows > 0) largest = most_frequent_root(parent, rows);
#pragma omp for schedule(dynamic, rows_per_chunk)
    for (local_int u = 0; u < rows; ++u) {
      if (load(parent, u) == largest) continue;
      const nnz_int end = row_start[u] + owned_degree[u];
      for (nnz_int k = row_start[u] + sampling_rounds; k < end; ++k) link(u, column[k], parent);
      if (out == nullptr) continue;
      const nnz_int out_begin = out->matrix.row_start[u];
      const nnz_int out_end = out_begin + out->owned_degree[u];
      for (nnz_int k = out_begin; k < out_end; ++k) link(u, out->matrix.column_index[k], parent);
    }
#pragma omp for schedule(static)
    for (local_int v = 0; v < rows; ++v) label[v] = first + compress(parent, v);
  }
}

/// Lowers `label` to `candidate` if smaller; true if it did.
inline bool lower(global_int* label, global_int candidate) {
  global_int seen = __atomic_load_n(label, __ATOMIC_RELAXED);
  while (candidate < seen) {
    if (__atomic_compare_exchange_n(label, &seen, candidate, true, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED)) {
      return true;
    }
  }
  return false;
}

/// Lowers each component's label (indexed by root) to the smallest label of a ghost neighbour
/// of its rows in `adjacency`, whose halo part of `column_label` is filled; returns how many
/// labels fell.
global_int lower_from_ghosts(const Adjacency& adjacency, const std::vector<local_int>& root,
                             const std::vector<global_int>& column_label,
                             std::vector<global_int>& component_label) {
  const local_int rows = adjacency.rows();
  const nnz_int* row_start = adjacency.matrix.row_start.data();
  const local_int* column = adjacency.matrix.column_index.data();
  const local_int* owned_degree = adjacency.owned_degree.data();
  global_int lowered = 0;
#pragma omp parallel for schedule(dynamic, rows_per_chunk) reduction(+ : lowered)
  for (local_int v = 0; v < rows; ++v) {
    const nnz_int end = row_start[v + 1];
    nnz_int k = row_start[v] + owned_degree[v];
    if (k == end) continue;
    global_int smallest = column_label[column[k]];
    for (++k; k < end; ++k) smallest = std::min(smallest, column_label[column[k]]);
    if (lower(&component_label[root[v]], smallest)) ++lowered;
  }
  return lowered;
}

/// Min-label rounds between ranks, from and to the owned rows' labels in `label`.
void propagate_between_ranks(Graph& graph, const std::vector<local_int>& root,
                             std::vector<global_int>& label, const Comm& comm, CcStats& stats) {
  double started = wall_time();
  const local_int rows = graph.rows();
  std::vector<global_int> component_label(label);  // indexed by root
  std::vector<global_int> in_label(static_cast<size_t>(graph.in.matrix.columns));
  std::vector<global_int> out_label(graph.directed ? graph.out_edges.matrix.columns : 0);
  stats.seconds_setup += wall_time() - started;

  auto bytes_of = [](const Adjacency& adjacency) {
    return adjacency.matrix.exchange.halo().send_rows.size() * sizeof(global_int);
  };
  while (true) {
    started = wall_time();
#pragma omp parallel for schedule(static)
    for (local_int v = 0; v < rows; ++v) in_label[v] = component_label[root[v]];
    if (graph.directed) std::copy_n(in_label.begin(), rows, out_label.begin());
    stats.seconds_local += wall_time() - started;

    started = wall_time();
    graph.in.matrix.exchange.run_typed(in_label.data());
    stats.bytes_sent += bytes_of(graph.in);
    if (graph.directed) {
      graph.out_edges.matrix.exchange.run_typed(out_label.data());
      stats.bytes_sent += bytes_of(graph.out_edges);
    }
    ++stats.rounds;
    stats.seconds_communication += wall_time() - started;

    started = wall_time();
    global_int lowered = lower_from_ghosts(graph.in, root, in_label, component_label);
    if (graph.directed) {
      lowered += lower_from_ghosts(graph.out_edges, root, out_label, component_label);
    }
    stats.seconds_local += wall_time() - started;

    started = wall_time();
    const global_int lowered_anywhere = comm.sum(lowered);
    stats.seconds_communication += wall_time() - started;
    // Nothing fell since the owned labels were set: they are final.
    if (lowered_anywhere == 0) break;
  }
  std::copy_n(in_label.begin(), rows, label.begin());
}

}  // namespace

CcResult connected_components(Graph& graph, const Comm& comm) {
  CcResult result;
  CcStats& stats = result.stats;
  double started = wall_time();
  std::vector<local_int> root(static_cast<size_t>(graph.rows()));
  result.label.resize(root.size());
  stats.seconds_setup += wall_time() - started;
  started = wall_time();
  link_local_components(graph, root.data(), result.label.data());
  stats.seconds_local += wall_time() - started;
  if (comm.size() > 1) propagate_between_ranks(graph, root, result.label, comm, stats);
  return result;
}

}  // namespace hpcg::graph
