// SPDX-License-Identifier: BSD-3-Clause
// The report as JSON (--json=FILE): the same numbers as stdout, per trial, for scripts; each
// kernel's section is the one its folder wrote. nlohmann::ordered_json keeps the fields in the
// order written; non-finite numbers become null.
#include "graph_report.hpp"
#include "hpcg/version.hpp"

namespace hpcg::graph {

std::string report_json(const XgraphReport& r) {
  const PartitionStats& p = r.partition;
  Json j;
  j["program"] = "xgraph";
  j["version"] = version_string;
  j["ranks"] = r.ranks;
  j["threads"] = r.threads;
  j["graph"] = {{"description", describe_source(r.options)},
                {"vertices", r.vertices},
                {"edges", r.edges},
                {"directed", r.directed},
                {"weights", r.weights},
                {"generate_seconds", r.generate_seconds},
                {"build_seconds", r.build_seconds}};
  j["neighbour_order"] = r.options.neighbour_order == NeighbourOrder::id ? "id" : "degree";
  j["partition"] = {{"kind", to_string(r.options.partition)},
                    {"halo_volume", p.halo_volume},
                    {"max_rank_halo", p.max_rank_halo},
                    {"max_rank_edges", p.max_rank_edges},
                    {"edge_imbalance", p.edge_imbalance},
                    {"vertex_imbalance", p.vertex_imbalance},
                    {"edge_cut", p.edge_cut},
                    {"partitioner_seconds", p.partitioner_seconds},
                    {"partitioner", p.partitioner},
                    {"rank_halo", p.rank_halo},
                    {"rank_vertices", p.rank_vertices},
                    {"rank_edges", p.rank_edges}};
  for (const KernelOutcome& k : r.kernels) j[k.json_key] = k.json;
  j["verification"] = !r.verified() ? "not run" : r.all_passed() ? "PASS" : "FAIL";
  return j.dump(2) + "\n";
}

}  // namespace hpcg::graph
