// SPDX-License-Identifier: BSD-3-Clause
// Working state of one delta-stepping SSSP (private to sssp.cpp) and its owned step: the thread
// bins, the relaxation of one edge and of one row, and the step that relaxes a bucket's frontier.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "hpcg/base/threads.hpp"
#include "hpcg/graph/graph.hpp"

namespace hpcg::graph::detail {

using Bin = std::vector<local_int>;
constexpr std::size_t no_bucket = std::numeric_limits<std::size_t>::max();
/// gapbs's fusion limit: a thread relaxes its own bin of the current bucket at once while the
/// bin is smaller than this; a larger one waits for the next step, where all threads share it.
constexpr std::size_t fuse_below = 1000;
/// How many frontier rows ahead a row's data is prefetched (its start twice as far).
constexpr long long prefetch_rows = 8;
/// Bins are indexed by bucket, as gapbs's: a delta far below the weights (1 with weights of
/// millions) would need billions of them. Past this many the run stops with an input error.
constexpr std::size_t max_buckets = std::size_t{1} << 22;

/// Why a run was abandoned (bits; 0: it was not).
enum Abandoned : int {
  distance_overflow = 1,  ///< a distance did not fit Dist: redo the run in 64 bits
  too_many_buckets = 2,   ///< a distance needed a bucket past max_buckets
};

/// One thread's bins, on cache lines of its own (its push_backs write the vectors' ends).
struct alignas(64) ThreadBins {
  std::vector<Bin> bins;  ///< indexed by bucket
  /// This thread's share of the step's frontier: its bin of the current bucket, swapped out of
  /// `bins` (no copy), so that all threads can read it while pushes refill the bin.
  Bin frontier;
  Bin fused;                       ///< the bin being fused, swapped out likewise
  std::size_t lowest = no_bucket;  ///< the lowest non-empty bucket of `bins` after a step
};

/// `Dist` is std::int32_t when the distances fit (half the cache footprint of the random
/// accesses, which dominate) and std::int64_t otherwise; its largest value means unreached.
template <class Dist>
struct DeltaStepping {
  static constexpr Dist unreached = std::numeric_limits<Dist>::max();

  Graph& graph;
  Dist delta;
  Dist* distance;  ///< per owned row
  /// Per column of `in`: the distance an owned row was relaxed with in this step, or that a
  /// ghost was relaxed with on its owner; `unreached` where none. Empty on one rank.
  std::vector<Dist> outbox;
  std::vector<ThreadBins> threads;
  int abandoned = 0;         ///< Abandoned bits, set by any thread
  std::int64_t too_far = 0;  ///< a distance that needed a bucket past max_buckets

  void abandon(Abandoned why) { __atomic_fetch_or(&abandoned, why, __ATOMIC_RELAXED); }
  bool stopped() const { return __atomic_load_n(&abandoned, __ATOMIC_RELAXED) != 0; }
};

/// Lowers distance[v] to `candidate` if smaller; the thread that lowers it bins v.
template <class Dist>
inline void push(DeltaStepping<Dist>& s, local_int v, std::int64_t candidate,
                 std::vector<Bin>& bins) {
  Dist seen = __atomic_load_n(&s.distance[v], __ATOMIC_RELAXED);
  if constexpr (sizeof(Dist) < sizeof(candidate)) {
    if (candidate >= s.unreached) {
      // Harmless when v already has a shorter distance; else its distance is lost.
      if (seen == s.unreached) s.abandon(distance_overflow);
      return;
    }
  }
  const auto narrow = static_cast<Dist>(candidate);
  while (narrow < seen) {
    // A failed exchange reloads `seen`: retry while ours is still the smaller one.
    if (__atomic_compare_exchange_n(&s.distance[v], &seen, narrow, true, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED)) {
      const auto bucket = static_cast<std::size_t>(narrow / s.delta);
      if (bucket >= bins.size()) {
        if (bucket >= max_buckets) {
          __atomic_store_n(&s.too_far, candidate, __ATOMIC_RELAXED);
          s.abandon(too_many_buckets);
          return;
        }
        bins.resize(bucket + 1);
      }
      bins[bucket].push_back(v);
      return;
    }
  }
}

template <class Dist>
inline void atomic_min(Dist* target, Dist value) {
  Dist seen = __atomic_load_n(target, __ATOMIC_RELAXED);
  while (value < seen && !__atomic_compare_exchange_n(target, &seen, value, true,
                                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
}

inline std::size_t lowest_from(const std::vector<Bin>& bins, std::size_t bucket) {
  for (std::size_t b = bucket; b < bins.size(); ++b) {
    if (!bins[b].empty()) return b;
  }
  return no_bucket;
}

/// Relaxes the owned out-edges of an owned row. `distributed`: also notes the row in the
/// outbox, and stops at the owned columns (ghost columns are relaxed by their owners).
template <class Dist, bool distributed>
class RowRelaxer {
 public:
  explicit RowRelaxer(DeltaStepping<Dist>& s)
      : s_(s),
        row_start_(s.graph.out().matrix.row_start.data()),
        column_(s.graph.out().matrix.column_index.data()),
        owned_degree_(s.graph.out().owned_degree.data()),
        weight_(s.graph.out().weights.data()) {}

  void operator()(local_int u, Dist bucket_low, std::vector<Bin>& bins) const {
    const Dist from = __atomic_load_n(&s_.distance[u], __ATOMIC_RELAXED);
    if (from < bucket_low) return;  // lowered since it was binned, and relaxed then
    const nnz_int begin = row_start_[u];
    nnz_int end = row_start_[u + 1];
    if constexpr (distributed) {
      atomic_min(&s_.outbox[u], from);
      end = begin + owned_degree_[u];  // owned columns come first
    }
    for (nnz_int k = begin; k < end; ++k) {
      push(s_, column_[k], std::int64_t{from} + weight_[k], bins);
    }
  }

  /// Before relaxing rows[i] of a list of `size` rows: prefetches the row start of a row far
  /// ahead, and what the start of a nearer row points to. Each row is a cache miss (frontier
  /// rows are scattered), and its columns and weights are two more: this overlaps them.
  /// Forced inline: called rather than inlined (GCC's choice), it costs more than it saves.
  [[gnu::always_inline]] void prefetch_ahead(const local_int* rows, long long i,
                                             long long size) const {
    if (i + 2 * prefetch_rows < size) {
      __builtin_prefetch(&row_start_[rows[i + 2 * prefetch_rows]]);
    }
    if (i + prefetch_rows < size) {
      const local_int u = rows[i + prefetch_rows];
      __builtin_prefetch(&s_.distance[u]);
      __builtin_prefetch(&column_[row_start_[u]]);
      __builtin_prefetch(&weight_[row_start_[u]]);
    }
  }

 private:
  DeltaStepping<Dist>& s_;
  const nnz_int* row_start_;
  const local_int* column_;
  const local_int* owned_degree_;
  const weight_t* weight_;
};

/// One step's owned work, run by every thread of the team: the threads' bins of `bucket` become
/// the frontier, all threads relax it, then each fuses its own small bins of the bucket and
/// notes its lowest bucket. A team smaller than the thread count does the others' part too.
template <class Dist, bool distributed>
void step_in_team(DeltaStepping<Dist>& s, const RowRelaxer<Dist, distributed>& relax,
                  std::size_t bucket) {
  const int thread_count = static_cast<int>(s.threads.size());
  const int me = thread_id(), team = team_threads();
  for (int t = me; t < thread_count; t += team) {
    ThreadBins& thread = s.threads[t];
    thread.frontier.clear();
    if (bucket < thread.bins.size()) thread.frontier.swap(thread.bins[bucket]);
  }
#pragma omp barrier
  ThreadBins& mine = s.threads[me];
  const auto bucket_low = static_cast<Dist>(bucket * static_cast<std::size_t>(s.delta));
  for (int t = 0; t < thread_count; ++t) {
    const local_int* part = s.threads[t].frontier.data();
    const auto size = static_cast<long long>(s.threads[t].frontier.size());
#pragma omp for schedule(dynamic, 64) nowait
    for (long long i = 0; i < size; ++i) {
      relax.prefetch_ahead(part, i, size);
      relax(part[i], bucket_low, mine.bins);
    }
  }
  while (bucket < mine.bins.size() && !mine.bins[bucket].empty() &&
         mine.bins[bucket].size() < fuse_below) {
    mine.fused.swap(mine.bins[bucket]);
    const auto size = static_cast<long long>(mine.fused.size());
    for (long long i = 0; i < size; ++i) {
      relax.prefetch_ahead(mine.fused.data(), i, size);
      relax(mine.fused[i], bucket_low, mine.bins);
    }
    mine.fused.clear();
  }
  for (int t = me; t < thread_count; t += team) {
    s.threads[t].lowest = lowest_from(s.threads[t].bins, bucket);
  }
}

}  // namespace hpcg::graph::detail
