// SPDX-License-Identifier: BSD-3-Clause
// GAP's benchmark methodology: sources picked by a seeded generator, one timed kernel call per
// trial (what GAP times: set-up of the output arrays, the kernel, its final clean-up), each trial
// optionally verified untimed, and the summaries a report needs.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/bc.hpp"
#include "hpcg/graph/bfs.hpp"
#include "hpcg/graph/cc.hpp"
#include "hpcg/graph/pagerank.hpp"
#include "hpcg/graph/sssp.hpp"
#include "hpcg/graph/tc.hpp"

namespace hpcg::graph {

/// Seconds of a kernel's phases, each the largest over ranks.
struct PhaseSeconds {
  double setup = 0, compute_a = 0, compute_b = 0, communication = 0;
};

struct BfsTrial {
  global_int source = 0;  ///< original id
  double seconds = 0;     ///< slowest rank
  global_int edges = 0;   ///< edges of the traversed component (traversed_edges)
  double teps = 0;
  int levels = 0, bottom_up_levels = 0;
  std::uint64_t bytes_sent = 0;  ///< halo payload, all ranks
  PhaseSeconds phases;           ///< compute_a: top-down, compute_b: bottom-up
  bool verified = false, passed = true;
  double verify_seconds = 0;
  std::string failure;
};

struct PageRankTrial {
  double seconds = 0;
  int iterations = 0;
  double change = 0;
  std::uint64_t bytes_sent = 0;
  PhaseSeconds phases;  ///< compute_a: SpMV
  bool converged = true;  ///< the L1 change fell below the tolerance within max_iterations
  bool verified = false, passed = true;
  double error = 0, verify_seconds = 0;
};

struct CcTrial {
  double seconds = 0;
  int rounds = 0;  ///< label exchanges between ranks
  std::uint64_t bytes_sent = 0;
  PhaseSeconds phases;  ///< compute_a: linking within ranks
  global_int components = 0, largest = 0;  ///< from the verifier (0 when not verified)
  bool verified = false, passed = true;
  double verify_seconds = 0;
  std::string failure;
};

struct SsspTrial {
  global_int source = 0;  ///< original id
  double seconds = 0;
  int buckets = 0, steps = 0;
  std::uint64_t bytes_sent = 0;
  PhaseSeconds phases;  ///< compute_a: relaxation
  global_int reached = 0;  ///< from the verifier (0 when not verified)
  distance_t farthest = 0;
  bool verified = false, passed = true;
  double verify_seconds = 0;
  std::string failure;
};

struct BcTrial {
  std::vector<global_int> sources;  ///< original ids
  double seconds = 0;
  int levels = 0;  ///< BFS levels over the trial's sources
  std::uint64_t bytes_sent = 0;
  PhaseSeconds phases;  ///< compute_a: forward (path counts), compute_b: backward (dependencies)
  bool verified = false, passed = true;
  double error = 0, verify_seconds = 0;  ///< largest score error against the serial Brandes
  std::string failure;
};

struct TcTrial {
  double seconds = 0;
  global_int triangles = 0;
  bool by_degree = false;  ///< the order is by degree (GAP's relabelling heuristic chose it)
  std::uint64_t ghost_entries = 0;  ///< neighbour ids sent in ghost rows, all ranks
  std::uint64_t bytes_sent = 0;     ///< ghost rows, their lengths and degrees, all ranks
  PhaseSeconds phases;              ///< compute_a: counting
  bool verified = false, passed = true;
  double verify_seconds = 0;
  std::string failure;
};

/// GAP's SourcePicker: uniform draws in [0, N) from a seeded counter-based stream, redrawn while
/// the vertex has no out-edges; sources may repeat. `distinct` (Graph500's rule) also redraws a
/// vertex already picked, and throws InputError when fewer than `count` vertices have edges.
/// Original ids; `degrees`, when given, receives their out-degrees. Collective.
std::vector<global_int> pick_sources(const Graph& graph, int count, std::uint64_t seed,
                                     const Comm& comm, bool distinct = false,
                                     std::vector<global_int>* degrees = nullptr);

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

/// Called on every rank after each trial (to print it as GAP does).
using BfsCallback = std::function<void(const BfsTrial&)>;
using PageRankCallback = std::function<void(const PageRankTrial&)>;
using CcCallback = std::function<void(const CcTrial&)>;
using SsspCallback = std::function<void(const SsspTrial&)>;

/// Runs one BFS per source; keeps the last parent array in `last_parent` when given.
std::vector<BfsTrial> run_bfs_trials(Graph& graph, const std::vector<global_int>& sources,
                                     const BfsOptions& options, bool verify, const Comm& comm,
                                     const BfsCallback& done,
                                     std::vector<global_int>* last_parent = nullptr);

std::vector<PageRankTrial> run_pagerank_trials(Graph& graph, int trials,
                                               const PageRankOptions& options, bool verify,
                                               const Comm& comm, const PageRankCallback& done,
                                               std::vector<float>* last_scores = nullptr);

/// Runs connected components `trials` times; keeps the last labels in `last_label` when given.
std::vector<CcTrial> run_cc_trials(Graph& graph, int trials, bool verify, const Comm& comm,
                                   const CcCallback& done,
                                   std::vector<global_int>* last_label = nullptr);

/// Runs one SSSP per source; keeps the last distances in `last_distance` when given.
std::vector<SsspTrial> run_sssp_trials(Graph& graph, const std::vector<global_int>& sources,
                                       const SsspOptions& options, bool verify, const Comm& comm,
                                       const SsspCallback& done,
                                       std::vector<distance_t>* last_distance = nullptr);

/// Runs one BC trial per `per_trial` consecutive sources of `sources` (GAP: 4 per trial, the
/// picker's sequence); keeps the last trial's scores in `last_scores` when given.
std::vector<BcTrial> run_bc_trials(Graph& graph, const std::vector<global_int>& sources,
                                   int per_trial, bool verify, const Comm& comm,
                                   const std::function<void(const BcTrial&)>& done,
                                   std::vector<float>* last_scores = nullptr);

/// Counts the triangles of an undirected graph `trials` times (`seed` keys the degree sample).
std::vector<TcTrial> run_tc_trials(Graph& graph, int trials, std::uint64_t seed, bool verify,
                                   const Comm& comm,
                                   const std::function<void(const TcTrial&)>& done);

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
