// SPDX-License-Identifier: BSD-3-Clause
// Graph file formats as their extensions name them, and the text formats' syntax (private to
// the reader and writers): headers and lines parsed with messages that name the file, the line
// and the offending text.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hpcg/base/types.hpp"
#include "hpcg/graph/edge_list.hpp"

namespace hpcg::graph {

enum class FileKind {
  edge_list,            ///< .el: "u v", 0-based arcs
  weighted_edge_list,   ///< .wel: "u v w"
  dimacs,               ///< .gr: DIMACS shortest paths, "p sp N M" then "a u v w", 1-based
  matrix_market,        ///< .mtx: Matrix Market coordinate, 1-based
  serialized,           ///< .sg: gapbs's serialized CSR
  weighted_serialized,  ///< .wsg: the same with a weight per neighbour
};

/// The kind `path`'s extension names (case-insensitive), or nothing for other extensions.
std::optional<FileKind> kind_from_extension(const std::string& path);
inline bool is_serialized(FileKind kind) {
  return kind == FileKind::serialized || kind == FileKind::weighted_serialized;
}

/// What a data line's value field (after the two ids) holds.
enum class ValueField {
  none,     ///< no value field
  weight,   ///< an integer weight 1..max_weight, kept
  dropped,  ///< a real number (.mtx real/double): checked, then dropped
};

struct FileHeader {
  long long data_offset = 0;          ///< byte where data lines begin
  long long data_line = 1;            ///< line number (1-based) of that byte
  long long declaration_line = 0;     ///< .mtx size line or .gr problem line
  global_int rows = -1;               ///< vertices (.mtx rows) it declares; -1: largest id + 1
  global_int declared_entries = -1;   ///< entries (arcs) that line declares; -1: none
  bool directed = true;               ///< false for a symmetric .mtx
  ValueField value = ValueField::none;
};

struct FileFormat {
  FileKind kind = FileKind::edge_list;
  FileHeader header;  ///< text formats only
};

/// The format `path`'s extension names, its header not yet read; throws InputError listing the
/// known extensions for any other.
FileFormat detect_format(const std::string& path);

/// Reads a text format's header from the first bytes of the file (`start`); .el and .wel have
/// none. Throws InputError naming the line for a malformed header.
FileHeader parse_header(const std::string& path, FileKind kind, const std::string& start);

/// Parses whole lines (`text`, first line numbered `first_line`) into 0-based edges appended to
/// `edges`; returns the largest id seen (-1 if none). Throws InputError at the first bad line.
global_int parse_edges(const std::string& path, const FileFormat& format, const std::string& text,
                       long long first_line, std::vector<Edge>& edges);

/// Checks the global edge count: not zero, and equal to what a header declares.
void check_edge_count(const std::string& path, const FileFormat& format, global_int edges);

}  // namespace hpcg::graph
