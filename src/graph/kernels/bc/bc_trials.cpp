// SPDX-License-Identifier: BSD-3-Clause
// BC's trials (GAP's 16, each from 4 sources of the picker's sequence), their report lines and
// summary.
#include <sstream>

#include "../kernel_report.hpp"
#include "../trial_runner.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/bc.hpp"
#include "hpcg/graph/graph_output.hpp"

namespace hpcg::graph {
namespace {

constexpr int sources_per_trial = 4;  ///< GAP's -i4

/// phases: compute_a forward (path counts), compute_b backward (dependencies)
struct BcTrial : TrialRecord {
  std::vector<global_int> sources;  ///< original ids
  int levels = 0;  ///< BFS levels over the trial's sources
  double error = 0;  ///< largest score error against the serial Brandes
};

std::string trial_line(const BcTrial& t) {
  std::ostringstream value;
  value << fixed(t.seconds) << "  sources";
  for (size_t i = 0; i < t.sources.size(); ++i) value << (i == 0 ? " " : ", ") << t.sources[i];
  value << ", " << t.levels << " levels, " << t.bytes_sent << " bytes sent";
  return line("BC Trial Time", value.str()) +
         verification_lines(t, t.passed ? " (largest score error " + scientific(t.error) +
                                              " against a serial Brandes)"
                                        : ": " + t.failure);
}

Json trial_json(const BcTrial& t) {
  Json trial;
  trial["sources"] = t.sources;
  trial["seconds"] = t.seconds;
  trial["levels"] = t.levels;
  trial["bytes_sent"] = t.bytes_sent;
  trial["phases"] = phases_json(t.phases, "forward", "backward");
  if (t.verified) trial["largest_score_error"] = t.error;
  add_verification(trial, t);
  return trial;
}

}  // namespace

KernelOutcome run_bc_kernel(const KernelContext& c) {
  const BcSettings& o = c.settings<BcSettings>();
  set_watchdog_phase("BC trials");
  const std::vector<global_int> sources = c.sources(c.trials * sources_per_trial);
  // Trial i takes sources sources_per_trial * i onwards.
  auto first = [&](size_t i) { return sources.begin() + static_cast<long>(i * sources_per_trial); };
  auto internal = [&](size_t i) {
    std::vector<global_int> ids;
    for (auto s = first(i); s != first(i + 1); ++s) {
      ids.push_back(c.graph.partition.relabel.forward(*s));
    }
    return ids;
  };
  std::vector<float> scores;
  TrialSteps<BcTrial, BcResult> steps;
  steps.run = [&](size_t i) { return betweenness_centrality(c.graph, internal(i), c.comm); };
  steps.record = [&](BcTrial& t, const BcResult& r, size_t i) {
    const BcStats& s = r.stats;
    t.sources.assign(first(i), first(i + 1));
    t.levels = s.levels;
    t.bytes_sent = total_bytes(s.bytes_sent, c.comm);
    t.phases = slowest(
        {s.seconds_setup, s.seconds_forward, s.seconds_backward, s.seconds_communication},
        c.comm);
  };
  steps.verify = [&](BcTrial& t, const BcResult& r, size_t i) {
    const BcCheck check = verify_bc(c.graph, internal(i), r.scores, c.comm);
    t.passed = check.passed;
    t.error = check.largest_error;
    t.failure = check.failure;
  };
  steps.line = trial_line;
  if (!o.scores_out.empty()) {
    steps.keep_last = [&](BcResult& r) { scores = std::move(r.scores); };
  }
  const std::vector<BcTrial> trials = run_trials(c, static_cast<size_t>(c.trials), steps);
  if (!o.scores_out.empty()) write_scores(c.graph, scores, o.scores_out, c.comm);
  c.print(line("BC Average Time", fixed(mean_seconds(trials))) +
          phases_line("BC", trials, "forward", "backward") + bytes_line("BC", trials));
  Json settings;
  settings["sources_per_trial"] = sources_per_trial;
  return kernel_outcome(trials, settings, Json(), trial_json);
}

}  // namespace hpcg::graph
