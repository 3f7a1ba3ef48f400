// SPDX-License-Identifier: BSD-3-Clause
// --repartition: after GAP's timed trials (never inside them), one more PageRank run taken an
// iteration at a time, each iteration's time, bytes and halo volume recorded; with `dynamic`,
// GPS's repartitioning step runs between iterations until a stopping rule holds. The
// experiment's crossover (setup/bench_graph_partitions.sh) compares the two records.
#include "pagerank_repartition.hpp"

#include <optional>

#include "../kernel_report.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/repartition.hpp"

namespace hpcg::graph {
namespace {

struct IterationRecord {
  double seconds = 0;            ///< the iteration (slowest rank)
  std::uint64_t bytes_sent = 0;  ///< its halo exchange, all ranks
  global_int halo_volume = 0;    ///< the partition it ran on
  double change = 0;
  RepartitionStep step;  ///< the repartitioning after it (zero when none ran)
};

Json record_json(const IterationRecord& r, int iteration) {
  Json j;
  j["iteration"] = iteration;
  j["seconds"] = r.seconds;
  j["bytes_sent"] = r.bytes_sent;
  j["halo_volume"] = r.halo_volume;
  j["change"] = r.change;
  j["repartition_seconds"] = r.step.seconds;
  j["repartition_bytes"] = r.step.bytes_sent;
  j["moved"] = r.step.moved;
  j["proposed"] = r.step.proposed;
  return j;
}

std::string mode_name(RepartitionMode mode) {
  return mode == RepartitionMode::dynamic ? "dynamic" : "fixed";
}

}  // namespace

RepartitionOutcome run_repartitioned_pagerank(const KernelContext& c) {
  const PageRankSettings& o = c.settings<PageRankSettings>();
  const bool dynamic = c.run.repartition == RepartitionMode::dynamic;
  set_watchdog_phase("PageRank repartitioned run");
  PageRankOptions one = o.pagerank;
  one.max_iterations = 1;
  one.method = PageRankMethod::pull;  // the same method on every partition
  std::vector<float> scores;
  std::vector<IterationRecord> records;
  bool repartitioning = dynamic;
  std::optional<RepartitionStopRule> stop_rule;  // from the first step on
  int stopped_after = 0;  // iteration after which a stopping rule ended the moves
  global_int moved = 0;
  double seconds = 0, repartition_seconds = 0;
  std::uint64_t bytes = 0, repartition_bytes = 0;
  for (int i = 0; i < o.pagerank.max_iterations; ++i) {
    IterationRecord r;
    r.halo_volume = c.comm.sum(static_cast<global_int>(c.graph.ghosts()));
    one.start_scores = i == 0 ? nullptr : &scores;
    const double start = wall_time();
    PageRankResult result = pagerank(c.graph, one, c.comm);
    r.seconds = c.comm.max(wall_time() - start);
    r.bytes_sent = c.comm.sum(static_cast<global_int>(result.bytes_sent));
    r.change = result.change;
    scores = std::move(result.scores);
    const bool last = r.change < o.pagerank.tolerance || i + 1 == o.pagerank.max_iterations;
    if (repartitioning && !last) {
      r.step = repartition(c.graph, scores, c.run.repartition_threshold, c.comm);
      if (!stop_rule) {
        stop_rule.emplace(c.run.repartition_threshold, c.run.repartition_patience, r.halo_volume);
      }
      if (stop_rule->stop_after(r.step, c.comm.sum(static_cast<global_int>(c.graph.ghosts())))) {
        repartitioning = false;
        stopped_after = i + 1;
      }
    }
    seconds += r.seconds;
    bytes += r.bytes_sent;
    repartition_seconds += r.step.seconds;
    repartition_bytes += r.step.bytes_sent;
    moved += r.step.moved;
    records.push_back(r);
    if (last) break;
  }
  RepartitionOutcome outcome;
  outcome.iterations = static_cast<int>(records.size());
  outcome.change = records.empty() ? 0 : records.back().change;
  if (c.run.verify) {
    const PageRankCheck check = verify_pagerank(c.graph, scores, o.pagerank, c.comm);
    outcome.verified = true;
    outcome.passed = check.passed;
    outcome.error = check.error;
  }
  const global_int final_halo = c.comm.sum(static_cast<global_int>(c.graph.ghosts()));
  std::string text = line(
      "PR Repartition",
      mode_name(c.run.repartition) + ", " + std::to_string(outcome.iterations) +
          " iterations, L1 change " + scientific(outcome.change) + ", halo volume " +
          std::to_string(records.empty() ? 0 : records.front().halo_volume) + " -> " +
          std::to_string(final_halo));
  text += line("PR Repartition Cost",
               fixed(seconds) + " s and " + std::to_string(bytes) + " bytes in iterations, " +
                   fixed(repartition_seconds) + " s and " + std::to_string(repartition_bytes) +
                   " bytes moving " + std::to_string(moved) + " vertices" +
                   (!dynamic            ? ""
                    : stopped_after > 0 ? ", stopped after iteration " +
                                              std::to_string(stopped_after) + " (" +
                                              stop_rule->reason() + ")"
                                        : ", never stopped"));
  if (outcome.verified) {
    text += line("PR Repartition Check",
                 std::string(outcome.passed ? "PASS" : "FAIL") +
                     " (one more iteration changes the scores by " + scientific(outcome.error) +
                     " in L1)");
  }
  c.print(text);
  Json& j = outcome.json;
  j["mode"] = mode_name(c.run.repartition);
  if (dynamic) j["threshold"] = c.run.repartition_threshold;
  j["iterations"] = outcome.iterations;
  j["change"] = outcome.change;
  j["stopped_after"] = stopped_after;
  if (dynamic) {
    j["patience"] = c.run.repartition_patience;
    j["stop_rule"] = stopped_after > 0 ? stop_rule->rule() : "never";
  }
  j["final_halo_volume"] = final_halo;
  if (outcome.verified) {
    j["verification"] = outcome.passed ? "PASS" : "FAIL";
    j["error"] = outcome.error;
  }
  Json list = Json::array();
  for (size_t i = 0; i < records.size(); ++i)
    list.push_back(record_json(records[i], static_cast<int>(i) + 1));
  j["per_iteration"] = std::move(list);
  return outcome;
}

}  // namespace hpcg::graph
