// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/problem/memory_sizing.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "hpcg/base/error.hpp"
#include "hpcg/base/memory_limit.hpp"
#include "hpcg/problem/memory_model.hpp"

namespace hpcg {
namespace {

constexpr double gib = 1024.0 * 1024.0 * 1024.0;
constexpr int smallest_side = 16;  // HPCG raises smaller local sides to 16

/// Entries of a 27-point stencil along one dimension of n points: 3 inside, 2 at either end.
global_int stencil_span(global_int n) { return n > 1 ? 3 * n - 2 : 1; }

bool fits_local_index(int nx, int ny, int nz) {
  return (nx + 2LL) * (ny + 2LL) * (nz + 2LL) <= max_local_int;
}

std::string gib_text(double bytes) {
  std::ostringstream text;
  text.precision(3);
  text << bytes / gib << " GiB";
  return text.str();
}

}  // namespace

std::array<LevelSummary, mg_levels> predict_level_summaries(const Geometry& root) {
  std::array<LevelSummary, mg_levels> levels{};
  Geometry g = root;
  for (int l = 0; l < mg_levels; ++l) {
    if (l > 0) g = g.coarsened();
    LevelSummary& s = levels[l];
    s.global_rows = g.gnx * g.gny * g.gnz;
    s.global_nonzeros = stencil_span(g.gnx) * stencil_span(g.gny) * stencil_span(g.gnz);
    // Rank 0 is at the low corner, so it has at most one neighbour layer per dimension (+x,
    // +y, +z); every combination of those directions is a neighbour rank.
    const bool has[3] = {g.npx > 1, g.npy > 1, g.npz > 1};
    const local_int sides[3] = {g.nx, g.ny, g.nz};
    s.root_columns = (g.nx + has[0]) * (g.ny + has[1]) * (g.nz + has[2]);
    for (int offset = 1; offset < 8; ++offset) {
      local_int sent = 1;
      bool possible = true;
      for (int d = 0; d < 3; ++d) {
        const bool across = (offset >> d) & 1;
        if (across && !has[d]) possible = false;
        sent *= across ? 1 : sides[d];  // the face, edge or corner the neighbour touches
      }
      if (!possible) continue;
      s.root_send_total += sent;
      s.root_send_neighbors += 1;
    }
  }
  return levels;
}

double model_bytes_per_node(const Params& params, int ranks, int ranks_per_node) {
  const Geometry root = make_geometry(params, 0, ranks);
  RunShape shape;
  shape.levels = predict_level_summaries(root);
  shape.ranks = ranks;
  shape.sets = 1;
  const MemoryEstimate m = estimate_memory(shape);
  return m.total_bytes / ranks * ranks_per_node;
}

SizingChoice choose_local_grid(const Params& params, int ranks, const NodeMemory& node,
                               double fraction, double optimization_share) {
  SizingChoice choice;
  choice.node = node;
  choice.fraction = fraction;
  choice.optimization_share = optimization_share;
  const double target = choice.target_bytes_per_node();
  Params trial = params;
  auto fits = [&](int nx, int ny, int nz) {
    if (!fits_local_index(nx, ny, nz)) return false;
    trial.nx = nx;
    trial.ny = ny;
    trial.nz = nz;
    const double bytes = model_bytes_per_node(trial, ranks, node.ranks_per_node);
    if (bytes * (1 + optimization_share) > target) return false;
    choice = {nx, ny, nz, node, fraction, bytes, optimization_share};
    return true;
  };
  // Shapes in increasing volume; the model grows with volume, so the last that fits is the
  // largest. Longer sides go to x, the contiguous direction of the vectors.
  for (int n = smallest_side;; n += 8) {
    if (!fits(n, n, n) || !fits(n + 8, n, n) || !fits(n + 8, n + 8, n)) break;
  }
  if (choice.nx == 0) {
    throw InputError("a memory target of " + gib_text(target) + " per node is too small: the " +
                     "smallest local grid, 16^3, needs " +
                     gib_text(model_bytes_per_node(trial, ranks, node.ranks_per_node) *
                              (1 + optimization_share)) +
                     " with " +
                     std::to_string(node.ranks_per_node) + " rank(s) per node");
  }
  return choice;
}

double node_memory_total() {
  std::ifstream meminfo("/proc/meminfo");
  std::string line;
  while (std::getline(meminfo, line)) {
    std::istringstream fields(line);
    std::string key;
    double kib = 0;
    if (fields >> key >> kib && key == "MemTotal:") {
      // A cgroup limit (Slurm's --mem, a container) below the node's memory is the job's node.
      const double limit = cgroup_memory_limit().bytes;
      return limit > 0 ? std::min(limit, kib * 1024.0) : kib * 1024.0;
    }
  }
  return 0;
}

NodeMemory measure_node_memory(const Comm& comm, double node_gib) {
  MPI_Comm node_comm = MPI_COMM_NULL;
  MPI_Comm_split_type(comm.get(), MPI_COMM_TYPE_SHARED, comm.rank(), MPI_INFO_NULL, &node_comm);
  int on_this_node = 1;
  MPI_Comm_size(node_comm, &on_this_node);
  MPI_Comm_free(&node_comm);
  NodeMemory node;
  node.ranks_per_node = comm.max(on_this_node);
  node.bytes = node_gib > 0 ? node_gib * gib : comm.min(node_memory_total());
  return node;
}

SizingChoice size_by_memory(Params& params, const MemoryTarget& target, const Comm& comm,
                            double optimization_share) {
  HPCG_REQUIRE(target.given());
  const NodeMemory node = measure_node_memory(comm, target.gib);
  SizingChoice choice;
  run_collectively(comm, [&] {
    if (node.bytes <= 0) {
      throw InputError("cannot read MemTotal from /proc/meminfo; give the node's memory with "
                       "--memory=GiB");
    }
    const double fraction = target.fraction > 0 ? target.fraction : 1.0;
    choice = choose_local_grid(params, comm.size(), node, fraction, optimization_share);
  });
  params.nx = choice.nx;
  params.ny = choice.ny;
  params.nz = choice.nz;
  return choice;
}

}  // namespace hpcg
