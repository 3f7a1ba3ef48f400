// SPDX-License-Identifier: BSD-3-Clause
// TC verification as GAP's, a serial count on rank 0, by a method unlike the kernel's: each edge
// points from its endpoint of lower (degree, id) to the higher one, and each vertex marks its
// out-neighbours and counts those reached again in two steps. Untimed.
#include <string>

#include "gathered_graph.hpp"
#include "hpcg/graph/tc.hpp"

namespace hpcg::graph {
namespace {

global_int serial_triangles(const GatheredGraph& g) {
  const auto n = static_cast<size_t>(g.n);
  auto degree = [&](global_int v) { return g.start[v + 1] - g.start[v]; };
  auto before = [&](global_int a, global_int b) {
    return degree(a) != degree(b) ? degree(a) < degree(b) : a < b;
  };
  std::vector<nnz_int> start(n + 1, 0);
  std::vector<global_int> later;
  for (global_int u = 0; u < g.n; ++u) {
    for (nnz_int k = g.start[u]; k < g.start[u + 1]; ++k) {
      if (before(u, g.column[k])) later.push_back(g.column[k]);
    }
    start[u + 1] = static_cast<nnz_int>(later.size());
  }
  std::vector<global_int> mark(n, -1);
  global_int triangles = 0;
  for (global_int u = 0; u < g.n; ++u) {
    for (nnz_int k = start[u]; k < start[u + 1]; ++k) mark[later[k]] = u;
    for (nnz_int k = start[u]; k < start[u + 1]; ++k) {
      const global_int v = later[k];
      for (nnz_int j = start[v]; j < start[v + 1]; ++j) triangles += mark[later[j]] == u ? 1 : 0;
    }
  }
  return triangles;
}

}  // namespace

TcCheck verify_tc(const Graph& graph, global_int triangles, const Comm& comm) {
  const GatheredGraph whole = gather_out_edges(graph, comm);
  TcCheck check;
  global_int expected = comm.is_root() ? serial_triangles(whole) : 0;
  check.expected = comm.sum(expected);
  check.passed = check.expected == triangles;
  if (!check.passed) {
    check.failure = std::to_string(triangles) + " triangles counted, the serial count gives " +
                    std::to_string(check.expected);
  }
  return check;
}

}  // namespace hpcg::graph
