// SPDX-License-Identifier: BSD-3-Clause
// What every distributed verifier of the graph module needs (private to it): one failure message
// that all ranks agree on.
#pragma once

#include <mpi.h>

#include <string>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/watchdog.hpp"

namespace hpcg::graph {

/// The lowest failing rank's message, or "" when no rank failed. Collective.
inline std::string agree_on_failure(const std::string& mine, const Comm& comm) {
  int candidate = mine.empty() ? comm.size() : comm.rank(), lowest = comm.size();
  {
    WatchedWait wait("MPI_Allreduce (min)", comm.get());
    MPI_Allreduce(&candidate, &lowest, 1, MPI_INT, MPI_MIN, comm.get());
  }
  return lowest == comm.size() ? std::string() : comm.broadcast(mine, lowest);
}

}  // namespace hpcg::graph
