// SPDX-License-Identifier: BSD-3-Clause
// --memory-fraction / --memory: the local grid chosen from a share of each node's memory, with
// the memory model the report prints (HPCG 3.1's, about 715 bytes per equation) plus what the
// backend's optimisation phase will add, so that the report's "Total memory used for data"
// stays within what the user asked for.
#pragma once

#include <array>

#include "hpcg/base/comm.hpp"
#include "hpcg/problem/geometry.hpp"
#include "hpcg/problem/params.hpp"
#include "hpcg/problem/run_shape.hpp"

namespace hpcg {

/// What sizing needs to know about the nodes the job runs on.
struct NodeMemory {
  double bytes = 0;        ///< memory of one node (the smallest, if they differ)
  int ranks_per_node = 1;  ///< the most ranks any node runs
};

/// The grid sizing chose and why.
struct SizingChoice {
  int nx = 0, ny = 0, nz = 0;
  NodeMemory node;
  double fraction = 1;                ///< share of node.bytes the problem may use
  double model_bytes_per_node = 0;    ///< HPCG memory model of the chosen grid, one node's ranks
  double optimization_share = 0;      ///< the backend's optimisation data / the model
  double target_bytes_per_node() const { return fraction * node.bytes; }
  double planned_bytes_per_node() const { return model_bytes_per_node * (1 + optimization_share); }
};

/// Sizes of the multigrid levels that set-up will find for rank 0 (which sits at the corner of
/// the process grid): global rows and nonzeros of the 27-point stencil, rank 0's columns with
/// its halo, and its sends. Exact for the generated problem, without building it.
std::array<LevelSummary, mg_levels> predict_level_summaries(const Geometry& root);

/// HPCG's memory model (estimate_memory) of one node's ranks for this local grid.
double model_bytes_per_node(const Params& params, int ranks, int ranks_per_node);

/// The largest near-cube local grid whose model, with `optimization_share` of it more for the
/// backend's optimisation data, fits in fraction * node.bytes per node: sides
/// are multiples of 8 that differ by at most 8 (n^3, then (n+8) n n, (n+8)(n+8) n), so HPCG's
/// 0.125 ratio always holds; the 32-bit local-index limit caps it. Throws InputError when even
/// 16^3 does not fit. `params` supplies the process grid (npx/npy/npz or automatic).
SizingChoice choose_local_grid(const Params& params, int ranks, const NodeMemory& node,
                               double fraction, double optimization_share = 0.0);

/// MemTotal from /proc/meminfo, or the cgroup memory limit when smaller (memory_limit.hpp), in
/// bytes; 0 when unknown.
double node_memory_total();

/// Collective: ranks per node from MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) (the largest over
/// nodes) and MemTotal (the smallest over ranks), or `node_gib` GiB when it is positive.
NodeMemory measure_node_memory(const Comm& comm, double node_gib);

/// Applies a memory target (--memory-fraction / --memory) to `params` (sets nx, ny, nz) for a
/// backend whose optimisation data is `optimization_share` of the model. Collective; call only
/// when target.given().
SizingChoice size_by_memory(Params& params, const MemoryTarget& target, const Comm& comm,
                            double optimization_share);

}  // namespace hpcg
