// SPDX-License-Identifier: BSD-3-Clause
// The picture written beside each report (HPCG-Benchmark_3.1_<date>_<time>.svg): where the
// timed phase went, kernel by kernel and multigrid level by level, and the GFLOP/s of each
// timed set.
#pragma once

#include <string>

#include "hpcg/report/results.hpp"

namespace hpcg {

/// A self-contained SVG document. The multigrid levels appear when the backend's V-cycle timed
/// them (results.mg_level_seconds); otherwise the picture says they were not reported.
std::string render_run_figure(const BenchmarkResults& results);

}  // namespace hpcg
