// SPDX-License-Identifier: BSD-3-Clause
// SSSP verification, distributed and independent of the kernel: one halo exchange of the
// distances, then every owned vertex is checked against its in-edges (pull), so that each rank
// checks its own rows. Untimed.
//
// Why these checks suffice: with positive weights, following edges with dist(v) = dist(u) + w
// backwards strictly lowers the distance, so it ends, and only at the source (the one vertex
// allowed no such edge, and the only one at 0): every distance is the length of a path, hence
// no shorter than the true one; no edge relaxing a distance makes it no longer. Unreached
// vertices are right when no reached vertex has an edge to them.
#include <mpi.h>

#include <algorithm>
#include <string>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/sssp.hpp"
#include "verifier_support.hpp"

namespace hpcg::graph {
namespace {

std::string name_of(const Graph& g, local_int column) {
  return std::to_string(g.partition.relabel.inverse(g.global_id(column)));
}

std::string shown(distance_t d) { return d == unreached ? "unreached" : std::to_string(d); }

/// Values each owned row may hold: `unreached`, 0 at the source only, positive elsewhere.
std::string check_values(const Graph& g, global_int source, const std::vector<distance_t>& d) {
  for (local_int v = 0; v < g.rows(); ++v) {
    const bool is_source = g.first_vertex + v == source;
    if (is_source && d[v] != 0) {
      return "the source " + name_of(g, v) + " has distance " + shown(d[v]) + ", not 0";
    }
    if (!is_source && d[v] <= 0) {
      return "vertex " + name_of(g, v) + " has distance " + std::to_string(d[v]) +
             ": only the source may have 0, and weights are positive";
    }
  }
  return "";
}

/// Every in-edge c -> v (weight w) of every owned v: dist(v) <= dist(c) + w, and a reached v
/// other than the source has one edge with equality. `d` covers every column of `in`.
std::string check_edges(const Graph& g, global_int source, const std::vector<distance_t>& d) {
  const SparseMatrix& A = g.in.matrix;
  for (local_int v = 0; v < g.rows(); ++v) {
    bool has_tight_edge = false;
    for (nnz_int k = A.row_start[v]; k < A.row_start[v + 1]; ++k) {
      const local_int c = A.column_index[k];
      const distance_t w = g.in.weights[k];
      if (d[c] == unreached) continue;
      auto edge = [&] {
        return "edge " + name_of(g, c) + " -> " + name_of(g, v) + " (weight " +
               std::to_string(w) + ")";
      };
      if (d[v] == unreached) {
        return "vertex " + name_of(g, v) + " is unreached, but " + edge() + " leaves reached " +
               name_of(g, c) + " at distance " + std::to_string(d[c]);
      }
      // d[v] > 0 here (check_values), so d[v] - w cannot overflow; d[c] + w might.
      if (d[v] - w > d[c]) {
        return edge() + " shortens the distance of " + name_of(g, v) + ": " +
               std::to_string(d[c]) + " + " + std::to_string(w) + " < " + std::to_string(d[v]);
      }
      has_tight_edge = has_tight_edge || d[v] - w == d[c];
    }
    if (d[v] != unreached && g.first_vertex + v != source && !has_tight_edge) {
      return "vertex " + name_of(g, v) + " has distance " + std::to_string(d[v]) +
             ", but no in-edge ends a path of that length";
    }
  }
  return "";
}

long long global_max(long long value, const Comm& comm) {
  long long result = value;
  WatchedWait wait("MPI_Allreduce (max)", comm.get());
  MPI_Allreduce(&value, &result, 1, MPI_LONG_LONG, MPI_MAX, comm.get());
  return result;
}

}  // namespace

SsspCheck verify_sssp(Graph& graph, global_int source, const std::vector<distance_t>& distance,
                      const Comm& comm) {
  if (!graph.weighted) throw InputError("SSSP verification needs edge weights");
  SsspCheck check;
  const bool right_length = distance.size() == static_cast<std::size_t>(graph.rows());
  check.failure = agree_on_failure(
      right_length ? check_values(graph, source, distance) : "distance array has the wrong length",
      comm);
  if (check.failure.empty()) {
    std::vector<distance_t> with_halo(static_cast<std::size_t>(graph.in.matrix.columns));
    std::copy(distance.begin(), distance.end(), with_halo.begin());
    graph.in.matrix.exchange.run_typed(with_halo.data());
    check.failure = agree_on_failure(check_edges(graph, source, with_halo), comm);
  }
  check.passed = check.failure.empty();
  global_int reached = 0;
  distance_t farthest = 0;
  if (right_length) {
    for (distance_t d : distance) {
      if (d == unreached) continue;
      ++reached;
      farthest = std::max(farthest, d);
    }
  }
  check.reached = comm.sum(reached);
  check.farthest = global_max(farthest, comm);
  return check;
}

}  // namespace hpcg::graph
