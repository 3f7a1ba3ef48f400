// SPDX-License-Identifier: BSD-3-Clause
// Writes gapbs's .sg / .wsg files in parallel: each CSR's entries are routed to the rank that
// owns their vertex's block of original ids, sorted there as gapbs's builder sorts them, and every
// rank writes its part of each section (offsets, neighbours) at its place with MPI-IO.
#include <mpi.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/graph_output.hpp"
#include "route.hpp"
#include "serialized_graph.hpp"

namespace hpcg::graph {
namespace {

/// One neighbour entry of a CSR row, in original ids.
struct CsrItem {
  global_int vertex = 0;
  global_int neighbour = 0;
  weight_t weight = 1;
};

template <class T>
void append_bytes(std::string& bytes, T value) {
  char raw[sizeof value];
  std::memcpy(raw, &value, sizeof value);
  bytes.append(raw, sizeof value);
}

/// Every entry of `in` as an entry of the out-CSR (row u lists v for an arc u -> v) or, with
/// `in_csr`, of the in-CSR (row v lists u). Undirected: `in` holds both directions, so the out
/// items are every neighbour of every vertex.
std::vector<CsrItem> csr_items(const Graph& g, bool in_csr) {
  const SparseMatrix& A = g.in.matrix;
  std::vector<CsrItem> items;
  items.reserve(A.row_start.empty() ? 0 : static_cast<size_t>(A.row_start.back()));
  for (local_int v = 0; v < g.rows(); ++v) {
    const global_int target = g.partition.relabel.inverse(g.first_vertex + v);
    for (nnz_int k = A.row_start[v]; k < A.row_start[v + 1]; ++k) {
      const global_int source = g.partition.relabel.inverse(g.global_id(A.column_index[k]));
      const weight_t weight = g.weighted ? g.in.weights[k] : 1;
      items.push_back(in_csr ? CsrItem{target, source, weight} : CsrItem{source, target, weight});
    }
  }
  return items;
}

/// This rank's part of one CSR's two sections, as file bytes.
struct CsrPart {
  std::string offsets;
  std::string neighbours;
  global_int total_entries = 0;
};

/// Routes `items` to the owners of blocks of original ids and lays out each block's rows:
/// offsets counted from the start of the whole CSR, the last rank adding offsets[N].
CsrPart csr_part(std::vector<CsrItem> items, global_int vertices, bool weighted, const Comm& comm) {
  const auto blocks = block_offsets(vertices, comm.size());
  auto owner = [&blocks](const CsrItem& item) {
    return static_cast<int>(std::upper_bound(blocks.begin(), blocks.end(), item.vertex) -
                            blocks.begin()) -
           1;
  };
  auto mine = route_to_owners(std::move(items), owner, comm);
  std::sort(mine.begin(), mine.end(), [](const CsrItem& a, const CsrItem& b) {
    return a.vertex != b.vertex ? a.vertex < b.vertex : a.neighbour < b.neighbour;
  });
  long long own = static_cast<long long>(mine.size()), before = 0, total = 0;
  {
    WatchedWait wait("MPI_Exscan, MPI_Allreduce", comm.get());
    MPI_Exscan(&own, &before, 1, MPI_LONG_LONG, MPI_SUM, comm.get());
    MPI_Allreduce(&own, &total, 1, MPI_LONG_LONG, MPI_SUM, comm.get());
  }
  if (comm.rank() == 0) before = 0;

  CsrPart part;
  part.total_entries = total;
  size_t next = 0;
  for (global_int v = blocks[comm.rank()]; v < blocks[comm.rank() + 1]; ++v) {
    append_bytes<std::int64_t>(part.offsets, before + static_cast<long long>(next));
    while (next < mine.size() && mine[next].vertex == v) ++next;
  }
  if (comm.rank() == comm.size() - 1) append_bytes<std::int64_t>(part.offsets, total);
  part.neighbours.reserve(mine.size() * serialized::entry_bytes(weighted));
  for (const CsrItem& item : mine) {
    append_bytes(part.neighbours, static_cast<std::int32_t>(item.neighbour));
    if (weighted) append_bytes(part.neighbours, static_cast<std::int32_t>(item.weight));
  }
  return part;
}

}  // namespace

void write_serialized_graph(const Graph& graph, const std::string& path, bool weighted,
                            const Comm& comm) {
  run_collectively(comm, [&] {
    if (graph.vertex_count > serialized::max_vertices) {
      throw InputError("cannot write '" + path + "': gapbs serialized graphs hold 32-bit ids " +
                       "and this graph has " + std::to_string(graph.vertex_count) +
                       " vertices; write .el or .mtx instead");
    }
  });
  std::vector<std::string> parts(1);  // the header, rank 0's only
  CsrPart out = csr_part(csr_items(graph, false), graph.vertex_count, weighted, comm);
  if (comm.rank() == 0) {
    parts[0].push_back(static_cast<char>(graph.directed ? 1 : 0));
    append_bytes<std::int64_t>(parts[0], out.total_entries);
    append_bytes<std::int64_t>(parts[0], graph.vertex_count);
  }
  parts.push_back(std::move(out.offsets));
  parts.push_back(std::move(out.neighbours));
  if (graph.directed) {
    CsrPart in = csr_part(csr_items(graph, true), graph.vertex_count, weighted, comm);
    parts.push_back(std::move(in.offsets));
    parts.push_back(std::move(in.neighbours));
  }
  write_sections(path, parts, comm);
}

}  // namespace hpcg::graph
