// SPDX-License-Identifier: BSD-3-Clause
// The recorded BFS/SSSP run of --repartition; see trial_repartition.hpp. Like PageRank's
// (pagerank/pagerank_repartition.cpp) it records the halo volume, bytes and time of each step of
// the run, here a trial, so that setup/bench_graph_partitions.sh's crossover reads both alike.
#include "trial_repartition.hpp"

#include <optional>

#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/repartition.hpp"
#include "kernel_report.hpp"
#include "trial_runner.hpp"

namespace hpcg::graph {

RecordedRunOutcome run_repartitioned_trials(const KernelContext& c, const std::string& label,
                                            const std::vector<global_int>& expected,
                                            const RecordedTrialSteps& steps) {
  const bool dynamic = c.run.repartition == RepartitionMode::dynamic;
  set_watchdog_phase(label + " repartitioned run");
  RecordedRunOutcome outcome;
  Json list = Json::array();
  std::vector<float> no_values;  // each trial starts afresh: nothing moves with the vertices
  bool repartitioning = dynamic;
  std::optional<RepartitionStopRule> stop_rule;  // from the first step on
  int stopped_after = 0;
  global_int moved = 0, first_halo = 0;
  double seconds = 0, repartition_seconds = 0;
  std::uint64_t bytes = 0, repartition_bytes = 0;
  std::string first_failure;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const global_int halo = c.comm.sum(static_cast<global_int>(c.graph.ghosts()));
    if (i == 0) first_halo = halo;
    std::uint64_t mine = 0;
    const double trial_seconds = slowest_seconds(c.comm, [&] { mine = steps.run(i); });
    const std::uint64_t sent = total_bytes(mine, c.comm);
    std::string failure;
    const global_int answer = steps.answer(i);
    if (answer != expected[i]) {
      failure = "answer " + std::to_string(answer) + " differs from the timed trial's " +
                std::to_string(expected[i]);
    } else if (c.run.verify) {
      failure = steps.verify(i);
    }
    if (!failure.empty()) {
      ++outcome.failed;
      if (first_failure.empty()) first_failure = "trial " + std::to_string(i + 1) + ": " + failure;
    }
    RepartitionStep step;
    if (repartitioning && i + 1 < expected.size()) {
      step = repartition(c.graph, no_values, c.run.repartition_threshold, c.comm);
      if (!stop_rule) {
        stop_rule.emplace(c.run.repartition_threshold, c.run.repartition_patience, halo);
      }
      if (stop_rule->stop_after(step, c.comm.sum(static_cast<global_int>(c.graph.ghosts())))) {
        repartitioning = false;
        stopped_after = static_cast<int>(i) + 1;
      }
    }
    seconds += trial_seconds;
    bytes += sent;
    repartition_seconds += step.seconds;
    repartition_bytes += step.bytes_sent;
    moved += step.moved;
    // The same keys as PageRank's per-iteration records, so that one reader serves both.
    list.push_back({{"trial", i + 1},
                    {"seconds", trial_seconds},
                    {"bytes_sent", sent},
                    {"halo_volume", halo},
                    {"answer", answer},
                    {"passed", failure.empty()},
                    {"repartition_seconds", step.seconds},
                    {"repartition_bytes", step.bytes_sent},
                    {"moved", step.moved},
                    {"proposed", step.proposed}});
  }
  const char* mode = dynamic ? "dynamic" : "fixed";
  const global_int final_halo = c.comm.sum(static_cast<global_int>(c.graph.ghosts()));
  std::string text =
      line(label + " Repartition", std::string(mode) + ", " + std::to_string(expected.size()) +
                                       " trials, halo volume " + std::to_string(first_halo) +
                                       " -> " + std::to_string(final_halo));
  text += line(label + " Repartition Cost",
               fixed(seconds) + " s and " + std::to_string(bytes) + " bytes in trials, " +
                   fixed(repartition_seconds) + " s and " + std::to_string(repartition_bytes) +
                   " bytes moving " + std::to_string(moved) + " vertices" +
                   (!dynamic            ? ""
                    : stopped_after > 0 ? ", stopped after trial " +
                                              std::to_string(stopped_after) + " (" +
                                              stop_rule->reason() + ")"
                                        : ", never stopped"));
  text += line(label + " Repartition Check",
               outcome.failed == 0
                   ? std::string("PASS (every trial's answer as the timed trial's") +
                         (c.run.verify ? ", and the kernel's checks)" : ")")
                   : "FAIL (" + std::to_string(outcome.failed) + " trials; " + first_failure + ")");
  c.print(text);
  Json& j = outcome.json;
  j["mode"] = mode;
  if (dynamic) j["threshold"] = c.run.repartition_threshold;
  j["trials"] = expected.size();
  j["stopped_after"] = stopped_after;
  if (dynamic) {
    j["patience"] = c.run.repartition_patience;
    j["stop_rule"] = stopped_after > 0 ? stop_rule->rule() : "never";
  }
  j["final_halo_volume"] = final_halo;
  j["verification"] = outcome.failed == 0 ? "PASS" : "FAIL";
  if (!first_failure.empty()) j["failure"] = first_failure;
  j["per_trial"] = std::move(list);
  return outcome;
}

}  // namespace hpcg::graph
