// SPDX-License-Identifier: BSD-3-Clause
// A distributed graph is the core's distributed sparse matrix: the adjacency matrix in a 1D row
// distribution (this rank's vertices are its rows), 64-bit global vertex ids, 32-bit local column
// ids, and the core's halo set-up and exchange for the neighbours other ranks own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/types.hpp"
#include "hpcg/graph/edge_list.hpp"
#include "hpcg/graph/partition.hpp"
#include "hpcg/linalg/sparse_matrix.hpp"

namespace hpcg::graph {

/// One direction of this rank's edges as a halo'd sparse pattern: row r lists, as local columns,
/// the vertices r has an edge to (out) or from (in), owned columns first, then ghosts, each part in
/// the NeighbourOrder build_graph was given (by degree: descending, ties by ascending column);
/// local column rows + k stands for ghost_ids[k]. The matrix's exchange sends owned rows' values
/// to the ranks holding them as ghosts.
struct Adjacency {
  SparseMatrix matrix;                  ///< pattern only (`values` and `diagonal` stay empty)
  std::vector<global_int> ghost_ids;    ///< ascending internal ids of the halo columns
  std::vector<local_int> owned_degree;  ///< per row: how many of its columns are owned
  std::vector<weight_t> weights;        ///< per entry of matrix.column_index; empty if unweighted

  local_int rows() const { return matrix.rows; }
  local_int ghosts() const { return matrix.columns - matrix.rows; }
  global_int degree(local_int row) const {
    return matrix.row_start[row + 1] - matrix.row_start[row];
  }
};

/// How each row lists its neighbours (owned ones first, then ghosts, in either order): by
/// descending degree, so that a bottom-up BFS step meets hubs first and stops sooner, or by id.
enum class NeighbourOrder { degree, id };

/// A graph after GAP's cleanup (no self-loops, no duplicate edges; an undirected graph stores
/// both directions of every edge). Ids are internal (Partition::relabel maps original ids to
/// them); this rank owns [first_vertex, first_vertex + rows()).
struct Graph {
  global_int vertex_count = 0;  ///< N, isolated vertices included
  global_int edge_count = 0;    ///< undirected edges, each counted once, or arcs when directed
  bool directed = false;
  bool weighted = false;  ///< the adjacencies carry weights (SSSP)
  Partition partition;
  global_int first_vertex = 0;
  NeighbourOrder neighbour_order = NeighbourOrder::degree;  ///< as built (repartitioning keeps it)

  /// In-edges (pull): row v lists every u with an edge u -> v; every neighbour when undirected.
  Adjacency in;
  /// Directed graphs only, out-edges: row u lists every v with an edge u -> v. Empty when
  /// undirected: out() is then `in`.
  Adjacency out_edges;
  const Adjacency& out() const { return directed ? out_edges : in; }
  Adjacency& out() { return directed ? out_edges : in; }

  /// Transpose of in's halo part (CSR by ghost): the owned rows v with an edge ghost -> v, and
  /// that edge's weight when weighted. A frontier holding ghosts is pushed along these.
  std::vector<nnz_int> ghost_row_start;
  std::vector<local_int> ghost_rows;
  std::vector<weight_t> ghost_weights;

  /// Where each owned row's bit lies in the packed send segments of in.matrix.exchange (a row is
  /// sent to every rank that holds it as a ghost): CSR by row.
  std::vector<nnz_int> send_bit_start;
  std::vector<std::uint64_t> send_bits;

  /// One bit per owned row without in-edges: a BFS never reaches them (Kronecker graphs have
  /// many), so bottom-up steps skip them as if visited.
  std::vector<std::uint64_t> isolated_rows;

  local_int rows() const { return in.rows(); }
  local_int ghosts() const { return in.ghosts(); }
  global_int in_degree(local_int row) const { return in.degree(row); }
  global_int out_degree(local_int row) const { return out().degree(row); }
  /// Internal id of a local column of `in` (owned row or ghost).
  global_int global_id(local_int column) const {
    return column < rows() ? first_vertex + column : in.ghost_ids[column - rows()];
  }
  /// Local column in `in` of an internal id, or -1 when it is neither owned nor a ghost here.
  local_int local_column(global_int internal) const;
  bool owns(global_int internal) const {
    return internal >= first_vertex && internal < first_vertex + rows();
  }
};

/// GAP's cleanup and the distribution: drops self-loops, symmetrizes unless `edges.directed`,
/// removes duplicates (keeping the smallest weight), relabels and cuts the vertices as `kind` says
/// (`seed` keys the random relabelling), builds the CSRs and their halos. Keeps weights when
/// `edges.weighted`. Consumes `edges`. Collective.

Graph build_graph(EdgeList edges, PartitionKind kind, std::uint64_t seed, const Comm& comm,
                  NeighbourOrder order = NeighbourOrder::degree);

/// What a partitioning costs: the halo volume (values one exchange moves, over all ranks) and the
/// imbalance of edges and vertices (largest rank over mean rank).
struct PartitionStats {
  global_int halo_volume = 0;
  global_int max_rank_halo = 0;
  global_int max_rank_edges = 0;  ///< directed entries (row nonzeros) of the fullest rank
  double edge_imbalance = 1.0;
  double vertex_imbalance = 1.0;
  /// Edges with their ends on two ranks (arcs when directed).
  global_int edge_cut = 0;
  double partitioner_seconds = 0;  ///< the cut's own time (METIS's gather, cut and spread)
  std::string partitioner;         ///< Partition::partitioner
  /// Per rank: halo vertices, owned vertices, owned edge entries (rows' in-edges).
  std::vector<global_int> rank_halo, rank_vertices, rank_edges;
};

PartitionStats partition_stats(const Graph& graph, const Comm& comm);

}  // namespace hpcg::graph
