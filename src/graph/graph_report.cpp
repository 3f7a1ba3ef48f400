// SPDX-License-Identifier: BSD-3-Clause
// Report text around the kernels' own: the graph and the verdict over every kernel's trials.
#include "graph_report.hpp"

#include <sstream>

#include "hpcg/version.hpp"
#include "kernels/kernel_report.hpp"

namespace hpcg::graph {

bool XgraphReport::all_passed() const {
  for (const KernelOutcome& k : kernels) {
    if (k.failed + k.run_failures > 0) return false;
  }
  return true;
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
  text << line("Partition Cut", std::to_string(p.edge_cut) + " edges cut, partitioned in " +
                                    fixed(p.partitioner_seconds) + " s" +
                                    (p.partitioner.empty() ? "" : " (" + p.partitioner + ")"));
  if (!r.weights.empty()) text << line("Weights", r.weights);
  text << line("Neighbour Order", r.options.neighbour_order == NeighbourOrder::id
                                      ? "by id"
                                      : "by descending degree (--neighbour-order=id to compare)");
  return text.str();
}

std::string verification_line(const XgraphReport& r) {
  if (!r.verified()) return line("Verification", "not run (use --verify)");
  size_t total = 0;
  int failures = 0;
  for (const KernelOutcome& k : r.kernels) {
    total += k.trials;
    failures += k.failed;
  }
  if (total == 0) return line("Verification", "not run (no kernel ran)");
  return line("Verification", failures == 0 ? "PASS (all " + std::to_string(total) + " trials)"
                                            : "FAIL (" + std::to_string(failures) + " of " +
                                                  std::to_string(total) + " trials)");
}

}  // namespace hpcg::graph
