// SPDX-License-Identifier: BSD-3-Clause
// GAP's triangle counting on an undirected graph: each triangle counted once, at its last vertex
// in a total order (by descending degree when GAP's heuristic finds the graph skewed enough,
// else by id), by intersecting the lists of earlier neighbours. Remote vertices' lists arrive by a
// ghost-row exchange through the in-edges' halo.
#pragma once

#include <cstdint>
#include <string>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/graph.hpp"
#include "hpcg/graph/kernel_settings.hpp"

namespace hpcg::graph {

struct TcStats {
  bool by_degree = false;            ///< the order is by descending degree (GAP's relabelling)
  std::uint64_t ghost_entries = 0;   ///< neighbour ids this rank sent in ghost rows
  std::uint64_t bytes_sent = 0;      ///< ghost rows, their lengths and the ghosts' degrees
  double seconds_setup = 0;          ///< the order decision and the ordered lists
  double seconds_count = 0, seconds_communication = 0;
};

struct TcResult {
  global_int triangles = 0;  ///< on every rank
  TcStats stats;
};

/// GAP's WorthRelabelling rule, our way: order by degree when the average degree (undirected
/// edges over vertices, truncated) is at least 10 and the mean degree of 1000 vertices drawn by
/// the source picker exceeds 1.3 times their median. Collective.
bool worth_ordering_by_degree(const Graph& graph, std::uint64_t seed, const Comm& comm);

/// Counts the triangles of an undirected graph. For each owned u, L(u) lists its neighbours that
/// precede it in the order (as local columns); a triangle w < v < u is found once, as
/// w in L(u) and in L(v) for v in L(u). A ghost v's L(v) is sent by its owner to the ranks that
/// hold v as a ghost and have a neighbour of v after it: a volume proportional to the boundary.
/// `seed` keys the degree sample. Collective; throws InternalError on a directed graph.
TcResult triangle_count(Graph& graph, std::uint64_t seed, const Comm& comm);

struct TcCheck {
  bool passed = true;
  std::string failure;
  global_int expected = 0;  ///< the serial count
};

/// GAP's check: a serial count on the whole graph gathered on rank 0, by another method (each
/// edge oriented towards its endpoint of higher degree, neighbours marked). Collective.
TcCheck verify_tc(const Graph& graph, global_int triangles, const Comm& comm);

/// TC has no options of its own.
struct TcSettings : KernelSettings {
  static constexpr KernelId id = KernelId::tc;
};

}  // namespace hpcg::graph
