// SPDX-License-Identifier: BSD-3-Clause
// GAP's source picker and the statistics of the trials (Graph500's TEPS summary).
#include "hpcg/graph/trials.hpp"

#include <mpi.h>

#include <algorithm>
#include <cmath>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/random.hpp"

namespace hpcg::graph {

global_int degree_of(const Graph& graph, global_int original, const Comm& comm) {
  global_int degree = 0;
  if (original >= 0 && original < graph.vertex_count) {
    const global_int internal = graph.partition.relabel.forward(original);
    if (graph.owns(internal))
      degree = graph.out_degree(static_cast<local_int>(internal - graph.first_vertex));
  }
  return comm.sum(degree);
}

std::vector<global_int> pick_sources(const Graph& graph, int count, std::uint64_t seed,
                                     const Comm& comm, bool distinct,
                                     std::vector<global_int>* degrees) {
  if (graph.edge_count == 0) {
    throw InputError(
        "the graph has no edges after cleanup (only self-loops?): BFS, SSSP and BC have no source");
  }
  if (distinct) {
    global_int with_edges = 0;
    for (local_int v = 0; v < graph.rows(); ++v) with_edges += graph.out_degree(v) > 0 ? 1 : 0;
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
        degree[i] = graph.out_degree(static_cast<local_int>(internal - graph.first_vertex));
    }
    WatchedWait wait("MPI_Allreduce (max)", comm.get());
    MPI_Allreduce(degree.data(), any.data(), batch, MPI_LONG_LONG, MPI_MAX, comm.get());
    for (int i = 0; i < batch && static_cast<int>(sources.size()) < count; ++i) {
      const bool repeat =
          distinct && std::find(sources.begin(), sources.end(), candidate[i]) != sources.end();
      if (any[i] > 0 && !repeat) {
        sources.push_back(candidate[i]);
        if (degrees != nullptr) degrees->push_back(any[i]);
      }
    }
  }
  return sources;
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
