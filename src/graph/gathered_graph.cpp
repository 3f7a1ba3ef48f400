// SPDX-License-Identifier: BSD-3-Clause
// Gathers on rank 0 what serial verifiers read. Rank r owns the internal ids from
// partition.first(r) on, so concatenating the ranks' rows gives internal-id order.
#include "gathered_graph.hpp"

#include <mpi.h>

#include <climits>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"

namespace hpcg::graph {
namespace {

/// Concatenates every rank's `mine` on rank 0. Collective.
template <class T>
std::vector<T> gather_all(const std::vector<T>& mine, MPI_Datatype type, const Comm& comm) {
  const int ranks = comm.size();
  if (mine.size() > static_cast<size_t>(INT_MAX)) {
    throw ResourceError("a rank's share is too large to gather on rank 0");
  }
  int count = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<size_t>(ranks), 0), offsets(static_cast<size_t>(ranks), 0);
  {
    WatchedWait wait("MPI_Gather", comm.get());
    MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm.get());
  }
  long long total = 0;
  for (int r = 0; r < ranks; ++r) {
    offsets[r] = static_cast<int>(total);
    total += counts[r];
  }
  if (comm.is_root() && total > INT_MAX) {
    throw ResourceError("the graph is too large to gather on rank 0");
  }
  std::vector<T> all(comm.is_root() ? static_cast<size_t>(total) : 0);
  WatchedWait wait("MPI_Gatherv", comm.get());
  MPI_Gatherv(mine.data(), count, type, all.data(), counts.data(), offsets.data(), type, 0,
              comm.get());
  return all;
}

}  // namespace

GatheredGraph gather_out_edges(const Graph& graph, const Comm& comm) {
  const Adjacency& out = graph.out();
  std::vector<std::int64_t> degree(static_cast<size_t>(graph.rows()));
  std::vector<std::int64_t> column;
  column.reserve(out.matrix.column_index.size());
  for (local_int v = 0; v < graph.rows(); ++v) {
    degree[v] = out.degree(v);
    for (nnz_int k = out.matrix.row_start[v]; k < out.matrix.row_start[v + 1]; ++k) {
      const local_int c = out.matrix.column_index[k];
      column.push_back(c < graph.rows() ? graph.first_vertex + c
                                        : out.ghost_ids[c - graph.rows()]);
    }
  }
  GatheredGraph whole;
  whole.n = graph.vertex_count;
  const std::vector<std::int64_t> degrees = gather_all(degree, MPI_INT64_T, comm);
  whole.column = gather_all(column, MPI_INT64_T, comm);
  if (comm.is_root()) {
    whole.start.assign(static_cast<size_t>(whole.n) + 1, 0);
    for (global_int v = 0; v < whole.n; ++v) whole.start[v + 1] = whole.start[v] + degrees[v];
  }
  return whole;
}

std::vector<std::int64_t> gather_ids(const std::vector<std::int64_t>& mine, const Comm& comm) {
  return gather_all(mine, MPI_INT64_T, comm);
}

std::vector<float> gather_values(const std::vector<float>& mine, const Comm& comm) {
  return gather_all(mine, MPI_FLOAT, comm);
}

}  // namespace hpcg::graph
