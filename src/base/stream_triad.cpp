// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/stream_triad.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <new>
#include <set>
#include <string>

#include "hpcg/base/stop_signal.hpp"
#include "hpcg/base/timer.hpp"

namespace hpcg {
namespace {

constexpr long min_array_bytes = 16L << 20;
/// Assumed when the system does not say (a container without /sys, a VM that hides its caches).
/// Small on purpose: arrays partly in a cache larger than this overstate the bandwidth, which
/// only lowers the roofline fraction reported, while a large guess cost a small run seconds and
/// every rank gigabytes it may not have (4 x 256 MiB per array on one rank).
constexpr double fallback_node_cache_bytes = 32.0 * (1 << 20);
constexpr double triad_scalar = 3.0;

/// "32768K" or "1M" as sysfs writes cache sizes, in bytes; 0 when unreadable.
double cache_size_bytes(const std::string& text) {
  std::size_t end = 0;
  double value = 0;
  try {
    value = std::stod(text, &end);
  } catch (const std::exception&) {
    return 0;
  }
  const char unit = end < text.size() ? text[end] : ' ';
  if (unit == 'K') return value * 1024;
  if (unit == 'M') return value * 1024 * 1024;
  if (unit == 'G') return value * 1024 * 1024 * 1024;
  return value;
}

/// The node's last-level caches together: each distinct L3 (by the CPUs sharing it) once.
double node_cache_bytes() {
  const long cpus = sysconf(_SC_NPROCESSORS_CONF);
  std::set<std::string> seen;
  double bytes = 0;
  for (long cpu = 0; cpu < cpus; ++cpu) {
    const std::string dir = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cache/index3/";
    std::ifstream shared(dir + "shared_cpu_list"), size(dir + "size");
    std::string cpu_list, size_text;
    if (!std::getline(shared, cpu_list) || !std::getline(size, size_text)) continue;
    if (seen.insert(cpu_list).second) bytes += cache_size_bytes(size_text);
  }
  return bytes > 0 ? bytes : fallback_node_cache_bytes;
}

int ranks_on_this_node(const Comm& comm) {
  MPI_Comm node;
  MPI_Comm_split_type(comm.get(), MPI_COMM_TYPE_SHARED, comm.rank(), MPI_INFO_NULL, &node);
  int size = 1;
  MPI_Comm_size(node, &size);
  MPI_Comm_free(&node);
  return size;
}

double* allocate(long n) { return new (std::nothrow) double[static_cast<std::size_t>(n)]; }

}  // namespace

long triad_elements_per_rank(const Comm& comm) {
  const double array_bytes = 4.0 * node_cache_bytes() / ranks_on_this_node(comm);
  const long bytes = std::max(min_array_bytes, static_cast<long>(array_bytes));
  // Every rank the same size, so ranks on nodes of other kinds are not timed unevenly.
  const long most = static_cast<long>(comm.max(static_cast<double>(bytes)));
  return most / static_cast<long>(sizeof(double));
}

TriadMeasurement measure_stream_triad(const Comm& comm, long n, const TriadLength& length) {
  TriadMeasurement result;
  result.elements_per_rank = n;
  std::unique_ptr<double[]> a(allocate(n)), b(allocate(n)), c(allocate(n));
  if (comm.min(a && b && c ? 1.0 : 0.0) == 0.0) return result;
  double* pa = a.get();
  const double* pb = b.get();
  const double* pc = c.get();
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    a[i] = 0.0;
    b[i] = 1.0;
    c[i] = 2.0;
  }
  double best = 1e30;
  const double start = wall_time();
  for (bool more = true; more;) {
    stop_point();  // a launcher that kills a second after its SIGTERM (Open MPI) sees the line
    comm.barrier();
    const double repetition_start = wall_time();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i) pa[i] = pb[i] + triad_scalar * pc[i];
    comm.barrier();
    const double now = wall_time();
    // The slowest rank's time is the job's, and every rank then holds the same figure.
    best = std::min(best, comm.max(now - repetition_start));
    ++result.repetitions;
    // Rank 0's clock decides, so every rank runs the same number of repetitions.
    const double elapsed = comm.max(comm.is_root() ? now - start : 0.0);
    more = result.repetitions < length.min_repetitions || elapsed < length.min_seconds;
  }
  for (long i = 0; i < n; i += 4096) result.checksum += pa[i];
  result.measured = true;
  result.best_seconds = best;
  result.gbs = comm.sum(3.0 * sizeof(double) * static_cast<double>(n)) / best / 1e9;
  return result;
}

}  // namespace hpcg
