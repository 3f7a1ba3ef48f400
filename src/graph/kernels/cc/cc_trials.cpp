// SPDX-License-Identifier: BSD-3-Clause
// Connected components' trials (GAP's 16 runs), their report lines and summary.
#include <sstream>

#include "../kernel_report.hpp"
#include "../trial_runner.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/cc.hpp"
#include "hpcg/graph/graph_output.hpp"

namespace hpcg::graph {
namespace {

struct CcTrial : TrialRecord {
  int rounds = 0;  ///< label exchanges between ranks; phases: compute_a linking within ranks
  global_int components = 0, largest = 0;  ///< from the verifier (0 when not verified)
};

std::string trial_line(const CcTrial& t) {
  std::ostringstream value;
  value << fixed(t.seconds) << "  " << t.rounds << " rounds between ranks, " << t.bytes_sent
        << " bytes sent";
  if (t.verified) value << ", " << t.components << " components (largest " << t.largest << ")";
  return line("CC Trial Time", value.str()) +
         verification_lines(t, t.passed ? "" : ": " + t.failure);
}

Json trial_json(const CcTrial& t) {
  Json trial;
  trial["seconds"] = t.seconds;
  trial["rounds"] = t.rounds;
  trial["bytes_sent"] = t.bytes_sent;
  trial["phases"] = phases_json(t.phases, "linking", nullptr);
  if (t.verified) {
    trial["components"] = t.components;
    trial["largest_component"] = t.largest;
  }
  add_verification(trial, t);
  return trial;
}

}  // namespace

KernelOutcome run_cc_kernel(const KernelContext& c) {
  const CcSettings& o = c.settings<CcSettings>();
  set_watchdog_phase("CC trials");
  std::vector<global_int> label;
  TrialSteps<CcTrial, CcResult> steps;
  steps.run = [&](size_t) { return connected_components(c.graph, c.comm); };
  steps.record = [&](CcTrial& t, const CcResult& r, size_t) {
    const CcStats& s = r.stats;
    t.rounds = s.rounds;
    t.bytes_sent = total_bytes(s.bytes_sent, c.comm);
    t.phases = slowest({s.seconds_setup, s.seconds_local, 0.0, s.seconds_communication}, c.comm);
  };
  steps.verify = [&](CcTrial& t, const CcResult& r, size_t) {
    const CcCheck check = verify_cc(c.graph, r.label, c.comm);
    t.passed = check.passed;
    t.failure = check.failure;
    t.components = check.components;
    t.largest = check.largest;
  };
  steps.line = trial_line;
  if (!o.labels_out.empty()) steps.keep_last = [&](CcResult& r) { label = std::move(r.label); };
  const std::vector<CcTrial> trials = run_trials(c, static_cast<size_t>(c.trials), steps);
  if (!o.labels_out.empty()) {
    write_labels(c.graph, canonical_labels(c.graph, label, c.comm), o.labels_out, c.comm);
  }
  c.print(line("CC Average Time", fixed(mean_seconds(trials))) +
          phases_line("CC", trials, "linking", nullptr));
  return kernel_outcome(trials, Json(), Json(), trial_json);
}

}  // namespace hpcg::graph
