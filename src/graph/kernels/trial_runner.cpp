// SPDX-License-Identifier: BSD-3-Clause
// The collectives behind the trial runner and what it gives a kernel (printing, sources).
#include "trial_runner.hpp"

#include <mpi.h>

#include <iostream>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"

namespace hpcg::graph {

PhaseSeconds slowest(const PhaseSeconds& mine, const Comm& comm) {
  double local[4] = {mine.setup, mine.compute_a, mine.compute_b, mine.communication}, global[4];
  WatchedWait wait("MPI_Allreduce (max)", comm.get());
  MPI_Allreduce(local, global, 4, MPI_DOUBLE, MPI_MAX, comm.get());
  return {global[0], global[1], global[2], global[3]};
}

std::uint64_t total_bytes(std::uint64_t mine, const Comm& comm) {
  unsigned long long local = mine, global = 0;
  WatchedWait wait("MPI_Allreduce (sum)", comm.get());
  MPI_Allreduce(&local, &global, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm.get());
  return global;
}

void print_on_root(const Comm& comm, const std::string& text) {
  if (!comm.is_root()) return;
  std::cout << text << std::flush;
}

void KernelContext::print(const std::string& text) const { print_on_root(comm, text); }

std::vector<global_int> KernelContext::sources(int count, bool distinct) const {
  const RunSettings& o = run;
  std::vector<global_int> picked;
  run_collectively(comm, [&] {
    if (o.source_vertex < 0) {
      picked = pick_sources(graph, count, o.seed, comm, distinct);
      return;
    }
    if (o.source_vertex >= graph.vertex_count) {
      throw InputError("--source=" + std::to_string(o.source_vertex) +
                       " is not a vertex; the graph has 0.." +
                       std::to_string(graph.vertex_count - 1));
    }
    if (degree_of(graph, o.source_vertex, comm) == 0) {
      throw InputError("--source=" + std::to_string(o.source_vertex) +
                       " has no out-edges; BFS, SSSP and BC need a source with at least one");
    }
    picked.assign(static_cast<size_t>(count), o.source_vertex);
  });
  return picked;
}

}  // namespace hpcg::graph
