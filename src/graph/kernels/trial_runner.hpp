// SPDX-License-Identifier: BSD-3-Clause
// The one timed-trial loop every kernel uses: each timed region starts after a barrier, so a
// trial's time is the slowest rank's time from a common start to its result (parents, scores,
// labels, distances, triangles) in memory, as Graph500 times a BFS; the verification that may
// follow is untimed. A kernel says only how to call it, what to record from its result, how to
// verify it and how a trial reads in the report.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "hpcg/base/timer.hpp"
#include "hpcg/graph/trials.hpp"
#include "kernel.hpp"

namespace hpcg::graph {

/// Every rank's phase seconds reduced to the slowest rank's. Collective.
PhaseSeconds slowest(const PhaseSeconds& mine, const Comm& comm);
/// A per-rank byte or entry count summed over ranks. Collective.
std::uint64_t total_bytes(std::uint64_t mine, const Comm& comm);

/// Runs `work` on every rank from a common start and returns the slowest rank's seconds.
template <class Work>
double slowest_seconds(const Comm& comm, Work&& work) {
  comm.barrier();
  const double start = wall_time();
  work();
  return comm.max(wall_time() - start);
}

/// How one kernel's trial runs and reads; Trial is a TrialRecord with the kernel's figures.
template <class Trial, class Result>
struct TrialSteps {
  std::function<Result(std::size_t)> run;  ///< trial i, timed
  std::function<void(Trial&, const Result&, std::size_t)> record;  ///< its figures
  std::function<void(Trial&, const Result&, std::size_t)> verify;  ///< with --verify
  std::function<std::string(const Trial&)> line;  ///< printed after each trial
  std::function<void(Result&)> keep_last;  ///< the last trial's result (its output file)
};

/// `count` trials: each timed, then recorded, then (with --verify) verified and timed apart,
/// then printed; the last result goes to keep_last.
template <class Trial, class Result>
std::vector<Trial> run_trials(const KernelContext& context, std::size_t count,
                              const TrialSteps<Trial, Result>& steps) {
  std::vector<Trial> trials;
  for (std::size_t i = 0; i < count; ++i) {
    Trial trial;
    Result result;
    trial.seconds = slowest_seconds(context.comm, [&] { result = steps.run(i); });
    steps.record(trial, result, i);
    if (context.run.verify) {
      trial.verify_seconds =
          slowest_seconds(context.comm, [&] { steps.verify(trial, result, i); });
      trial.verified = true;
    }
    if (i + 1 == count && steps.keep_last) steps.keep_last(result);
    trials.push_back(trial);
    context.print(steps.line(trial));
  }
  return trials;
}

}  // namespace hpcg::graph
