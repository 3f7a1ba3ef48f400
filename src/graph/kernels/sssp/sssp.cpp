// SPDX-License-Identifier: BSD-3-Clause
// SSSP by delta-stepping (Meyer and Sanders, J. Algorithms 49(1), 2003) in gapbs's form, with
// its bucket fusion (Zhang et al., CGO 2020), made level-synchronous across ranks.
//
// Bucket b holds the vertices whose distance fell in [b delta, (b + 1) delta) when they improved.
// Buckets are thread-local vectors: relaxing an edge lowers the target's distance by compare-and-
// swap and, on success, appends the target to the relaxing thread's bin of its new bucket. In a
// step, the threads' bins of the current bucket together are the frontier (swapped out of the
// bins, not copied), and all threads relax its owned out-edges; a thread then keeps relaxing its
// own small bin of the same bucket (fusion), which saves the steps that would each relax a
// handful of vertices. A vertex is never removed from an older bin: entries whose distance has
// since dropped below the bucket are skipped, which is cheaper than finding and deleting them.
// Distances are 32-bit while they fit, as gapbs's, because the random accesses to them dominate
// the time; a run that overflows them is redone in 64 bits. Unlike gapbs, the frontier's rows
// are prefetched a few entries ahead, since our columns and weights are separate arrays.
//
// With more ranks, every vertex relaxed in a step also lands in `outbox`, a per-column array that
// holds `unreached` elsewhere; one halo exchange of it tells each rank which of its ghosts were
// relaxed and at what distance, and the rank relaxes those ghosts' edges into its owned rows
// along the in-edges' halo transpose. Then one allreduce-min of the lowest non-empty bucket
// decides the next step: the same bucket while any rank still has work there, else the next
// non-empty one, or the end. One rank skips the exchange and the allreduce, and keeps one
// parallel region (two barriers a step, as gapbs); more ranks open one per step, so that only
// the main thread calls MPI.
#include "hpcg/graph/sssp.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/base/threads.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/base/watchdog.hpp"
#include "sssp_state.hpp"

namespace hpcg::graph {
namespace {

using detail::DeltaStepping;
using detail::no_bucket;
using detail::RowRelaxer;
using detail::ThreadBins;

/// With ranks, a frontier this small fits one chunk of the dynamic schedule, so one thread
/// would relax it anyway: waking the others would only add a barrier.
constexpr std::size_t parallel_from = 64;
/// Fewer halo entries than this are scanned faster by one thread than woken threads share them.
constexpr long long parallel_halo_from = 4096;

template <class Dist>
std::size_t lowest_bucket(const DeltaStepping<Dist>& s) {
  std::size_t lowest = no_bucket;
  for (const ThreadBins& thread : s.threads) lowest = std::min(lowest, thread.lowest);
  return lowest;
}

/// One rank: gapbs's shape, one parallel region for the whole run and two barriers a step.
template <class Dist>
void run_single_rank(DeltaStepping<Dist>& s, SsspStats& stats) {
  const RowRelaxer<Dist, false> relax(s);
  const double started = wall_time();
#pragma omp parallel
  {
    std::size_t bucket = lowest_bucket(s), previous = no_bucket;
    while (bucket != no_bucket) {
      if (thread_id() == 0) {
        stats.buckets += bucket != previous;
        ++stats.steps;
      }
      step_in_team(s, relax, bucket);
#pragma omp barrier
      // Every thread reads the same votes and flag: the next writes follow the next barrier.
      previous = bucket;
      bucket = s.stopped() ? no_bucket : lowest_bucket(s);
    }
  }
  stats.seconds_relax += wall_time() - started;
}

/// Relaxes the halo transpose of every ghost the exchange brought a distance for, clears the
/// outbox for the next step, and notes each thread's lowest bucket.
template <class Dist>
void relax_ghosts(DeltaStepping<Dist>& s, std::size_t bucket) {
  const Graph& g = s.graph;
  const std::vector<local_int>& send_rows = g.in.matrix.exchange.halo().send_rows;
  const auto sends = static_cast<long long>(send_rows.size());
  const auto ghosts = static_cast<long long>(g.ghosts());
  Dist* received = s.outbox.data() + g.rows();
#pragma omp parallel if (sends + ghosts >= parallel_halo_from)
  {
    std::vector<detail::Bin>& bins = s.threads[thread_id()].bins;
#pragma omp for schedule(static) nowait
    for (long long i = 0; i < sends; ++i) s.outbox[send_rows[i]] = s.unreached;
#pragma omp for schedule(dynamic, 1024) nowait
    for (long long k = 0; k < ghosts; ++k) {
      const Dist from = received[k];
      if (from == s.unreached) continue;
      received[k] = s.unreached;
      for (nnz_int e = g.ghost_row_start[k]; e < g.ghost_row_start[k + 1]; ++e) {
        push(s, g.ghost_rows[e], std::int64_t{from} + g.ghost_weights[e], bins);
      }
    }
  }
  for (ThreadBins& thread : s.threads) thread.lowest = detail::lowest_from(thread.bins, bucket);
}

/// The lowest bucket any rank has work in, or no_bucket. A rank that abandoned the run stops
/// it everywhere: its bits win the minimum as a negative vote, the worst reason first.
std::size_t agree_on_bucket(std::size_t mine, int& abandoned, const Comm& comm) {
  // Signed: MPICH 4.0.2's MPI_MIN compares 64-bit unsigned values as signed ones, so that
  // no_bucket would win over every real bucket.
  constexpr long long none = std::numeric_limits<long long>::max();
  long long local = abandoned != 0    ? -abandoned
                    : mine == no_bucket ? none
                                        : static_cast<long long>(mine);
  long long lowest = local;
  {
    WatchedWait wait("MPI_Allreduce (min)", comm.get());
    MPI_Allreduce(&local, &lowest, 1, MPI_LONG_LONG, MPI_MIN, comm.get());
  }
  if (lowest < 0) abandoned = static_cast<int>(-lowest);
  return lowest < 0 || lowest == none ? no_bucket : static_cast<std::size_t>(lowest);
}

/// More ranks: a parallel region per step, so that MPI is called outside them.
template <class Dist>
void run_distributed(DeltaStepping<Dist>& s, const Comm& comm, SsspStats& stats) {
  const RowRelaxer<Dist, true> relax(s);
  HaloExchange& exchange = s.graph.in.matrix.exchange;
  const std::uint64_t step_bytes = exchange.halo().send_rows.size() * sizeof(Dist);
  std::size_t bucket = agree_on_bucket(lowest_bucket(s), s.abandoned, comm), previous = no_bucket;
  while (bucket != no_bucket) {
    stats.buckets += bucket != previous;
    ++stats.steps;
    double t = wall_time();
    std::size_t frontier_size = 0;
    for (const ThreadBins& thread : s.threads) {
      frontier_size += bucket < thread.bins.size() ? thread.bins[bucket].size() : 0;
    }
#pragma omp parallel if (frontier_size >= parallel_from)
    step_in_team(s, relax, bucket);
    stats.seconds_relax += wall_time() - t;
    t = wall_time();
    exchange.run_typed(s.outbox.data());
    stats.bytes_sent += step_bytes;
    stats.seconds_communication += wall_time() - t;
    t = wall_time();
    relax_ghosts(s, bucket);
    stats.seconds_relax += wall_time() - t;
    t = wall_time();
    previous = bucket;
    bucket = agree_on_bucket(lowest_bucket(s), s.abandoned, comm);
    stats.seconds_communication += wall_time() - t;
  }
}

/// Delta-stepping with distances of type Dist in `distance` (per owned row, filled here).
/// Returns why the run was abandoned (detail::Abandoned bits, agreed by all ranks; 0 when it
/// was not), and sets `too_far` to a distance that needed too many buckets. Collective.
template <class Dist>
int delta_step(Graph& graph, global_int source, distance_t delta, Dist* distance,
               const Comm& comm, SsspStats& stats, std::int64_t& too_far) {
  double t = wall_time();
  DeltaStepping<Dist> s{graph, static_cast<Dist>(delta), distance, {}, {}};
  const auto rows = static_cast<long long>(graph.rows());
#pragma omp parallel for schedule(static)
  for (long long v = 0; v < rows; ++v) distance[v] = s.unreached;
  const bool distributed = comm.size() > 1;
  if (distributed) s.outbox.assign(static_cast<std::size_t>(graph.in.matrix.columns), s.unreached);
  s.threads.resize(static_cast<std::size_t>(max_threads()));
  if (graph.owns(source)) {
    const auto row = static_cast<local_int>(source - graph.first_vertex);
    distance[row] = 0;
    s.threads[0].bins.resize(1);
    s.threads[0].bins[0].push_back(row);
    s.threads[0].lowest = 0;
  }
  stats.seconds_setup += wall_time() - t;
  if (distributed) {
    run_distributed(s, comm, stats);
  } else {
    run_single_rank(s, stats);
  }
  too_far = s.too_far;
  return s.abandoned;
}

/// Every rank throws the same InputError (the largest distance any rank found too far).
[[noreturn]] void throw_too_many_buckets(distance_t delta, std::int64_t too_far,
                                         const Comm& comm) {
  long long mine = too_far, farthest = too_far;
  if (comm.size() > 1) {
    WatchedWait wait("MPI_Allreduce (max)", comm.get());
    MPI_Allreduce(&mine, &farthest, 1, MPI_LONG_LONG, MPI_MAX, comm.get());
  }
  const auto wide_enough = farthest / static_cast<long long>(detail::max_buckets) + 1;
  throw InputError("SSSP delta " + std::to_string(delta) + " is too small for these weights: " +
                   "a distance of " + std::to_string(farthest) + " would need bucket " +
                   std::to_string(farthest / delta) + ", past the limit of " +
                   std::to_string(detail::max_buckets) + "; use --delta=" +
                   std::to_string(wide_enough) + " or more (near the typical edge weight)");
}

}  // namespace

SsspResult sssp(Graph& graph, global_int source, const SsspOptions& options, const Comm& comm) {
  if (!graph.weighted) {
    throw InputError("SSSP needs edge weights: read a .wel file or let the generator draw GAP's "
                     "weights (1..255)");
  }
  if (options.delta < 1) {
    throw InputError("SSSP delta " + std::to_string(options.delta) + ": use a positive width");
  }
  if (source < 0 || source >= graph.vertex_count) {
    throw InputError("SSSP source " + std::to_string(source) + " is not a vertex of the graph");
  }
  SsspResult result;
  SsspStats& stats = result.stats;
  double t = wall_time();
  const auto rows = static_cast<long long>(graph.rows());
  result.distance.resize(static_cast<std::size_t>(rows));
  stats.seconds_setup += wall_time() - t;
  std::int64_t too_far = 0;
  int abandoned = detail::distance_overflow;
  // 32-bit distances first, as gapbs's; a run that overflows them is redone in 64 bits (its
  // steps and seconds stay counted).
  if (options.delta <= std::numeric_limits<std::int32_t>::max()) {
    t = wall_time();
    const std::unique_ptr<std::int32_t[]> narrow(new std::int32_t[rows]);  // filled in parallel
    stats.seconds_setup += wall_time() - t;
    abandoned = delta_step(graph, source, options.delta, narrow.get(), comm, stats, too_far);
    if (abandoned == 0) {
      t = wall_time();
      constexpr std::int32_t narrow_unreached = DeltaStepping<std::int32_t>::unreached;
#pragma omp parallel for schedule(static)
      for (long long v = 0; v < rows; ++v) {
        result.distance[v] = narrow[v] == narrow_unreached ? unreached : narrow[v];
      }
      stats.seconds_setup += wall_time() - t;
    }
  }
  if (abandoned == detail::distance_overflow) {
    abandoned = delta_step(graph, source, options.delta, result.distance.data(), comm, stats,
                           too_far);
  }
  if (abandoned != 0) throw_too_many_buckets(options.delta, too_far, comm);
  return result;
}

}  // namespace hpcg::graph
