// SPDX-License-Identifier: BSD-3-Clause
// gapbs's serialized graphs (.sg, .wsg), read and written in parallel (private to the graph
// module). The layout, as gapbs's writer.h and reader.h use it: native byte order (little-endian
// on every machine gapbs supports), no padding, a CSR in which vertex n's neighbours are entries
// [offsets[n], offsets[n + 1]), each row ascending by id:
//   bool   directed                 1 byte, 0 or 1
//   int64  entries M                arcs if directed, else 2 x edges (both directions stored)
//   int64  vertices N               ids are int32, so N <= 2^31 - 1
//   int64  out_offsets[N + 1]       0 = out_offsets[0] <= ... <= out_offsets[N] = M
//   entry  out_neighbours[M]        .sg: int32 id; .wsg: int32 id, then int32 weight
//   directed only: int64 in_offsets[N + 1], entry in_neighbours[M]   (the transpose)
#pragma once

#include <cstdint>
#include <string>

#include "hpcg/base/comm.hpp"
#include "hpcg/graph/edge_list.hpp"
#include "hpcg/graph/graph.hpp"
#include "input_file.hpp"

namespace hpcg::graph::serialized {

constexpr long long header_bytes = 1 + 8 + 8;
constexpr long long offset_bytes = 8;
constexpr global_int max_vertices = INT32_MAX;
constexpr long long entry_bytes(bool weighted) { return weighted ? 8 : 4; }

/// Bytes of a file with this header, or -1 when that would not fit in a long long.
long long file_bytes(bool directed, global_int vertices, global_int entries, bool weighted);

}  // namespace hpcg::graph::serialized

namespace hpcg::graph {

/// The arcs of a .sg / .wsg file (`weighted`), each rank reading an equal share of the entries.
/// An undirected file's tuples hold both directions (directed = false; build_graph dedups them);
/// a directed file's out-CSR gives the arcs. Validates the header against the file size, the
/// offsets and every id (and weight); throws InputError naming the file otherwise. Collective.
EdgeList read_serialized_graph(const std::string& path, const InputFile& file, bool weighted,
                               const Comm& comm);

/// Writes `graph` in original ids as gapbs lays a serialized graph out, `weighted` for .wsg.
/// Throws InputError when the graph has more vertices than 32-bit ids allow, ResourceError when
/// the file cannot be written. Collective.
void write_serialized_graph(const Graph& graph, const std::string& path, bool weighted,
                            const Comm& comm);

}  // namespace hpcg::graph
