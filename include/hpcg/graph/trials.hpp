// SPDX-License-Identifier: BSD-3-Clause
// GAP's benchmark methodology: sources picked by a seeded generator, one timed kernel call per
// trial (what GAP times: set-up of the output arrays, the kernel, its final clean-up), each trial
// optionally verified untimed, and the summaries a report needs. The trial loop itself is
// src/graph/kernels/trial_runner.hpp; each kernel's trial record lives in its folder, but for
// BFS's, whose TEPS statistics are Graph500's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"

namespace hpcg::graph {

/// Seconds of a kernel's phases, each the largest over ranks.
struct PhaseSeconds {
  double setup = 0, compute_a = 0, compute_b = 0, communication = 0;
};

/// What every kernel's trial records (the trial runner fills the times and the verdict); each
/// kernel's trial adds its own figures.
struct TrialRecord {
  double seconds = 0;            ///< slowest rank, from a common start
  std::uint64_t bytes_sent = 0;  ///< all ranks
  PhaseSeconds phases;           ///< each the slowest rank's; the kernel names compute_a and _b
  bool verified = false, passed = true;
  double verify_seconds = 0;
  std::string failure;
};

struct BfsTrial : TrialRecord {
  global_int source = 0;  ///< original id
  global_int edges = 0;   ///< edges of the traversed component (traversed_edges)
  double teps = 0;
  int levels = 0, bottom_up_levels = 0;  ///< phases: compute_a top-down, compute_b bottom-up
};

/// GAP's SourcePicker: uniform draws in [0, N) from a seeded counter-based stream, redrawn while
/// the vertex has no out-edges; sources may repeat. `distinct` (Graph500's rule) also redraws a
/// vertex already picked, and throws InputError when fewer than `count` vertices have edges.
/// Original ids; `degrees`, when given, receives their out-degrees. Collective.
std::vector<global_int> pick_sources(const Graph& graph, int count, std::uint64_t seed,
                                     const Comm& comm, bool distinct = false,
                                     std::vector<global_int>* degrees = nullptr);

/// The edge count TEPS divides by, as the report states it.
constexpr const char* teps_edge_definition =
    "undirected edges (arcs when directed) of the cleaned graph (no self-loops or duplicates) "
    "in the traversed component";

/// Graph500's summary of the trials' TEPS: order statistics (quartiles as the mean of the two
/// middle values, as Graph500's reference computes them), the harmonic mean, and the harmonic
/// standard deviation std(1/TEPS) / (mean(1/TEPS)^2 sqrt(n - 1)).
struct TepsStatistics {
  double min = 0, first_quartile = 0, median = 0, third_quartile = 0, max = 0;
  double harmonic_mean = 0, harmonic_stddev = 0;
};
TepsStatistics teps_statistics(const std::vector<BfsTrial>& trials);

/// Out-degree of an original vertex id (0 for ids outside the graph). Collective.
global_int degree_of(const Graph& graph, global_int original, const Comm& comm);

/// Arithmetic mean of the trials' times (GAP's Average Time).
template <class Trial>
double mean_seconds(const std::vector<Trial>& trials) {
  double sum = 0;
  for (const auto& t : trials) sum += t.seconds;
  return trials.empty() ? 0 : sum / static_cast<double>(trials.size());
}
/// Graph500's aggregate: the harmonic mean of the trials' TEPS, 1 / mean(time / edges).
double harmonic_mean_teps(const std::vector<BfsTrial>& trials);

}  // namespace hpcg::graph
