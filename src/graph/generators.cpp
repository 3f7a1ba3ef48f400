// SPDX-License-Identifier: BSD-3-Clause
// Synthetic graphs. GAP's generators seed std::mt19937 per block of 2^18 edges and permute with
// std::shuffle (library-defined); ours hash (seed, edge index) instead, so a graph depends only on
// its parameters and seed, never on the rank or thread count, nor on the C++ library.
#include <mpi.h>

#include <algorithm>

#include "hpcg/base/error.hpp"
#include "hpcg/base/threads.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/edge_list.hpp"
#include "hpcg/graph/partition.hpp"
#include "hpcg/graph/random.hpp"


namespace hpcg::graph {
namespace {

// Graph500 initiator, pre-scaled to 32-bit thresholds as gapbs does (A, A+B, A+B+C).
constexpr double initiator_a = 0.57, initiator_b = 0.19, initiator_c = 0.19;
constexpr auto threshold_a = static_cast<std::uint32_t>(initiator_a * 4294967295.0);
constexpr auto threshold_ab =
    static_cast<std::uint32_t>((initiator_a + initiator_b) * 4294967295.0);
constexpr auto threshold_abc =
    static_cast<std::uint32_t>((initiator_a + initiator_b + initiator_c) * 4294967295.0);

void check_scale(int scale, int degree) {
  if (scale < 1 || scale > 40) {
    throw InputError("graph scale " + std::to_string(scale) +
                     " is out of range; use 1 to 40 (2^scale vertices)");
  }
  if (degree < 1 || degree > 1024) {
    throw InputError("--degree=" + std::to_string(degree) + " is out of range; use 1 to 1024");
  }
}

/// This rank's share [first, last) of `total` items, split as evenly as possible.
std::pair<global_int, global_int> my_share(global_int total, const Comm& comm) {
  const auto offsets = block_offsets(total, comm.size());
  return {offsets[comm.rank()], offsets[comm.rank() + 1]};
}

using EdgeRange = void (*)(int, std::uint64_t, global_int, global_int, Edge*);

EdgeList generate(EdgeRange range, int scale, int degree, std::uint64_t seed, const Comm& comm) {
  check_scale(scale, degree);
  EdgeList list;
  list.vertex_count = global_int{1} << scale;
  const auto [first, last] = my_share(list.vertex_count * degree, comm);
  list.edges.resize(static_cast<size_t>(last - first));
  // Chunks of edges in parallel; each edge is a pure function of its index.
  constexpr global_int chunk = 1 << 16;
#pragma omp parallel for schedule(dynamic, 1)
  for (global_int begin = first; begin < last; begin += chunk) {
    range(scale, seed, begin, std::min(begin + chunk, last), list.edges.data() + (begin - first));
  }
  return list;
}

}  // namespace

void kronecker_edges(int scale, std::uint64_t seed, global_int first, global_int last, Edge* out) {
  const std::uint64_t key = stream_key(seed, static_cast<std::uint64_t>(Stream::kronecker));
  const Relabel labels(global_int{1} << scale,
                       stream_key(seed, static_cast<std::uint64_t>(Stream::kronecker_labels)));
  for (global_int e = first; e < last; ++e) {
    CounterRng rng(key, static_cast<std::uint64_t>(e));
    global_int u = 0, v = 0;
    std::uint64_t word = 0;
    for (int level = 0; level < scale; ++level) {
      // Two 32-bit draws per 64-bit word; one draw per level picks the quadrant.
      if ((level & 1) == 0) word = rng.next();
      const auto r = static_cast<std::uint32_t>((level & 1) == 0 ? word : word >> 32);
      const bool u_bit = r >= threshold_ab;
      const bool v_bit = u_bit ? r > threshold_abc : r > threshold_a;
      u = 2 * u + u_bit;
      v = 2 * v + v_bit;
    }
    out[e - first] = Edge{labels.forward(u), labels.forward(v)};
  }
}

void uniform_edges(int scale, std::uint64_t seed, global_int first, global_int last, Edge* out) {
  const std::uint64_t key = stream_key(seed, static_cast<std::uint64_t>(Stream::uniform));
  const std::uint64_t n = std::uint64_t{1} << scale;
  for (global_int e = first; e < last; ++e) {
    CounterRng rng(key, static_cast<std::uint64_t>(e));
    const auto u = static_cast<global_int>(rng.below(n));
    const auto v = static_cast<global_int>(rng.below(n));
    out[e - first] = Edge{u, v};
  }
}

EdgeList generate_kronecker(int scale, int degree, std::uint64_t seed, const Comm& comm) {
  return generate(kronecker_edges, scale, degree, seed, comm);
}

EdgeList generate_uniform(int scale, int degree, std::uint64_t seed, const Comm& comm) {
  return generate(uniform_edges, scale, degree, seed, comm);
}

EdgeList generate_grid(global_int n, const Comm& comm) {
  if (n < 2 || n > 1000000) {
    throw InputError("--grid=" + std::to_string(n) +
                     " is out of range; use 2 to 1000000 (n^3 vertices)");
  }
  EdgeList list;
  list.vertex_count = n * n * n;
  const auto [first, last] = my_share(list.vertex_count, comm);
  // Per-thread lists joined in thread order: with a static schedule that is vertex order, so the
  // tuple order (not only the set) is the same for any thread count.
  std::vector<std::vector<Edge>> parts;
#pragma omp parallel
  {
#pragma omp single
    parts.resize(static_cast<size_t>(team_threads()));
    std::vector<Edge>& mine = parts[static_cast<size_t>(thread_id())];
#pragma omp for schedule(static)
    for (global_int v = first; v < last; ++v) {
      const global_int x = v % n, y = v / n % n, z = v / (n * n);
      // The 13 stencil neighbours with a larger id; the other 13 list v as theirs.
      for (int dz = 0; dz <= 1; ++dz) {
        for (int dy = dz == 0 ? 0 : -1; dy <= 1; ++dy) {
          for (int dx = dz == 0 && dy == 0 ? 1 : -1; dx <= 1; ++dx) {
            const global_int nx = x + dx, ny = y + dy, nz = z + dz;
            if (nx < 0 || nx >= n || ny < 0 || ny >= n || nz >= n) continue;
            mine.push_back(Edge{v, nx + n * (ny + n * nz)});
          }
        }
      }
    }
  }
  for (const auto& part : parts) list.edges.insert(list.edges.end(), part.begin(), part.end());
  return list;
}

void insert_weights(EdgeList& list, std::uint64_t seed, const Comm& comm) {
  long long mine = static_cast<long long>(list.edges.size()), before = 0;
  {
    WatchedWait wait("MPI_Exscan", comm.get());
    MPI_Exscan(&mine, &before, 1, MPI_LONG_LONG, MPI_SUM, comm.get());
  }
  if (comm.rank() == 0) before = 0;
  const std::uint64_t key = stream_key(seed, static_cast<std::uint64_t>(Stream::weights));
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < mine; ++i) {
    CounterRng rng(key, static_cast<std::uint64_t>(before + i));
    list.edges[static_cast<size_t>(i)].w = static_cast<weight_t>(1 + rng.below(255));
  }
  list.weighted = true;
}

}  // namespace hpcg::graph
