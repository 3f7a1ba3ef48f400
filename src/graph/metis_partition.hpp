// SPDX-License-Identifier: BSD-3-Clause
// The graph partitioners: --partition=metis (METIS 5.1's k-way cut of the graph gathered on
// rank 0, gathered_cut.hpp) and --partition=scotch (the Open MPI build: PT-Scotch 7's distributed
// k-way partitioning; the MPICH build: Scotch 7's sequential k-way mapping, gathered as METIS).
#pragma once

#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/edge_list.hpp"
#include "hpcg/graph/partition.hpp"

namespace hpcg::graph {

/// METIS's parts as blocks of new ids (gathered_relabel). Collective.
Relabel metis_relabel(const EdgeList& edges, const Comm& comm, std::vector<global_int>& offsets);

/// Scotch's parts as blocks of new ids: PT-Scotch's on the distributed graph where the build
/// links it (ptscotch_partition.cpp), else Scotch's on rank 0 (gathered_relabel). Collective.
Relabel scotch_relabel(const EdgeList& edges, const Comm& comm, std::vector<global_int>& offsets);

/// Which Scotch this build's --partition=scotch runs, for the report: "PT-Scotch, distributed"
/// or "Scotch on rank 0".
const char* scotch_method();

}  // namespace hpcg::graph
