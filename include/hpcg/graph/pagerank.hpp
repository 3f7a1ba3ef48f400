// SPDX-License-Identifier: BSD-3-Clause
// PageRank as GAP defines it, computed as repeated distributed SpMV (Jacobi iteration, gapbs'
// pr_spmv) over the graph's halo, and GAP's verifier.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/kernel_settings.hpp"

namespace hpcg::graph {

/// How each iteration multiplies the contributions by the adjacency matrix.
enum class PageRankMethod {
  /// Pull; switches to blocked when the contribution array outgrows L2 and the convergence seen
  /// so far predicts enough further iterations to repay the blocked copy (see pagerank()).
  automatic,
  pull,     ///< row by row over graph.in (CSR): gathers from the whole contribution array
  blocked,  ///< a column-blocked copy built at the start of the call, so gathers stay in L2
};

struct PageRankOptions {
  double damping = 0.85;
  double tolerance = 1e-4;  ///< stop when the L1 norm of an iteration's change falls below
  int max_iterations = 1000;  ///< as GAP's benchmark scripts run it
  PageRankMethod method = PageRankMethod::automatic;
  /// Blocked layout geometry, for tests and tuning: 2^block_column_bits columns per block (1 to
  /// 16; the block's contributions are what stays in cache) and 2^stripe_row_bits rows per stripe
  /// (1 to 15; the rows whose sums are accumulated together).
  int block_column_bits = 16;
  int stripe_row_bits = 15;
  /// Owned scores to start from instead of 1/N (a run continued across repartitioning steps);
  /// null: GAP's start.
  const std::vector<float>* start_scores = nullptr;
};

struct PageRankResult {
  std::vector<float> scores;  ///< owned vertices; float as GAP's ScoreT
  int iterations = 0;
  double change = 0;             ///< L1 change of the last iteration
  std::uint64_t bytes_sent = 0;  ///< halo payload this rank sent (reductions not counted)
  /// Setup includes building the blocked copy (also in seconds_blocking) when one was built.
  double seconds_setup = 0, seconds_spmv = 0, seconds_communication = 0;
  int blocked_from = 0;         ///< first iteration (1-based) that used the blocked copy; 0: none
  double seconds_blocking = 0;  ///< building the blocked copy, inside this (timed) call
};

/// PR(v) = (1 - d) / N + d * sum over neighbours u of PR(u) / degree(u), from PR = 1 / N. Each
/// iteration exchanges the contributions PR(u) / degree(u) through the halo as floats, multiplies
/// by the adjacency matrix and reduces the L1 change. Isolated vertices' mass is not redistributed
/// (GAP's rule). The methods differ only in the order of float additions; a run repeats bit for
/// bit for a given rank count and method, whatever the thread count. The blocked copy serves
/// PageRank alone, so it is built inside this call (GAP times it) and freed on return.
/// Collective; `graph` is not const because its exchange keeps request state.
PageRankResult pagerank(Graph& graph, const PageRankOptions& options, const Comm& comm);

struct PageRankCheck {
  bool passed = false;
  double error = 0;  ///< L1 change one more iteration makes
};

/// GAP's check: one more iteration, computed independently in double precision (through the
/// core's double halo exchange), changes the scores by less than the tolerance in L1. Collective.
PageRankCheck verify_pagerank(Graph& graph, const std::vector<float>& scores,
                              const PageRankOptions& options, const Comm& comm);

/// xgraph's PageRank options (declared in kernels/pagerank/).
struct PageRankSettings : KernelSettings {
  static constexpr KernelId id = KernelId::pagerank;
  PageRankOptions pagerank;
  /// --max-iters was given: a trial may stop there above the tolerance; without it such a
  /// trial fails the run.
  bool max_iterations_given = false;
  std::string scores_out;
};

}  // namespace hpcg::graph
