// SPDX-License-Identifier: BSD-3-Clause
// Trials. Each timed region starts after a barrier, so a trial's time is the slowest rank's time
// from a common start to its parent array (or scores) in memory, as Graph500 times a BFS.
#include "hpcg/graph/trials.hpp"

#include <mpi.h>

#include <algorithm>
#include <cmath>

#include "hpcg/base/error.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/random.hpp"

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

}  // namespace

global_int degree_of(const Graph& graph, global_int original, const Comm& comm) {
  global_int degree = 0;
  if (original >= 0 && original < graph.vertex_count) {
    const global_int internal = graph.partition.relabel.forward(original);
    if (graph.owns(internal))
      degree = graph.degree(static_cast<local_int>(internal - graph.first_vertex));
  }
  return comm.sum(degree);
}

std::vector<global_int> pick_sources(const Graph& graph, int count, std::uint64_t seed,
                                     const Comm& comm, bool distinct) {
  if (graph.edge_count == 0) {
    throw InputError("the graph has no edges after cleanup (only self-loops?): BFS has no source");
  }
  if (distinct) {
    global_int with_edges = 0;
    for (local_int v = 0; v < graph.rows(); ++v) with_edges += graph.degree(v) > 0 ? 1 : 0;
    with_edges = comm.sum(with_edges);
    if (with_edges < count) {
      throw InputError(std::to_string(count) + " distinct BFS roots need as many vertices with " +
                       "edges; the graph has " + std::to_string(with_edges));
    }
  }
  const std::uint64_t key = stream_key(seed, static_cast<std::uint64_t>(Stream::sources));
  const auto n = static_cast<std::uint64_t>(graph.vertex_count);
  std::vector<global_int> sources;
  // Draws in batches, one reduction of their degrees per batch; the accepted sequence is the
  // same as drawing one at a time.
  constexpr int batch = 256;
  for (std::uint64_t draw = 0; static_cast<int>(sources.size()) < count; draw += batch) {
    std::vector<long long> candidate(batch), degree(batch, 0), any(batch, 0);
    for (int i = 0; i < batch; ++i) {
      CounterRng rng(key, draw + static_cast<std::uint64_t>(i));
      candidate[i] = static_cast<long long>(rng.below(n));
      const global_int internal = graph.partition.relabel.forward(candidate[i]);
      if (graph.owns(internal))
        degree[i] = graph.degree(static_cast<local_int>(internal - graph.first_vertex));
    }
    WatchedWait wait("MPI_Allreduce (max)", comm.get());
    MPI_Allreduce(degree.data(), any.data(), batch, MPI_LONG_LONG, MPI_MAX, comm.get());
    for (int i = 0; i < batch && static_cast<int>(sources.size()) < count; ++i) {
      const bool repeat =
          distinct && std::find(sources.begin(), sources.end(), candidate[i]) != sources.end();
      if (any[i] > 0 && !repeat) sources.push_back(candidate[i]);
    }
  }
  return sources;
}

std::vector<BfsTrial> run_bfs_trials(Graph& graph, const std::vector<global_int>& sources,
                                     const BfsOptions& options, bool verify, const Comm& comm,
                                     const BfsCallback& done,
                                     std::vector<global_int>* last_parent) {
  std::vector<BfsTrial> trials;
  for (size_t i = 0; i < sources.size(); ++i) {
    BfsTrial trial;
    trial.source = sources[i];
    const global_int internal = graph.partition.relabel.forward(sources[i]);
    comm.barrier();
    const double start = wall_time();
    BfsResult result = bfs(graph, internal, options, comm);
    const double mine = wall_time() - start;
    trial.seconds = comm.max(mine);
    const BfsStats& s = result.stats;
    trial.levels = s.levels;
    trial.bottom_up_levels = s.bottom_up_levels;
    trial.bytes_sent = total_bytes(s.bytes_sent, comm);
    trial.phases = slowest(
        {s.seconds_setup, s.seconds_top_down, s.seconds_bottom_up, s.seconds_communication}, comm);
    trial.edges = traversed_edges(graph, result.parent, comm);
    trial.teps = trial.seconds > 0 ? static_cast<double>(trial.edges) / trial.seconds : 0;
    if (verify) {
      const double verify_start = wall_time();
      const BfsCheck check = verify_bfs(graph, internal, result.parent, comm);
      trial.verify_seconds = comm.max(wall_time() - verify_start);
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
    comm.barrier();
    const double start = wall_time();
    PageRankResult result = pagerank(graph, options, comm);
    const double mine = wall_time() - start;
    trial.seconds = comm.max(mine);
    trial.iterations = result.iterations;
    trial.change = result.change;
    trial.converged = result.change < options.tolerance;
    trial.bytes_sent = total_bytes(result.bytes_sent, comm);
    trial.phases = slowest(
        {result.seconds_setup, result.seconds_spmv, 0.0, result.seconds_communication}, comm);
    if (verify) {
      const double verify_start = wall_time();
      const PageRankCheck check = verify_pagerank(graph, result.scores, options, comm);
      trial.verify_seconds = comm.max(wall_time() - verify_start);
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

double mean_seconds(const std::vector<BfsTrial>& trials) {
  double sum = 0;
  for (const auto& t : trials) sum += t.seconds;
  return trials.empty() ? 0 : sum / static_cast<double>(trials.size());
}

double mean_seconds(const std::vector<PageRankTrial>& trials) {
  double sum = 0;
  for (const auto& t : trials) sum += t.seconds;
  return trials.empty() ? 0 : sum / static_cast<double>(trials.size());
}

TepsStatistics teps_statistics(const std::vector<BfsTrial>& trials) {
  TepsStatistics s;
  const size_t n = trials.size();
  if (n == 0) return s;
  std::vector<double> teps;
  for (const auto& t : trials) teps.push_back(t.teps);
  std::sort(teps.begin(), teps.end());
  s.min = teps.front();
  s.first_quartile = (teps[(n - 1) / 4] + teps[n / 4]) / 2;
  s.median = (teps[(n - 1) / 2] + teps[n / 2]) / 2;
  s.third_quartile = (teps[n - 1 - (n - 1) / 4] + teps[n - 1 - n / 4]) / 2;
  s.max = teps.back();
  double inverse_mean = 0;
  for (double x : teps) inverse_mean += 1 / x / static_cast<double>(n);
  s.harmonic_mean = 1 / inverse_mean;
  if (n > 1) {
    double squares = 0;
    for (double x : teps) squares += (1 / x - inverse_mean) * (1 / x - inverse_mean);
    const double deviation = std::sqrt(squares / static_cast<double>(n - 1));
    s.harmonic_stddev =
        deviation / (inverse_mean * inverse_mean * std::sqrt(static_cast<double>(n - 1)));
  }
  return s;
}

double harmonic_mean_teps(const std::vector<BfsTrial>& trials) {
  double sum = 0;
  for (const auto& t : trials) sum += t.edges > 0 ? t.seconds / static_cast<double>(t.edges) : 0;
  return sum > 0 ? static_cast<double>(trials.size()) / sum : 0;
}

}  // namespace hpcg::graph
