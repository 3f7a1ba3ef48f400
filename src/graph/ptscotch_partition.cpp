// SPDX-License-Identifier: BSD-3-Clause
// --partition=scotch in the Open MPI build: PT-Scotch 7's distributed k-way partitioning
// (Debian's libptscotch-dev, built against Open MPI) on the graph as the ranks hold it, nothing
// gathered. The MPICH build compiles scotch_partition.cpp instead (src/graph/README.md, "Scotch").
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>  // scotch.h uses FILE without including it
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include <ptscotch.h>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"
#include "metis_partition.hpp"
#include "route.hpp"

namespace hpcg::graph {
namespace {

static_assert(std::is_same_v<SCOTCH_Num, std::int32_t>, "Debian's default PT-Scotch has 32-bit ids");

/// This rank's block of the symmetric adjacency, in PT-Scotch's compact form: rows
/// [first, first + rows) of the original ids, neighbours as global ids, no self-loops or
/// duplicates (PT-Scotch's graph must be symmetric and simple).
struct DistributedCsr {
  std::vector<SCOTCH_Num> start, neighbours;
};

DistributedCsr distributed_csr(const EdgeList& edges, const std::vector<global_int>& block,
                               const Comm& comm) {
  std::vector<Edge> arcs;
  arcs.reserve(2 * edges.edges.size());
  for (const Edge& e : edges.edges) {
    if (e.u == e.v) continue;
    arcs.push_back({e.u, e.v, 1});
    arcs.push_back({e.v, e.u, 1});
  }
  const auto owner = [&block](const Edge& e) {
    return static_cast<int>(std::upper_bound(block.begin(), block.end(), e.u) - block.begin()) - 1;
  };
  arcs = route_to_owners(std::move(arcs), owner, comm);
  std::sort(arcs.begin(), arcs.end(), [](const Edge& a, const Edge& b) {
    return a.u != b.u ? a.u < b.u : a.v < b.v;
  });
  arcs.erase(std::unique(arcs.begin(), arcs.end(),
                         [](const Edge& a, const Edge& b) { return a.u == b.u && a.v == b.v; }),
             arcs.end());
  const global_int first = block[static_cast<size_t>(comm.rank())];
  const global_int rows = block[static_cast<size_t>(comm.rank()) + 1] - first;
  DistributedCsr csr;
  csr.start.assign(static_cast<size_t>(rows) + 1, 0);
  csr.neighbours.reserve(arcs.size());
  for (const Edge& e : arcs) {
    ++csr.start[static_cast<size_t>(e.u - first) + 1];
    csr.neighbours.push_back(static_cast<SCOTCH_Num>(e.v));
  }
  for (size_t r = 0; r + 1 < csr.start.size(); ++r) csr.start[r + 1] += csr.start[r];
  return csr;
}

/// Every rank throws the same error when any rank's Scotch call failed.
void agree(bool failed, const std::string& call, const Comm& comm) {
  if (comm.max(failed ? 1 : 0) == 0) return;
  throw InputError("--partition=scotch: " + call +
                   " failed; use --partition=metis, balanced, block or random");
}

/// This rank's vertices' parts from PT-Scotch's k-way partitioning (its default strategy, load
/// imbalance at most 3% as METIS's default). Reproducible: a context of one thread, in Scotch's
/// deterministic mode, with a fixed seed, as the sequential cut. Collective.
std::vector<SCOTCH_Num> ptscotch_parts(DistributedCsr& csr, const Comm& comm) {
  const auto rows = static_cast<SCOTCH_Num>(csr.start.size() - 1);
  const auto arcs = static_cast<SCOTCH_Num>(csr.neighbours.size());
  const auto parts = static_cast<SCOTCH_Num>(comm.size());
  std::vector<SCOTCH_Num> part(static_cast<size_t>(rows) + 1, 0);  // +1: never a null pointer
  SCOTCH_Context context;
  SCOTCH_Dgraph graph, bound;
  SCOTCH_Strat strategy;
  bool failed = SCOTCH_contextInit(&context) != 0;
  agree(failed, "SCOTCH_contextInit", comm);
  SCOTCH_contextRandomSeed(&context, 1);
  failed = SCOTCH_contextOptionSetNum(&context, SCOTCH_OPTIONNUMDETERMINISTIC, 1) != 0 ||
           SCOTCH_contextOptionSetNum(&context, SCOTCH_OPTIONNUMRANDOMFIXEDSEED, 1) != 0 ||
           SCOTCH_contextThreadSpawn(&context, 1, nullptr) != 0;
  const auto leave = [&](int stage) {  // releases what `stage` set up, in reverse order
    if (stage >= 3) SCOTCH_stratExit(&strategy);
    if (stage >= 2) SCOTCH_dgraphExit(&bound);
    if (stage >= 1) SCOTCH_dgraphExit(&graph);
    SCOTCH_contextExit(&context);
  };
  if (comm.max(failed ? 1 : 0) != 0) {
    leave(0);
    agree(true, "SCOTCH_contextOptionSetNum", comm);
  }
  if (comm.max(SCOTCH_dgraphInit(&graph, comm.get()) != 0 ? 1 : 0) != 0) {
    leave(0);
    agree(true, "SCOTCH_dgraphInit", comm);
  }
  SCOTCH_dgraphInit(&bound, comm.get());
  SCOTCH_stratInit(&strategy);
  // Each call is agreed on before the next (a rank that failed must not leave the others in
  // PT-Scotch's collectives).
  failed = SCOTCH_dgraphBuild(&graph, 0, rows, rows, csr.start.data(), csr.start.data() + 1,
                              nullptr, nullptr, arcs, arcs, csr.neighbours.data(), nullptr,
                              nullptr) != 0;
  std::string call = "SCOTCH_dgraphBuild";
  if (comm.max(failed ? 1 : 0) == 0) {
    failed = SCOTCH_contextBindDgraph(&context, &graph, &bound) != 0;
    call = "SCOTCH_contextBindDgraph";
  }
  if (comm.max(failed ? 1 : 0) == 0) {
    failed = SCOTCH_stratDgraphMapBuild(&strategy, SCOTCH_STRATDEFAULT, parts, parts, 0.03) != 0;
    call = "SCOTCH_stratDgraphMapBuild";
  }
  if (comm.max(failed ? 1 : 0) == 0) {
    failed = SCOTCH_dgraphPart(&bound, parts, &strategy, part.data()) != 0;
    call = "SCOTCH_dgraphPart";
  }
  leave(3);
  agree(failed, call, comm);
  part.pop_back();
  return part;
}

}  // namespace

Relabel scotch_relabel(const EdgeList& edges, const Comm& comm, std::vector<global_int>& offsets) {
  const global_int n = edges.vertex_count;
  const int ranks = comm.size();
  offsets = block_offsets(n, ranks);
  if (ranks == 1 || n == 0) return Relabel();  // one part: the identity
  const auto tuples = comm.sum(static_cast<global_int>(edges.edges.size()));
  const auto widest = static_cast<global_int>(std::numeric_limits<SCOTCH_Num>::max());
  if (n > widest || tuples > widest / 2) {
    throw ResourceError("--partition=scotch: " + std::to_string(n) + " vertices and " +
                        std::to_string(tuples) +
                        " edge tuples exceed PT-Scotch's 32-bit ids; use --partition=block, "
                        "balanced or random");
  }
  const std::vector<global_int> block = offsets;
  DistributedCsr csr = distributed_csr(edges, block, comm);
  const std::vector<SCOTCH_Num> part = ptscotch_parts(csr, comm);
  csr = {};

  // Part r's vertices, in original-id order, become block r's ids: this rank's vertices come
  // after those of lower ranks in every part.
  std::vector<long long> mine(static_cast<size_t>(ranks), 0), before(mine.size(), 0),
      total(mine.size(), 0);
  for (SCOTCH_Num p : part) {
    if (p < 0 || p >= ranks) {
      throw InternalError("PT-Scotch returned part " + std::to_string(p) + " of " +
                          std::to_string(ranks));
    }
    ++mine[static_cast<size_t>(p)];
  }
  {
    WatchedWait wait("MPI_Exscan, MPI_Allreduce (sum)", comm.get());
    MPI_Exscan(mine.data(), before.data(), ranks, MPI_LONG_LONG, MPI_SUM, comm.get());
    MPI_Allreduce(mine.data(), total.data(), ranks, MPI_LONG_LONG, MPI_SUM, comm.get());
  }
  if (comm.rank() == 0) std::fill(before.begin(), before.end(), 0);  // Exscan leaves it undefined
  for (int r = 0; r < ranks; ++r) offsets[r + 1] = offsets[r] + total[static_cast<size_t>(r)];
  std::vector<global_int> next(static_cast<size_t>(ranks));
  for (int r = 0; r < ranks; ++r) next[r] = offsets[r] + before[static_cast<size_t>(r)];
  std::vector<global_int> mine_forward(part.size());
  for (size_t v = 0; v < part.size(); ++v) mine_forward[v] = next[static_cast<size_t>(part[v])]++;

  // Every rank keeps the whole table (Relabel::from_table), 16 bytes per vertex: the kernels
  // map any vertex's id. The counts fit ints: n is within PT-Scotch's 32-bit ids.
  std::vector<int> counts(static_cast<size_t>(ranks)), displacements(counts.size());
  for (int r = 0; r < ranks; ++r) {
    counts[r] = static_cast<int>(block[r + 1] - block[r]);
    displacements[r] = static_cast<int>(block[r]);
  }
  std::vector<global_int> forward(static_cast<size_t>(n));
  {
    WatchedWait wait("MPI_Allgatherv", comm.get());
    MPI_Allgatherv(mine_forward.data(), counts[comm.rank()], MPI_INT64_T, forward.data(),
                   counts.data(), displacements.data(), MPI_INT64_T, comm.get());
  }
  return Relabel::from_table(std::move(forward));
}

const char* scotch_method() { return "PT-Scotch, distributed"; }

}  // namespace hpcg::graph
