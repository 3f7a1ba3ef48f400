// SPDX-License-Identifier: BSD-3-Clause
// The partitioners on the graph gathered on rank 0 (gathered_cut.hpp): --partition=metis
// (METIS 5.1's k-way cut) and --partition=scotch (Scotch 7's sequential k-way mapping).
#pragma once

#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/edge_list.hpp"
#include "hpcg/graph/partition.hpp"

namespace hpcg::graph {

/// METIS's parts as blocks of new ids (gathered_relabel). Collective.
Relabel metis_relabel(const EdgeList& edges, const Comm& comm, std::vector<global_int>& offsets);

/// Scotch's parts as blocks of new ids (gathered_relabel). Collective.
Relabel scotch_relabel(const EdgeList& edges, const Comm& comm, std::vector<global_int>& offsets);

}  // namespace hpcg::graph
