// SPDX-License-Identifier: BSD-3-Clause
// METIS 5.1 (Debian's libmetis-dev) on the graph gathered on rank 0; see metis_partition.hpp.
#include "metis_partition.hpp"

#include <metis.h>
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>

#include "gathered_graph.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"

namespace hpcg::graph {
namespace {

/// Bytes rank 0 may spend: XGRAPH_METIS_MEMORY when set, else half its free memory (other
/// ranks of the node share the rest).
double memory_allowed() {
  if (const char* text = std::getenv("XGRAPH_METIS_MEMORY")) return std::strtod(text, nullptr);
  const double pages = static_cast<double>(sysconf(_SC_AVPHYS_PAGES));
  return pages * static_cast<double>(sysconf(_SC_PAGESIZE)) / 2;
}

std::string gib(double bytes) { return std::to_string(bytes / (1u << 30)).substr(0, 6) + " GiB"; }

/// Refuses, on every rank, a graph that METIS cannot take on rank 0.
void check_fits(global_int vertices, global_int tuples, const Comm& comm) {
  // The gathered tuples, the symmetric CSR, and METIS's own work space (about three times the
  // graph in its k-way cut).
  const double entries = 2.0 * static_cast<double>(tuples);
  const double needed = 16.0 * static_cast<double>(tuples) +
                        4.0 * (entries + static_cast<double>(vertices)) * 4;
  const double allowed = comm.is_root() ? memory_allowed() : 0;
  const double limit = comm.max(allowed);
  const auto widest = static_cast<double>(std::numeric_limits<idx_t>::max());
  if (entries > widest || static_cast<double>(vertices) > widest) {
    throw ResourceError("--partition=metis: " + std::to_string(vertices) + " vertices and " +
                        std::to_string(tuples) +
                        " edge tuples exceed METIS's 32-bit ids; use --partition=block, "
                        "balanced or random");
  }
  if (needed > limit) {
    throw ResourceError("--partition=metis gathers the graph on rank 0: " +
                        std::to_string(vertices) + " vertices and " + std::to_string(tuples) +
                        " edge tuples need about " + gib(needed) + " there, and " + gib(limit) +
                        " may be used (half its free memory, or XGRAPH_METIS_MEMORY bytes); "
                        "use --partition=balanced, block or random");
  }
}

/// Rank 0: the symmetric adjacency without self-loops or duplicates, as METIS takes it.
void symmetric_csr(const std::vector<std::int64_t>& ends, idx_t n, std::vector<idx_t>& xadj,
                   std::vector<idx_t>& adjncy) {
  xadj.assign(static_cast<size_t>(n) + 1, 0);
  for (size_t i = 0; i + 1 < ends.size(); i += 2) {
    if (ends[i] == ends[i + 1]) continue;
    ++xadj[static_cast<size_t>(ends[i]) + 1];
    ++xadj[static_cast<size_t>(ends[i + 1]) + 1];
  }
  for (idx_t v = 0; v < n; ++v) xadj[v + 1] += xadj[v];
  adjncy.assign(static_cast<size_t>(xadj[n]), 0);
  std::vector<idx_t> next(xadj.begin(), xadj.end() - 1);
  for (size_t i = 0; i + 1 < ends.size(); i += 2) {
    const auto u = static_cast<idx_t>(ends[i]), v = static_cast<idx_t>(ends[i + 1]);
    if (u == v) continue;
    adjncy[static_cast<size_t>(next[u]++)] = v;
    adjncy[static_cast<size_t>(next[v]++)] = u;
  }
  // Sorted and unique rows, compacted in place.
  idx_t kept = 0;
  for (idx_t v = 0; v < n; ++v) {
    auto first = adjncy.begin() + xadj[v], last = adjncy.begin() + xadj[v + 1];
    std::sort(first, last);
    const auto end = std::unique(first, last);
    const idx_t start = kept;
    for (auto it = first; it != end; ++it) adjncy[static_cast<size_t>(kept++)] = *it;
    xadj[v] = start;
  }
  xadj[n] = kept;
  adjncy.resize(static_cast<size_t>(kept));
}

/// Rank 0: each vertex's part from METIS (k-way, the seed fixed so that runs repeat).
std::vector<idx_t> metis_parts(const std::vector<std::int64_t>& ends, idx_t n, idx_t parts) {
  std::vector<idx_t> part(static_cast<size_t>(n), 0);
  if (parts == 1 || n == 0) return part;
  std::vector<idx_t> xadj, adjncy;
  symmetric_csr(ends, n, xadj, adjncy);
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_SEED] = 1;
  idx_t constraints = 1, cut = 0;
  const int status = METIS_PartGraphKway(&n, &constraints, xadj.data(), adjncy.data(), nullptr,
                                         nullptr, nullptr, &parts, nullptr, nullptr, options,
                                         &cut, part.data());
  if (status != METIS_OK) {
    throw InputError("--partition=metis: METIS_PartGraphKway failed (" +
                     std::string(status == METIS_ERROR_MEMORY ? "out of memory" : "error " +
                                 std::to_string(status)) +
                     "); use --partition=balanced, block or random");
  }
  return part;
}

}  // namespace

Relabel metis_relabel(const EdgeList& edges, const Comm& comm, std::vector<global_int>& offsets) {
  const global_int n = edges.vertex_count;
  run_collectively(comm, [&] {
    check_fits(n, comm.sum(static_cast<global_int>(edges.edges.size())), comm);
  });
  std::vector<std::int64_t> mine;
  mine.reserve(2 * edges.edges.size());
  for (const Edge& e : edges.edges) {
    mine.push_back(e.u);
    mine.push_back(e.v);
  }
  const std::vector<std::int64_t> ends = gather_ids(mine, comm);
  mine = {};
  std::vector<global_int> forward(static_cast<size_t>(n));
  offsets.assign(static_cast<size_t>(comm.size()) + 1, 0);
  run_collectively(comm, [&] {
    if (!comm.is_root()) return;
    const std::vector<idx_t> part =
        metis_parts(ends, static_cast<idx_t>(n), static_cast<idx_t>(comm.size()));
    for (idx_t p : part) ++offsets[static_cast<size_t>(p) + 1];
    for (size_t r = 0; r + 1 < offsets.size(); ++r) offsets[r + 1] += offsets[r];
    std::vector<global_int> next(offsets.begin(), offsets.end() - 1);
    for (size_t v = 0; v < part.size(); ++v) forward[v] = next[static_cast<size_t>(part[v])]++;
  });
  WatchedWait wait("MPI_Bcast", comm.get());
  MPI_Bcast(offsets.data(), static_cast<int>(offsets.size()), MPI_INT64_T, 0, comm.get());
  // In pieces: MPI counts are ints.
  const size_t piece = std::size_t{1} << 28;
  for (size_t first = 0; first < forward.size(); first += piece) {
    const size_t count = std::min(piece, forward.size() - first);
    MPI_Bcast(forward.data() + first, static_cast<int>(count), MPI_INT64_T, 0, comm.get());
  }
  return Relabel::from_table(std::move(forward));
}

}  // namespace hpcg::graph
