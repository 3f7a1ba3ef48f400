// SPDX-License-Identifier: BSD-3-Clause
// Version of this implementation, and of the HPCG specification whose report it writes.
#pragma once

namespace hpcg {

constexpr const char* version_string = "1.0.0";
constexpr const char* hpcg_version = "3.1";
constexpr const char* hpcg_release_date = "March 28, 2019";  ///< as in HPCG 3.1 reports

}  // namespace hpcg
