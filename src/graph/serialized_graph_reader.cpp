// SPDX-License-Identifier: BSD-3-Clause
// Reads gapbs's .sg / .wsg files in parallel: every rank checks a block of the offsets, then
// reads an equal share of the neighbour entries (finding its first vertex by binary search), so
// no rank reads the whole file and a corrupt file is an input error, never a crash.
#include <algorithm>
#include <cstring>
#include <limits>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/graph/partition.hpp"
#include "serialized_graph.hpp"
#include "symmetry_check.hpp"

namespace hpcg::graph {
namespace serialized {

long long file_bytes(bool directed, global_int vertices, global_int entries, bool weighted) {
  const long long csrs = directed ? 2 : 1;
  const long long offsets = (vertices + 1) * offset_bytes;
  const long long room = (std::numeric_limits<long long>::max() - header_bytes) / csrs - offsets;
  if (entries > room / entry_bytes(weighted)) return -1;
  return header_bytes + csrs * (offsets + entries * entry_bytes(weighted));
}

}  // namespace serialized

namespace {

using serialized::entry_bytes;
using serialized::header_bytes;
using serialized::offset_bytes;

struct SerializedHeader {
  bool directed = false;
  global_int entries = 0;
  global_int vertices = 0;

  long long offsets_at() const { return header_bytes; }
  long long entries_at() const { return header_bytes + (vertices + 1) * offset_bytes; }
};

template <class T>
T load(const char* bytes) {
  T value;
  std::memcpy(&value, bytes, sizeof value);
  return value;
}

/// Names the other serialized kind when the file's size fits it: a renamed file.
std::string size_hint(const InputFile& file, const SerializedHeader& header, bool weighted) {
  if (serialized::file_bytes(header.directed, header.vertices, header.entries, !weighted) !=
      file.size()) {
    return "";
  }
  return std::string(" (the size fits a ") + (weighted ? ".sg" : ".wsg") +
         " file: was it renamed?)";
}

SerializedHeader read_header(const std::string& path, const InputFile& file, bool weighted) {
  if (file.size() < header_bytes) {
    throw InputError(path + ": truncated: " + std::to_string(file.size()) +
                     " bytes, fewer than the " + std::to_string(header_bytes) +
                     " of a gapbs serialized graph's header");
  }
  const std::string bytes = file.read(0, header_bytes);
  const auto flag = static_cast<unsigned char>(bytes[0]);
  if (flag > 1) {
    throw InputError(path + ": the first byte (gapbs's directed flag) is " +
                     std::to_string(flag) + ", not 0 or 1: not a gapbs serialized graph");
  }
  SerializedHeader header;
  header.directed = flag == 1;
  header.entries = load<std::int64_t>(bytes.data() + 1);
  header.vertices = load<std::int64_t>(bytes.data() + 9);
  const std::string declared = "its header declares " + std::to_string(header.vertices) +
                               " vertices and " + std::to_string(header.entries) +
                               " neighbour entries";
  if (header.vertices < 0 || header.vertices > serialized::max_vertices || header.entries < 0) {
    throw InputError(path + ": " + declared + ", beyond gapbs's limits (0 to 2^31 - 1 " +
                     "vertices, entries >= 0): corrupt, or not a gapbs serialized graph");
  }
  const long long expected =
      serialized::file_bytes(header.directed, header.vertices, header.entries, weighted);
  const std::string layout = std::string(header.directed ? "directed" : "undirected") +
                             (weighted ? " .wsg" : " .sg");
  if (expected < 0 || file.size() < expected) {
    throw InputError(path + ": truncated: " + declared + " (" + layout + "), which take " +
                     (expected < 0 ? "more bytes than a file can hold"
                                   : std::to_string(expected) + " bytes") +
                     ", but the file has " + std::to_string(file.size()) +
                     size_hint(file, header, weighted));
  }
  if (file.size() > expected) {
    throw InputError(path + ": the file has " + std::to_string(file.size()) + " bytes but " +
                     declared + " (" + layout + "), which take " + std::to_string(expected) +
                     ": corrupt, or not a gapbs serialized graph" +
                     size_hint(file, header, weighted));
  }
  if (header.entries == 0) throw InputError("graph file '" + path + "' has no edges");
  return header;
}

std::vector<std::int64_t> read_offsets(const InputFile& file, const SerializedHeader& header,
                                       global_int first, global_int count) {
  const std::string bytes =
      file.read(header.offsets_at() + first * offset_bytes, count * offset_bytes);
  std::vector<std::int64_t> offsets(static_cast<size_t>(count));
  std::memcpy(offsets.data(), bytes.data(), bytes.size());
  return offsets;
}

/// Checks this rank's block of the N + 1 out-offsets, and the step from the one before it:
/// together the ranks check that they rise from 0 to M.
void check_offsets(const std::string& path, const InputFile& file, const SerializedHeader& header,
                   const Comm& comm) {
  const auto blocks = block_offsets(header.vertices + 1, comm.size());
  const global_int first = std::max<global_int>(blocks[comm.rank()] - 1, 0);
  const global_int last = blocks[comm.rank() + 1];
  const auto offsets = read_offsets(file, header, first, last - first);
  auto fail = [&](global_int index, const std::string& why) {
    throw InputError(path + ": out-offset " + std::to_string(index) + " is " +
                     std::to_string(offsets[index - first]) + ", " + why + ": corrupt file");
  };
  for (global_int index = first; index < last; ++index) {
    const std::int64_t offset = offsets[index - first];
    if (index == 0 && offset != 0) fail(index, "expected 0");
    if (index == header.vertices && offset != header.entries) {
      fail(index, "expected the entry count " + std::to_string(header.entries));
    }
    if (offset < 0 || offset > header.entries) {
      fail(index, "outside 0.." + std::to_string(header.entries));
    }
    if (index > first && offset < offsets[index - first - 1]) {
      fail(index, "below out-offset " + std::to_string(index - 1) + " (" +
                      std::to_string(offsets[index - first - 1]) + "); offsets must not decrease");
    }
  }
}

/// The vertex whose neighbours hold entry `entry` (offsets are known to rise from 0 to M).
global_int vertex_of_entry(const InputFile& file, const SerializedHeader& header,
                           global_int entry) {
  global_int low = 0, high = header.vertices;  // offsets[low] <= entry < offsets[high]
  while (high - low > 1) {
    const global_int middle = low + (high - low) / 2;
    (read_offsets(file, header, middle, 1)[0] <= entry ? low : high) = middle;
  }
  return low;
}

/// Entries [first, last) of the out-CSR as arcs, their ids (and weights) checked.
void read_entries(const std::string& path, const InputFile& file, const SerializedHeader& header,
                  bool weighted, global_int first, global_int last, std::vector<Edge>& edges) {
  if (first == last) return;
  const global_int first_vertex = vertex_of_entry(file, header, first);
  const global_int last_vertex = vertex_of_entry(file, header, last - 1);
  const auto offsets = read_offsets(file, header, first_vertex, last_vertex - first_vertex + 2);
  const long long bytes_per_entry = entry_bytes(weighted);
  constexpr global_int piece = 1 << 20;  // entries per read: bounds the raw buffer
  edges.reserve(static_cast<size_t>(last - first));
  global_int vertex = first_vertex;
  for (global_int start = first; start < last; start += piece) {
    const global_int count = std::min(piece, last - start);
    const std::string bytes =
        file.read(header.entries_at() + start * bytes_per_entry, count * bytes_per_entry);
    for (global_int i = 0; i < count; ++i) {
      const global_int entry = start + i;
      while (offsets[vertex + 1 - first_vertex] <= entry) ++vertex;
      const char* at = bytes.data() + i * bytes_per_entry;
      const std::int32_t id = load<std::int32_t>(at);
      const std::int32_t weight = weighted ? load<std::int32_t>(at + 4) : 1;
      if (id < 0 || id >= header.vertices) {
        throw InputError(path + ": neighbour entry " + std::to_string(entry) + " (of vertex " +
                         std::to_string(vertex) + ") is " + std::to_string(id) +
                         ", outside 0.." + std::to_string(header.vertices - 1) + ": corrupt file");
      }
      if (weight < 1) {
        throw InputError(path + ": the weight of entry " + std::to_string(entry) + " (arc " +
                         std::to_string(vertex) + " -> " + std::to_string(id) + ") is " +
                         std::to_string(weight) + "; weights must be 1 to " +
                         std::to_string(max_weight));
      }
      edges.push_back(Edge{vertex, id, weight});
    }
  }
}

}  // namespace

EdgeList read_serialized_graph(const std::string& path, const InputFile& file, bool weighted,
                               const Comm& comm) {
  SerializedHeader header;
  run_collectively(comm, [&] {
    header = read_header(path, file, weighted);
    check_offsets(path, file, header, comm);
  });
  EdgeList list;
  list.vertex_count = header.vertices;
  list.directed = header.directed;
  list.weighted = weighted;
  const global_int first = header.entries * comm.rank() / comm.size();
  const global_int last = header.entries * (comm.rank() + 1) / comm.size();
  run_collectively(comm, [&] {
    read_entries(path, file, header, weighted, first, last, list.edges);
  });
  if (!header.directed) require_symmetric_adjacency(path, list, comm);
  return list;
}

}  // namespace hpcg::graph
