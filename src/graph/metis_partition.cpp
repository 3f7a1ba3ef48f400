// SPDX-License-Identifier: BSD-3-Clause
// METIS 5.1 (Debian's libmetis-dev) on the graph gathered on rank 0; see metis_partition.hpp.
#include "metis_partition.hpp"

#include <metis.h>

#include <cstdint>
#include <string>
#include <type_traits>

#include "gathered_cut.hpp"
#include "hpcg/base/error.hpp"

namespace hpcg::graph {
namespace {

static_assert(std::is_same_v<idx_t, std::int32_t>, "Debian's METIS has 32-bit ids");

/// Rank 0: each vertex's part from METIS (k-way, the seed fixed so that runs repeat).
std::vector<std::int32_t> metis_parts(const SymmetricCsr& graph, std::int32_t parts) {
  std::vector<idx_t> part(static_cast<size_t>(graph.n), 0);
  // METIS takes non-const pointers but does not change the graph.
  std::vector<idx_t> xadj = graph.start, adjncy = graph.neighbours;
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_SEED] = 1;
  idx_t n = graph.n, constraints = 1, cut = 0;
  const int status = METIS_PartGraphKway(&n, &constraints, xadj.data(), adjncy.data(), nullptr,
                                         nullptr, nullptr, &parts, nullptr, nullptr, options,
                                         &cut, part.data());
  const std::string others = "; use --partition=scotch, balanced, block or random";
  // Out of memory is a resource error (status 3), as the fit check's refusal is.
  if (status == METIS_ERROR_MEMORY) {
    throw ResourceError("--partition=metis: METIS_PartGraphKway ran out of memory" + others);
  }
  if (status != METIS_OK) {
    throw InputError("--partition=metis: METIS_PartGraphKway failed (error " +
                     std::to_string(status) + ")" + others);
  }
  return part;
}

}  // namespace

Relabel metis_relabel(const EdgeList& edges, const Comm& comm, std::vector<global_int>& offsets) {
  return gathered_relabel(edges, comm, offsets,
                          {"--partition=metis", "METIS", "XGRAPH_METIS_MEMORY", "", metis_parts});
}

}  // namespace hpcg::graph
