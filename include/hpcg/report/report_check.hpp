// SPDX-License-Identifier: BSD-3-Clause
// `xhpcg-report check`: is an official report well formed, consistent with its own numbers,
// VALID, and long enough to submit to the HPCG ranking list? The report is rebuilt from the
// numbers it gives with the code that writes reports (make_report over HPCG's models), so the
// checker and the benchmark can never disagree about a formula.
#pragma once

#include <string>
#include <vector>

#include "hpcg/report/report_reader.hpp"

namespace hpcg {

constexpr double official_minimum_timed_seconds = 1800.0;

struct ReportCheck {
  std::vector<std::string> format_problems;   ///< not key=value, keys missing or out of order
  std::vector<std::string> inconsistencies;   ///< values that do not follow from the others
  std::vector<std::string> rule_problems;     ///< INVALID, failed tests, too short, QuickPath
  std::vector<std::string> notes;             ///< worth knowing, no obstacle to submitting
  bool numbers_read = false;                  ///< its numbers could be read and rebuilt
  bool valid = false;                         ///< the report says VALID
  double rating = 0;                          ///< its GFLOP/s rating when VALID
  double timed_seconds = 0;
  int lines = 0;

  bool submittable() const {
    return format_problems.empty() && inconsistencies.empty() && rule_problems.empty();
  }
};

/// Relative difference a printed value may have from the one rebuilt from other printed
/// values: each is rounded to 6 significant digits, and a rate combines up to three of them.
constexpr double printed_tolerance = 5e-5;

ReportCheck check_report(const ParsedReport& report);

/// Compares the "official" array of the JSON written beside a report with the report's lines;
/// any difference is an inconsistency (one of the two files was edited).
void check_json_beside(const ParsedReport& report, const std::string& json_text,
                       ReportCheck& check);

/// The checker's verdict for people: one block per aspect, then what blocks submission.
std::string describe_check(const ReportCheck& check, const std::string& path);

}  // namespace hpcg
