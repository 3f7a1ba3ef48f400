// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/problem/memory_check.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "hpcg/base/error.hpp"
#include "hpcg/base/memory_limit.hpp"

namespace hpcg {
namespace {

constexpr double gib = 1024.0 * 1024.0 * 1024.0;
// HPCG's memory model per equation (the report's "Bytes per equation"), which a backend's
// optimisation share is relative to.
constexpr double model_bytes_per_equation = 715.0;

/// What one rank needs with `rows` fine rows and the backend's optimisation data.
double needed_bytes_per_rank(double rows, double optimization_share) {
  return estimated_bytes_per_rank(rows) + optimization_share * model_bytes_per_equation * rows;
}

/// Largest multiple-of-8 cube whose estimate fits in `bytes`.
int fitting_cube(double bytes, double optimization_share) {
  int n = static_cast<int>(std::cbrt(bytes / needed_bytes_per_rank(1.0, optimization_share))) /
          8 * 8;
  while (n > 16 && needed_bytes_per_rank(std::pow(n, 3), optimization_share) > bytes) n -= 8;
  return n;
}

}  // namespace

double estimated_bytes_per_rank(double rows) {
  // Per fine row: 27 entries of value and column (12 B each), row offset and diagonal offset
  // (16 B), about 12 vectors of 8 B (b, x, xexact, CG's r z p Ap, V-cycle and test vectors),
  // and the halo-setup scratch; coarse levels add 1/8 + 1/64 + 1/512 of that.
  const double fine_row_bytes = 27 * 12.0 + 16.0 + 12 * 8.0 + 16.0;
  const double coarse_factor = 1.0 + 1.0 / 8 + 1.0 / 64 + 1.0 / 512;
  return rows * fine_row_bytes * coarse_factor;
}

std::uint64_t available_node_memory() {
  std::ifstream meminfo("/proc/meminfo");
  std::string line;
  while (std::getline(meminfo, line)) {
    std::istringstream fields(line);
    std::string key;
    std::uint64_t kib = 0;
    if (fields >> key >> kib && key == "MemAvailable:") return kib * 1024;
  }
  return 0;
}

JobMemory available_job_memory() {
  // The job's cgroup (Slurm's --mem, a container) may allow less than the node has free.
  const CgroupMemoryLimit cgroup = cgroup_memory_limit();
  JobMemory job{static_cast<double>(available_node_memory()), "MemAvailable of /proc/meminfo"};
  if (cgroup.bytes > 0 && (job.bytes <= 0 || cgroup.bytes - cgroup.used < job.bytes)) {
    job.bytes = std::max(0.0, cgroup.bytes - cgroup.used);
    job.limited_by = cgroup.source;
  }
  return job;
}

void check_memory_fits(const Geometry& fine, const Comm& comm, double optimization_share) {
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(comm.get(), MPI_COMM_TYPE_SHARED, comm.rank(), MPI_INFO_NULL, &node);
  const Comm node_comm(node);
  const double needed =
      node_comm.sum(needed_bytes_per_rank(fine.local_rows(), optimization_share));
  const int ranks_on_node = node_comm.size();
  MPI_Comm_free(&node);
  const JobMemory job = available_job_memory();
  const double available = job.bytes;
  const std::string& limited_by = job.limited_by;
  const int too_big = available > 0 && needed > available ? 1 : 0;
  if (comm.max(too_big) == 0) return;
  std::ostringstream message;
  message.precision(3);
  message << "the problem needs about " << needed / gib << " GiB on a node running "
          << ranks_on_node << " rank(s), but only " << available / gib
          << " GiB are available there (" << limited_by << "); a local grid of "
          << fitting_cube(0.8 * available / ranks_on_node, optimization_share)
          << "^3 (or use more nodes) would fit";
  throw ResourceError(message.str());
}

}  // namespace hpcg
