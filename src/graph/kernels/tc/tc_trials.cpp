// SPDX-License-Identifier: BSD-3-Clause
// TC's trials (GAP's 3 runs, on the undirected graph), their report lines and summary with the
// ghost-row volume next to the halo volume.
#include <sstream>

#include "../kernel_report.hpp"
#include "../trial_runner.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/tc.hpp"

namespace hpcg::graph {
namespace {

/// bytes_sent: ghost rows, their lengths and degrees; phases: compute_a counting
struct TcTrial : TrialRecord {
  global_int triangles = 0;
  bool by_degree = false;  ///< the order is by degree (GAP's relabelling heuristic chose it)
  std::uint64_t ghost_entries = 0;  ///< neighbour ids sent in ghost rows, all ranks
};

std::string trial_line(const TcTrial& t) {
  std::ostringstream value;
  value << fixed(t.seconds) << "  " << t.triangles << " triangles, ordered by "
        << (t.by_degree ? "degree" : "id") << ", ghost rows " << t.ghost_entries << " ids, "
        << t.bytes_sent << " bytes sent";
  return line("TC Trial Time", value.str()) +
         verification_lines(t, t.passed ? " (a serial count agrees)" : ": " + t.failure);
}

std::string summary(const std::vector<TcTrial>& trials, const GraphFigures& r) {
  std::string text = line("TC Average Time", fixed(mean_seconds(trials)));
  if (!trials.empty()) {
    text += line("TC Triangles", std::to_string(trials.back().triangles));
    // TC's halo is the symmetrized graph's when the input is directed.
    const global_int halo =
        r.symmetrized_edges > 0 ? r.symmetrized_halo_volume : r.halo_volume;
    text += line("TC Ghost Rows", std::to_string(trials.back().ghost_entries) +
                                      " neighbour ids per trial (all ranks; the halo volume is " +
                                      std::to_string(halo) + " vertices)");
  }
  if (r.symmetrized_edges > 0) {
    text += line("TC Graph", "the directed graph symmetrized: " +
                                 std::to_string(r.symmetrized_edges) +
                                 " undirected edges, built in " + fixed(r.symmetrized_seconds) +
                                 " s (untimed)");
  }
  return text + phases_line("TC", trials, "counting", nullptr);
}

Json trial_json(const TcTrial& t) {
  Json trial;
  trial["seconds"] = t.seconds;
  trial["triangles"] = t.triangles;
  trial["order"] = t.by_degree ? "degree" : "id";
  trial["ghost_row_ids"] = t.ghost_entries;
  trial["bytes_sent"] = t.bytes_sent;
  trial["phases"] = phases_json(t.phases, "counting", nullptr);
  add_verification(trial, t);
  return trial;
}

}  // namespace

KernelOutcome run_tc_kernel(const KernelContext& c) {
  set_watchdog_phase("TC trials");
  TrialSteps<TcTrial, TcResult> steps;
  steps.run = [&](size_t) { return triangle_count(c.graph, c.run.seed, c.comm); };
  steps.record = [&](TcTrial& t, const TcResult& r, size_t) {
    const TcStats& s = r.stats;
    t.triangles = r.triangles;
    t.by_degree = s.by_degree;
    t.ghost_entries = total_bytes(s.ghost_entries, c.comm);
    t.bytes_sent = total_bytes(s.bytes_sent, c.comm);
    t.phases = slowest({s.seconds_setup, s.seconds_count, 0.0, s.seconds_communication}, c.comm);
  };
  steps.verify = [&](TcTrial& t, const TcResult& r, size_t) {
    const TcCheck check = verify_tc(c.graph, r.triangles, c.comm);
    t.passed = check.passed;
    t.failure = check.failure;
  };
  steps.line = trial_line;
  const std::vector<TcTrial> trials = run_trials(c, static_cast<size_t>(c.trials), steps);
  c.print(summary(trials, c.figures));
  Json settings;
  settings["triangles"] = trials.empty() ? 0 : trials.back().triangles;
  settings["symmetrized"] = c.figures.symmetrized_edges > 0;
  return kernel_outcome(trials, settings, Json(), trial_json);
}

}  // namespace hpcg::graph
