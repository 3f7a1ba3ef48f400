// SPDX-License-Identifier: BSD-3-Clause
// xhpgmp's program flow: options, the benchmark, the summary and the reports.
#pragma once

#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"

namespace hpcg::hpgmp {

/// Runs xhpgmp with argv[1..]; returns the exit status on every rank (xhpcg's codes: 0 VALID,
/// 1 INVALID, 2 bad input, ...).
int run_xhpgmp(const Comm& comm, const std::vector<std::string>& args);

}  // namespace hpcg::hpgmp
