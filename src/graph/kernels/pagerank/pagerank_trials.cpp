// SPDX-License-Identifier: BSD-3-Clause
// PageRank's trials (GAP's 16 runs), their report lines and summary; a trial that stops at
// --max-iters above the tolerance fails the run unless --max-iters was given.
#include <sstream>

#include "../kernel_report.hpp"
#include "../trial_runner.hpp"
#include "pagerank_repartition.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/pagerank.hpp"
#include "hpcg/graph/graph_output.hpp"

namespace hpcg::graph {
namespace {

struct PageRankTrial : TrialRecord {
  int iterations = 0;  ///< phases: compute_a SpMV
  double change = 0;
  bool converged = true;  ///< the L1 change fell below the tolerance within max_iterations
  double error = 0;       ///< from the verifier: one more iteration's L1 change
};

std::string trial_line(const PageRankTrial& t) {
  std::ostringstream value;
  value << fixed(t.seconds) << "  " << t.iterations << " iterations, L1 change "
        << scientific(t.change) << (t.converged ? "" : " (not converged)") << ", "
        << t.bytes_sent << " bytes sent";
  return line("PR Trial Time", value.str()) +
         verification_lines(t, " (one more iteration changes the scores by " +
                                   scientific(t.error) + " in L1)");
}

std::string summary(const std::vector<PageRankTrial>& trials, const PageRankSettings& o,
                    int unconverged) {
  std::string text = line("PR Average Time", fixed(mean_seconds(trials)));
  text += line("PR Iterations",
               fixed(mean_of(trials, [](const PageRankTrial& t) { return t.iterations; }), 1) +
                   " per trial");
  text += phases_line("PR", trials, "SpMV", nullptr) + bytes_line("PR", trials);
  const std::string stopped = std::to_string(unconverged) + " of " +
                              std::to_string(trials.size()) + " trials stopped at " +
                              std::to_string(o.pagerank.max_iterations) +
                              " iterations above the tolerance";
  text += line("PR Convergence", unconverged == 0 ? "PASS (every trial within the tolerance)"
                                 : o.max_iterations_given
                                     ? "not reached (" + stopped + ", as --max-iters allows)"
                                     : "FAIL (" + stopped + "; give --max-iters to allow it)");
  return text;
}

Json trial_json(const PageRankTrial& t) {
  Json trial;
  trial["seconds"] = t.seconds;
  trial["iterations"] = t.iterations;
  trial["change"] = t.change;
  trial["converged"] = t.converged;
  trial["bytes_sent"] = t.bytes_sent;
  trial["phases"] = phases_json(t.phases, "spmv", nullptr);
  if (t.verified) {
    trial["verification"] = t.passed ? "PASS" : "FAIL";
    trial["error"] = t.error;
    trial["verification_seconds"] = t.verify_seconds;
  }
  return trial;
}

}  // namespace

KernelOutcome run_pagerank_kernel(const KernelContext& c) {
  const PageRankSettings& o = c.settings<PageRankSettings>();
  set_watchdog_phase("PageRank trials");
  std::vector<float> scores;
  TrialSteps<PageRankTrial, PageRankResult> steps;
  steps.run = [&](size_t) { return pagerank(c.graph, o.pagerank, c.comm); };
  steps.record = [&](PageRankTrial& t, const PageRankResult& r, size_t) {
    t.iterations = r.iterations;
    t.change = r.change;
    t.converged = r.change < o.pagerank.tolerance;
    t.bytes_sent = total_bytes(r.bytes_sent, c.comm);
    t.phases = slowest({r.seconds_setup, r.seconds_spmv, 0.0, r.seconds_communication}, c.comm);
  };
  steps.verify = [&](PageRankTrial& t, const PageRankResult& r, size_t) {
    const PageRankCheck check = verify_pagerank(c.graph, r.scores, o.pagerank, c.comm);
    t.passed = check.passed;
    t.error = check.error;
  };
  steps.line = trial_line;
  if (!o.scores_out.empty()) {
    steps.keep_last = [&](PageRankResult& r) { scores = std::move(r.scores); };
  }
  const std::vector<PageRankTrial> trials =
      run_trials(c, static_cast<size_t>(c.trials), steps);
  if (!o.scores_out.empty()) write_scores(c.graph, scores, o.scores_out, c.comm);
  int unconverged = 0;
  for (const auto& t : trials) unconverged += t.converged ? 0 : 1;
  c.print(summary(trials, o, unconverged));
  Json settings;
  settings["damping"] = o.pagerank.damping;
  settings["tolerance"] = o.pagerank.tolerance;
  settings["max_iterations"] = o.pagerank.max_iterations;
  KernelOutcome outcome = kernel_outcome(trials, settings, Json(), trial_json);
  outcome.run_failures = o.max_iterations_given ? 0 : unconverged;
  if (c.run.repartition != RepartitionMode::off) {
    // After the timed trials (the output file above holds a trial's scores).
    RepartitionOutcome run = run_repartitioned_pagerank(c);
    outcome.failed += run.passed ? 0 : 1;
    outcome.json["repartition"] = std::move(run.json);
  }
  return outcome;
}

}  // namespace hpcg::graph
