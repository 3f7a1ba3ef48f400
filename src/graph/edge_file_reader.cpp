// SPDX-License-Identifier: BSD-3-Clause
// read_edge_file: picks the format by extension; text formats are read here in parallel (every
// rank parses the lines that start in its byte range of the data section, so a file is read once
// in total, and errors carry the file's own line numbers), serialized ones in serialized_graph.
#include <mpi.h>

#include <algorithm>
#include <memory>

#include "edge_file_format.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/edge_list.hpp"
#include "input_file.hpp"
#include "serialized_graph.hpp"

namespace hpcg::graph {
namespace {

/// Headers longer than this (comment lines before the size or problem line) are not supported.
constexpr long long max_header_bytes = 1LL << 20;

/// The whole lines that start in [begin, end) of the file: this rank's text.
std::string owned_lines(const InputFile& file, long long data_start, long long begin,
                        long long end) {
  constexpr long long piece = 1 << 16;
  long long start = begin;
  if (begin > data_start) {  // a line starts at begin only if the byte before it ends a line
    for (long long at = begin - 1;; at += piece) {
      std::string chunk = file.read(at, piece);
      size_t newline = chunk.find('\n');
      if (newline != std::string::npos) {
        start = at + static_cast<long long>(newline) + 1;
        break;
      }
      if (chunk.empty() || at + piece >= end) return {};  // no line starts in the range
    }
  }
  if (start >= end) return {};
  std::string text = file.read(start, end - start);
  // Finish the last line past `end`.
  for (long long at = end; !text.empty() && text.back() != '\n' && at < file.size(); at += piece) {
    std::string chunk = file.read(at, piece);
    size_t newline = chunk.find('\n');
    text.append(chunk, 0, newline == std::string::npos ? chunk.size() : newline + 1);
    if (newline != std::string::npos) break;
  }
  return text;
}

long long count_lines_before(long long own, const Comm& comm) {
  long long before = 0;
  WatchedWait wait("MPI_Exscan", comm.get());
  MPI_Exscan(&own, &before, 1, MPI_LONG_LONG, MPI_SUM, comm.get());
  return comm.rank() == 0 ? 0 : before;
}

EdgeList read_text_edges(const std::string& path, const InputFile& file, FileKind kind,
                         const Comm& comm) {
  FileFormat format;
  format.kind = kind;
  // Every rank parses the (short) header itself: no broadcast needed.
  run_collectively(comm, [&] {
    format.header = parse_header(path, kind, file.read(0, std::min(file.size(), max_header_bytes)));
  });
  const long long data_start = format.header.data_offset, size = file.size();
  const long long span = size - data_start;
  const long long begin = data_start + span * comm.rank() / comm.size();
  const long long end = data_start + span * (comm.rank() + 1) / comm.size();
  std::string text;
  run_collectively(comm, [&] { text = owned_lines(file, data_start, begin, end); });
  const long long first_line = format.header.data_line +
                               count_lines_before(std::count(text.begin(), text.end(), '\n'), comm);

  EdgeList list;
  list.directed = format.header.directed;
  list.weighted = format.header.value == ValueField::weight;
  global_int max_id = -1;
  run_collectively(comm, [&] { max_id = parse_edges(path, format, text, first_line, list.edges); });
  long long local[2] = {static_cast<long long>(list.edges.size()), max_id}, global[2] = {0, 0};
  {
    WatchedWait wait("MPI_Allreduce (sum, max)", comm.get());
    MPI_Allreduce(&local[0], &global[0], 1, MPI_LONG_LONG, MPI_SUM, comm.get());
    MPI_Allreduce(&local[1], &global[1], 1, MPI_LONG_LONG, MPI_MAX, comm.get());
  }
  run_collectively(comm, [&] { check_edge_count(path, format, global[0]); });
  const global_int declared = format.header.rows;
  list.vertex_count = declared >= 0 ? declared : global[1] + 1;
  return list;
}

}  // namespace

EdgeList read_edge_file(const std::string& path, const Comm& comm) {
  std::unique_ptr<InputFile> file;
  FileKind kind = FileKind::edge_list;
  run_collectively(comm, [&] {
    kind = detect_format(path).kind;
    file = std::make_unique<InputFile>(path);
    if (file->size() == 0) throw InputError("graph file '" + path + "' is empty");
  });
  if (is_serialized(kind)) {
    return read_serialized_graph(path, *file, kind == FileKind::weighted_serialized, comm);
  }
  return read_text_edges(path, *file, kind, comm);
}

}  // namespace hpcg::graph
