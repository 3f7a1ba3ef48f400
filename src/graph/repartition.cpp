// SPDX-License-Identifier: BSD-3-Clause
// GPS's dynamic repartitioning step; see include/hpcg/graph/repartition.hpp. The partition
// stays a relabelling followed by contiguous blocks: a moved vertex takes a new internal id in
// its new rank's block, so every kernel runs unchanged on the moved graph.
#include "hpcg/graph/repartition.hpp"

#include <mpi.h>

#include <algorithm>
#include <sstream>
#include <climits>
#include <utility>

#include "hpcg/base/error.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/base/watchdog.hpp"
#include "local_csr.hpp"
#include "route.hpp"

namespace hpcg::graph {
namespace {

/// Where each owned row would rather be: the other rank holding most of its neighbours, and
/// by how many neighbours that beats its own rank (0: it stays).
struct Preference {
  std::vector<int> target;
  std::vector<global_int> gain;
};

/// Adds, for each owned row, its neighbours per rank along one adjacency.
void count_neighbours(const Graph& graph, const Adjacency& adjacency, int me, int ranks,
                      std::vector<global_int>& counts) {
  std::vector<int> ghost_owner(adjacency.ghost_ids.size());
  for (size_t k = 0; k < ghost_owner.size(); ++k)
    ghost_owner[k] = graph.partition.owner_of(adjacency.ghost_ids[k]);
  const SparseMatrix& A = adjacency.matrix;
#pragma omp parallel for schedule(dynamic, 1024)
  for (local_int r = 0; r < A.rows; ++r) {
    global_int* row_counts = counts.data() + static_cast<size_t>(r) * ranks;
    for (nnz_int k = A.row_start[r]; k < A.row_start[r + 1]; ++k) {
      const local_int c = A.column_index[k];
      ++row_counts[c < A.rows ? me : ghost_owner[c - A.rows]];
    }
  }
}

Preference preferences(const Graph& graph, const Comm& comm) {
  const int me = comm.rank(), ranks = comm.size();
  const local_int rows = graph.rows();
  std::vector<global_int> counts(static_cast<size_t>(rows) * ranks, 0);
  count_neighbours(graph, graph.in, me, ranks, counts);
  if (graph.directed) count_neighbours(graph, graph.out_edges, me, ranks, counts);
  Preference p;
  p.target.assign(static_cast<size_t>(rows), me);
  p.gain.assign(static_cast<size_t>(rows), 0);
#pragma omp parallel for schedule(static)
  for (local_int r = 0; r < rows; ++r) {
    const global_int* row_counts = counts.data() + static_cast<size_t>(r) * ranks;
    int best = me;
    for (int t = 0; t < ranks; ++t) {
      if (t != me && row_counts[t] > row_counts[best]) best = t;  // ties: the lowest rank
    }
    p.target[r] = best;
    p.gain[r] = row_counts[best] - row_counts[me];
  }
  return p;
}

/// This rank's moves as (old internal id, new rank) pairs: to each rank t, the
/// `allowed[t]` candidates of largest gain (ties by id), so that the choice repeats.
std::vector<std::int64_t> chosen_moves(const Graph& graph, const Preference& p,
                                       const std::vector<global_int>& allowed) {
  std::vector<local_int> rows;
  for (local_int r = 0; r < graph.rows(); ++r) {
    if (p.gain[r] > 0) rows.push_back(r);
  }
  std::sort(rows.begin(), rows.end(), [&p](local_int a, local_int b) {
    if (p.target[a] != p.target[b]) return p.target[a] < p.target[b];
    if (p.gain[a] != p.gain[b]) return p.gain[a] > p.gain[b];
    return a < b;
  });
  std::vector<std::int64_t> moves;
  std::vector<global_int> taken(allowed.size(), 0);
  for (local_int r : rows) {
    const auto t = static_cast<size_t>(p.target[r]);
    if (taken[t] == allowed[t]) continue;
    ++taken[t];
    moves.push_back(graph.first_vertex + r);
    moves.push_back(p.target[r]);
  }
  return moves;
}

/// Every rank's moves, concatenated in rank order. Collective.
std::vector<std::int64_t> all_moves(const std::vector<std::int64_t>& mine, const Comm& comm) {
  const int ranks = comm.size();
  std::vector<int> counts(static_cast<size_t>(ranks)), displacements(static_cast<size_t>(ranks));
  const int count = static_cast<int>(mine.size());
  WatchedWait wait("MPI_Allgatherv", comm.get());
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm.get());
  long long total = 0;
  for (int r = 0; r < ranks; ++r) {
    displacements[r] = static_cast<int>(total);
    total += counts[r];
  }
  HPCG_REQUIRE(total < INT_MAX);
  std::vector<std::int64_t> all(static_cast<size_t>(total));
  MPI_Allgatherv(mine.data(), count, MPI_INT64_T, all.data(), counts.data(),
                 displacements.data(), MPI_INT64_T, comm.get());
  return all;
}

/// Old internal id -> new internal id: each rank's vertices, those it keeps and those it
/// receives, in their previous id order.
std::vector<global_int> new_ids(const Partition& partition, global_int n,
                                const std::vector<std::int64_t>& moves) {
  std::vector<int> owner(static_cast<size_t>(n));
  for (int r = 0; r < partition.ranks(); ++r) {
    std::fill(owner.begin() + partition.first(r),
              owner.begin() + partition.first(r) + partition.count(r), r);
  }
  for (size_t i = 0; i < moves.size(); i += 2)
    owner[static_cast<size_t>(moves[i])] = static_cast<int>(moves[i + 1]);
  std::vector<global_int> next(partition.offsets.begin(), partition.offsets.end() - 1);
  std::vector<global_int> step(static_cast<size_t>(n));
  for (global_int v = 0; v < n; ++v) step[v] = next[owner[v]]++;
  for (int r = 0; r < partition.ranks(); ++r) HPCG_REQUIRE(next[r] == partition.offsets[r + 1]);
  return step;
}

/// Internal id of a local column of one adjacency (owned row or its own ghost).
global_int column_id(const Graph& graph, const Adjacency& adjacency, local_int column) {
  return column < adjacency.rows() ? graph.first_vertex + column
                                   : adjacency.ghost_ids[column - adjacency.rows()];
}

/// One adjacency's rows in new ids, routed to their new owners and rebuilt there; returns the
/// bytes this rank sent.
std::uint64_t move_adjacency(Graph& graph, Adjacency& adjacency,
                             const std::vector<global_int>& step, const Comm& comm) {
  const SparseMatrix& A = adjacency.matrix;
  const bool weighted = !adjacency.weights.empty();
  std::vector<Edge> arcs(static_cast<size_t>(A.nonzeros()));
  std::uint64_t leaving = 0;
  const int me = comm.rank();
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : leaving)
  for (local_int r = 0; r < A.rows; ++r) {
    const global_int row = step[graph.first_vertex + r];
    const bool leaves = graph.partition.owner_of(row) != me;
    for (nnz_int k = A.row_start[r]; k < A.row_start[r + 1]; ++k) {
      arcs[k] = Edge{row, step[column_id(graph, adjacency, A.column_index[k])],
                     weighted ? adjacency.weights[k] : weight_t{1}};
      leaving += leaves ? 1 : 0;
    }
  }
  const Partition& partition = graph.partition;
  std::vector<Edge> mine = route_to_owners(
      std::move(arcs), [&partition](const Edge& e) { return partition.owner_of(e.u); }, comm);
  LocalCsr csr = LocalCsr::from_edges(std::move(mine), graph.first_vertex,
                                      static_cast<global_int>(graph.rows()), weighted);
  attach_adjacency(graph, adjacency, std::move(csr), comm, graph.neighbour_order);
  return leaving * sizeof(Edge);
}

/// The owned values in new ids, routed to their new owners; returns the bytes this rank sent.
std::uint64_t move_values(Graph& graph, std::vector<float>& values,
                          const std::vector<global_int>& step, const Comm& comm) {
  struct Value {
    global_int id;
    float value;
  };
  std::vector<Value> items(values.size());
  std::uint64_t leaving = 0;
  for (size_t r = 0; r < values.size(); ++r) {
    items[r] = Value{step[graph.first_vertex + static_cast<global_int>(r)], values[r]};
    leaving += graph.owns(items[r].id) ? 0 : 1;
  }
  const Partition& partition = graph.partition;
  items = route_to_owners(
      std::move(items), [&partition](const Value& v) { return partition.owner_of(v.id); }, comm);
  HPCG_REQUIRE(items.size() == values.size());
  for (const Value& v : items) values[static_cast<size_t>(v.id - graph.first_vertex)] = v.value;
  return leaving * sizeof(Value);
}

}  // namespace

RepartitionStep repartition(Graph& graph, std::vector<float>& values, double threshold,
                            const Comm& comm) {
  HPCG_REQUIRE(values.empty() || values.size() == static_cast<size_t>(graph.rows()));
  const double start = wall_time();
  const int me = comm.rank(), ranks = comm.size();
  RepartitionStep step;
  const Preference preference = preferences(graph, comm);
  // proposals[i · ranks + j]: rank i's candidates for rank j.
  std::vector<std::int64_t> mine(static_cast<size_t>(ranks), 0);
  for (local_int r = 0; r < graph.rows(); ++r) {
    if (preference.gain[r] > 0) ++mine[preference.target[r]];
  }
  std::vector<std::int64_t> proposals(static_cast<size_t>(ranks) * ranks);
  {
    WatchedWait wait("MPI_Allgather", comm.get());
    MPI_Allgather(mine.data(), ranks, MPI_INT64_T, proposals.data(), ranks, MPI_INT64_T,
                  comm.get());
  }
  std::uint64_t bytes = static_cast<std::uint64_t>(ranks - 1) * ranks * sizeof(std::int64_t);
  std::vector<global_int> allowed(static_cast<size_t>(ranks), 0);
  for (int i = 0; i < ranks; ++i) {
    for (int j = 0; j < ranks; ++j) {
      step.proposed += proposals[static_cast<size_t>(i) * ranks + j];
      const global_int swaps = std::min(proposals[static_cast<size_t>(i) * ranks + j],
                                        proposals[static_cast<size_t>(j) * ranks + i]);
      step.moved += swaps;
      if (i == me) allowed[j] = swaps;
    }
  }
  // GPS's rule: stop when few vertices would move (none: the next step would find the same).
  if (step.moved == 0 ||
      static_cast<double>(step.moved) < threshold * static_cast<double>(graph.vertex_count)) {
    step.moved = 0;
    step.stopped = true;
  } else {
    const std::vector<std::int64_t> moves = chosen_moves(graph, preference, allowed);
    bytes += moves.size() * sizeof(std::int64_t) * static_cast<std::uint64_t>(ranks - 1);
    const std::vector<global_int> ids =
        new_ids(graph.partition, graph.vertex_count, all_moves(moves, comm));
    std::vector<global_int> forward(static_cast<size_t>(graph.vertex_count));
    const Relabel& old = graph.partition.relabel;
#pragma omp parallel for schedule(static)
    for (global_int v = 0; v < graph.vertex_count; ++v) forward[v] = ids[old.forward(v)];
    graph.partition.relabel = Relabel::from_table(std::move(forward));
    if (graph.directed) bytes += move_adjacency(graph, graph.out_edges, ids, comm);
    bytes += move_adjacency(graph, graph.in, ids, comm);
    build_push_indexes(graph);
    if (!values.empty()) bytes += move_values(graph, values, ids, comm);
  }
  step.bytes_sent = comm.sum(static_cast<global_int>(bytes));
  step.seconds = comm.max(wall_time() - start);
  return step;
}

RepartitionStopRule::RepartitionStopRule(double threshold, int patience, global_int halo_before)
    : threshold_(threshold), patience_(patience), best_(halo_before) {
  HPCG_REQUIRE(patience >= 1);
}

bool RepartitionStopRule::stop_after(const RepartitionStep& step, global_int halo_after) {
  if (step.stopped) {
    rule_ = "threshold";
    std::ostringstream text;
    text << "fewer than " << threshold_ << " of the vertices would move";
    reason_ = text.str();
    return true;
  }
  if (halo_after < best_) {
    best_ = halo_after;
    steps_without_gain_ = 0;
    return false;
  }
  if (++steps_without_gain_ < patience_) return false;
  rule_ = "halo_stalled";
  reason_ = "halo volume not below its best, " + std::to_string(best_) + ", for " +
            std::to_string(patience_) + " steps";
  return true;
}

}  // namespace hpcg::graph
