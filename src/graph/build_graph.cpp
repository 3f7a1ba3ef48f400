// SPDX-License-Identifier: BSD-3-Clause
// Graph construction (GAP's "build"): clean and symmetrize the tuples, route each directed edge to
// the owner of its row, sort and deduplicate rows, then number columns locally and let the core's
// setup_halo build the communication lists.
#include <algorithm>
#include <utility>

#include "hpcg/base/error.hpp"
#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/random.hpp"
#include "local_csr.hpp"
#include "route.hpp"

namespace hpcg::graph {
namespace {

/// Both directions of every tuple but self-loops, in internal ids.
std::vector<Edge> symmetrize(std::vector<Edge>& tuples, const Relabel& relabel) {
  const auto n = static_cast<long long>(tuples.size());
  std::vector<long long> kept(static_cast<size_t>(n) + 1, 0);
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i) kept[i + 1] = tuples[i].u != tuples[i].v ? 2 : 0;
  for (long long i = 0; i < n; ++i) kept[i + 1] += kept[i];
  std::vector<Edge> directed(static_cast<size_t>(kept[n]));
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i) {
    if (kept[i + 1] == kept[i]) continue;
    const global_int u = relabel.forward(tuples[i].u), v = relabel.forward(tuples[i].v);
    directed[kept[i]] = Edge{u, v};
    directed[kept[i] + 1] = Edge{v, u};
  }
  std::vector<Edge>().swap(tuples);
  return directed;
}

LocalCsr distribute(std::vector<Edge> directed, const Partition& partition, const Comm& comm) {
  auto owner = [&partition](const Edge& e) { return partition.owner_of(e.u); };
  std::vector<Edge> mine = route_to_owners(std::move(directed), owner, comm);
  const int me = comm.rank();
  return LocalCsr::from_edges(std::move(mine), partition.first(me), partition.count(me));
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

}  // namespace

local_int Graph::local_column(global_int internal) const {
  if (owns(internal)) return static_cast<local_int>(internal - first_vertex);
  auto it = std::lower_bound(ghost_ids.begin(), ghost_ids.end(), internal);
  if (it == ghost_ids.end() || *it != internal) return -1;
  return rows() + static_cast<local_int>(it - ghost_ids.begin());
}

Graph build_graph(EdgeList edges, PartitionKind kind, std::uint64_t seed, const Comm& comm,
                  NeighbourOrder order) {
  check_ids(edges, comm);
  Graph graph;
  graph.vertex_count = edges.vertex_count;
  graph.partition.kind = kind;
  if (kind == PartitionKind::random) {
    graph.partition.relabel =
        Relabel(edges.vertex_count, stream_key(seed, static_cast<std::uint64_t>(Stream::relabel)));
  }
  graph.partition.offsets = block_offsets(edges.vertex_count, comm.size());
  check_local_size(graph.partition.count(comm.rank()), comm);
  LocalCsr csr =
      distribute(symmetrize(edges.edges, graph.partition.relabel), graph.partition, comm);

  if (kind == PartitionKind::balanced) {
    auto offsets = balanced_offsets(csr.degrees(), csr.first, graph.vertex_count, comm);
    if (offsets != graph.partition.offsets) {
      graph.partition.offsets = std::move(offsets);
      // The rows are clean already; moving them is one more routing of their edges.
      csr = distribute(csr.to_edges(), graph.partition, comm);
    }
  }
  graph.first_vertex = csr.first;
  attach_local_matrix(graph, std::move(csr), comm, order);
  graph.edge_count = graph.adjacency.global_nonzeros / 2;
  return graph;
}

PartitionStats partition_stats(const Graph& graph, const Comm& comm) {
  PartitionStats stats;
  const auto halo = static_cast<global_int>(graph.ghosts());
  const auto edges = static_cast<global_int>(graph.adjacency.nonzeros());
  stats.halo_volume = comm.sum(halo);
  stats.max_rank_halo = static_cast<global_int>(comm.max(static_cast<double>(halo)));
  stats.max_rank_edges = static_cast<global_int>(comm.max(static_cast<double>(edges)));
  const double mean_edges = static_cast<double>(graph.adjacency.global_nonzeros) / comm.size();
  const double mean_rows = static_cast<double>(graph.vertex_count) / comm.size();
  if (mean_edges > 0) stats.edge_imbalance = static_cast<double>(stats.max_rank_edges) / mean_edges;
  if (mean_rows > 0)
    stats.vertex_imbalance = comm.max(static_cast<double>(graph.rows())) / mean_rows;
  return stats;
}

}  // namespace hpcg::graph
