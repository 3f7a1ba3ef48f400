// SPDX-License-Identifier: BSD-3-Clause
// `xhpcg-report plot A B C... -o scaling.svg`: the rating of several runs against their rank,
// thread or core count, with ideal linear scaling from the smallest run, for scaling studies.
#pragma once

#include <string>
#include <vector>

#include "hpcg/report/report_reader.hpp"

namespace hpcg {

struct ScalingPoint {
  std::string label;  ///< usually the report's file name
  int ranks = 1;
  int threads = 1;
  double rating = 0;  ///< GFLOP/s with convergence and optimization phase overhead
  bool valid = false;
};

enum class ScalingAxis { automatic, ranks, threads, cores };

/// Reads ranks, threads and the rating line of the GFLOP/s Summary (present in INVALID
/// reports too, which are drawn hollow). Throws InputError when one of them is missing.
ScalingPoint scaling_point(const ParsedReport& report);

/// automatic: ranks when they vary, else threads when they vary, else cores (ranks x threads).
/// Axes are log2/log when the counts span a factor of 8 or more, linear from 0 otherwise.
std::string render_scaling_figure(std::vector<ScalingPoint> points, ScalingAxis axis);

}  // namespace hpcg
