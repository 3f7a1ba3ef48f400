// SPDX-License-Identifier: BSD-3-Clause
// Extensions, and the syntax of .el ("u v"), .wel ("u v w"), DIMACS .gr ("p sp N M", then
// "a u v w") and Matrix Market coordinate files ("i j [value]" after a banner and a size line).
// Parsing uses std::from_chars: no locale, no allocation per line.
#include "edge_file_format.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <sstream>
#include <utility>

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
std::string shown(const std::string& text) { return shown(text.data(), text.data() + text.size()); }

std::string where(const std::string& path, long long line) {
  return path + ":" + std::to_string(line) + ": ";
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

using Field = std::pair<const char*, const char*>;

/// Splits [begin, end) at blanks into at most 4 fields; returns the field count (5: more).
int split(const char* begin, const char* end, Field (&fields)[4]) {
  int count = 0;
  const char* p = begin;
  while (true) {
    while (p < end && is_blank(*p)) ++p;
    if (p == end) return count;
    if (count == 4) return 5;
    const char* start = p;
    while (p < end && !is_blank(*p)) ++p;
    fields[count++] = {start, p};
  }
}

bool is_comment(FileKind kind, char first) {
  return first == '#' || first == '%' || (kind == FileKind::dimacs && first == 'c');
}

int fields_per_line(const FileFormat& format) {
  const int values = format.header.value == ValueField::none ? 0 : 1;
  return (format.kind == FileKind::dimacs ? 3 : 2) + values;
}

std::string expected_fields(const FileFormat& format) {
  switch (format.kind) {
    case FileKind::edge_list:
      return "'u v' (two vertex ids)";
    case FileKind::weighted_edge_list:
      return "'u v w' (two vertex ids and a weight)";
    case FileKind::dimacs:
      return "'a u v w' (an arc: two vertex ids and a weight)";
    default:
      return format.header.value == ValueField::none ? "'i j' (row, column)"
                                                     : "'i j value' (row, column, value)";
  }
}

/// One vertex id field of line `line`, 0-based, checked for syntax and range.
global_int parse_id(const std::string& path, long long line, const FileFormat& format,
                    const Field& field) {
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
  const global_int declared = format.header.rows;
  if (declared >= 0 && (id < 1 || id > declared)) {  // the 1-based formats declare N
    const bool dimacs = format.kind == FileKind::dimacs;
    throw InputError(where(path, line) + "vertex id " + std::to_string(id) +
                     " is out of range 1.." + std::to_string(declared) + " (" +
                     (dimacs ? "DIMACS" : "Matrix Market") + " ids are 1-based; the " +
                     (dimacs ? "problem" : "size") + " line is line " +
                     std::to_string(format.header.declaration_line) + ")");
  }
  if (id < 0) {
    throw InputError(where(path, line) + "vertex id " + std::to_string(id) +
                     " is negative; ids start at 0");
  }
  if (id >= max_vertex_id) {
    throw InputError(where(path, line) + "vertex id " + std::to_string(id) +
                     " is too large (the limit is 2^62)");
  }
  return declared >= 0 ? id - 1 : id;
}

/// A weight field: GAP's WeightT is int32, and SSSP's verification needs positive weights.
weight_t parse_weight(const std::string& path, long long line, const Field& field) {
  long long weight = 0;
  auto [stop_at, error] = std::from_chars(field.first, field.second, weight);
  if (error != std::errc() || stop_at != field.second || weight < 1 || weight > max_weight) {
    throw InputError(where(path, line) + "weight " + shown(field.first, field.second) +
                     " is not an integer from 1 to " + std::to_string(max_weight) +
                     " (weights are positive 32-bit integers, as GAP's)");
  }
  return static_cast<weight_t>(weight);
}

void check_real_value(const std::string& path, long long line, const Field& field) {
  double value = 0;
  auto [stop_at, error] = std::from_chars(field.first, field.second, value);
  if (error != std::errc() || stop_at != field.second || !std::isfinite(value)) {
    throw InputError(where(path, line) + "weight " + shown(field.first, field.second) +
                     " is not a finite number");
  }
}

/// The lines of a header, read from the first bytes of a file.
class HeaderLines {
 public:
  /// `ends_early`: the message when the bytes end before the header does.
  HeaderLines(const std::string& path, const std::string& start, std::string ends_early)
      : path_(path), start_(start), ends_early_(std::move(ends_early)) {}

  /// The next line; throws InputError when the bytes end first.
  std::string next() {
    const size_t newline = start_.find('\n', position_);
    if (newline == std::string::npos) throw InputError(where(path_, line_ + 1) + ends_early_);
    std::string text = start_.substr(position_, newline - position_);
    position_ = newline + 1;
    ++line_;
    return text;
  }
  /// The next line that is neither blank nor a comment of `kind`.
  std::string next_content(FileKind kind) {
    while (true) {
      std::string text = next();
      auto first = std::find_if_not(text.begin(), text.end(), is_blank);
      if (first != text.end() && !is_comment(kind, *first)) return text;
    }
  }
  long long line() const { return line_; }

  /// Where the data begins: the byte and line after the last line read.
  void finish(FileHeader& header) const {
    header.data_offset = static_cast<long long>(position_);
    header.data_line = line_ + 1;
  }

 private:
  const std::string& path_;
  const std::string& start_;
  std::string ends_early_;
  size_t position_ = 0;
  long long line_ = 0;
};

/// Reads `count` non-negative integers from fields [first, first + count); false if malformed.
bool parse_counts(const Field* fields, int count, long long* numbers) {
  for (int i = 0; i < count; ++i) {
    auto [end, error] = std::from_chars(fields[i].first, fields[i].second, numbers[i]);
    if (error != std::errc() || end != fields[i].second || numbers[i] < 0) return false;
  }
  return true;
}

/// The banner (line 1) of a Matrix Market file: its value field and its symmetry.
void parse_banner(const std::string& path, const std::string& line, FileHeader& header) {
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
  if (field == "pattern") {
    header.value = ValueField::none;
  } else if (field == "integer") {
    header.value = ValueField::weight;
  } else if (field == "real" || field == "double") {
    header.value = ValueField::dropped;
  } else {
    throw InputError(where(path, 1) + "unsupported Matrix Market field '" + field +
                     "'; use pattern, integer (weights) or real (values dropped)");
  }
  // A skew-symmetric pattern is symmetric too: only its values differ in sign.
  if (symmetry == "general") {
    header.directed = true;
  } else if (symmetry == "symmetric" || symmetry == "skew-symmetric") {
    header.directed = false;
  } else {
    throw InputError(where(path, 1) + "unsupported Matrix Market symmetry '" + symmetry +
                     "'; use general (directed) or symmetric (undirected)");
  }
}

FileHeader parse_matrix_market_header(const std::string& path, const std::string& start) {
  FileHeader header;
  HeaderLines lines(path, start,
                    "Matrix Market header ends before the size line 'rows columns entries'");
  parse_banner(path, lines.next(), header);
  const std::string text = lines.next_content(FileKind::matrix_market);
  Field fields[4];
  long long numbers[3] = {};
  if (split(text.data(), text.data() + text.size(), fields) != 3 ||
      !parse_counts(fields, 3, numbers)) {
    throw InputError(where(path, lines.line()) +
                     "expected the size line 'rows columns entries', got " + shown(text));
  }
  if (numbers[0] != numbers[1]) {
    throw InputError(where(path, lines.line()) + "a graph needs a square matrix, this one is " +
                     std::to_string(numbers[0]) + " x " + std::to_string(numbers[1]));
  }
  header.rows = numbers[0];
  header.declared_entries = numbers[2];
  header.declaration_line = lines.line();
  lines.finish(header);
  return header;
}

FileHeader parse_dimacs_header(const std::string& path, const std::string& start) {
  FileHeader header;
  header.value = ValueField::weight;
  HeaderLines lines(path, start,
                    "DIMACS header ends before the problem line 'p sp N M' (vertices, arcs)");
  const std::string text = lines.next_content(FileKind::dimacs);
  Field fields[4];
  long long numbers[2] = {};
  if (split(text.data(), text.data() + text.size(), fields) != 4 ||
      std::string(fields[0].first, fields[0].second) != "p" ||
      std::string(fields[1].first, fields[1].second) != "sp" ||
      !parse_counts(fields + 2, 2, numbers)) {
    throw InputError(where(path, lines.line()) +
                     "expected the problem line 'p sp N M' (vertices, arcs) before any arc, got " +
                     shown(text));
  }
  header.rows = numbers[0];
  header.declared_entries = numbers[1];
  header.declaration_line = lines.line();
  lines.finish(header);
  return header;
}

/// A .gr data line must be an arc: "a" then the ids and weight.
void check_arc_tag(const std::string& path, long long line, const Field& tag, const char* begin,
                   const char* end) {
  if (tag.second - tag.first == 1 && *tag.first == 'a') return;
  if (tag.second - tag.first == 1 && *tag.first == 'p') {
    throw InputError(where(path, line) + "a second problem line " + shown(begin, end) +
                     "; a DIMACS file has one");
  }
  throw InputError(where(path, line) + "expected an arc line 'a u v w', got " +
                   shown(begin, end));
}

}  // namespace

std::optional<FileKind> kind_from_extension(const std::string& path) {
  const size_t dot = path.find_last_of('.');
  const size_t slash = path.find_last_of('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
  const std::string extension = lower(path.substr(dot));
  if (extension == ".el") return FileKind::edge_list;
  if (extension == ".wel") return FileKind::weighted_edge_list;
  if (extension == ".gr") return FileKind::dimacs;
  if (extension == ".mtx") return FileKind::matrix_market;
  if (extension == ".sg") return FileKind::serialized;
  if (extension == ".wsg") return FileKind::weighted_serialized;
  return {};
}

FileFormat detect_format(const std::string& path) {
  if (auto kind = kind_from_extension(path)) return FileFormat{*kind, FileHeader{}};
  const size_t dot = path.find_last_of('.');
  const std::string extension = dot == std::string::npos ? "" : lower(path.substr(dot));
  throw InputError("graph file '" + path + "' has an unknown format '" + extension +
                   "'; use .el (u v), .wel (u v w), .gr (DIMACS), .mtx (Matrix Market), " +
                   ".sg or .wsg (gapbs serialized)");
}

FileHeader parse_header(const std::string& path, FileKind kind, const std::string& start) {
  switch (kind) {
    case FileKind::matrix_market:
      return parse_matrix_market_header(path, start);
    case FileKind::dimacs:
      return parse_dimacs_header(path, start);
    case FileKind::weighted_edge_list: {
      FileHeader header;
      header.value = ValueField::weight;
      return header;
    }
    default:
      return FileHeader{};
  }
}

global_int parse_edges(const std::string& path, const FileFormat& format, const std::string& text,
                       long long first_line, std::vector<Edge>& edges) {
  const int wanted = fields_per_line(format);
  const int first_id = format.kind == FileKind::dimacs ? 1 : 0;  // after the 'a'
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
    if (first == end || is_comment(format.kind, *first)) {
      p = next;
      continue;
    }
    Field fields[4];
    const int count = split(p, end, fields);
    if (format.kind == FileKind::dimacs) check_arc_tag(path, line, fields[0], p, end);
    if (count != wanted) {
      throw InputError(where(path, line) + "expected " + expected_fields(format) + ", got " +
                       shown(p, end));
    }
    Edge edge{parse_id(path, line, format, fields[first_id]),
              parse_id(path, line, format, fields[first_id + 1])};
    if (format.header.value == ValueField::weight) {
      edge.w = parse_weight(path, line, fields[first_id + 2]);
    } else if (format.header.value == ValueField::dropped) {
      check_real_value(path, line, fields[first_id + 2]);
    }
    edges.push_back(edge);
    max_id = std::max({max_id, edge.u, edge.v});
    p = next;
  }
  return max_id;
}

void check_edge_count(const std::string& path, const FileFormat& format, global_int edges) {
  const FileHeader& header = format.header;
  if (header.declared_entries >= 0 && edges != header.declared_entries) {
    const bool dimacs = format.kind == FileKind::dimacs;
    throw InputError(path + ": the " + (dimacs ? "problem" : "size") + " line (line " +
                     std::to_string(header.declaration_line) + ") declares " +
                     std::to_string(header.declared_entries) + (dimacs ? " arcs" : " entries") +
                     " but the file has " + std::to_string(edges));
  }
  if (edges == 0) throw InputError("graph file '" + path + "' has no edges");
}

}  // namespace hpcg::graph
