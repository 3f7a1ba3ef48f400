// SPDX-License-Identifier: BSD-3-Clause
// BFS's trials: one per source (GAP's 64, or Graph500's 64 distinct roots, each validated),
// their report lines with TEPS, and the summary with Graph500's statistics.
#include <sstream>

#include "../kernel_report.hpp"
#include "../trial_repartition.hpp"
#include "../trial_runner.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/bfs.hpp"
#include "hpcg/graph/graph_output.hpp"

namespace hpcg::graph {
namespace {

std::string trial_line(const BfsTrial& t) {
  std::ostringstream value;
  value << fixed(t.seconds) << "  source " << t.source << ", " << t.edges << " edges, "
        << scientific(t.teps) << " TEPS, " << t.levels << " levels (" << t.bottom_up_levels
        << " bottom-up), " << t.bytes_sent << " bytes sent";
  return line("BFS Trial Time", value.str()) +
         verification_lines(t, t.passed ? "" : ": " + t.failure);
}

std::string summary(const std::vector<BfsTrial>& trials, bool graph500) {
  std::string text = line("BFS Average Time", fixed(mean_seconds(trials)));
  text += line("BFS Harmonic TEPS",
               scientific(harmonic_mean_teps(trials)) + " (edges: " + teps_edge_definition +
                   (graph500 ? "; Graph500: distinct roots, each validated)"
                             : "; GAP: sources may repeat)"));
  if (graph500) {
    const TepsStatistics s = teps_statistics(trials);
    text += line("TEPS Min", scientific(s.min));
    text += line("TEPS 1st Quartile", scientific(s.first_quartile));
    text += line("TEPS Median", scientific(s.median));
    text += line("TEPS 3rd Quartile", scientific(s.third_quartile));
    text += line("TEPS Max", scientific(s.max));
    text += line("TEPS Harmonic Mean", scientific(s.harmonic_mean));
    text += line("TEPS Harmonic SD", scientific(s.harmonic_stddev));
  }
  return text + phases_line("BFS", trials, "top-down", "bottom-up") + bytes_line("BFS", trials);
}

Json trial_json(const BfsTrial& t) {
  Json trial;
  trial["source"] = t.source;
  trial["seconds"] = t.seconds;
  trial["edges"] = t.edges;
  trial["teps"] = t.teps;
  trial["levels"] = t.levels;
  trial["bottom_up_levels"] = t.bottom_up_levels;
  trial["bytes_sent"] = t.bytes_sent;
  trial["phases"] = phases_json(t.phases, "top_down", "bottom_up");
  add_verification(trial, t);
  return trial;
}

Json statistics_json(const std::vector<BfsTrial>& trials, bool graph500) {
  Json j;
  j["harmonic_mean_teps"] = harmonic_mean_teps(trials);
  j["teps_edges"] = teps_edge_definition;
  j["sources"] = graph500 ? "graph500: distinct, each validated" : "gap: may repeat";
  if (graph500) {
    const TepsStatistics s = teps_statistics(trials);
    j["graph500_teps"] = {{"min", s.min},
                          {"first_quartile", s.first_quartile},
                          {"median", s.median},
                          {"third_quartile", s.third_quartile},
                          {"max", s.max},
                          {"harmonic_mean", s.harmonic_mean},
                          {"harmonic_stddev", s.harmonic_stddev}};
  }
  return j;
}

}  // namespace

KernelOutcome run_bfs_kernel(const KernelContext& c) {
  const BfsSettings& o = c.settings<BfsSettings>();
  set_watchdog_phase("BFS trials");
  const int count = o.graph500 ? BfsSettings::graph500_roots : c.trials;
  const std::vector<global_int> sources = c.sources(count, o.graph500);
  auto internal = [&](size_t i) { return c.graph.partition.relabel.forward(sources[i]); };
  std::vector<global_int> parent;
  TrialSteps<BfsTrial, BfsResult> steps;
  steps.run = [&](size_t i) { return bfs(c.graph, internal(i), o.bfs, c.comm); };
  steps.record = [&](BfsTrial& t, const BfsResult& r, size_t i) {
    const BfsStats& s = r.stats;
    t.source = sources[i];
    t.levels = s.levels;
    t.bottom_up_levels = s.bottom_up_levels;
    t.bytes_sent = total_bytes(s.bytes_sent, c.comm);
    t.phases = slowest(
        {s.seconds_setup, s.seconds_top_down, s.seconds_bottom_up, s.seconds_communication},
        c.comm);
    t.edges = traversed_edges(c.graph, r.parent, c.comm);
    t.teps = t.seconds > 0 ? static_cast<double>(t.edges) / t.seconds : 0;
  };
  steps.verify = [&](BfsTrial& t, const BfsResult& r, size_t i) {
    const BfsCheck check = verify_bfs(c.graph, internal(i), r.parent, c.comm);
    t.passed = check.passed && check.edges == t.edges;
    t.failure =
        check.passed && !t.passed ? "edge count differs from the validator's" : check.failure;
  };
  steps.line = trial_line;
  if (!o.parents_out.empty()) {
    steps.keep_last = [&](BfsResult& r) { parent = std::move(r.parent); };
  }
  const std::vector<BfsTrial> trials = run_trials(c, sources.size(), steps);
  if (!o.parents_out.empty()) write_parents(c.graph, parent, o.parents_out, c.comm);
  c.print(summary(trials, o.graph500));
  Json settings;
  settings["alpha"] = o.bfs.alpha;
  settings["beta"] = o.bfs.beta;
  KernelOutcome outcome =
      kernel_outcome(trials, settings, statistics_json(trials, o.graph500), trial_json);
  if (c.run.repartition != RepartitionMode::off) {
    // After the timed trials and the parents file; the same sources, in original ids.
    std::vector<global_int> expected;
    for (const BfsTrial& t : trials) expected.push_back(t.edges);
    BfsResult last;
    RecordedTrialSteps recorded;
    recorded.run = [&](size_t i) {
      last = bfs(c.graph, internal(i), o.bfs, c.comm);
      return last.stats.bytes_sent;
    };
    recorded.answer = [&](size_t) { return traversed_edges(c.graph, last.parent, c.comm); };
    recorded.verify = [&](size_t i) {
      const BfsCheck check = verify_bfs(c.graph, internal(i), last.parent, c.comm);
      return check.passed ? std::string() : check.failure;
    };
    RecordedRunOutcome run = run_repartitioned_trials(c, "BFS", expected, recorded);
    outcome.failed += run.failed;
    outcome.json["repartition"] = std::move(run.json);
  }
  return outcome;
}

}  // namespace hpcg::graph
