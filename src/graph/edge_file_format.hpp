// SPDX-License-Identifier: BSD-3-Clause
// The three edge-file formats' syntax (private to the reader): header and line parsing with
// messages that name the file, the line and the offending text.
#pragma once

#include <string>
#include <vector>

#include "hpcg/base/types.hpp"
#include "hpcg/graph/edge_list.hpp"

namespace hpcg::graph {

enum class FileKind { edge_list, weighted_edge_list, matrix_market };

struct FileHeader {
  long long data_offset = 0;  ///< byte where edge lines begin
  long long data_line = 1;    ///< line number (1-based) of that byte
  long long size_line = 0;    ///< .mtx: line of "rows columns entries"
  global_int rows = 0;        ///< .mtx only
  global_int entries = 0;     ///< .mtx only
  bool weighted = false;      ///< lines carry a third field (weight)
};

struct FileFormat {
  FileKind kind = FileKind::edge_list;
  FileHeader header;
};

/// From the file name's extension; throws InputError for anything but .el, .wel and .mtx.
FileFormat detect_format(const std::string& path);

/// Reads the header from the first bytes of the file (`start`); .el and .wel have none.
FileHeader parse_header(const std::string& path, FileKind kind, const std::string& start);

/// Parses whole lines (`text`, first line numbered `first_line`) into 0-based edges appended to
/// `edges`; returns the largest id seen (-1 if none). Throws InputError at the first bad line.
global_int parse_edges(const std::string& path, const FileFormat& format, const std::string& text,
                       long long first_line, std::vector<Edge>& edges);

/// Checks the global edge count: not zero, and equal to a Matrix Market header's entry count.
void check_edge_count(const std::string& path, const FileFormat& format, global_int edges);

}  // namespace hpcg::graph
