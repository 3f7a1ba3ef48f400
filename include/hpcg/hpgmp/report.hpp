// SPDX-License-Identifier: BSD-3-Clause
// xhpgmp's reports: HPG-MxP's key=value text (its sections and keys, in its order) and our JSON
// beside it, both from one Outcome.
#pragma once

#include <string>

#include "hpcg/hpgmp/benchmark.hpp"

namespace hpcg::hpgmp {

/// The text report; `threads` is the OpenMP thread count of each rank.
std::string report_text(const Outcome& outcome, int threads);
/// The same facts as JSON (kind "hpgmp").
std::string report_json(const Outcome& outcome, int threads);
/// Writes HPGMP-Benchmark_0.1_<stamp>.txt and .json in the working directory (rank 0 only),
/// under names claimed exclusively ("_2", "_3", ... when taken); returns the text report's name
/// ("" on other ranks). Throws ResourceError on rank 0 when they cannot be written, removing
/// what it claimed (an older file of either name is never touched).
std::string write_reports(const Outcome& outcome, int threads, const Comm& comm);

}  // namespace hpcg::hpgmp
