// SPDX-License-Identifier: BSD-3-Clause
// The picture written beside each report (HPCG-Benchmark_3.1_<date>_<time>.svg): where the
// timed phase went, kernel by kernel, and the GFLOP/s of each timed set.
#pragma once

#include <string>

#include "hpcg/benchmark/results.hpp"

namespace hpcg {

/// A self-contained SVG document. The multigrid preconditioner appears as one kernel: its
/// levels are not timed separately (a backend may run the whole V-cycle itself).
std::string render_run_figure(const BenchmarkResults& results);

}  // namespace hpcg
