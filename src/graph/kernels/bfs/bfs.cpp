// SPDX-License-Identifier: BSD-3-Clause
// BFS driver: GAP's direction switch evaluated on global counts (one small allreduce per level),
// and the frontier's trip through the halo after every step, as packed bits.
#include "hpcg/graph/bfs.hpp"

#include <mpi.h>

#include <algorithm>
#include <tuple>

#include "bfs_state.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/base/watchdog.hpp"

namespace hpcg::graph {

BfsState::BfsState(Graph& g)
    : graph(g),
      parent(static_cast<size_t>(g.rows()), -1),
      current(words_for(static_cast<std::uint64_t>(g.in.matrix.columns)), 0),
      next(current.size(), 0),
      visited(words_for(static_cast<std::uint64_t>(g.rows())), 0),
      packed_send(g.in.matrix.exchange.send_word_offsets().back(), 0),
      packed_receive(g.in.matrix.exchange.receive_word_offsets().back(), 0) {
  const Halo& halo = g.in.matrix.exchange.halo();
  receive_ghost_offset.assign(halo.receive_counts.size() + 1, 0);
  for (size_t i = 0; i < halo.receive_counts.size(); ++i) {
    receive_ghost_offset[i + 1] = receive_ghost_offset[i] + halo.receive_counts[i];
  }
}

namespace {

/// Global sums of two counts (frontier size and its edges, or awake vertices).
std::pair<global_int, global_int> global_counts(global_int a, global_int b, const Comm& comm) {
  long long local[2] = {a, b}, global[2] = {0, 0};
  WatchedWait wait("MPI_Allreduce (sum)", comm.get());
  MPI_Allreduce(local, global, 2, MPI_LONG_LONG, MPI_SUM, comm.get());
  return {global[0], global[1]};
}

/// Sends the new top-down frontier (queue) to the ranks holding its vertices as ghosts, bits set
/// only for queued rows (sparse packing), and lists the ghosts of theirs in ghost_queue.
void exchange_queue(BfsState& s, BfsStats& stats) {
  const Graph& g = s.graph;
  std::fill(s.packed_send.begin(), s.packed_send.end(), 0);
  for (local_int v : s.queue) {
    for (nnz_int k = g.send_bit_start[v]; k < g.send_bit_start[v + 1]; ++k) {
      set_bit(s.packed_send.data(), g.send_bits[k]);
    }
  }
  HaloExchange& exchange = s.graph.in.matrix.exchange;
  stats.bytes_sent += exchange.begin_bits(s.packed_send.data(), s.packed_receive.data());
  exchange.finish();
  const auto& offsets = exchange.receive_word_offsets();
  s.ghost_queue.clear();
  for (size_t i = 0; i + 1 < offsets.size(); ++i) {
    for (size_t w = offsets[i]; w < offsets[i + 1]; ++w) {
      for (std::uint64_t bits = s.packed_receive[w]; bits != 0; bits &= bits - 1) {
        s.ghost_queue.push_back(s.receive_ghost_offset[i] +
                                static_cast<local_int>(64 * (w - offsets[i])) +
                                __builtin_ctzll(bits));
      }
    }
  }
}

/// Sends the owned bits of `next` and receives the ghosts' bits into it.
void exchange_bitmap(BfsState& s, BfsStats& stats) {
  HaloExchange& exchange = s.graph.in.matrix.exchange;
  exchange.pack_bits(s.next.data(), s.packed_send.data());
  stats.bytes_sent += exchange.begin_bits(s.packed_send.data(), s.packed_receive.data());
  exchange.finish();
  exchange.unpack_bits(s.packed_receive.data(), s.next.data());
}

/// GAP's QueueToBitmap, plus the visited set the bottom-up step skips.
void queue_to_bitmap(BfsState& s) {
  const local_int rows = s.graph.rows();
  std::fill(s.current.begin(), s.current.end(), 0);
  for (local_int v : s.queue) set_bit(s.current.data(), static_cast<std::uint64_t>(v));
  for (local_int k : s.ghost_queue) set_bit(s.current.data(), static_cast<std::uint64_t>(rows + k));
  const auto words = static_cast<long long>(s.visited.size());
  const global_int* parent = s.parent.data();
#pragma omp parallel for schedule(static)
  for (long long w = 0; w < words; ++w) {
    std::uint64_t bits = 0;
    const local_int end = std::min<local_int>(rows, static_cast<local_int>(64 * w + 64));
    for (auto v = static_cast<local_int>(64 * w); v < end; ++v) {
      bits |= static_cast<std::uint64_t>(parent[v] >= 0) << (v & 63);
    }
    s.visited[w] = bits | s.graph.isolated_rows[w];
  }
}

/// GAP's BitmapToQueue for owned rows and ghosts.
void bitmap_to_queue(BfsState& s) {
  const local_int rows = s.graph.rows(), columns = s.graph.in.matrix.columns;
  s.queue.clear();
  s.ghost_queue.clear();
  for (size_t w = 0; w < s.current.size(); ++w) {
    for (std::uint64_t bits = s.current[w]; bits != 0; bits &= bits - 1) {
      const auto c = static_cast<local_int>(64 * w + static_cast<size_t>(__builtin_ctzll(bits)));
      if (c < rows) {
        s.queue.push_back(c);
      } else if (c < columns) {
        s.ghost_queue.push_back(c - rows);
      }
    }
  }
}

/// Bottom-up steps from a frontier of `frontier` vertices (in the queues) while the frontier
/// grows or stays above `switch_back` (GAP's beta rule); returns the final frontier size, left in
/// the queues.
global_int bottom_up_phase(BfsState& s, global_int frontier, double switch_back, const Comm& comm,
                           BfsStats& stats) {
  double t = wall_time();
  queue_to_bitmap(s);
  stats.seconds_bottom_up += wall_time() - t;
  global_int awake = frontier, old_awake = 0;
  do {
    old_awake = awake;
    t = wall_time();
    const global_int woke = bottom_up_step(s);
    stats.seconds_bottom_up += wall_time() - t;
    t = wall_time();
    exchange_bitmap(s, stats);
    awake = global_counts(woke, 0, comm).first;
    stats.seconds_communication += wall_time() - t;
    s.current.swap(s.next);
    ++stats.levels;
    ++stats.bottom_up_levels;
  } while (awake >= old_awake || static_cast<double>(awake) > switch_back);
  t = wall_time();
  bitmap_to_queue(s);
  stats.seconds_bottom_up += wall_time() - t;
  return awake;
}

}  // namespace

BfsResult bfs(Graph& graph, global_int source, const BfsOptions& options, const Comm& comm) {
  BfsResult result;
  BfsStats& stats = result.stats;
  const double started = wall_time();
  BfsState s(graph);
  if (graph.owns(source)) {
    const auto row = static_cast<local_int>(source - graph.first_vertex);
    s.parent[row] = source;
    s.queue.push_back(row);
  }
  global_int scout =
      graph.owns(source) ? graph.out_degree(static_cast<local_int>(source - graph.first_vertex))
                         : 0;
  stats.seconds_setup += wall_time() - started;

  double t = wall_time();
  exchange_queue(s, stats);
  global_int frontier = 0, edges_out = 0;
  std::tie(frontier, edges_out) =
      global_counts(static_cast<global_int>(s.queue.size()), scout, comm);
  stats.seconds_communication += wall_time() - t;
  global_int edges_to_check = graph.out().matrix.global_nonzeros;
  const double switch_back = static_cast<double>(graph.vertex_count) / options.beta;
  while (frontier > 0) {
    if (static_cast<double>(edges_out) > static_cast<double>(edges_to_check) / options.alpha) {
      frontier = bottom_up_phase(s, frontier, switch_back, comm, stats);
      edges_out = 1;  // as GAP: the next step is top-down unless the graph is tiny
      continue;
    }
    edges_to_check -= edges_out;
    t = wall_time();
    scout = top_down_step(s);
    stats.seconds_top_down += wall_time() - t;
    t = wall_time();
    exchange_queue(s, stats);
    std::tie(frontier, edges_out) =
        global_counts(static_cast<global_int>(s.queue.size()), scout, comm);
    stats.seconds_communication += wall_time() - t;
    ++stats.levels;
  }

  result.parent = std::move(s.parent);  // already internal ids: nothing to convert
  return result;
}

global_int traversed_edges(const Graph& graph, const std::vector<global_int>& parent,
                           const Comm& comm) {
  global_int degrees = 0;
  for (local_int v = 0; v < graph.rows(); ++v) {
    if (parent[v] >= 0) degrees += graph.out_degree(v);
  }
  return graph.directed ? comm.sum(degrees) : comm.sum(degrees) / 2;
}

}  // namespace hpcg::graph
