// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer target for xgraph's edge-file syntax, built once per format: HPCG_FUZZ_GRAPH_FORMAT
// (el, wel, mtx or gr) is the extension of the file name the parser is given. The bytes go
// through the steps read_edge_file takes (format, header from the first MiB, edge lines from the
// data offset, edge count). Besides "parse or throw InputError", it checks what the parallel
// reader relies on: parsing the data in two pieces cut at a line end, the second numbered from
// where the first ended (as two ranks do), gives the same edges or the same error as parsing it
// whole; every edge's ids are in 0..max id, and below the row count for Matrix Market.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "edge_file_format.hpp"
#include "hpcg/base/error.hpp"

#define HPCG_FUZZ_TEXT(word) #word
#define HPCG_FUZZ_EXTENSION(word) HPCG_FUZZ_TEXT(word)

namespace {

using hpcg::global_int;
using hpcg::graph::Edge;
using hpcg::graph::FileFormat;

struct Parsed {
  std::vector<Edge> edges;
  global_int max_id = -1;
  std::string error;  ///< the InputError's message, empty when the text parsed
};

Parsed parse_pieces(const std::string& path, const FileFormat& format, const std::string& data,
                    size_t cut) {
  Parsed parsed;
  try {
    const std::string first = data.substr(0, cut), second = data.substr(cut);
    const long long first_line = format.header.data_line;
    parsed.max_id = hpcg::graph::parse_edges(path, format, first, first_line, parsed.edges);
    const long long second_line = first_line + std::count(first.begin(), first.end(), '\n');
    parsed.max_id = std::max(
        parsed.max_id, hpcg::graph::parse_edges(path, format, second, second_line, parsed.edges));
  } catch (const hpcg::InputError& error) {
    parsed.error = error.what();
  }
  return parsed;
}

bool same_edges(const std::vector<Edge>& a, const std::vector<Edge>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const Edge& x, const Edge& y) { return x.u == y.u && x.v == y.v; });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  const std::string path = std::string("fuzz.") + HPCG_FUZZ_EXTENSION(HPCG_FUZZ_GRAPH_FORMAT);
  const std::string text(reinterpret_cast<const char*>(bytes), size);
  FileFormat format = hpcg::graph::detect_format(path);
  try {
    format.header = hpcg::graph::parse_header(path, format.kind, text.substr(0, 1 << 20));
  } catch (const hpcg::InputError&) {
    return 0;
  }
  if (format.header.data_offset < 0 || static_cast<size_t>(format.header.data_offset) > size) {
    std::abort();  // the reader would read outside the file
  }
  const std::string data = text.substr(static_cast<size_t>(format.header.data_offset));
  const Parsed whole = parse_pieces(path, format, data, data.size());
  // A cut after a line end that the input's first byte chooses, as a rank boundary would fall.
  size_t cut = data.empty() ? 0 : bytes[0] % (data.size() + 1);
  cut = data.find('\n', cut);
  cut = cut == std::string::npos ? data.size() : cut + 1;
  const Parsed split = parse_pieces(path, format, data, cut);
  // The pieces are parsed in order, so both parses stop at the same first bad line.
  if (whole.error != split.error) std::abort();
  if (!whole.error.empty()) return 0;
  if (whole.max_id != split.max_id || !same_edges(whole.edges, split.edges)) std::abort();
  for (const Edge& edge : whole.edges) {
    if (edge.u < 0 || edge.v < 0 || edge.u > whole.max_id || edge.v > whole.max_id) std::abort();
    if (format.kind == hpcg::graph::FileKind::matrix_market &&
        (edge.u >= format.header.rows || edge.v >= format.header.rows)) {
      std::abort();
    }
  }
  try {
    hpcg::graph::check_edge_count(path, format, static_cast<global_int>(whole.edges.size()));
  } catch (const hpcg::InputError&) {
  }
  return 0;
}
