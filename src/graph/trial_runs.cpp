// SPDX-License-Identifier: BSD-3-Clause
// The trials of each kernel, all in one shape (timed_trials): each timed region starts after a
// barrier, so a trial's time is the slowest rank's time from a common start to its result
// (parents, scores, labels, distances, triangles) in memory, as Graph500 times a BFS; the
// verification that may follow is untimed. A kernel's runner says only how to call it, what to
// record from its result and how to verify it.
#include <mpi.h>

#include <utility>

#include "hpcg/base/error.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/trials.hpp"

namespace hpcg::graph {
namespace {

PhaseSeconds slowest(const PhaseSeconds& mine, const Comm& comm) {
  double local[4] = {mine.setup, mine.compute_a, mine.compute_b, mine.communication}, global[4];
  WatchedWait wait("MPI_Allreduce (max)", comm.get());
  MPI_Allreduce(local, global, 4, MPI_DOUBLE, MPI_MAX, comm.get());
  return {global[0], global[1], global[2], global[3]};
}

std::uint64_t total_bytes(std::uint64_t mine, const Comm& comm) {
  unsigned long long local = mine, global = 0;
  WatchedWait wait("MPI_Allreduce (sum)", comm.get());
  MPI_Allreduce(&local, &global, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm.get());
  return global;
}

/// Runs `work` on every rank from a common start and returns the slowest rank's seconds.
template <class Work>
double slowest_seconds(const Comm& comm, Work&& work) {
  comm.barrier();
  const double start = wall_time();
  work();
  return comm.max(wall_time() - start);
}

/// The one trial loop: `count` trials of `kernel(i)` (returning its result), each timed, then
/// `record(trial, result, i)`, then, when `verify`, `check(trial, result, i)` timed apart; each
/// trial goes to `done`, the last result to `keep_last`.
template <class Trial, class Kernel, class Record, class Check, class Keep>
std::vector<Trial> timed_trials(size_t count, bool verify, const Comm& comm, Kernel&& kernel,
                                Record&& record, Check&& check,
                                const std::function<void(const Trial&)>& done, Keep&& keep_last) {
  std::vector<Trial> trials;
  for (size_t i = 0; i < count; ++i) {
    Trial trial;
    decltype(kernel(i)) result;
    trial.seconds = slowest_seconds(comm, [&] { result = kernel(i); });
    record(trial, result, i);
    if (verify) {
      trial.verify_seconds = slowest_seconds(comm, [&] { check(trial, result, i); });
      trial.verified = true;
    }
    if (i + 1 == count) keep_last(result);
    trials.push_back(trial);
    if (done) done(trial);
  }
  return trials;
}

/// Moves a result's output into `last` when the caller asked for it.
template <class T>
auto keep_in(std::vector<T>* last) {
  return [last](auto& output) {
    if (last != nullptr) *last = std::move(output);
  };
}

}  // namespace

std::vector<BfsTrial> run_bfs_trials(Graph& graph, const std::vector<global_int>& sources,
                                     const BfsOptions& options, bool verify, const Comm& comm,
                                     const BfsCallback& done,
                                     std::vector<global_int>* last_parent) {
  auto internal = [&](size_t i) { return graph.partition.relabel.forward(sources[i]); };
  return timed_trials<BfsTrial>(
      sources.size(), verify, comm,
      [&](size_t i) { return bfs(graph, internal(i), options, comm); },
      [&](BfsTrial& t, const BfsResult& r, size_t i) {
        const BfsStats& s = r.stats;
        t.source = sources[i];
        t.levels = s.levels;
        t.bottom_up_levels = s.bottom_up_levels;
        t.bytes_sent = total_bytes(s.bytes_sent, comm);
        t.phases = slowest(
            {s.seconds_setup, s.seconds_top_down, s.seconds_bottom_up, s.seconds_communication},
            comm);
        t.edges = traversed_edges(graph, r.parent, comm);
        t.teps = t.seconds > 0 ? static_cast<double>(t.edges) / t.seconds : 0;
      },
      [&](BfsTrial& t, const BfsResult& r, size_t i) {
        const BfsCheck check = verify_bfs(graph, internal(i), r.parent, comm);
        t.passed = check.passed && check.edges == t.edges;
        t.failure =
            check.passed && !t.passed ? "edge count differs from the validator's" : check.failure;
      },
      done, [&](BfsResult& r) { keep_in(last_parent)(r.parent); });
}

std::vector<PageRankTrial> run_pagerank_trials(Graph& graph, int count,
                                               const PageRankOptions& options, bool verify,
                                               const Comm& comm, const PageRankCallback& done,
                                               std::vector<float>* last_scores) {
  return timed_trials<PageRankTrial>(
      static_cast<size_t>(count), verify, comm,
      [&](size_t) { return pagerank(graph, options, comm); },
      [&](PageRankTrial& t, const PageRankResult& r, size_t) {
        t.iterations = r.iterations;
        t.change = r.change;
        t.converged = r.change < options.tolerance;
        t.bytes_sent = total_bytes(r.bytes_sent, comm);
        t.phases =
            slowest({r.seconds_setup, r.seconds_spmv, 0.0, r.seconds_communication}, comm);
      },
      [&](PageRankTrial& t, const PageRankResult& r, size_t) {
        const PageRankCheck check = verify_pagerank(graph, r.scores, options, comm);
        t.passed = check.passed;
        t.error = check.error;
      },
      done, [&](PageRankResult& r) { keep_in(last_scores)(r.scores); });
}

std::vector<CcTrial> run_cc_trials(Graph& graph, int count, bool verify, const Comm& comm,
                                   const CcCallback& done, std::vector<global_int>* last_label) {
  return timed_trials<CcTrial>(
      static_cast<size_t>(count), verify, comm,
      [&](size_t) { return connected_components(graph, comm); },
      [&](CcTrial& t, const CcResult& r, size_t) {
        const CcStats& s = r.stats;
        t.rounds = s.rounds;
        t.bytes_sent = total_bytes(s.bytes_sent, comm);
        t.phases = slowest({s.seconds_setup, s.seconds_local, 0.0, s.seconds_communication}, comm);
      },
      [&](CcTrial& t, const CcResult& r, size_t) {
        const CcCheck check = verify_cc(graph, r.label, comm);
        t.passed = check.passed;
        t.failure = check.failure;
        t.components = check.components;
        t.largest = check.largest;
      },
      done, [&](CcResult& r) { keep_in(last_label)(r.label); });
}

std::vector<SsspTrial> run_sssp_trials(Graph& graph, const std::vector<global_int>& sources,
                                       const SsspOptions& options, bool verify, const Comm& comm,
                                       const SsspCallback& done,
                                       std::vector<distance_t>* last_distance) {
  auto internal = [&](size_t i) { return graph.partition.relabel.forward(sources[i]); };
  return timed_trials<SsspTrial>(
      sources.size(), verify, comm,
      [&](size_t i) {
        // The kernel's refusals (a delta too small for the weights) come on every rank at once:
        // agreed here, they end the run with one message instead of an abort.
        SsspResult result;
        run_collectively(comm, [&] { result = sssp(graph, internal(i), options, comm); });
        return result;
      },
      [&](SsspTrial& t, const SsspResult& r, size_t i) {
        const SsspStats& s = r.stats;
        t.source = sources[i];
        t.buckets = s.buckets;
        t.steps = s.steps;
        t.bytes_sent = total_bytes(s.bytes_sent, comm);
        t.phases =
            slowest({s.seconds_setup, s.seconds_relax, 0.0, s.seconds_communication}, comm);
      },
      [&](SsspTrial& t, const SsspResult& r, size_t i) {
        const SsspCheck check = verify_sssp(graph, internal(i), r.distance, comm);
        t.passed = check.passed;
        t.failure = check.failure;
        t.reached = check.reached;
        t.farthest = check.farthest;
      },
      done, [&](SsspResult& r) { keep_in(last_distance)(r.distance); });
}

std::vector<BcTrial> run_bc_trials(Graph& graph, const std::vector<global_int>& sources,
                                   int per_trial, bool verify, const Comm& comm,
                                   const std::function<void(const BcTrial&)>& done,
                                   std::vector<float>* last_scores) {
  // Trial i takes sources per_trial * i onwards, as internal ids.
  auto internal = [&](size_t i) {
    std::vector<global_int> ids;
    for (size_t k = i * per_trial; k < (i + 1) * per_trial; ++k) {
      ids.push_back(graph.partition.relabel.forward(sources[k]));
    }
    return ids;
  };
  return timed_trials<BcTrial>(
      sources.size() / static_cast<size_t>(per_trial), verify, comm,
      [&](size_t i) { return betweenness_centrality(graph, internal(i), comm); },
      [&](BcTrial& t, const BcResult& r, size_t i) {
        const BcStats& s = r.stats;
        t.sources.assign(sources.begin() + static_cast<long>(i * per_trial),
                         sources.begin() + static_cast<long>((i + 1) * per_trial));
        t.levels = s.levels;
        t.bytes_sent = total_bytes(s.bytes_sent, comm);
        t.phases = slowest(
            {s.seconds_setup, s.seconds_forward, s.seconds_backward, s.seconds_communication},
            comm);
      },
      [&](BcTrial& t, const BcResult& r, size_t i) {
        const BcCheck check = verify_bc(graph, internal(i), r.scores, comm);
        t.passed = check.passed;
        t.error = check.largest_error;
        t.failure = check.failure;
      },
      done, [&](BcResult& r) { keep_in(last_scores)(r.scores); });
}

std::vector<TcTrial> run_tc_trials(Graph& graph, int count, std::uint64_t seed, bool verify,
                                   const Comm& comm,
                                   const std::function<void(const TcTrial&)>& done) {
  return timed_trials<TcTrial>(
      static_cast<size_t>(count), verify, comm,
      [&](size_t) { return triangle_count(graph, seed, comm); },
      [&](TcTrial& t, const TcResult& r, size_t) {
        const TcStats& s = r.stats;
        t.triangles = r.triangles;
        t.by_degree = s.by_degree;
        t.ghost_entries = total_bytes(s.ghost_entries, comm);
        t.bytes_sent = total_bytes(s.bytes_sent, comm);
        t.phases =
            slowest({s.seconds_setup, s.seconds_count, 0.0, s.seconds_communication}, comm);
      },
      [&](TcTrial& t, const TcResult& r, size_t) {
        const TcCheck check = verify_tc(graph, r.triangles, comm);
        t.passed = check.passed;
        t.failure = check.failure;
      },
      done, [](TcResult&) {});
}

}  // namespace hpcg::graph
