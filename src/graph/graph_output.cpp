// SPDX-License-Identifier: BSD-3-Clause
// Output files. Per-vertex values are routed to the rank that owns their original id's block, so
// the file lists vertices in ascending original id even after a random relabelling.
#include "hpcg/graph/graph_output.hpp"

#include <mpi.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"
#include "route.hpp"

namespace hpcg::graph {
namespace {

struct VertexValue {
  global_int vertex = 0;   ///< original id
  std::int64_t value = 0;  ///< a parent id, or a float score's bits
};

void append_integer(std::string& text, long long value) {
  char buffer[24];
  auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  text.append(buffer, end);
}

/// This rank's block of original ids with their values, ascending.
std::vector<VertexValue> in_file_order(const Graph& g, std::vector<VertexValue> values,
                                       const Comm& comm) {
  const auto offsets = block_offsets(g.vertex_count, comm.size());
  auto owner = [&offsets](const VertexValue& item) {
    return static_cast<int>(std::upper_bound(offsets.begin(), offsets.end(), item.vertex) -
                            offsets.begin()) -
           1;
  };
  auto mine = route_to_owners(std::move(values), owner, comm);
  std::sort(mine.begin(), mine.end(),
            [](const VertexValue& a, const VertexValue& b) { return a.vertex < b.vertex; });
  return mine;
}

std::vector<VertexValue> owned_values(const Graph& g, const std::vector<std::int64_t>& values) {
  std::vector<VertexValue> items(static_cast<size_t>(g.rows()));
  for (local_int v = 0; v < g.rows(); ++v) {
    items[v] = VertexValue{g.partition.relabel.inverse(g.first_vertex + v), values[v]};
  }
  return items;
}

}  // namespace

void write_collectively(const std::string& path, const std::string& text, const Comm& comm) {
  MPI_File file;
  int status = MPI_File_open(comm.get(), path.c_str(), MPI_MODE_CREATE | MPI_MODE_WRONLY,
                             MPI_INFO_NULL, &file);
  // MPI_File_open is collective, so every rank knows whether it failed; agree all the same.
  run_collectively(comm, [&] {
    if (status != MPI_SUCCESS) {
      throw ResourceError("cannot write '" + path +
                          "': check that its directory exists and is writable");
    }
  });
  long long size = static_cast<long long>(text.size()), offset = 0;
  {
    WatchedWait wait("MPI_Exscan", comm.get());
    MPI_Exscan(&size, &offset, 1, MPI_LONG_LONG, MPI_SUM, comm.get());
  }
  if (comm.rank() == 0) offset = 0;
  status = MPI_File_set_size(file, 0);
  constexpr long long piece = 1LL << 30;  // int counts: write in pieces
  for (long long done = 0; status == MPI_SUCCESS && done < size; done += piece) {
    const int count = static_cast<int>(std::min(piece, size - done));
    status = MPI_File_write_at(file, offset + done, text.data() + done, count, MPI_CHAR,
                               MPI_STATUS_IGNORE);
  }
  const int close_status = MPI_File_close(&file);
  run_collectively(comm, [&] {
    if (status != MPI_SUCCESS || close_status != MPI_SUCCESS) {
      throw ResourceError("writing '" + path + "' failed (disk full?)");
    }
  });
}

void write_edge_list(const Graph& g, const std::string& path, const Comm& comm) {
  std::string text;
  const SparseMatrix& A = g.adjacency;
  for (local_int v = 0; v < g.rows(); ++v) {
    const global_int u = g.partition.relabel.inverse(g.first_vertex + v);
    for (nnz_int k = A.row_start[v]; k < A.row_start[v + 1]; ++k) {
      const global_int w = g.partition.relabel.inverse(g.global_id(A.column_index[k]));
      if (u >= w) continue;  // the other endpoint's row writes it
      append_integer(text, u);
      text += ' ';
      append_integer(text, w);
      text += '\n';
    }
  }
  write_collectively(path, text, comm);
}

void write_scores(const Graph& g, const std::vector<float>& scores, const std::string& path,
                  const Comm& comm) {
  std::vector<std::int64_t> bits(scores.size());
  for (size_t i = 0; i < scores.size(); ++i) {
    std::uint32_t word;
    std::memcpy(&word, &scores[i], sizeof word);
    bits[i] = word;
  }
  std::string text;
  for (const auto& item : in_file_order(g, owned_values(g, bits), comm)) {
    const auto word = static_cast<std::uint32_t>(item.value);
    float score;
    std::memcpy(&score, &word, sizeof score);
    char buffer[32];
    const int length = std::snprintf(buffer, sizeof buffer, " %.9g\n", static_cast<double>(score));
    append_integer(text, item.vertex);
    text.append(buffer, static_cast<size_t>(length));
  }
  write_collectively(path, text, comm);
}

void write_parents(const Graph& g, const std::vector<global_int>& parent, const std::string& path,
                   const Comm& comm) {
  std::vector<std::int64_t> original(parent.size());
  for (size_t i = 0; i < parent.size(); ++i) {
    original[i] = parent[i] < 0 ? -1 : g.partition.relabel.inverse(parent[i]);
  }
  std::string text;
  for (const auto& item : in_file_order(g, owned_values(g, original), comm)) {
    append_integer(text, item.vertex);
    text += ' ';
    append_integer(text, item.value);
    text += '\n';
  }
  write_collectively(path, text, comm);
}

}  // namespace hpcg::graph
