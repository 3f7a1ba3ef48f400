// SPDX-License-Identifier: BSD-3-Clause
// --repartition for the kernels whose trials start afresh from a source (BFS, SSSP): after
// GAP's timed trials (never inside them), the same trials once more, each timed and recorded,
// with GPS's repartitioning step between trials when `dynamic`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kernel.hpp"

namespace hpcg::graph {

/// How the kernel runs, checks and fingerprints trial i of the recorded run.
struct RecordedTrialSteps {
  /// Trial i on the current partition, timed; keeps its result; returns this rank's bytes sent.
  std::function<std::uint64_t(std::size_t)> run;
  /// A figure of trial i's answer that no partition changes (BFS: the traversed component's
  /// edges; SSSP: the reached vertices' distances summed), the same on every rank. Collective.
  std::function<global_int(std::size_t)> answer;
  /// With --verify: "" when trial i passes the kernel's checks, else why not. Collective.
  std::function<std::string(std::size_t)> verify;
};

struct RecordedRunOutcome {
  int failed = 0;  ///< trials whose answer differs from the timed trial's or fails the checks
  Json json;       ///< the run and every trial's record
};

/// The recorded run of `expected.size()` trials, trial i compared with the timed trial i's
/// answer `expected[i]`; prints the `LABEL Repartition` lines. Collective.
RecordedRunOutcome run_repartitioned_trials(const KernelContext& c, const std::string& label,
                                            const std::vector<global_int>& expected,
                                            const RecordedTrialSteps& steps);

}  // namespace hpcg::graph
