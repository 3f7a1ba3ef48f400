// SPDX-License-Identifier: BSD-3-Clause
// Syntax of .el ("u v"), .wel ("u v w") and Matrix Market coordinate files ("i j [w]" after a
// banner and a size line). Parsing uses std::from_chars: no locale, no allocation per line.
#include "edge_file_format.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <sstream>

#include "hpcg/base/error.hpp"

namespace hpcg::graph {
namespace {

/// Ids beyond 2^62 would overflow the vertex count arithmetic.
constexpr global_int max_vertex_id = global_int{1} << 62;

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

/// A line as a message can show it: at most 60 characters, unprintable bytes as '?'.
std::string shown(const char* begin, const char* end) {
  std::string text(begin, std::min<size_t>(static_cast<size_t>(end - begin), 60));
  for (char& c : text) {
    if (!std::isprint(static_cast<unsigned char>(c))) c = '?';
  }
  return "'" + text + (end - begin > 60 ? "...'" : "'");
}

std::string where(const std::string& path, long long line) {
  return path + ":" + std::to_string(line) + ": ";
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/// Splits [begin, end) at blanks into at most 4 fields; returns the field count.
int split(const char* begin, const char* end, std::pair<const char*, const char*> (&fields)[4]) {
  int count = 0;
  const char* p = begin;
  while (true) {
    while (p < end && is_blank(*p)) ++p;
    if (p == end) return count;
    if (count == 4) return 5;  // more fields than any format has
    const char* start = p;
    while (p < end && !is_blank(*p)) ++p;
    fields[count++] = {start, p};
  }
}

std::string expected_fields(const FileFormat& format) {
  switch (format.kind) {
    case FileKind::edge_list:
      return "'u v' (two vertex ids)";
    case FileKind::weighted_edge_list:
      return "'u v w' (two vertex ids and a weight)";
    case FileKind::matrix_market:
      return format.header.weighted ? "'i j value' (row, column, value)" : "'i j' (row, column)";
  }
  return "";
}

}  // namespace

FileFormat detect_format(const std::string& path) {
  const size_t dot = path.find_last_of('.');
  const std::string extension = dot == std::string::npos ? "" : lower(path.substr(dot));
  FileFormat format;
  if (extension == ".el") {
    format.kind = FileKind::edge_list;
  } else if (extension == ".wel") {
    format.kind = FileKind::weighted_edge_list;
    format.header.weighted = true;
  } else if (extension == ".mtx") {
    format.kind = FileKind::matrix_market;
  } else {
    throw InputError("graph file '" + path + "' has an unknown format '" + extension +
                     "'; use .el (u v), .wel (u v w) or .mtx (Matrix Market)");
  }
  return format;
}

FileHeader parse_header(const std::string& path, FileKind kind, const std::string& start) {
  FileHeader header;
  header.weighted = kind == FileKind::weighted_edge_list;
  if (kind != FileKind::matrix_market) return header;
  size_t position = 0;
  long long line = 0;
  auto next_line = [&]() -> std::string {
    const size_t newline = start.find('\n', position);
    if (newline == std::string::npos) {
      throw InputError(where(path, line + 1) + "Matrix Market header ends before the size line " +
                       "'rows columns entries'");
    }
    std::string text = start.substr(position, newline - position);
    position = newline + 1;
    ++line;
    return text;
  };
  std::istringstream banner(lower(next_line()));
  std::string tag, object, layout, field, symmetry;
  banner >> tag >> object >> layout >> field >> symmetry;
  if (tag != "%%matrixmarket" || object != "matrix") {
    throw InputError(where(path, 1) + "expected the banner '%%MatrixMarket matrix coordinate " +
                     "<field> <symmetry>'");
  }
  if (layout != "coordinate") {
    throw InputError(where(path, 1) + "only 'coordinate' Matrix Market files hold graphs, not '" +
                     layout + "'");
  }
  if (field != "pattern" && field != "real" && field != "integer" && field != "double") {
    throw InputError(where(path, 1) + "unsupported Matrix Market field '" + field +
                     "'; use pattern, real or integer");
  }
  header.weighted = field != "pattern";
  std::string size_text;
  do {
    size_text = next_line();
  } while (size_text.empty() || size_text[0] == '%' ||
           std::all_of(size_text.begin(), size_text.end(), is_blank));
  std::pair<const char*, const char*> fields[4];
  const char* text = size_text.data();
  long long numbers[3] = {-1, -1, -1};
  bool ok = split(text, text + size_text.size(), fields) == 3;
  for (int i = 0; ok && i < 3; ++i) {
    auto [end, error] = std::from_chars(fields[i].first, fields[i].second, numbers[i]);
    ok = error == std::errc() && end == fields[i].second && numbers[i] >= 0;
  }
  if (!ok) {
    throw InputError(where(path, line) + "expected the size line 'rows columns entries', got " +
                     shown(text, text + size_text.size()));
  }
  if (numbers[0] != numbers[1]) {
    throw InputError(where(path, line) + "a graph needs a square matrix, this one is " +
                     std::to_string(numbers[0]) + " x " + std::to_string(numbers[1]));
  }
  header.rows = numbers[0];
  header.entries = numbers[2];
  header.size_line = line;
  header.data_offset = static_cast<long long>(position);
  header.data_line = line + 1;
  return header;
}

global_int parse_edges(const std::string& path, const FileFormat& format, const std::string& text,
                       long long first_line, std::vector<Edge>& edges) {
  const bool matrix_market = format.kind == FileKind::matrix_market;
  const int wanted = format.header.weighted ? 3 : 2;
  const global_int id_offset = matrix_market ? 1 : 0;  // Matrix Market ids are 1-based
  global_int max_id = -1;
  long long line = first_line;
  const char* p = text.data();
  const char* const stop = p + text.size();
  edges.reserve(edges.size() + static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
  for (; p < stop; ++line) {
    const char* end = std::find(p, stop, '\n');
    const char* first = p;
    while (first < end && is_blank(*first)) ++first;
    const char* next = end == stop ? stop : end + 1;
    if (first == end || *first == '#' || *first == '%') {  // blank or comment line
      p = next;
      continue;
    }
    std::pair<const char*, const char*> fields[4];
    if (split(p, end, fields) != wanted) {
      throw InputError(where(path, line) + "expected " + expected_fields(format) + ", got " +
                       shown(p, end));
    }
    global_int ids[2];
    for (int i = 0; i < 2; ++i) {
      auto [stop_at, error] = std::from_chars(fields[i].first, fields[i].second, ids[i]);
      if (error == std::errc::result_out_of_range) {
        throw InputError(where(path, line) + "vertex id " +
                         shown(fields[i].first, fields[i].second) + " is too large");
      }
      if (error != std::errc() || stop_at != fields[i].second) {
        throw InputError(where(path, line) + "vertex id " +
                         shown(fields[i].first, fields[i].second) +
                         " is not an integer; expected " + expected_fields(format));
      }
      ids[i] -= id_offset;
      if (matrix_market && (ids[i] < 0 || ids[i] >= format.header.rows)) {
        throw InputError(where(path, line) + "vertex id " + std::to_string(ids[i] + 1) +
                         " is out of range 1.." + std::to_string(format.header.rows) +
                         " (Matrix Market ids are 1-based; the size line is line " +
                         std::to_string(format.header.size_line) + ")");
      }
      if (ids[i] < 0) {
        throw InputError(where(path, line) + "vertex id " + std::to_string(ids[i]) +
                         " is negative; ids start at 0");
      }
      if (ids[i] >= max_vertex_id) {
        throw InputError(where(path, line) + "vertex id " + std::to_string(ids[i]) +
                         " is too large (the limit is 2^62)");
      }
    }
    if (wanted == 3) {
      double weight = 0;
      auto [stop_at, error] = std::from_chars(fields[2].first, fields[2].second, weight);
      if (error != std::errc() || stop_at != fields[2].second || !std::isfinite(weight)) {
        throw InputError(where(path, line) + "weight " + shown(fields[2].first, fields[2].second) +
                         " is not a finite number");
      }
    }
    edges.push_back(Edge{ids[0], ids[1]});
    max_id = std::max({max_id, ids[0], ids[1]});
    p = next;
  }
  return max_id;
}

void check_edge_count(const std::string& path, const FileFormat& format, global_int edges) {
  if (format.kind == FileKind::matrix_market && edges != format.header.entries) {
    throw InputError(path + ": the size line (line " + std::to_string(format.header.size_line) +
                     ") declares " + std::to_string(format.header.entries) +
                     " entries but the file has " + std::to_string(edges));
  }
  if (edges == 0) throw InputError("graph file '" + path + "' has no edges");
}

}  // namespace hpcg::graph
