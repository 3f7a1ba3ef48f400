// SPDX-License-Identifier: BSD-3-Clause
// --partition=metis: METIS's k-way cut of the whole graph, gathered on rank 0 where it fits
// there (refused with a clear message where it does not), then each part a contiguous block of
// new ids so that the 1D row distribution stays as it is.
#pragma once

#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/edge_list.hpp"
#include "hpcg/graph/partition.hpp"

namespace hpcg::graph {

/// The relabelling that puts part r's vertices (in original-id order) at the ids of block r,
/// and the blocks' offsets. `edges` are this rank's tuples (original ids; self-loops and
/// duplicates allowed); edges count in both directions. Throws ResourceError on every rank when
/// the graph does not fit on rank 0 (its free memory, or XGRAPH_METIS_MEMORY bytes when set)
/// or exceeds METIS's 32-bit ids, and InputError when METIS fails. Collective.
Relabel metis_relabel(const EdgeList& edges, const Comm& comm, std::vector<global_int>& offsets);

}  // namespace hpcg::graph
