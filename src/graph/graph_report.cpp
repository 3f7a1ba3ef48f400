// SPDX-License-Identifier: BSD-3-Clause
// Report text. Labels follow gapbs (padded to 21 characters, times with 5 decimals) so that GAP
// users read it at once; TEPS follow Graph500 (harmonic mean) with the edge count stated.
#include "hpcg/graph/graph_report.hpp"

#include <cstdio>
#include <sstream>

#include "hpcg/version.hpp"

namespace hpcg::graph {
namespace {

std::string line(const std::string& label, const std::string& value) {
  char padded[64];
  std::snprintf(padded, sizeof padded, "%-21s", (label + ":").c_str());
  return padded + value + "\n";
}

std::string fixed(double value, int decimals = 5) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string scientific(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.4e", value);
  return text;
}

std::string verdict(bool verified, bool passed) {
  return verified ? (passed ? "PASS" : "FAIL") : "not run";
}

template <class Trial>
double mean_of(const std::vector<Trial>& trials, double (*field)(const Trial&)) {
  double sum = 0;
  for (const auto& t : trials) sum += field(t);
  return trials.empty() ? 0 : sum / static_cast<double>(trials.size());
}

std::string phase_text(double setup, double a, const char* a_name, double b, const char* b_name,
                       double communication) {
  std::ostringstream text;
  text << "setup " << fixed(setup) << ", " << a_name << " " << fixed(a);
  if (b_name != nullptr) text << ", " << b_name << " " << fixed(b);
  text << ", communication " << fixed(communication) << " (slowest rank, mean per trial)";
  return text.str();
}

/// Trials of one kernel that failed verification.
template <class Trial>
int failed(const std::vector<Trial>& trials) {
  int count = 0;
  for (const auto& t : trials) count += t.passed ? 0 : 1;
  return count;
}

}  // namespace

bool XgraphReport::all_passed() const {
  return failed(bfs) + failed(pagerank) + failed(cc) + failed(sssp) + failed(bc) + failed(tc) ==
             0 &&
         pagerank_unconverged_failures() == 0;
}

int XgraphReport::pagerank_unconverged_failures() const {
  if (options.max_iterations_given) return 0;
  int failures = 0;
  for (const auto& t : pagerank) failures += t.converged ? 0 : 1;
  return failures;
}

std::string graph_lines(const XgraphReport& r) {
  std::ostringstream text;
  text << "xgraph " << version_string << ": " << r.ranks << " rank(s) x " << r.threads
       << " thread(s), graph: " << describe_source(r.options) << "\n";
  text << line(r.options.source == GraphSource::file ? "Read Time" : "Generate Time",
               fixed(r.generate_seconds));
  text << line("Build Time", fixed(r.build_seconds));
  // As gapbs: an undirected edge adds to two degrees, an arc to one out-degree.
  const double degree = r.vertices > 0 ? (r.directed ? 1.0 : 2.0) * static_cast<double>(r.edges) /
                                             static_cast<double>(r.vertices)
                                       : 0;
  text << "Graph has " << r.vertices << " nodes and " << r.edges
       << (r.directed ? " directed" : " undirected")
       << " edges for degree: " << static_cast<long long>(degree) << "\n";
  const PartitionStats& p = r.partition;
  text << line("Partition", to_string(r.options.partition) + ", halo volume " +
                                std::to_string(p.halo_volume) + " vertices (largest rank " +
                                std::to_string(p.max_rank_halo) + "), edge imbalance " +
                                fixed(p.edge_imbalance, 3) + ", vertex imbalance " +
                                fixed(p.vertex_imbalance, 3));
  if (!r.weights.empty()) text << line("Weights", r.weights);
  text << line("Neighbour Order", r.options.neighbour_order == NeighbourOrder::id
                                      ? "by id"
                                      : "by descending degree (--neighbour-order=id to compare)");
  return text.str();
}

std::string bfs_trial_line(const BfsTrial& t) {
  std::ostringstream value;
  value << fixed(t.seconds) << "  source " << t.source << ", " << t.edges << " edges, "
        << scientific(t.teps) << " TEPS, " << t.levels << " levels (" << t.bottom_up_levels
        << " bottom-up), " << t.bytes_sent << " bytes sent";
  std::string text = line("BFS Trial Time", value.str());
  if (t.verified) {
    text += line("Verification", verdict(true, t.passed) + (t.passed ? "" : ": " + t.failure));
    text += line("Verification Time", fixed(t.verify_seconds));
  }
  return text;
}

std::string pagerank_trial_line(const PageRankTrial& t) {
  std::ostringstream value;
  value << fixed(t.seconds) << "  " << t.iterations << " iterations, L1 change "
        << scientific(t.change) << (t.converged ? "" : " (not converged)") << ", "
        << t.bytes_sent << " bytes sent";
  std::string text = line("PR Trial Time", value.str());
  if (t.verified) {
    text += line("Verification", verdict(true, t.passed) + " (one more iteration changes the " +
                                     "scores by " + scientific(t.error) + " in L1)");
    text += line("Verification Time", fixed(t.verify_seconds));
  }
  return text;
}

std::string cc_trial_line(const CcTrial& t) {
  std::ostringstream value;
  value << fixed(t.seconds) << "  " << t.rounds << " rounds between ranks, " << t.bytes_sent
        << " bytes sent";
  if (t.verified) value << ", " << t.components << " components (largest " << t.largest << ")";
  std::string text = line("CC Trial Time", value.str());
  if (t.verified) {
    text += line("Verification", verdict(true, t.passed) + (t.passed ? "" : ": " + t.failure));
    text += line("Verification Time", fixed(t.verify_seconds));
  }
  return text;
}

std::string sssp_trial_line(const SsspTrial& t) {
  std::ostringstream value;
  value << fixed(t.seconds) << "  source " << t.source << ", " << t.buckets << " buckets, "
        << t.steps << " steps, " << t.bytes_sent << " bytes sent";
  if (t.verified) value << ", " << t.reached << " reached (farthest " << t.farthest << ")";
  std::string text = line("SSSP Trial Time", value.str());
  if (t.verified) {
    text += line("Verification", verdict(true, t.passed) + (t.passed ? "" : ": " + t.failure));
    text += line("Verification Time", fixed(t.verify_seconds));
  }
  return text;
}

std::string bc_trial_line(const BcTrial& t) {
  std::ostringstream value;
  value << fixed(t.seconds) << "  sources";
  for (size_t i = 0; i < t.sources.size(); ++i) value << (i == 0 ? " " : ", ") << t.sources[i];
  value << ", " << t.levels << " levels, " << t.bytes_sent << " bytes sent";
  std::string text = line("BC Trial Time", value.str());
  if (t.verified) {
    text += line("Verification",
                 verdict(true, t.passed) +
                     (t.passed ? " (largest score error " + scientific(t.error) +
                                     " against a serial Brandes)"
                               : ": " + t.failure));
    text += line("Verification Time", fixed(t.verify_seconds));
  }
  return text;
}

std::string tc_trial_line(const TcTrial& t) {
  std::ostringstream value;
  value << fixed(t.seconds) << "  " << t.triangles << " triangles, ordered by "
        << (t.by_degree ? "degree" : "id") << ", ghost rows " << t.ghost_entries << " ids, "
        << t.bytes_sent << " bytes sent";
  std::string text = line("TC Trial Time", value.str());
  if (t.verified) {
    text += line("Verification", verdict(true, t.passed) +
                                     (t.passed ? " (a serial count agrees)" : ": " + t.failure));
    text += line("Verification Time", fixed(t.verify_seconds));
  }
  return text;
}

std::string bfs_summary(const XgraphReport& r) {
  const auto& trials = r.bfs;
  std::string text = line("BFS Average Time", fixed(mean_seconds(trials)));
  text += line("BFS Harmonic TEPS",
               scientific(harmonic_mean_teps(trials)) + " (edges: " + teps_edge_definition +
                   (r.options.graph500 ? "; Graph500: distinct roots, each validated)"
                                       : "; GAP: sources may repeat)"));
  if (r.options.graph500) {
    const TepsStatistics s = teps_statistics(trials);
    text += line("TEPS Min", scientific(s.min));
    text += line("TEPS 1st Quartile", scientific(s.first_quartile));
    text += line("TEPS Median", scientific(s.median));
    text += line("TEPS 3rd Quartile", scientific(s.third_quartile));
    text += line("TEPS Max", scientific(s.max));
    text += line("TEPS Harmonic Mean", scientific(s.harmonic_mean));
    text += line("TEPS Harmonic SD", scientific(s.harmonic_stddev));
  }
  text += line(
      "BFS Phases",
      phase_text(mean_of<BfsTrial>(trials, [](const BfsTrial& t) { return t.phases.setup; }),
                 mean_of<BfsTrial>(trials, [](const BfsTrial& t) { return t.phases.compute_a; }),
                 "top-down",
                 mean_of<BfsTrial>(trials, [](const BfsTrial& t) { return t.phases.compute_b; }),
                 "bottom-up", mean_of<BfsTrial>(trials, [](const BfsTrial& t) {
                   return t.phases.communication;
                 })));
  text +=
      line("BFS Bytes Sent",
           fixed(mean_of<BfsTrial>(
                     trials, [](const BfsTrial& t) { return static_cast<double>(t.bytes_sent); }),
                 0) +
               " per trial (halo payload, all ranks)");
  return text;
}

std::string pagerank_summary(const XgraphReport& r) {
  const auto& trials = r.pagerank;
  std::string text = line("PR Average Time", fixed(mean_seconds(trials)));
  text += line(
      "PR Iterations",
      fixed(mean_of<PageRankTrial>(
                trials, [](const PageRankTrial& t) { return static_cast<double>(t.iterations); }),
            1) +
          " per trial");
  text += line(
      "PR Phases",
      phase_text(
          mean_of<PageRankTrial>(trials, [](const PageRankTrial& t) { return t.phases.setup; }),
          mean_of<PageRankTrial>(trials, [](const PageRankTrial& t) { return t.phases.compute_a; }),
          "SpMV", 0, nullptr, mean_of<PageRankTrial>(trials, [](const PageRankTrial& t) {
            return t.phases.communication;
          })));
  text += line(
      "PR Bytes Sent",
      fixed(mean_of<PageRankTrial>(
                trials, [](const PageRankTrial& t) { return static_cast<double>(t.bytes_sent); }),
            0) +
          " per trial (halo payload, all ranks)");
  int unconverged = 0;
  for (const auto& t : trials) unconverged += t.converged ? 0 : 1;
  const std::string stopped = std::to_string(unconverged) + " of " +
                              std::to_string(trials.size()) + " trials stopped at " +
                              std::to_string(r.options.pagerank.max_iterations) +
                              " iterations above the tolerance";
  text += line("PR Convergence", unconverged == 0 ? "PASS (every trial within the tolerance)"
                                 : r.options.max_iterations_given
                                     ? "not reached (" + stopped + ", as --max-iters allows)"
                                     : "FAIL (" + stopped + "; give --max-iters to allow it)");
  return text;
}

std::string cc_summary(const XgraphReport& r) {
  const auto& trials = r.cc;
  std::string text = line("CC Average Time", fixed(mean_seconds(trials)));
  text += line(
      "CC Phases",
      phase_text(mean_of<CcTrial>(trials, [](const CcTrial& t) { return t.phases.setup; }),
                 mean_of<CcTrial>(trials, [](const CcTrial& t) { return t.phases.compute_a; }),
                 "linking", 0, nullptr,
                 mean_of<CcTrial>(trials,
                                  [](const CcTrial& t) { return t.phases.communication; })));
  return text;
}

std::string sssp_summary(const XgraphReport& r) {
  const auto& trials = r.sssp;
  std::string text = line("SSSP Average Time", fixed(mean_seconds(trials)));
  text += line("SSSP Delta", std::to_string(r.options.sssp.delta));
  text += line(
      "SSSP Phases",
      phase_text(mean_of<SsspTrial>(trials, [](const SsspTrial& t) { return t.phases.setup; }),
                 mean_of<SsspTrial>(trials, [](const SsspTrial& t) { return t.phases.compute_a; }),
                 "relaxation", 0, nullptr, mean_of<SsspTrial>(trials, [](const SsspTrial& t) {
                   return t.phases.communication;
                 })));
  return text;
}

std::string bc_summary(const XgraphReport& r) {
  const auto& trials = r.bc;
  std::string text = line("BC Average Time", fixed(mean_seconds(trials)));
  text += line(
      "BC Phases",
      phase_text(mean_of<BcTrial>(trials, [](const BcTrial& t) { return t.phases.setup; }),
                 mean_of<BcTrial>(trials, [](const BcTrial& t) { return t.phases.compute_a; }),
                 "forward", 
                 mean_of<BcTrial>(trials, [](const BcTrial& t) { return t.phases.compute_b; }),
                 "backward",
                 mean_of<BcTrial>(trials, [](const BcTrial& t) { return t.phases.communication; })));
  text += line("BC Bytes Sent",
               fixed(mean_of<BcTrial>(
                         trials, [](const BcTrial& t) { return static_cast<double>(t.bytes_sent); }),
                     0) +
                   " per trial (halo payload, all ranks)");
  return text;
}

std::string tc_summary(const XgraphReport& r) {
  const auto& trials = r.tc;
  std::string text = line("TC Average Time", fixed(mean_seconds(trials)));
  if (!trials.empty()) {
    text += line("TC Triangles", std::to_string(trials.back().triangles));
    // TC's halo is the symmetrized graph's when the input is directed.
    const global_int halo =
        r.symmetrized_edges > 0 ? r.symmetrized_halo_volume : r.partition.halo_volume;
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
  text += line(
      "TC Phases",
      phase_text(mean_of<TcTrial>(trials, [](const TcTrial& t) { return t.phases.setup; }),
                 mean_of<TcTrial>(trials, [](const TcTrial& t) { return t.phases.compute_a; }),
                 "counting", 0, nullptr,
                 mean_of<TcTrial>(trials, [](const TcTrial& t) { return t.phases.communication; })));
  return text;
}

std::string verification_line(const XgraphReport& r) {
  if (!r.verified()) return line("Verification", "not run (use --verify)");
  const size_t total = r.bfs.size() + r.pagerank.size() + r.cc.size() + r.sssp.size() +
                       r.bc.size() + r.tc.size();
  if (total == 0) return line("Verification", "not run (no kernel ran)");
  const int failures = failed(r.bfs) + failed(r.pagerank) + failed(r.cc) + failed(r.sssp) +
                       failed(r.bc) + failed(r.tc);
  return line("Verification", failures == 0 ? "PASS (all " + std::to_string(total) + " trials)"
                                            : "FAIL (" + std::to_string(failures) + " of " +
                                                  std::to_string(total) + " trials)");
}

}  // namespace hpcg::graph
