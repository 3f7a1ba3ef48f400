// SPDX-License-Identifier: BSD-3-Clause
// --partition=scotch in builds without PT-Scotch (MPICH's): Scotch 7 (Debian's libscotch-dev,
// sequential, no MPI) on the graph gathered on rank 0; see metis_partition.hpp, and
// src/graph/README.md for why PT-Scotch comes with the Open MPI build only.
#include <cstdint>
#include <cstdio>  // scotch.h uses FILE without including it
#include <string>
#include <type_traits>

#include <scotch.h>

#include "gathered_cut.hpp"
#include "hpcg/base/error.hpp"
#include "metis_partition.hpp"

namespace hpcg::graph {
namespace {

static_assert(std::is_same_v<SCOTCH_Num, std::int32_t>, "Debian's default Scotch has 32-bit ids");

[[noreturn]] void scotch_failed(const std::string& call) {
  throw InputError("--partition=scotch: " + call +
                   " failed; use --partition=metis, balanced, block or random");
}

/// Rank 0: each vertex's part from Scotch's k-way mapping, its default strategy with the
/// load imbalance bounded at 3% (METIS's default). Runs repeat: a context of one thread, in
/// Scotch's deterministic mode, with a fixed seed (Scotch 7's default threads gave another cut
/// on each run, and spread over the cores the other ranks use).
std::vector<std::int32_t> scotch_parts(const SymmetricCsr& graph, std::int32_t parts) {
  SCOTCH_Context context;
  if (SCOTCH_contextInit(&context) != 0) scotch_failed("SCOTCH_contextInit");
  SCOTCH_contextRandomSeed(&context, 1);
  if (SCOTCH_contextOptionSetNum(&context, SCOTCH_OPTIONNUMDETERMINISTIC, 1) != 0 ||
      SCOTCH_contextOptionSetNum(&context, SCOTCH_OPTIONNUMRANDOMFIXEDSEED, 1) != 0 ||
      SCOTCH_contextThreadSpawn(&context, 1, nullptr) != 0) {
    SCOTCH_contextExit(&context);
    scotch_failed("SCOTCH_contextOptionSetNum");
  }
  SCOTCH_Graph g, bound;
  if (SCOTCH_graphInit(&g) != 0 || SCOTCH_graphInit(&bound) != 0) {
    SCOTCH_contextExit(&context);
    scotch_failed("SCOTCH_graphInit");
  }
  std::vector<std::int32_t> part(static_cast<size_t>(graph.n), 0);
  SCOTCH_Strat strategy;
  SCOTCH_stratInit(&strategy);
  const int built = SCOTCH_graphBuild(&g, 0, graph.n, graph.start.data(), nullptr, nullptr,
                                      nullptr, graph.start[static_cast<size_t>(graph.n)],
                                      graph.neighbours.data(), nullptr);
  std::string failed;
  if (built != 0) {
    failed = "SCOTCH_graphBuild";
  } else if (SCOTCH_contextBindGraph(&context, &g, &bound) != 0) {
    failed = "SCOTCH_contextBindGraph";
  } else if (SCOTCH_stratGraphMapBuild(&strategy, SCOTCH_STRATDEFAULT, parts, 0.03) != 0) {
    failed = "SCOTCH_stratGraphMapBuild";
  } else if (SCOTCH_graphPart(&bound, parts, &strategy, part.data()) != 0) {
    failed = "SCOTCH_graphPart";
  }
  SCOTCH_stratExit(&strategy);
  SCOTCH_graphExit(&bound);
  SCOTCH_graphExit(&g);
  SCOTCH_contextExit(&context);
  if (!failed.empty()) scotch_failed(failed);
  return part;
}

}  // namespace

Relabel scotch_relabel(const EdgeList& edges, const Comm& comm, std::vector<global_int>& offsets) {
  return gathered_relabel(edges, comm, offsets,
                          {"--partition=scotch", "Scotch", "XGRAPH_SCOTCH_MEMORY",
                           " (the Open MPI build's --partition=scotch is PT-Scotch's distributed "
                           "cut, nothing gathered)",
                           scotch_parts});
}

const char* scotch_method() { return "Scotch on rank 0"; }

}  // namespace hpcg::graph
