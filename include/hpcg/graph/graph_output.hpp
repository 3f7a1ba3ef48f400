// SPDX-License-Identifier: BSD-3-Clause
// Outputs of xgraph (the graph, per-vertex values), written collectively (each rank writes its
// part at its offset with MPI-IO) and in original vertex ids whatever the partitioning.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"

namespace hpcg::graph {

/// The cleaned graph in original ids, in the format `path`'s extension names, as read_edge_file
/// reads them: `.el` "u v", `.wel` "u v w", `.gr` DIMACS ("p sp N M", "a u v w", 1-based),
/// `.mtx` Matrix Market (symmetric when undirected, integer when weighted, else pattern), each
/// undirected edge once (u < v; .mtx: the lower triangle) or every arc; `.sg` / `.wsg` gapbs's
/// serialized CSR, byte for byte as gapbs writes it. Text files of an undirected graph read back
/// as arcs: symmetrize them (--symmetrize, gapbs's -s); .el and .wel drop isolated vertices at
/// the top ids. Throws InputError for an unknown extension or, when the graph has no weights, for
/// a format that stores them (see stores_weights); ResourceError when the file cannot be
/// written. Collective.
void write_graph(const Graph& graph, const std::string& path, const Comm& comm);

/// Whether the format `path` names always carries weights (.wel, .gr, .wsg): a graph without
/// weights needs them drawn before write_graph.
bool stores_weights(const std::string& path);

/// Throws InputError unless `path`'s extension names a format write_graph writes: a check to
/// make before the graph is built.
void check_graph_format(const std::string& path);

/// "vertex score" per line, ascending vertex; `scores` holds the owned vertices' values.
void write_scores(const Graph& graph, const std::vector<float>& scores, const std::string& path,
                  const Comm& comm);

/// "vertex label" per line, ascending vertex; `label` holds original ids (canonical_labels).
void write_labels(const Graph& graph, const std::vector<global_int>& label,
                  const std::string& path, const Comm& comm);

/// "vertex distance" per line, ascending vertex, "inf" for unreached.
void write_distances(const Graph& graph, const std::vector<std::int64_t>& distance,
                     const std::string& path, const Comm& comm);

/// "vertex parent" per line, ascending vertex, -1 for unreached; `parent` in internal ids.
void write_parents(const Graph& graph, const std::vector<global_int>& parent,
                   const std::string& path, const Comm& comm);

/// Writes `path` as sections one after another, section i being every rank's parts[i] in rank
/// order, replacing the file. Throws ResourceError on every rank when the file cannot be
/// written. Collective.
void write_sections(const std::string& path, const std::vector<std::string>& parts,
                    const Comm& comm);

/// Writes every rank's `text` into `path`, rank order, replacing the file. Throws ResourceError on
/// every rank when the file cannot be written. Collective.
void write_collectively(const std::string& path, std::string text, const Comm& comm);

}  // namespace hpcg::graph
