// SPDX-License-Identifier: BSD-3-Clause
// The gather, fit check and relabelling shared by the partitioners on rank 0; see
// gathered_cut.hpp.
#include "gathered_cut.hpp"

#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <limits>

#include "gathered_graph.hpp"
#include "root_alone.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"

namespace hpcg::graph {
namespace {

/// Bytes rank 0 may spend: the cutter's variable when set, else half its free memory (other
/// ranks of the node share the rest).
double memory_allowed(const std::string& variable) {
  if (const char* text = std::getenv(variable.c_str())) return std::strtod(text, nullptr);
  const double pages = static_cast<double>(sysconf(_SC_AVPHYS_PAGES));
  return pages * static_cast<double>(sysconf(_SC_PAGESIZE)) / 2;
}

std::string gib(double bytes) { return std::to_string(bytes / (1u << 30)).substr(0, 6) + " GiB"; }

/// Refuses, on every rank, a graph that the library cannot take on rank 0.
void check_fits(global_int vertices, global_int tuples, const Comm& comm,
                const GatheredCutter& cutter) {
  // The gathered tuples, the symmetric CSR, and the library's own work space (about three
  // times the graph in a k-way cut).
  const double entries = 2.0 * static_cast<double>(tuples);
  const double needed = 16.0 * static_cast<double>(tuples) +
                        4.0 * (entries + static_cast<double>(vertices)) * 4;
  const double allowed = comm.is_root() ? memory_allowed(cutter.memory_variable) : 0;
  const double limit = comm.max(allowed);
  const auto widest = static_cast<double>(std::numeric_limits<std::int32_t>::max());
  if (entries > widest || static_cast<double>(vertices) > widest) {
    throw ResourceError(cutter.option + ": " + std::to_string(vertices) + " vertices and " +
                        std::to_string(tuples) + " edge tuples exceed " + cutter.library +
                        "'s 32-bit ids; use --partition=block, balanced or random");
  }
  if (needed > limit) {
    throw ResourceError(cutter.option + " gathers the graph on rank 0: " +
                        std::to_string(vertices) + " vertices and " + std::to_string(tuples) +
                        " edge tuples need about " + gib(needed) + " there, and " + gib(limit) +
                        " may be used (half its free memory, or " + cutter.memory_variable +
                        " bytes); use --partition=balanced, block or random" +
                        cutter.elsewhere);
  }
}

/// Rank 0: the symmetric adjacency without self-loops or duplicates.
SymmetricCsr symmetric_csr(const std::vector<std::int64_t>& ends, std::int32_t n) {
  SymmetricCsr csr;
  csr.n = n;
  auto& start = csr.start;
  auto& adjacent = csr.neighbours;
  start.assign(static_cast<size_t>(n) + 1, 0);
  for (size_t i = 0; i + 1 < ends.size(); i += 2) {
    if (ends[i] == ends[i + 1]) continue;
    ++start[static_cast<size_t>(ends[i]) + 1];
    ++start[static_cast<size_t>(ends[i + 1]) + 1];
  }
  for (std::int32_t v = 0; v < n; ++v) start[v + 1] += start[v];
  adjacent.assign(static_cast<size_t>(start[n]), 0);
  std::vector<std::int32_t> next(start.begin(), start.end() - 1);
  for (size_t i = 0; i + 1 < ends.size(); i += 2) {
    const auto u = static_cast<std::int32_t>(ends[i]), v = static_cast<std::int32_t>(ends[i + 1]);
    if (u == v) continue;
    adjacent[static_cast<size_t>(next[u]++)] = v;
    adjacent[static_cast<size_t>(next[v]++)] = u;
  }
  // Sorted and unique rows, compacted in place.
  std::int32_t kept = 0;
  for (std::int32_t v = 0; v < n; ++v) {
    auto first = adjacent.begin() + start[v], last = adjacent.begin() + start[v + 1];
    std::sort(first, last);
    const auto end = std::unique(first, last);
    const std::int32_t row = kept;
    for (auto it = first; it != end; ++it) adjacent[static_cast<size_t>(kept++)] = *it;
    start[v] = row;
  }
  start[n] = kept;
  adjacent.resize(static_cast<size_t>(kept));
  return csr;
}

}  // namespace

Relabel gathered_relabel(const EdgeList& edges, const Comm& comm, std::vector<global_int>& offsets,
                         const GatheredCutter& cutter) {
  const global_int n = edges.vertex_count;
  run_collectively(comm, [&] {
    check_fits(n, comm.sum(static_cast<global_int>(edges.edges.size())), comm, cutter);
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
  // The cut runs on rank 0 alone, for as long as the library takes: the others wait on its
  // heartbeat rather than on one collective the watchdog would time as a whole.
  const auto cut_on_root = [&] {
    const auto parts = static_cast<std::int32_t>(comm.size());
    std::vector<std::int32_t> part(static_cast<size_t>(n), 0);
    if (parts > 1 && n > 0) {
      part = cutter.cut(symmetric_csr(ends, static_cast<std::int32_t>(n)), parts);
    }
    for (std::int32_t p : part) {
      if (p < 0 || p >= parts) {
        throw InternalError(cutter.library + " returned part " + std::to_string(p) + " of " +
                            std::to_string(parts));
      }
      ++offsets[static_cast<size_t>(p) + 1];
    }
    for (size_t r = 0; r + 1 < offsets.size(); ++r) offsets[r + 1] += offsets[r];
    std::vector<global_int> next(offsets.begin(), offsets.end() - 1);
    for (size_t v = 0; v < part.size(); ++v) forward[v] = next[static_cast<size_t>(part[v])]++;
  };
  run_collectively(comm, [&] { run_on_root_alone(comm, cut_on_root); });
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
