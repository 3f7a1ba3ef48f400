// SPDX-License-Identifier: BSD-3-Clause
// The official HPCG 3.1 report: its key=value document built from a run's results, and the
// file HPCG-Benchmark_3.1_<date>_<time>.txt written atomically.
#pragma once

#include <ctime>
#include <string>

#include "hpcg/base/program.hpp"
#include <utility>
#include <vector>

#include "hpcg/report/results.hpp"

namespace hpcg {

/// Ordered Parent::Child keys with their values; sections have empty values. Keys may repeat.
using ReportDocument = std::vector<std::pair<std::string, std::string>>;

/// One report line with, for a number, its value before printing (for the JSON file).
struct ReportEntry {
  enum class Kind { section, text, integer, real };
  std::string key;
  std::string text;  ///< as printed after '='
  Kind kind = Kind::text;
  double number = 0;  ///< unrounded value of an integer or real entry
};
using ReportEntries = std::vector<ReportEntry>;

/// Numbers as HPCG 3.1 prints them (std::ostream defaults: 6 significant digits).
std::string format_number(double value);

ReportEntries make_report_entries(const BenchmarkResults& results);

/// The value of "Final Summary::Timed sets re-proved", written for a VALID run of any backend
/// but the reference: how many sets followed the validated run, the re-run set, the spot checks.
std::string describe_timed_proof(const BenchmarkResults& results);
/// Reads that value back into `results` (whose `sets` is known); false when it is not one.
bool read_timed_proof(const std::string& text, BenchmarkResults& results);
/// The value of "Final Summary::Preconditioner checked", written beside it: exactly (in the
/// backend's declared Gauss-Seidel order) or approximately, and the checks on live vectors.
std::string describe_preconditioner_check(const BenchmarkResults& results);
/// Reads that value back into `results`; false when it is not one.
bool read_preconditioner_check(const std::string& text, BenchmarkResults& results);
ReportDocument make_report(const BenchmarkResults& results);

/// The file's text: "HPCG-Benchmark", then one key=value line per entry.
std::string render_report(const ReportDocument& document);

/// "HPCG-Benchmark_3.1_YYYY-MM-DD_hh-mm-ss" (local time), the name of the report and of the
/// JSON and SVG files beside it without their extension.
std::string report_basename(std::time_t when);

/// Writes the report into `directory` through a temporary file and a rename, so that a report
/// file either is complete or does not exist. Returns the path.
std::string write_report_file(const ReportDocument& document, const std::string& directory,
                              std::time_t when);

}  // namespace hpcg
