// SPDX-License-Identifier: BSD-3-Clause
// Graph construction (GAP's "build"): clean the tuples (symmetrize them when undirected), route
// each arc to the owner of its row (its source for out-edges, its target for in-edges), sort and
// deduplicate rows, then number columns locally and let the core's setup_halo build the
// communication lists.
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

#include "hpcg/base/error.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/random.hpp"
#include "hpcg/problem/memory_check.hpp"
#include "local_csr.hpp"
#include "metis_partition.hpp"
#include "route.hpp"

namespace hpcg::graph {
namespace {

/// The tuples but self-loops as arcs in internal ids: both directions of each when `both`.
std::vector<Edge> arcs(std::vector<Edge>& tuples, const Relabel& relabel, bool both) {
  const auto n = static_cast<long long>(tuples.size());
  const long long per_tuple = both ? 2 : 1;
  std::vector<long long> kept(static_cast<size_t>(n) + 1, 0);
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i) kept[i + 1] = tuples[i].u != tuples[i].v ? per_tuple : 0;
  for (long long i = 0; i < n; ++i) kept[i + 1] += kept[i];
  std::vector<Edge> result(static_cast<size_t>(kept[n]));
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i) {
    if (kept[i + 1] == kept[i]) continue;
    const global_int u = relabel.forward(tuples[i].u), v = relabel.forward(tuples[i].v);
    result[kept[i]] = Edge{u, v, tuples[i].w};
    if (both) result[kept[i] + 1] = Edge{v, u, tuples[i].w};
  }
  std::vector<Edge>().swap(tuples);
  return result;
}

/// The same arcs pointing the other way.
std::vector<Edge> reversed(const std::vector<Edge>& arcs) {
  std::vector<Edge> result(arcs.size());
  const auto n = static_cast<long long>(arcs.size());
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i) result[i] = Edge{arcs[i].v, arcs[i].u, arcs[i].w};
  return result;
}

/// This rank's rows of the arcs: each arc goes to the owner of its source u.
LocalCsr distribute(std::vector<Edge> arcs, const Partition& partition, bool weighted,
                    const Comm& comm) {
  auto owner = [&partition](const Edge& e) { return partition.owner_of(e.u); };
  std::vector<Edge> mine = route_to_owners(std::move(arcs), owner, comm);
  const int me = comm.rank();
  return LocalCsr::from_edges(std::move(mine), partition.first(me), partition.count(me), weighted);
}

void check_ids(const EdgeList& list, const Comm& comm) {
  run_collectively(comm, [&] {
    for (const Edge& e : list.edges) {
      if (e.u < 0 || e.v < 0 || e.u >= list.vertex_count || e.v >= list.vertex_count) {
        throw InputError("edge " + std::to_string(e.u) + " " + std::to_string(e.v) +
                         " names a vertex outside 0.." + std::to_string(list.vertex_count - 1));
      }
    }
  });
}

/// A rank's vertices must fit 32-bit local ids (attach_local_matrix checks them with the halo).
void check_local_size(global_int rows, const Comm& comm) {
  run_collectively(comm, [&] {
    if (rows >= max_local_int) {
      throw ResourceError("a rank would own " + std::to_string(rows) +
                          " vertices, more than 32-bit local ids allow; use more ranks");
    }
  });
}

/// A file may declare billions of vertices with a handful of edges. Refused before the
/// allocations when the ranks of a node cannot hold a lower bound of what the build and every
/// kernel keep: a CSR offset and one 8-byte value per owned vertex, and the random partition's
/// relabelling of every vertex on each rank. Otherwise the kernel would kill the job midway.
void check_memory(global_int vertices, PartitionKind kind, const Comm& comm) {
  const double owned = std::ceil(static_cast<double>(vertices) / comm.size());
  const double needed_here =
      16.0 * owned + (kind == PartitionKind::random ? 8.0 * static_cast<double>(vertices) : 0.0);
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(comm.get(), MPI_COMM_TYPE_SHARED, comm.rank(), MPI_INFO_NULL, &node);
  const Comm node_comm(node);
  const double needed = node_comm.sum(needed_here);
  const int ranks_on_node = node_comm.size();
  MPI_Comm_free(&node);
  const JobMemory job = available_job_memory();
  if (comm.max(job.bytes > 0 && needed > job.bytes ? 1 : 0) == 0) return;
  std::ostringstream message;
  message.precision(3);
  message << "the graph's " << vertices << " vertices need at least " << needed / 1073741824.0
          << " GiB on a node running " << ranks_on_node << " rank(s), but only "
          << job.bytes / 1073741824.0 << " GiB are available there (" << job.limited_by
          << "); use more nodes or a smaller graph";
  throw ResourceError(message.str());
}

}  // namespace

local_int Graph::local_column(global_int internal) const {
  if (owns(internal)) return static_cast<local_int>(internal - first_vertex);
  const auto& ghost_ids = in.ghost_ids;
  auto it = std::lower_bound(ghost_ids.begin(), ghost_ids.end(), internal);
  if (it == ghost_ids.end() || *it != internal) return -1;
  return rows() + static_cast<local_int>(it - ghost_ids.begin());
}

Graph build_graph(EdgeList edges, PartitionKind kind, std::uint64_t seed, const Comm& comm,
                  NeighbourOrder order) {
  check_ids(edges, comm);
  run_collectively(comm, [&] { check_memory(edges.vertex_count, kind, comm); });  // one message
  Graph graph;
  graph.vertex_count = edges.vertex_count;
  graph.directed = edges.directed;
  graph.weighted = edges.weighted;
  graph.neighbour_order = order;
  graph.partition.kind = kind;
  if (kind == PartitionKind::random) {
    graph.partition.relabel =
        Relabel(edges.vertex_count, stream_key(seed, static_cast<std::uint64_t>(Stream::relabel)));
  }
  graph.partition.offsets = block_offsets(edges.vertex_count, comm.size());
  if (kind == PartitionKind::metis || kind == PartitionKind::scotch) {
    const double start = wall_time();
    graph.partition.relabel = kind == PartitionKind::metis
                                  ? metis_relabel(edges, comm, graph.partition.offsets)
                                  : scotch_relabel(edges, comm, graph.partition.offsets);
    graph.partition.partitioner_seconds = comm.max(wall_time() - start);
    graph.partition.partitioner = kind == PartitionKind::metis ? "METIS on rank 0" : scotch_method();
  }
  check_local_size(graph.partition.count(comm.rank()), comm);
  const bool weighted = edges.weighted;
  // Undirected: one CSR of both directions serves as in- and out-edges. Directed: the arcs
  // by source (out) and by target (in).
  std::vector<Edge> out_arcs = arcs(edges.edges, graph.partition.relabel, !graph.directed);
  LocalCsr in;
  LocalCsr out;
  if (graph.directed) {
    in = distribute(reversed(out_arcs), graph.partition, weighted, comm);
    out = distribute(std::move(out_arcs), graph.partition, weighted, comm);
  } else {
    in = distribute(std::move(out_arcs), graph.partition, weighted, comm);
  }

  if (kind == PartitionKind::balanced) {
    std::vector<global_int> work = in.degrees();
    if (graph.directed) {
      const std::vector<global_int> out_degrees = out.degrees();
      for (size_t i = 0; i < work.size(); ++i) work[i] += out_degrees[i];
    }
    auto offsets = balanced_offsets(work, in.first, graph.vertex_count, comm);
    if (offsets != graph.partition.offsets) {
      graph.partition.offsets = std::move(offsets);
      // The rows are clean already; moving them is one more routing of their edges.
      in = distribute(in.to_edges(), graph.partition, weighted, comm);
      if (graph.directed) out = distribute(out.to_edges(), graph.partition, weighted, comm);
    }
  }
  graph.first_vertex = in.first;
  attach_adjacency(graph, graph.in, std::move(in), comm, order);
  if (graph.directed) attach_adjacency(graph, graph.out_edges, std::move(out), comm, order);
  build_push_indexes(graph);
  const global_int entries = graph.in.matrix.global_nonzeros;
  graph.edge_count = graph.directed ? entries : entries / 2;
  return graph;
}

PartitionStats partition_stats(const Graph& graph, const Comm& comm) {
  PartitionStats stats;
  const auto halo = static_cast<global_int>(graph.ghosts());
  const auto edges = static_cast<global_int>(graph.in.matrix.nonzeros());
  stats.halo_volume = comm.sum(halo);
  stats.max_rank_halo = static_cast<global_int>(comm.max(static_cast<double>(halo)));
  stats.max_rank_edges = static_cast<global_int>(comm.max(static_cast<double>(edges)));
  const double mean_edges = static_cast<double>(graph.in.matrix.global_nonzeros) / comm.size();
  const double mean_rows = static_cast<double>(graph.vertex_count) / comm.size();
  if (mean_edges > 0) stats.edge_imbalance = static_cast<double>(stats.max_rank_edges) / mean_edges;
  if (mean_rows > 0)
    stats.vertex_imbalance = comm.max(static_cast<double>(graph.rows())) / mean_rows;
  // An entry of `in` whose column is a ghost is a cut edge seen from one of its two ends (an
  // undirected edge is seen from both).
  global_int cut_entries = 0;
  for (local_int r = 0; r < graph.rows(); ++r) {
    cut_entries += static_cast<global_int>(graph.in.degree(r)) - graph.in.owned_degree[r];
  }
  stats.edge_cut = comm.sum(cut_entries) / (graph.directed ? 1 : 2);
  stats.partitioner_seconds = graph.partition.partitioner_seconds;
  stats.partitioner = graph.partition.partitioner;
  const std::int64_t mine[3] = {halo, static_cast<std::int64_t>(graph.rows()), edges};
  std::vector<std::int64_t> all(3 * static_cast<size_t>(comm.size()));
  {
    WatchedWait wait("MPI_Allgather", comm.get());
    MPI_Allgather(mine, 3, MPI_INT64_T, all.data(), 3, MPI_INT64_T, comm.get());
  }
  for (size_t r = 0; r < static_cast<size_t>(comm.size()); ++r) {
    stats.rank_halo.push_back(all[3 * r]);
    stats.rank_vertices.push_back(all[3 * r + 1]);
    stats.rank_edges.push_back(all[3 * r + 2]);
  }
  return stats;
}

}  // namespace hpcg::graph
