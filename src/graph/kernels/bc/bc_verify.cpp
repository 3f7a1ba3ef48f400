// SPDX-License-Identifier: BSD-3-Clause
// BC verification as GAP's: a plain serial Brandes (queue BFS counting paths, then dependencies
// from the deepest level up) in double on rank 0, from the same sources, normalized alike, and
// every score compared within a float's epsilon. Untimed.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "gathered_graph.hpp"
#include "hpcg/graph/bc.hpp"

namespace hpcg::graph {
namespace {

/// Serial Brandes over `g`, scores normalized to the largest.
std::vector<double> serial_brandes(const GatheredGraph& g, const std::vector<global_int>& sources) {
  const auto n = static_cast<size_t>(g.n);
  std::vector<double> score(n, 0.0), sigma(n), delta(n);
  std::vector<std::int64_t> depth(n);
  std::vector<global_int> visit;
  for (global_int source : sources) {
    std::fill(depth.begin(), depth.end(), -1);
    std::fill(sigma.begin(), sigma.end(), 0.0);
    std::fill(delta.begin(), delta.end(), 0.0);
    visit.assign(1, source);
    depth[source] = 0;
    sigma[source] = 1;
    for (size_t i = 0; i < visit.size(); ++i) {
      const global_int u = visit[i];
      for (nnz_int k = g.start[u]; k < g.start[u + 1]; ++k) {
        const global_int v = g.column[k];
        if (depth[v] < 0) {
          depth[v] = depth[u] + 1;
          visit.push_back(v);
        }
        if (depth[v] == depth[u] + 1) sigma[v] += sigma[u];
      }
    }
    // BFS order visits levels in turn, so its reverse sees every successor first.
    for (size_t i = visit.size(); i-- > 0;) {
      const global_int u = visit[i];
      for (nnz_int k = g.start[u]; k < g.start[u + 1]; ++k) {
        const global_int v = g.column[k];
        if (depth[v] == depth[u] + 1) delta[u] += sigma[u] / sigma[v] * (1 + delta[v]);
      }
      score[u] += delta[u];
    }
  }
  const double largest = *std::max_element(score.begin(), score.end());
  if (largest > 0) {
    for (double& x : score) x /= largest;
  }
  return score;
}

}  // namespace

BcCheck verify_bc(const Graph& graph, const std::vector<global_int>& sources,
                  const std::vector<float>& scores, const Comm& comm) {
  const GatheredGraph whole = gather_out_edges(graph, comm);
  const std::vector<float> all = gather_values(scores, comm);
  BcCheck check;
  std::string failure;
  if (comm.is_root()) {
    const std::vector<double> want = serial_brandes(whole, sources);
    const double tolerance = std::numeric_limits<float>::epsilon();
    for (global_int v = 0; v < whole.n; ++v) {
      const double error = std::fabs(static_cast<double>(all[v]) - want[v]);
      if (!(error <= tolerance) && failure.empty()) {
        failure = "vertex " + std::to_string(graph.partition.relabel.inverse(v)) + ": score " +
                  std::to_string(all[v]) + ", serial Brandes gives " + std::to_string(want[v]);
      }
      if (!(error <= check.largest_error)) check.largest_error = error;
    }
  }
  check.failure = comm.broadcast(failure);
  check.passed = check.failure.empty();
  check.largest_error = comm.max(check.largest_error);
  return check;
}

}  // namespace hpcg::graph
