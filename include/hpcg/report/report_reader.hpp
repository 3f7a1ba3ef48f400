// SPDX-License-Identifier: BSD-3-Clause
// An official HPCG 3.1 report read back from its file, and the BenchmarkResults its numbers
// describe, so that the checker can rebuild the report with the same code that wrote it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hpcg/report/results.hpp"
#include "hpcg/report/report.hpp"

namespace hpcg {

struct ParsedReport {
  std::string path;
  ReportDocument lines;                     ///< key, value after the "HPCG-Benchmark" line
  std::vector<std::string> format_errors;  ///< lines that are not key=value, a wrong first line
};

/// Splits each line at its first '='. Never throws: malformed lines become format_errors.
ParsedReport parse_report(const std::string& text, const std::string& path);
/// Reads and parses a file; throws InputError when it cannot be read.
ParsedReport read_report_file(const std::string& path);

/// The value of the n-th (0-based) line with this key.
std::optional<std::string> report_value(const ReportDocument& lines, const std::string& key,
                                        int occurrence = 0);
/// The value as a number; nullopt when missing or not a whole number token.
std::optional<double> report_number(const ReportDocument& lines, const std::string& key,
                                    int occurrence = 0);

/// Results holding every number the report gives: dimensions, times, test outcomes, backend.
/// Level sizes (rows, nonzeros, rank 0's halo) are derived from the dimensions, so counts that
/// disagree with the grid show up when the report is rebuilt. What the format does not carry
/// (per-set times) stays empty. Throws InputError naming the first missing or malformed key.
BenchmarkResults results_from_report(const ReportDocument& lines);

}  // namespace hpcg
