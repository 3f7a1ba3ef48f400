// SPDX-License-Identifier: BSD-3-Clause
// The trials of each kernel. Each timed region starts after a barrier, so a trial's time is the
// slowest rank's time from a common start to its result (parents, scores, labels, distances) in
// memory, as Graph500 times a BFS.
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

/// Seconds `work` takes on this rank.
template <class Work>
double seconds_of(Work&& work) {
  const double start = wall_time();
  work();
  return wall_time() - start;
}

/// Runs `work` on every rank from a common start and returns the slowest rank's seconds.
template <class Work>
double slowest_seconds(const Comm& comm, Work&& work) {
  comm.barrier();
  return comm.max(seconds_of(work));
}

}  // namespace

std::vector<BfsTrial> run_bfs_trials(Graph& graph, const std::vector<global_int>& sources,
                                     const BfsOptions& options, bool verify, const Comm& comm,
                                     const BfsCallback& done,
                                     std::vector<global_int>* last_parent) {
  std::vector<BfsTrial> trials;
  for (size_t i = 0; i < sources.size(); ++i) {
    BfsTrial trial;
    trial.source = sources[i];
    const global_int internal = graph.partition.relabel.forward(sources[i]);
    BfsResult result;
    trial.seconds = slowest_seconds(comm, [&] { result = bfs(graph, internal, options, comm); });
    const BfsStats& s = result.stats;
    trial.levels = s.levels;
    trial.bottom_up_levels = s.bottom_up_levels;
    trial.bytes_sent = total_bytes(s.bytes_sent, comm);
    trial.phases = slowest(
        {s.seconds_setup, s.seconds_top_down, s.seconds_bottom_up, s.seconds_communication}, comm);
    trial.edges = traversed_edges(graph, result.parent, comm);
    trial.teps = trial.seconds > 0 ? static_cast<double>(trial.edges) / trial.seconds : 0;
    if (verify) {
      BfsCheck check;
      trial.verify_seconds =
          slowest_seconds(comm, [&] { check = verify_bfs(graph, internal, result.parent, comm); });
      trial.verified = true;
      trial.passed = check.passed && check.edges == trial.edges;
      trial.failure =
          check.passed && !trial.passed ? "edge count differs from the validator's" : check.failure;
    }
    if (last_parent != nullptr && i + 1 == sources.size()) *last_parent = std::move(result.parent);
    trials.push_back(trial);
    if (done) done(trial);
  }
  return trials;
}

std::vector<PageRankTrial> run_pagerank_trials(Graph& graph, int count,
                                               const PageRankOptions& options, bool verify,
                                               const Comm& comm, const PageRankCallback& done,
                                               std::vector<float>* last_scores) {
  std::vector<PageRankTrial> trials;
  for (int i = 0; i < count; ++i) {
    PageRankTrial trial;
    PageRankResult result;
    trial.seconds = slowest_seconds(comm, [&] { result = pagerank(graph, options, comm); });
    trial.iterations = result.iterations;
    trial.change = result.change;
    trial.converged = result.change < options.tolerance;
    trial.bytes_sent = total_bytes(result.bytes_sent, comm);
    trial.phases = slowest(
        {result.seconds_setup, result.seconds_spmv, 0.0, result.seconds_communication}, comm);
    if (verify) {
      PageRankCheck check;
      trial.verify_seconds = slowest_seconds(
          comm, [&] { check = verify_pagerank(graph, result.scores, options, comm); });
      trial.verified = true;
      trial.passed = check.passed;
      trial.error = check.error;
    }
    if (last_scores != nullptr && i + 1 == count) *last_scores = std::move(result.scores);
    trials.push_back(trial);
    if (done) done(trial);
  }
  return trials;
}

std::vector<CcTrial> run_cc_trials(Graph& graph, int count, bool verify, const Comm& comm,
                                   const CcCallback& done, std::vector<global_int>* last_label) {
  std::vector<CcTrial> trials;
  for (int i = 0; i < count; ++i) {
    CcTrial trial;
    CcResult result;
    trial.seconds = slowest_seconds(comm, [&] { result = connected_components(graph, comm); });
    const CcStats& s = result.stats;
    trial.rounds = s.rounds;
    trial.bytes_sent = total_bytes(s.bytes_sent, comm);
    trial.phases = slowest({s.seconds_setup, s.seconds_local, 0.0, s.seconds_communication}, comm);
    if (verify) {
      CcCheck check;
      trial.verify_seconds =
          slowest_seconds(comm, [&] { check = verify_cc(graph, result.label, comm); });
      trial.verified = true;
      trial.passed = check.passed;
      trial.failure = check.failure;
      trial.components = check.components;
      trial.largest = check.largest;
    }
    if (last_label != nullptr && i + 1 == count) *last_label = std::move(result.label);
    trials.push_back(trial);
    if (done) done(trial);
  }
  return trials;
}

std::vector<SsspTrial> run_sssp_trials(Graph& graph, const std::vector<global_int>& sources,
                                       const SsspOptions& options, bool verify, const Comm& comm,
                                       const SsspCallback& done,
                                       std::vector<distance_t>* last_distance) {
  std::vector<SsspTrial> trials;
  for (size_t i = 0; i < sources.size(); ++i) {
    SsspTrial trial;
    trial.source = sources[i];
    const global_int internal = graph.partition.relabel.forward(sources[i]);
    comm.barrier();
    SsspResult result;
    double mine = 0;
    // The kernel's refusals (a delta too small for the weights) come on every rank at once:
    // agreed here, they end the run with one message instead of an abort.
    run_collectively(comm, [&] {
      mine = seconds_of([&] { result = sssp(graph, internal, options, comm); });
    });
    trial.seconds = comm.max(mine);
    const SsspStats& s = result.stats;
    trial.buckets = s.buckets;
    trial.steps = s.steps;
    trial.bytes_sent = total_bytes(s.bytes_sent, comm);
    trial.phases = slowest({s.seconds_setup, s.seconds_relax, 0.0, s.seconds_communication}, comm);
    if (verify) {
      SsspCheck check;
      trial.verify_seconds = slowest_seconds(
          comm, [&] { check = verify_sssp(graph, internal, result.distance, comm); });
      trial.verified = true;
      trial.passed = check.passed;
      trial.failure = check.failure;
      trial.reached = check.reached;
      trial.farthest = check.farthest;
    }
    if (last_distance != nullptr && i + 1 == sources.size())
      *last_distance = std::move(result.distance);
    trials.push_back(trial);
    if (done) done(trial);
  }
  return trials;
}

std::vector<BcTrial> run_bc_trials(Graph& graph, const std::vector<global_int>& sources,
                                   int per_trial, bool verify, const Comm& comm,
                                   const std::function<void(const BcTrial&)>& done,
                                   std::vector<float>* last_scores) {
  std::vector<BcTrial> trials;
  const size_t count = sources.size() / static_cast<size_t>(per_trial);
  for (size_t i = 0; i < count; ++i) {
    BcTrial trial;
    trial.sources.assign(sources.begin() + static_cast<long>(i * per_trial),
                         sources.begin() + static_cast<long>((i + 1) * per_trial));
    std::vector<global_int> internal;
    for (global_int v : trial.sources) internal.push_back(graph.partition.relabel.forward(v));
    BcResult result;
    trial.seconds = slowest_seconds(
        comm, [&] { result = betweenness_centrality(graph, internal, comm); });
    const BcStats& s = result.stats;
    trial.levels = s.levels;
    trial.bytes_sent = total_bytes(s.bytes_sent, comm);
    trial.phases = slowest(
        {s.seconds_setup, s.seconds_forward, s.seconds_backward, s.seconds_communication}, comm);
    if (verify) {
      BcCheck check;
      trial.verify_seconds =
          slowest_seconds(comm, [&] { check = verify_bc(graph, internal, result.scores, comm); });
      trial.verified = true;
      trial.passed = check.passed;
      trial.error = check.largest_error;
      trial.failure = check.failure;
    }
    if (last_scores != nullptr && i + 1 == count) *last_scores = std::move(result.scores);
    trials.push_back(trial);
    if (done) done(trial);
  }
  return trials;
}

std::vector<TcTrial> run_tc_trials(Graph& graph, int count, std::uint64_t seed, bool verify,
                                   const Comm& comm,
                                   const std::function<void(const TcTrial&)>& done) {
  std::vector<TcTrial> trials;
  for (int i = 0; i < count; ++i) {
    TcTrial trial;
    TcResult result;
    trial.seconds = slowest_seconds(comm, [&] { result = triangle_count(graph, seed, comm); });
    const TcStats& s = result.stats;
    trial.triangles = result.triangles;
    trial.by_degree = s.by_degree;
    trial.ghost_entries = total_bytes(s.ghost_entries, comm);
    trial.bytes_sent = total_bytes(s.bytes_sent, comm);
    trial.phases = slowest({s.seconds_setup, s.seconds_count, 0.0, s.seconds_communication}, comm);
    if (verify) {
      TcCheck check;
      trial.verify_seconds =
          slowest_seconds(comm, [&] { check = verify_tc(graph, result.triangles, comm); });
      trial.verified = true;
      trial.passed = check.passed;
      trial.failure = check.failure;
    }
    trials.push_back(trial);
    if (done) done(trial);
  }
  return trials;
}

}  // namespace hpcg::graph
