// SPDX-License-Identifier: BSD-3-Clause
// An undirected graph stored as adjacency (gapbs's .sg/.wsg) must list every edge from both
// ends; one that does not would give wrong counts silently, so it is refused.
#pragma once

#include <string>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/edge_list.hpp"

namespace hpcg::graph {

/// Throws InputError on every rank, naming `path` and a vertex, unless the arcs of `list` (each
/// rank its share) are symmetric: as many u -> v of weight w as v -> u of weight w. Checked by
/// a per-vertex sum of hashed neighbours (two reductions of at most 64 Ki numbers), so a
/// mismatch is missed only with probability about 2^-64. Collective.
void require_symmetric_adjacency(const std::string& path, const EdgeList& list,
                                 const Comm& comm);

}  // namespace hpcg::graph
