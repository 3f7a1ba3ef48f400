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

using Field = std::pair<const char*, const char*>;

/// Splits [begin, end) at blanks into at most 4 fields; returns the field count.
int split(const char* begin, const char* end, Field (&fields)[4]) {
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

/// One vertex id field of line `line`, 0-based, checked for syntax and range.
global_int parse_id(const std::string& path, long long line, const FileFormat& format,
                    const Field& field) {
  const bool matrix_market = format.kind == FileKind::matrix_market;
  global_int id = 0;
  auto [stop_at, error] = std::from_chars(field.first, field.second, id);
  if (error == std::errc::result_out_of_range) {
    throw InputError(where(path, line) + "vertex id " + shown(field.first, field.second) +
                     " is too large");
  }
  if (error != std::errc() || stop_at != field.second) {
    throw InputError(where(path, line) + "vertex id " + shown(field.first, field.second) +
                     " is not an integer; expected " + expected_fields(format));
  }
  if (matrix_market && (id < 1 || id > format.header.rows)) {
    throw InputError(where(path, line) + "vertex id " + std::to_string(id) +
                     " is out of range 1.." + std::to_string(format.header.rows) +
                     " (Matrix Market ids are 1-based; the size line is line " +
                     std::to_string(format.header.size_line) + ")");
  }
  if (id < 0) {
    throw InputError(where(path, line) + "vertex id " + std::to_string(id) +
                     " is negative; ids start at 0");
  }
  if (id >= max_vertex_id) {
    throw InputError(where(path, line) + "vertex id " + std::to_string(id) +
                     " is too large (the limit is 2^62)");
  }
  return matrix_market ? id - 1 : id;
}

void check_weight(const std::string& path, long long line, const Field& field) {
  double weight = 0;
  auto [stop_at, error] = std::from_chars(field.first, field.second, weight);
  if (error != std::errc() || stop_at != field.second || !std::isfinite(weight)) {
    throw InputError(where(path, line) + "weight " + shown(field.first, field.second) +
                     " is not a finite number");
  }
}

/// Checks the banner (line 1) of a Matrix Market file; returns whether entries carry a value.
bool parse_banner(const std::string& path, const std::string& line) {
  std::istringstream banner(lower(line));
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
  return field != "pattern";
}

/// Reads "rows columns entries" (line `line`) into `header`; the matrix must be square.
void parse_size_line(const std::string& path, long long line, const std::string& text,
                     FileHeader& header) {
  Field fields[4];
  long long numbers[3] = {-1, -1, -1};
  bool ok = split(text.data(), text.data() + text.size(), fields) == 3;
  for (int i = 0; ok && i < 3; ++i) {
    auto [end, error] = std::from_chars(fields[i].first, fields[i].second, numbers[i]);
    ok = error == std::errc() && end == fields[i].second && numbers[i] >= 0;
  }
  if (!ok) {
    throw InputError(where(path, line) + "expected the size line 'rows columns entries', got " +
                     shown(text.data(), text.data() + text.size()));
  }
  if (numbers[0] != numbers[1]) {
    throw InputError(where(path, line) + "a graph needs a square matrix, this one is " +
                     std::to_string(numbers[0]) + " x " + std::to_string(numbers[1]));
  }
  header.rows = numbers[0];
  header.entries = numbers[2];
  header.size_line = line;
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
  header.weighted = parse_banner(path, next_line());
  std::string size_text;
  do {  // comment lines may follow the banner
    size_text = next_line();
  } while (size_text.empty() || size_text[0] == '%' ||
           std::all_of(size_text.begin(), size_text.end(), is_blank));
  parse_size_line(path, line, size_text, header);
  header.data_offset = static_cast<long long>(position);
  header.data_line = line + 1;
  return header;
}

global_int parse_edges(const std::string& path, const FileFormat& format, const std::string& text,
                       long long first_line, std::vector<Edge>& edges) {
  const int wanted = format.header.weighted ? 3 : 2;
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
    Field fields[4];
    if (split(p, end, fields) != wanted) {
      throw InputError(where(path, line) + "expected " + expected_fields(format) + ", got " +
                       shown(p, end));
    }
    const Edge edge{parse_id(path, line, format, fields[0]),
                    parse_id(path, line, format, fields[1])};
    if (wanted == 3) check_weight(path, line, fields[2]);
    edges.push_back(edge);
    max_id = std::max({max_id, edge.u, edge.v});
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
