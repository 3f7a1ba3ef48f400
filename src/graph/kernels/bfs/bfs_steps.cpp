// SPDX-License-Identifier: BSD-3-Clause
// The two BFS steps. Top-down is y = A x for a sparse frontier x, computed by columns (push), with
// a claim by compare-and-swap as the "any" monoid; bottom-up is y<!visited> = A x with a bitmap
// x, computed by rows (pull) and stopping at the first frontier neighbour (early exit).
#include <vector>

#include "bfs_state.hpp"

namespace hpcg::graph {
namespace {

/// Claims unvisited vertex `v` for `parent_id`; false if another thread was first.
inline bool claim(global_int* parent, local_int v, global_int parent_id) {
  global_int expected = -1;
  return __atomic_load_n(&parent[v], __ATOMIC_RELAXED) < 0 &&
         __atomic_compare_exchange_n(&parent[v], &expected, parent_id, false, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED);
}

}  // namespace

global_int top_down_step(BfsState& state) {
  const Graph& g = state.graph;
  // Owned vertices push along their out-edges; ghosts along the in-edges' halo transpose.
  const nnz_int* row_start = g.out().matrix.row_start.data();
  const local_int* column = g.out().matrix.column_index.data();
  const local_int* owned_degree = g.out().owned_degree.data();
  const nnz_int* ghost_row_start = g.ghost_row_start.data();
  const local_int* ghost_rows = g.ghost_rows.data();
  global_int* parent = state.parent.data();
  const global_int first = g.first_vertex;
  const global_int* ghost_ids = g.in.ghost_ids.data();
  const local_int* queue = state.queue.data();
  const local_int* ghost_queue = state.ghost_queue.data();
  const auto queue_size = static_cast<long long>(state.queue.size());
  const auto ghost_queue_size = static_cast<long long>(state.ghost_queue.size());
  std::vector<local_int> next;
  global_int scout = 0;
  // A frontier of a few vertices is not worth waking the other threads (a barrier per step).
  const bool parallel = queue_size + ghost_queue_size > 256;
#pragma omp parallel reduction(+ : scout) if (parallel)
  {
    std::vector<local_int> mine;  // flushed once per thread, as GAP's QueueBuffer
#pragma omp for schedule(dynamic, 64) nowait
    for (long long i = 0; i < queue_size; ++i) {
      const local_int u = queue[i];
      const nnz_int end = row_start[u] + owned_degree[u];  // owned columns come first
      for (nnz_int k = row_start[u]; k < end; ++k) {
        const local_int v = column[k];
        if (claim(parent, v, first + u)) {
          mine.push_back(v);
          scout += row_start[v + 1] - row_start[v];
        }
      }
    }
#pragma omp for schedule(dynamic, 64) nowait
    for (long long i = 0; i < ghost_queue_size; ++i) {
      const local_int ghost = ghost_queue[i];
      for (nnz_int k = ghost_row_start[ghost]; k < ghost_row_start[ghost + 1]; ++k) {
        const local_int v = ghost_rows[k];
        if (claim(parent, v, ghost_ids[ghost])) {
          mine.push_back(v);
          scout += row_start[v + 1] - row_start[v];
        }
      }
    }
#pragma omp critical(hpcg_bfs_queue)
    next.insert(next.end(), mine.begin(), mine.end());
  }
  state.queue.swap(next);
  state.ghost_queue.clear();
  return scout;
}

/// How many 64-vertex words ahead the bottom-up step prefetches rows.
constexpr long long prefetch_words = 4;

global_int bottom_up_step(BfsState& state) {
  const Graph& g = state.graph;
  const nnz_int* row_start = g.in.matrix.row_start.data();
  const local_int* column = g.in.matrix.column_index.data();
  global_int* parent = state.parent.data();
  const std::uint64_t* current = state.current.data();
  std::uint64_t* next = state.next.data();
  std::uint64_t* visited = state.visited.data();
  const local_int rows = g.rows();
  const auto words = static_cast<long long>(words_for(static_cast<std::uint64_t>(rows)));
  auto unvisited = [visited, words, rows](long long w) {
    // Relaxed: another thread may be updating word w; a stale value only weakens a prefetch.
    std::uint64_t bits = ~__atomic_load_n(&visited[w], __ATOMIC_RELAXED);
    if (w == words - 1 && (rows & 63) != 0) bits &= (std::uint64_t{1} << (rows & 63)) - 1;
    return bits;
  };
  global_int awake = 0;
  // One 64-vertex word per iteration: each word of next and visited has a single writer.
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : awake)
  for (long long w = 0; w < words; ++w) {
    // The first column of an unvisited row is a cache miss (rows are scattered over the matrix):
    // prefetch those of a word ahead, so that the misses overlap.
    if (w + prefetch_words < words) {
      for (std::uint64_t ahead = unvisited(w + prefetch_words); ahead != 0; ahead &= ahead - 1) {
        __builtin_prefetch(&column[row_start[64 * (w + prefetch_words) + __builtin_ctzll(ahead)]]);
      }
    }
    std::uint64_t remaining = unvisited(w);
    std::uint64_t found = 0;
    while (remaining != 0) {
      const int bit = __builtin_ctzll(remaining);
      remaining &= remaining - 1;
      const auto v = static_cast<local_int>(64 * w + bit);
      for (nnz_int k = row_start[v]; k < row_start[v + 1]; ++k) {
        const local_int c = column[k];
        if (test_bit(current, c)) {
          parent[v] = g.global_id(c);
          found |= std::uint64_t{1} << bit;
          break;
        }
      }
    }
    // The last owned word may share bits with ghosts: the halo exchange rewrites those after.
    next[w] = found;
    visited[w] |= found;
    awake += __builtin_popcountll(found);
  }
  return awake;
}

}  // namespace hpcg::graph
