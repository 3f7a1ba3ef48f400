// SPDX-License-Identifier: BSD-3-Clause
// Triangle counting in the ordered form GAP uses: orient each edge towards the later endpoint
// and intersect the earlier-neighbour lists of an edge's ends (the masked product L .* (L L)
// summed), each intersection by testing L(v)'s entries against L(u) held as a bitmap, which
// costs |L(v)| per edge where a merge would also walk L(u). Instead of relabelling the vertices by degree, as gapbs may, each row keeps only its
// neighbours that precede it in the order, so every rank can decide the order alone from the
// degrees of its columns. Remote rows travel once per trial, owner to ghost holders.
#include "hpcg/graph/tc.hpp"

#include <mpi.h>

#include <algorithm>
#include <climits>

#include "hpcg/base/error.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/trials.hpp"

namespace hpcg::graph {
namespace {

/// Lists of local columns in CSR form.
struct Lists {
  std::vector<nnz_int> start, end;
  std::vector<local_int> column;
};

/// The total order on local columns: by descending degree then ascending id, or by id.
struct Order {
  const Graph& graph;
  bool by_degree;
  const std::vector<std::int64_t>& degree;  ///< per column, when by_degree

  bool precedes(local_int a, local_int b) const {
    if (by_degree && degree[a] != degree[b]) return degree[a] > degree[b];
    return graph.global_id(a) < graph.global_id(b);
  }
};

/// L(u) for every owned u: its neighbours that precede it.
Lists earlier_neighbours(const Graph& g, const Order& order) {
  const SparseMatrix& A = g.in.matrix;
  const local_int rows = g.rows();
  Lists lists;
  lists.start.assign(static_cast<size_t>(rows) + 1, 0);
#pragma omp parallel for schedule(dynamic, 1024)
  for (local_int u = 0; u < rows; ++u) {
    nnz_int count = 0;
    for (nnz_int k = A.row_start[u]; k < A.row_start[u + 1]; ++k) {
      count += order.precedes(A.column_index[k], u) ? 1 : 0;
    }
    lists.start[u + 1] = count;
  }
  for (local_int u = 0; u < rows; ++u) lists.start[u + 1] += lists.start[u];
  lists.column.resize(static_cast<size_t>(lists.start[rows]));
#pragma omp parallel for schedule(dynamic, 1024)
  for (local_int u = 0; u < rows; ++u) {
    local_int* next = lists.column.data() + lists.start[u];
    for (nnz_int k = A.row_start[u]; k < A.row_start[u + 1]; ++k) {
      if (order.precedes(A.column_index[k], u)) *next++ = A.column_index[k];
    }
  }
  lists.end.assign(lists.start.begin() + 1, lists.start.end());
  return lists;
}

/// Posts one message per neighbour rank of `halo` (receives first), `send` grouped as
/// send_ranks with `send_counts` values each, `receive` as receive_ranks, and waits.
void exchange_groups(const Halo& halo, const std::vector<std::int64_t>& send,
                     const std::vector<size_t>& send_counts, std::vector<std::int64_t>& receive,
                     const std::vector<size_t>& receive_counts, const Comm& comm) {
  std::vector<MPI_Request> requests;
  std::vector<int> peers;
  size_t offset = 0;
  for (size_t i = 0; i < halo.receive_ranks.size(); ++i) {
    if (receive_counts[i] > static_cast<size_t>(INT_MAX)) {
      throw ResourceError("a ghost-row message exceeds MPI's count limit; use more ranks");
    }
    requests.emplace_back();
    peers.push_back(halo.receive_ranks[i]);
    MPI_Irecv(receive.data() + offset, static_cast<int>(receive_counts[i]), MPI_INT64_T,
              halo.receive_ranks[i], 31, comm.get(), &requests.back());
    offset += receive_counts[i];
  }
  const auto receives = static_cast<int>(requests.size());
  offset = 0;
  for (size_t i = 0; i < halo.send_ranks.size(); ++i) {
    if (send_counts[i] > static_cast<size_t>(INT_MAX)) {
      throw ResourceError("a ghost-row message exceeds MPI's count limit; use more ranks");
    }
    requests.emplace_back();
    peers.push_back(halo.send_ranks[i]);
    MPI_Isend(send.data() + offset, static_cast<int>(send_counts[i]), MPI_INT64_T,
              halo.send_ranks[i], 31, comm.get(), &requests.back());
    offset += send_counts[i];
  }
  const int status = watched_waitall("ghost-row exchange (MPI_Waitall)", comm.get(),
                                     static_cast<int>(requests.size()), requests.data(),
                                     peers.data(), receives);
  if (status != MPI_SUCCESS) throw InternalError("the ghost-row exchange failed");
}

/// The ghosts' L lists: each owner sends L(x) of a row x to a rank holding x as a ghost when
/// x precedes one of x's neighbours there (else an empty row), as internal ids; received ids
/// become local columns, dropping those that are not columns here (they cannot be in any owned
/// row's list either).
Lists ghost_rows(const Graph& g, const Order& order, const Lists& mine, const Comm& comm,
                 TcStats& stats) {
  const Halo& halo = g.in.matrix.exchange.halo();
  const SparseMatrix& A = g.in.matrix;
  const local_int rows = g.rows(), ghosts = g.ghosts();
  std::vector<int> ghost_owner(static_cast<size_t>(ghosts));
  for (local_int k = 0; k < ghosts; ++k) ghost_owner[k] = g.partition.owner_of(g.in.ghost_ids[k]);

  // Which rank each send entry goes to, and its row's length (0 when not needed there).
  const auto entries = static_cast<long long>(halo.send_rows.size());
  std::vector<int> entry_rank(halo.send_rows.size());
  std::vector<size_t> send_entries(halo.send_ranks.size()), send_ids(halo.send_ranks.size(), 0);
  for (size_t i = 0, k = 0; i < halo.send_ranks.size(); ++i) {
    send_entries[i] = static_cast<size_t>(halo.send_counts[i]);
    for (local_int j = 0; j < halo.send_counts[i]; ++j) entry_rank[k++] = halo.send_ranks[i];
  }
  std::vector<std::int64_t> length(halo.send_rows.size(), 0);
#pragma omp parallel for schedule(dynamic, 256)
  for (long long k = 0; k < entries; ++k) {
    const local_int x = halo.send_rows[k];
    for (nnz_int e = A.row_start[x] + g.in.owned_degree[x]; e < A.row_start[x + 1]; ++e) {
      const local_int c = A.column_index[e];
      if (ghost_owner[c - rows] == entry_rank[k] && order.precedes(x, c)) {
        length[k] = mine.end[x] - mine.start[x];
        break;
      }
    }
  }
  std::vector<size_t> entry_offset(halo.send_rows.size() + 1, 0);
  for (size_t k = 0, i = 0, in_group = 0; k < halo.send_rows.size(); ++k) {
    while (in_group == send_entries[i]) {
      ++i;
      in_group = 0;
    }
    ++in_group;
    send_ids[i] += static_cast<size_t>(length[k]);
    entry_offset[k + 1] = entry_offset[k] + static_cast<size_t>(length[k]);
  }
  std::vector<std::int64_t> payload(entry_offset.back());
#pragma omp parallel for schedule(dynamic, 256)
  for (long long k = 0; k < entries; ++k) {
    const local_int x = halo.send_rows[k];
    std::int64_t* out = payload.data() + entry_offset[k];
    for (std::int64_t j = 0; j < length[k]; ++j) out[j] = g.global_id(mine.column[mine.start[x] + j]);
  }
  stats.ghost_entries += payload.size();
  stats.bytes_sent += (length.size() + payload.size()) * sizeof(std::int64_t);

  // Lengths first, then the ids.
  std::vector<size_t> receive_entries(halo.receive_ranks.size());
  for (size_t i = 0; i < halo.receive_ranks.size(); ++i) {
    receive_entries[i] = static_cast<size_t>(halo.receive_counts[i]);
  }
  std::vector<std::int64_t> received_length(static_cast<size_t>(ghosts));
  exchange_groups(halo, length, send_entries, received_length, receive_entries, comm);
  std::vector<size_t> receive_ids(halo.receive_ranks.size(), 0);
  Lists lists;
  lists.start.assign(static_cast<size_t>(ghosts) + 1, 0);
  for (size_t i = 0, k = 0; i < halo.receive_ranks.size(); ++i) {
    for (local_int j = 0; j < halo.receive_counts[i]; ++j, ++k) {
      receive_ids[i] += static_cast<size_t>(received_length[k]);
      lists.start[k + 1] = lists.start[k] + received_length[k];
    }
  }
  std::vector<std::int64_t> ids(static_cast<size_t>(lists.start[ghosts]));
  exchange_groups(halo, payload, send_ids, ids, receive_ids, comm);

  lists.column.resize(ids.size());
  lists.end.resize(static_cast<size_t>(ghosts));
  const global_int* ghost_ids = g.in.ghost_ids.data();
#pragma omp parallel for schedule(dynamic, 256)
  for (local_int k = 0; k < ghosts; ++k) {
    local_int* out = lists.column.data() + lists.start[k];
    local_int* next = out;
    for (nnz_int j = lists.start[k]; j < lists.start[k + 1]; ++j) {
      const global_int id = ids[j];
      if (g.owns(id)) {
        *next++ = static_cast<local_int>(id - g.first_vertex);
        continue;
      }
      const global_int* at = std::lower_bound(ghost_ids, ghost_ids + ghosts, id);
      if (at != ghost_ids + ghosts && *at == id) *next++ = rows + static_cast<local_int>(at - ghost_ids);
    }
    lists.end[k] = lists.start[k] + (next - out);
  }
  return lists;
}

}  // namespace

bool worth_ordering_by_degree(const Graph& graph, std::uint64_t seed, const Comm& comm) {
  if (graph.vertex_count == 0 || graph.edge_count / graph.vertex_count < 10) return false;
  const auto samples = static_cast<int>(std::min<global_int>(1000, graph.vertex_count));
  std::vector<global_int> degree;
  pick_sources(graph, samples, seed, comm, false, &degree);
  double total = 0;
  for (global_int d : degree) total += static_cast<double>(d);
  std::sort(degree.begin(), degree.end());
  const double mean = total / samples;
  return mean / 1.3 > static_cast<double>(degree[samples / 2]);
}

TcResult triangle_count(Graph& graph, std::uint64_t seed, const Comm& comm) {
  if (graph.directed) {
    throw InternalError("triangle counting needs an undirected graph (symmetrize it first)");
  }
  TcResult result;
  TcStats& stats = result.stats;
  double t = wall_time();
  stats.by_degree = worth_ordering_by_degree(graph, seed, comm);
  const local_int rows = graph.rows();
  std::vector<std::int64_t> degree;
  if (stats.by_degree) {
    degree.resize(static_cast<size_t>(graph.in.matrix.columns));
    for (local_int v = 0; v < rows; ++v) degree[v] = graph.in.degree(v);
  }
  stats.seconds_setup += wall_time() - t;
  if (stats.by_degree && comm.size() > 1) {
    t = wall_time();
    graph.in.matrix.exchange.run_typed(degree.data());
    stats.bytes_sent += graph.in.matrix.exchange.halo().send_rows.size() * sizeof(std::int64_t);
    stats.seconds_communication += wall_time() - t;
  }
  t = wall_time();
  const Order order{graph, stats.by_degree, degree};
  const Lists mine = earlier_neighbours(graph, order);
  stats.seconds_setup += wall_time() - t;
  Lists ghost;
  if (comm.size() > 1) {
    t = wall_time();
    ghost = ghost_rows(graph, order, mine, comm, stats);
    stats.seconds_communication += wall_time() - t;
  }

  t = wall_time();
  global_int total = 0;
  const local_int* column = mine.column.data();
  const size_t words = (static_cast<size_t>(graph.in.matrix.columns) + 63) / 64;
#pragma omp parallel reduction(+ : total)
  {
    // L(u) as bits over the columns, so that each w of each L(v) is one test.
    std::vector<std::uint64_t> marked(words, 0);
#pragma omp for schedule(dynamic, 64)
    for (local_int u = 0; u < rows; ++u) {
      const local_int* a = column + mine.start[u];
      const local_int* a_end = column + mine.end[u];
      if (a_end - a < 2) continue;  // a triangle needs two earlier neighbours
      for (const local_int* w = a; w != a_end; ++w) {
        marked[*w >> 6] |= std::uint64_t{1} << (*w & 63);
      }
      for (const local_int* v = a; v != a_end; ++v) {
        const bool owned = *v < rows;
        const local_int* b = owned ? column + mine.start[*v]
                                   : ghost.column.data() + ghost.start[*v - rows];
        const local_int* b_end = owned ? column + mine.end[*v]
                                       : ghost.column.data() + ghost.end[*v - rows];
        for (const local_int* w = b; w != b_end; ++w) total += (marked[*w >> 6] >> (*w & 63)) & 1;
      }
      for (const local_int* w = a; w != a_end; ++w) marked[*w >> 6] = 0;
    }
  }
  stats.seconds_count += wall_time() - t;
  t = wall_time();
  result.triangles = comm.sum(total);
  stats.seconds_communication += wall_time() - t;
  return result;
}

}  // namespace hpcg::graph
