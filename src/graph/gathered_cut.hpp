// SPDX-License-Identifier: BSD-3-Clause
// Graph partitioners that cut the whole graph on rank 0 (METIS, sequential Scotch): the fit
// check, the gather, the symmetric adjacency they take, and the relabelling that turns their
// parts into contiguous blocks of new ids, so that the 1D row distribution stays as it is.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/edge_list.hpp"
#include "hpcg/graph/partition.hpp"

namespace hpcg::graph {

/// The symmetric adjacency without self-loops or duplicates, rows sorted: the CSR both METIS
/// and Scotch take (their Debian builds use 32-bit ids).
struct SymmetricCsr {
  std::int32_t n = 0;
  std::vector<std::int32_t> start, neighbours;
};

struct GatheredCutter {
  std::string option;           ///< as the user wrote it, for messages: "--partition=metis"
  std::string library;          ///< "METIS"
  std::string memory_variable;  ///< the environment variable that overrides the memory allowed
  std::string elsewhere;        ///< where a graph too large for rank 0 can still be cut, or ""
  /// Rank 0 only: each vertex's part in [0, parts); throws InputError when the library fails.
  std::function<std::vector<std::int32_t>(const SymmetricCsr&, std::int32_t parts)> cut;
};

/// The relabelling that puts part r's vertices (in original-id order) at the ids of block r,
/// and the blocks' offsets. `edges` are this rank's tuples (original ids; self-loops and
/// duplicates allowed); edges count in both directions. Throws ResourceError on every rank when
/// the graph does not fit on rank 0 (half its free memory, or `memory_variable` bytes when set)
/// or exceeds 32-bit ids, and InputError on every rank when the cut fails. Collective.
Relabel gathered_relabel(const EdgeList& edges, const Comm& comm, std::vector<global_int>& offsets,
                         const GatheredCutter& cutter);

}  // namespace hpcg::graph
