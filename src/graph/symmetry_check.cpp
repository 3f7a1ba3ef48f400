// SPDX-License-Identifier: BSD-3-Clause
// Each arc u -> v adds hash(v, w) to u's sum and subtracts hash(u, w) from v's (mod 2^64): in a
// symmetric adjacency every vertex's sum is zero. The sums are gathered into 64 Ki buckets by
// vertex id first, then, for the first nonzero bucket only, vertex by vertex.
#include "symmetry_check.hpp"

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"

namespace hpcg::graph {
namespace {

constexpr std::uint64_t bucket_count = 1 << 16;

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

std::uint64_t neighbour_hash(global_int neighbour, weight_t weight) {
  return mix(static_cast<std::uint64_t>(neighbour) * 0x100000001B3ULL ^ mix(weight));
}

/// Adds each arc's contribution to sums[slot(vertex)] for the vertices `slot` accepts.
template <typename Slot>
void add_arcs(const EdgeList& list, std::vector<std::uint64_t>& sums, Slot slot) {
  for (const Edge& e : list.edges) {
    if (const long long at = slot(e.u); at >= 0) sums[at] += neighbour_hash(e.v, e.w);
    if (const long long at = slot(e.v); at >= 0) sums[at] -= neighbour_hash(e.u, e.w);
  }
}

void sum_over_ranks(std::vector<std::uint64_t>& sums, const Comm& comm) {
  WatchedWait wait("MPI_Allreduce (symmetry check)", comm.get());
  // Unsigned addition wraps, so the order of the ranks' sums does not matter.
  MPI_Allreduce(MPI_IN_PLACE, sums.data(), static_cast<int>(sums.size()), MPI_UINT64_T, MPI_SUM,
                comm.get());
}

}  // namespace

void require_symmetric_adjacency(const std::string& path, const EdgeList& list,
                                 const Comm& comm) {
  std::vector<std::uint64_t> buckets(bucket_count, 0);
  add_arcs(list, buckets, [](global_int v) { return static_cast<long long>(v % bucket_count); });
  sum_over_ranks(buckets, comm);
  std::uint64_t bucket = 0;
  while (bucket < bucket_count && buckets[bucket] == 0) ++bucket;
  if (bucket == bucket_count) return;
  // The vertices bucket, bucket + 65536, ...: one slot each.
  const global_int slots = (list.vertex_count - static_cast<global_int>(bucket) +
                            static_cast<global_int>(bucket_count) - 1) /
                           static_cast<global_int>(bucket_count);
  std::vector<std::uint64_t> sums(static_cast<size_t>(slots), 0);
  add_arcs(list, sums, [&](global_int v) {
    return v % bucket_count == bucket ? static_cast<long long>(v / bucket_count) : -1LL;
  });
  sum_over_ranks(sums, comm);
  global_int vertex = static_cast<global_int>(bucket);
  for (global_int slot = 0; slot < slots; ++slot) {
    if (sums[slot] != 0) {
      vertex = slot * static_cast<global_int>(bucket_count) + static_cast<global_int>(bucket);
      break;
    }
  }
  throw CollectiveError(ExitStatus::input_error,
                        path + ": the file says the graph is undirected, but its adjacency is not "
                        "symmetric: vertex " + std::to_string(vertex) + " lists a neighbour (or a "
                        "weight) that does not list it back; corrupt file (or write it as "
                        "directed)");
}

}  // namespace hpcg::graph
