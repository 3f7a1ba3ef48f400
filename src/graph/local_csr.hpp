// SPDX-License-Identifier: BSD-3-Clause
// This rank's rows while the graph is being built (private to the graph module): CSR with 64-bit
// global column ids, then its conversion to the core's SparseMatrix with 32-bit local columns.
#pragma once

#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/types.hpp"
#include "hpcg/graph/graph.hpp"

namespace hpcg::graph {

struct LocalCsr {
  global_int first = 0;  ///< internal id of row 0
  local_int rows = 0;
  std::vector<nnz_int> row_start;
  std::vector<global_int> columns;  ///< internal ids, each row ascending and duplicate-free
  std::vector<weight_t> weights;    ///< per column; empty when unweighted

  /// Rows [first, first + rows) from directed edges whose sources all lie in that range; sorts
  /// each row and removes duplicate edges, keeping the smallest weight when `weighted`.
  static LocalCsr from_edges(std::vector<Edge> edges, global_int first, global_int rows,
                             bool weighted);
  std::vector<global_int> degrees() const;
  std::vector<Edge> to_edges() const;
};

/// Numbers the columns of `csr` locally (owned, then ghosts ascending), builds their halo with the
/// core's setup_halo and orders each row as `order` says: one direction of `graph`. Collective.
void attach_adjacency(const Graph& graph, Adjacency& adjacency, LocalCsr csr, const Comm& comm,
                      NeighbourOrder order);

/// The push and frontier-packing indexes of graph.in (ghost transpose, send bits, rows without
/// in-edges), once graph.in is attached.
void build_push_indexes(Graph& graph);

}  // namespace hpcg::graph
