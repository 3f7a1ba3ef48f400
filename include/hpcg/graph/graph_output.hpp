// SPDX-License-Identifier: BSD-3-Clause
// Text outputs of xgraph, written collectively (each rank writes its part at its offset with
// MPI-IO) and in original vertex ids whatever the partitioning.
#pragma once

#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"

namespace hpcg::graph {

/// The cleaned graph as an edge list ("u v" per line, each undirected edge once with u < v),
/// which read_edge_file reads back to the same graph (up to isolated vertices at the top ids).
void write_edge_list(const Graph& graph, const std::string& path, const Comm& comm);

/// "vertex score" per line, ascending vertex; `scores` holds the owned vertices' values.
void write_scores(const Graph& graph, const std::vector<float>& scores, const std::string& path,
                  const Comm& comm);

/// "vertex parent" per line, ascending vertex, -1 for unreached; `parent` in internal ids.
void write_parents(const Graph& graph, const std::vector<global_int>& parent,
                   const std::string& path, const Comm& comm);

/// Writes every rank's `text` into `path`, rank order, replacing the file. Throws ResourceError on
/// every rank when the file cannot be written. Collective.
void write_collectively(const std::string& path, const std::string& text, const Comm& comm);

}  // namespace hpcg::graph
