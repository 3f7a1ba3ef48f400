// SPDX-License-Identifier: BSD-3-Clause
// SSSP's trials (one per source, GAP's 64), their report lines and summary.
#include <sstream>

#include "../kernel_report.hpp"
#include "../trial_repartition.hpp"
#include "../trial_runner.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/sssp.hpp"
#include "hpcg/graph/graph_output.hpp"

namespace hpcg::graph {
namespace {

struct SsspTrial : TrialRecord {
  global_int source = 0;  ///< original id
  int buckets = 0, steps = 0;  ///< phases: compute_a relaxation
  global_int reached = 0;  ///< from the verifier (0 when not verified)
  distance_t farthest = 0;
  global_int distance_sum = 0;  ///< with --repartition: the recorded run's check
};

/// The reached vertices' distances summed over ranks (the same under every partition).
global_int distance_sum(const std::vector<distance_t>& distance, const Comm& comm) {
  global_int sum = 0;
  for (distance_t d : distance) sum += d == unreached ? 0 : d;
  return comm.sum(sum);
}

std::string trial_line(const SsspTrial& t) {
  std::ostringstream value;
  value << fixed(t.seconds) << "  source " << t.source << ", " << t.buckets << " buckets, "
        << t.steps << " steps, " << t.bytes_sent << " bytes sent";
  if (t.verified) value << ", " << t.reached << " reached (farthest " << t.farthest << ")";
  return line("SSSP Trial Time", value.str()) +
         verification_lines(t, t.passed ? "" : ": " + t.failure);
}

Json trial_json(const SsspTrial& t) {
  Json trial;
  trial["source"] = t.source;
  trial["seconds"] = t.seconds;
  trial["buckets"] = t.buckets;
  trial["steps"] = t.steps;
  trial["bytes_sent"] = t.bytes_sent;
  trial["phases"] = phases_json(t.phases, "relaxation", nullptr);
  if (t.verified) {
    trial["reached"] = t.reached;
    trial["farthest"] = t.farthest;
  }
  add_verification(trial, t);
  return trial;
}

}  // namespace

KernelOutcome run_sssp_kernel(const KernelContext& c) {
  const SsspSettings& o = c.settings<SsspSettings>();
  set_watchdog_phase("SSSP trials");
  const std::vector<global_int> sources = c.sources(c.trials);
  auto internal = [&](size_t i) { return c.graph.partition.relabel.forward(sources[i]); };
  std::vector<distance_t> distance;
  TrialSteps<SsspTrial, SsspResult> steps;
  steps.run = [&](size_t i) {
    // The kernel's refusals (a delta too small for the weights) come on every rank at once:
    // agreed here, they end the run with one message instead of an abort.
    SsspResult result;
    run_collectively(c.comm, [&] { result = sssp(c.graph, internal(i), o.sssp, c.comm); });
    return result;
  };
  steps.record = [&](SsspTrial& t, const SsspResult& r, size_t i) {
    const SsspStats& s = r.stats;
    t.source = sources[i];
    t.buckets = s.buckets;
    t.steps = s.steps;
    t.bytes_sent = total_bytes(s.bytes_sent, c.comm);
    t.phases = slowest({s.seconds_setup, s.seconds_relax, 0.0, s.seconds_communication}, c.comm);
    if (c.run.repartition != RepartitionMode::off) t.distance_sum = distance_sum(r.distance, c.comm);
  };
  steps.verify = [&](SsspTrial& t, const SsspResult& r, size_t i) {
    const SsspCheck check = verify_sssp(c.graph, internal(i), r.distance, c.comm);
    t.passed = check.passed;
    t.failure = check.failure;
    t.reached = check.reached;
    t.farthest = check.farthest;
  };
  steps.line = trial_line;
  if (!o.distances_out.empty()) {
    steps.keep_last = [&](SsspResult& r) { distance = std::move(r.distance); };
  }
  const std::vector<SsspTrial> trials = run_trials(c, sources.size(), steps);
  if (!o.distances_out.empty()) write_distances(c.graph, distance, o.distances_out, c.comm);
  c.print(line("SSSP Average Time", fixed(mean_seconds(trials))) +
          line("SSSP Delta", std::to_string(o.sssp.delta)) +
          phases_line("SSSP", trials, "relaxation", nullptr));
  Json settings;
  settings["delta"] = o.sssp.delta;
  KernelOutcome outcome = kernel_outcome(trials, settings, Json(), trial_json);
  if (c.run.repartition != RepartitionMode::off) {
    // After the timed trials and the distances file; the same sources, in original ids.
    std::vector<global_int> expected;
    for (const SsspTrial& t : trials) expected.push_back(t.distance_sum);
    SsspResult last;
    RecordedTrialSteps recorded;
    recorded.run = [&](size_t i) {
      last = steps.run(i);
      return last.stats.bytes_sent;
    };
    recorded.answer = [&](size_t) { return distance_sum(last.distance, c.comm); };
    recorded.verify = [&](size_t i) {
      const SsspCheck check = verify_sssp(c.graph, internal(i), last.distance, c.comm);
      return check.passed ? std::string() : check.failure;
    };
    RecordedRunOutcome run = run_repartitioned_trials(c, "SSSP", expected, recorded);
    outcome.failed += run.failed;
    outcome.json["repartition"] = std::move(run.json);
  }
  return outcome;
}

}  // namespace hpcg::graph
