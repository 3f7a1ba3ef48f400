// SPDX-License-Identifier: BSD-3-Clause
// Output files: the graph in a text format (binary ones in serialized_graph_writer.cpp), and
// per-vertex values routed to the rank that owns their original id's block, so the file lists
// vertices in ascending original id even after a random relabelling.
#include "hpcg/graph/graph_output.hpp"

#include <mpi.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <limits>
#include <utility>

#include "hpcg/base/error.hpp"
#include "hpcg/base/output_path.hpp"
#include "hpcg/base/watchdog.hpp"
#include "edge_file_format.hpp"
#include "route.hpp"
#include "serialized_graph.hpp"

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

void write_sections(const std::string& path, const std::vector<std::string>& parts,
                    const Comm& comm) {
  const int count = static_cast<int>(parts.size());
  std::vector<long long> sizes(parts.size()), before(parts.size(), 0), totals(parts.size(), 0);
  for (size_t i = 0; i < parts.size(); ++i) sizes[i] = static_cast<long long>(parts[i].size());
  {
    WatchedWait wait("MPI_Exscan, MPI_Allreduce", comm.get());
    MPI_Exscan(sizes.data(), before.data(), count, MPI_LONG_LONG, MPI_SUM, comm.get());
    MPI_Allreduce(sizes.data(), totals.data(), count, MPI_LONG_LONG, MPI_SUM, comm.get());
  }
  if (comm.rank() == 0) std::fill(before.begin(), before.end(), 0);
  // Written to a temporary file beside the target, synced, then renamed over it by rank 0: a full
  // disk or a stopped job leaves the old file whole and no half-written one under its name.
  std::string temporary;
  run_collectively(comm, [&] {
    if (comm.is_root()) temporary = create_temporary_beside(path);
  });
  temporary = comm.broadcast(temporary);
  MPI_File file;
  int status = MPI_File_open(comm.get(), temporary.c_str(), MPI_MODE_WRONLY, MPI_INFO_NULL, &file);
  run_collectively(comm, [&] {
    if (status != MPI_SUCCESS) {
      if (comm.is_root()) discard_temporary(temporary);
      throw ResourceError("cannot write '" + path +
                          "': check that its directory exists and is writable");
    }
  });
  constexpr long long piece = 1LL << 30;  // int counts: write in pieces
  long long section_start = 0;
  for (size_t i = 0; i < parts.size(); ++i) {
    const long long at = section_start + before[i], size = sizes[i];
    for (long long done = 0; status == MPI_SUCCESS && done < size; done += piece) {
      status = MPI_File_write_at(file, at + done, parts[i].data() + done,
                                 static_cast<int>(std::min(piece, size - done)), MPI_BYTE,
                                 MPI_STATUS_IGNORE);
    }
    section_start += totals[i];
  }
  const int sync_status = MPI_File_sync(file);
  const int close_status = MPI_File_close(&file);
  run_collectively(comm, [&] {
    if (status != MPI_SUCCESS || sync_status != MPI_SUCCESS || close_status != MPI_SUCCESS) {
      if (comm.is_root()) discard_temporary(temporary);
      throw ResourceError("writing '" + path + "' failed (disk full?); any earlier file of that "
                          "name is unchanged");
    }
  });
  run_collectively(comm, [&] {
    if (comm.is_root()) rename_temporary(temporary, path);
  });
}

void write_collectively(const std::string& path, std::string text, const Comm& comm) {
  std::vector<std::string> parts(1);
  parts[0] = std::move(text);
  write_sections(path, parts, comm);
}

namespace {

bool weights_in_text(FileKind kind, const Graph& g) {
  return kind == FileKind::weighted_edge_list || kind == FileKind::dimacs ||
         (kind == FileKind::matrix_market && g.weighted);
}

/// One line per undirected edge (u < v) or arc u -> v, original ids, in `kind`'s syntax.
std::string edge_lines(const Graph& g, FileKind kind, global_int& lines) {
  const global_int base = kind == FileKind::dimacs || kind == FileKind::matrix_market ? 1 : 0;
  const bool with_weight = weights_in_text(kind, g);
  // Symmetric Matrix Market files keep the lower triangle (row > column); an arc is (u, v).
  const bool row_is_target = kind == FileKind::matrix_market && !g.directed;
  std::string text;
  lines = 0;
  const SparseMatrix& A = g.in.matrix;
  for (local_int v = 0; v < g.rows(); ++v) {
    const global_int target = g.partition.relabel.inverse(g.first_vertex + v);
    for (nnz_int k = A.row_start[v]; k < A.row_start[v + 1]; ++k) {
      const global_int source = g.partition.relabel.inverse(g.global_id(A.column_index[k]));
      if (!g.directed && source >= target) continue;  // the other endpoint's row writes it
      if (kind == FileKind::dimacs) text += "a ";
      append_integer(text, (row_is_target ? target : source) + base);
      text += ' ';
      append_integer(text, (row_is_target ? source : target) + base);
      if (with_weight) {
        text += ' ';
        append_integer(text, g.in.weights[k]);
      }
      text += '\n';
      ++lines;
    }
  }
  return text;
}

/// The header lines of .gr and .mtx files (none for .el and .wel, which gapbs reads bare).
std::string header_lines(const Graph& g, FileKind kind, global_int lines) {
  const std::string n = std::to_string(g.vertex_count), m = std::to_string(lines);
  if (kind == FileKind::dimacs) {
    const std::string what = g.directed ? "directed graph, every arc"
                                        : "undirected graph, each edge once: symmetrize it";
    return "c " + what + "\np sp " + n + " " + m + "\n";
  }
  if (kind == FileKind::matrix_market) {
    return std::string("%%MatrixMarket matrix coordinate ") +
           (g.weighted ? "integer " : "pattern ") + (g.directed ? "general" : "symmetric") +
           "\n" + n + " " + n + " " + m + "\n";
  }
  return "";
}

}  // namespace

bool stores_weights(const std::string& path) {
  const auto kind = kind_from_extension(path);
  return kind == FileKind::weighted_edge_list || kind == FileKind::dimacs ||
         kind == FileKind::weighted_serialized;
}

void write_graph(const Graph& g, const std::string& path, const Comm& comm) {
  FileKind kind = FileKind::edge_list;
  run_collectively(comm, [&] {
    kind = detect_format(path).kind;
    if (!g.weighted && stores_weights(path)) {
      throw InputError("cannot write '" + path + "': " + path.substr(path.find_last_of('.')) +
                       " files carry weights and this graph has none");
    }
  });
  if (is_serialized(kind)) {
    write_serialized_graph(g, path, kind == FileKind::weighted_serialized, comm);
    return;
  }
  global_int lines = 0;
  std::string text = edge_lines(g, kind, lines);
  lines = comm.sum(lines);
  if (comm.is_root()) text.insert(0, header_lines(g, kind, lines));
  write_collectively(path, std::move(text), comm);
}

void check_graph_format(const std::string& path) { detect_format(path); }

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
  write_collectively(path, std::move(text), comm);
}

/// "vertex value" lines in ascending original id; `text_of` appends a value.
template <class TextOf>
void write_vertex_values(const Graph& g, const std::vector<std::int64_t>& values,
                         const std::string& path, const Comm& comm, TextOf text_of) {
  std::string text;
  for (const auto& item : in_file_order(g, owned_values(g, values), comm)) {
    append_integer(text, item.vertex);
    text += ' ';
    text_of(text, item.value);
    text += '\n';
  }
  write_collectively(path, std::move(text), comm);
}

void write_labels(const Graph& g, const std::vector<global_int>& label, const std::string& path,
                  const Comm& comm) {
  const std::vector<std::int64_t> values(label.begin(), label.end());
  write_vertex_values(g, values, path, comm, append_integer);
}

void write_distances(const Graph& g, const std::vector<std::int64_t>& distance,
                     const std::string& path, const Comm& comm) {
  write_vertex_values(g, distance, path, comm, [](std::string& text, std::int64_t value) {
    if (value == std::numeric_limits<std::int64_t>::max()) {
      text += "inf";
    } else {
      append_integer(text, value);
    }
  });
}

void write_parents(const Graph& g, const std::vector<global_int>& parent, const std::string& path,
                   const Comm& comm) {
  std::vector<std::int64_t> original(parent.size());
  for (size_t i = 0; i < parent.size(); ++i) {
    original[i] = parent[i] < 0 ? -1 : g.partition.relabel.inverse(parent[i]);
  }
  write_vertex_values(g, original, path, comm, append_integer);
}

}  // namespace hpcg::graph
