// SPDX-License-Identifier: BSD-3-Clause
// The machine-readable report, HPCG-Benchmark_3.1_<date>_<time>.json beside the official file:
// every line of the official report with its unrounded number, plus what the official format
// has no place for (backend, per-set times and residuals, per-level multigrid times, build and
// MPI library, sizing, and the memory-bandwidth roofline when the bandwidth was measured).
#pragma once

#include <optional>
#include <string>

#include "hpcg/report/results.hpp"
#include "hpcg/problem/memory_sizing.hpp"
#include "hpcg/report/build_info.hpp"

namespace hpcg {

/// Identifies the JSON documents this program writes ("format" key), and their version.
constexpr const char* run_json_format = "xhpcg-run";
constexpr int run_json_format_version = 1;

/// What the JSON file says beyond the benchmark's results.
struct RunContext {
  std::string report_file;             ///< file name of the official report beside it
  BuildInfo build;
  std::optional<SizingChoice> sizing;  ///< when --memory-fraction / --memory chose the grid
  /// Times the job was suspended (SIGSTOP/SIGCONT, Slurm's suspend) on rank 0, and for how long
  /// in all: the timed phase's clock ran on meanwhile.
  int suspensions = 0;
  double suspended_seconds = 0;
};

/// The JSON document. Its "official" array has one {"key", "value"} per line of the official
/// report, in order: sections have "", numbers are JSON numbers (unrounded), text is a string.
std::string render_run_json(const BenchmarkResults& results, const RunContext& context);

}  // namespace hpcg
