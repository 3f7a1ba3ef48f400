// SPDX-License-Identifier: BSD-3-Clause
// Refuses, before any allocation, a problem that cannot fit in the node's memory, with the
// numbers and a local grid that would fit (instead of being killed halfway through setup).
#pragma once

#include <cstdint>
#include <string>

#include "hpcg/base/comm.hpp"
#include "hpcg/problem/geometry.hpp"

namespace hpcg {

/// Bytes this implementation allocates for one rank's problem with `rows` local fine rows:
/// the 27-point CSR matrix, its vectors and the coarse levels.
double estimated_bytes_per_rank(double rows);

/// Memory the kernel reports as available (MemAvailable), in bytes; 0 when unknown.
std::uint64_t available_node_memory();

/// What the ranks of this node may still allocate: the smaller of MemAvailable and the job's
/// cgroup limit less its usage (memory_limit.hpp); `limited_by` names which. bytes 0: unknown.
struct JobMemory {
  double bytes = 0;
  std::string limited_by;
};
JobMemory available_job_memory();

/// Throws ResourceError on every rank if the ranks sharing a node need more than the memory
/// available on it, counting a backend whose optimisation data is `optimization_share` of
/// HPCG's memory model (registry.hpp). Collective.
void check_memory_fits(const Geometry& fine, const Comm& comm, double optimization_share);

}  // namespace hpcg
