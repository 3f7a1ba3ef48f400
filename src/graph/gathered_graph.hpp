// SPDX-License-Identifier: BSD-3-Clause
// The whole graph on rank 0 (private to the graph module), for verifiers that compare a kernel
// with a serial computation as GAP's do: out-edges as a CSR in internal ids, and any per-vertex
// values gathered in internal-id order.
#pragma once

#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"

namespace hpcg::graph {

struct GatheredGraph {
  global_int n = 0;
  std::vector<nnz_int> start;         ///< n + 1 offsets into column (rank 0 only)
  std::vector<global_int> column;     ///< out-neighbours, internal ids (rank 0 only)
};

/// Every rank's out-edges gathered on rank 0 (others get an empty CSR). Collective.
GatheredGraph gather_out_edges(const Graph& graph, const Comm& comm);

/// The owned vertices' values gathered on rank 0 in internal-id order. Collective.
std::vector<float> gather_values(const std::vector<float>& mine, const Comm& comm);

/// Every rank's ids concatenated on rank 0 (empty elsewhere). Collective.
std::vector<std::int64_t> gather_ids(const std::vector<std::int64_t>& mine, const Comm& comm);

}  // namespace hpcg::graph
