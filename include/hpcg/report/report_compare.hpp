// SPDX-License-Identifier: BSD-3-Clause
// `xhpcg-report compare A B`: two official reports side by side, with B/A for numbers.
#pragma once

#include <string>

#include "hpcg/report/report_reader.hpp"

namespace hpcg {

/// A text table: key, value in A, value in B, and B/A for numbers (a '*' marks text that
/// differs). Lines are matched by key and occurrence. `all` shows every line; otherwise the
/// ones people compare: machine and problem sizes, setup, memory, iterations, times, rates and
/// the Final Summary, whose long advice texts then show as "yes" (present) or "-" (absent).
std::string compare_reports(const ParsedReport& a, const ParsedReport& b, bool all);

}  // namespace hpcg
