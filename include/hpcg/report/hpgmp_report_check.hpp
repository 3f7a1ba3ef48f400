// SPDX-License-Identifier: BSD-3-Clause
// `xhpcg-report check` on an xhpgmp (HPG-MxP) report: HPG-MxP's keys in order, the penalty and
// the rating recomputed from the report's own numbers, the validation's residuals within the
// tolerance, the official-run rules, and the JSON beside it saying the same.
#pragma once

#include <string>

#include "hpcg/report/report_check.hpp"

namespace hpcg {

/// True when `text` is an HPG-MxP report (its first line is "HPGMP-Benchmark=").
bool is_hpgmp_report(const std::string& text);

/// Checks the report's text; `json_text` is the JSON beside it, empty when there is none.
ReportCheck check_hpgmp_report(const std::string& text, const std::string& json_text);

/// The verdict for people, as describe_check's for HPCG reports.
std::string describe_hpgmp_check(const ReportCheck& check, const std::string& path);

}  // namespace hpcg
