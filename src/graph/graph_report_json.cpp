// SPDX-License-Identifier: BSD-3-Clause
// The report as JSON (--json=FILE): the same numbers as stdout, per trial, for scripts.
// nlohmann::ordered_json keeps the fields in the order written; non-finite numbers become null.
#include <nlohmann/json.hpp>

#include "hpcg/graph/graph_report.hpp"
#include "hpcg/version.hpp"

namespace hpcg::graph {
namespace {

using Json = nlohmann::ordered_json;

Json phases(const PhaseSeconds& p, const char* a, const char* b) {
  Json j;
  j["setup"] = p.setup;
  j[a] = p.compute_a;
  if (b != nullptr) j[b] = p.compute_b;
  j["communication"] = p.communication;
  return j;
}

/// A trial's verification fields, when it was verified.
template <class Trial>
void add_verification(Json& trial, const Trial& t) {
  if (!t.verified) return;
  trial["verification"] = t.passed ? "PASS" : "FAIL";
  trial["verification_seconds"] = t.verify_seconds;
  if (!t.passed) trial["failure"] = t.failure;
}

Json bfs_json(const XgraphReport& r) {
  Json trials = Json::array();
  for (const BfsTrial& t : r.bfs) {
    Json trial;
    trial["source"] = t.source;
    trial["seconds"] = t.seconds;
    trial["edges"] = t.edges;
    trial["teps"] = t.teps;
    trial["levels"] = t.levels;
    trial["bottom_up_levels"] = t.bottom_up_levels;
    trial["bytes_sent"] = t.bytes_sent;
    trial["phases"] = phases(t.phases, "top_down", "bottom_up");
    add_verification(trial, t);
    trials.push_back(trial);
  }
  Json j;
  j["alpha"] = r.options.bfs.alpha;
  j["beta"] = r.options.bfs.beta;
  j["mean_seconds"] = mean_seconds(r.bfs);
  j["harmonic_mean_teps"] = harmonic_mean_teps(r.bfs);
  j["teps_edges"] = teps_edge_definition;
  j["sources"] = r.options.graph500 ? "graph500: distinct, each validated" : "gap: may repeat";
  if (r.options.graph500) {
    const TepsStatistics s = teps_statistics(r.bfs);
    j["graph500_teps"] = {{"min", s.min},
                          {"first_quartile", s.first_quartile},
                          {"median", s.median},
                          {"third_quartile", s.third_quartile},
                          {"max", s.max},
                          {"harmonic_mean", s.harmonic_mean},
                          {"harmonic_stddev", s.harmonic_stddev}};
  }
  j["trials"] = trials;
  return j;
}

Json pagerank_json(const XgraphReport& r) {
  Json trials = Json::array();
  for (const PageRankTrial& t : r.pagerank) {
    Json trial;
    trial["seconds"] = t.seconds;
    trial["iterations"] = t.iterations;
    trial["change"] = t.change;
    trial["converged"] = t.converged;
    trial["bytes_sent"] = t.bytes_sent;
    trial["phases"] = phases(t.phases, "spmv", nullptr);
    if (t.verified) {
      trial["verification"] = t.passed ? "PASS" : "FAIL";
      trial["error"] = t.error;
      trial["verification_seconds"] = t.verify_seconds;
    }
    trials.push_back(trial);
  }
  Json j;
  j["damping"] = r.options.pagerank.damping;
  j["tolerance"] = r.options.pagerank.tolerance;
  j["max_iterations"] = r.options.pagerank.max_iterations;
  j["mean_seconds"] = mean_seconds(r.pagerank);
  j["trials"] = trials;
  return j;
}

Json cc_json(const XgraphReport& r) {
  Json trials = Json::array();
  for (const CcTrial& t : r.cc) {
    Json trial;
    trial["seconds"] = t.seconds;
    trial["rounds"] = t.rounds;
    trial["bytes_sent"] = t.bytes_sent;
    trial["phases"] = phases(t.phases, "linking", nullptr);
    if (t.verified) {
      trial["components"] = t.components;
      trial["largest_component"] = t.largest;
    }
    add_verification(trial, t);
    trials.push_back(trial);
  }
  Json j;
  j["mean_seconds"] = mean_seconds(r.cc);
  j["trials"] = trials;
  return j;
}

Json sssp_json(const XgraphReport& r) {
  Json trials = Json::array();
  for (const SsspTrial& t : r.sssp) {
    Json trial;
    trial["source"] = t.source;
    trial["seconds"] = t.seconds;
    trial["buckets"] = t.buckets;
    trial["steps"] = t.steps;
    trial["bytes_sent"] = t.bytes_sent;
    trial["phases"] = phases(t.phases, "relaxation", nullptr);
    if (t.verified) {
      trial["reached"] = t.reached;
      trial["farthest"] = t.farthest;
    }
    add_verification(trial, t);
    trials.push_back(trial);
  }
  Json j;
  j["delta"] = r.options.sssp.delta;
  j["mean_seconds"] = mean_seconds(r.sssp);
  j["trials"] = trials;
  return j;
}

Json bc_json(const XgraphReport& r) {
  Json trials = Json::array();
  for (const BcTrial& t : r.bc) {
    Json trial;
    trial["sources"] = t.sources;
    trial["seconds"] = t.seconds;
    trial["levels"] = t.levels;
    trial["bytes_sent"] = t.bytes_sent;
    trial["phases"] = phases(t.phases, "forward", "backward");
    if (t.verified) trial["largest_score_error"] = t.error;
    add_verification(trial, t);
    trials.push_back(trial);
  }
  Json j;
  j["sources_per_trial"] = XgraphOptions::bc_sources_per_trial;
  j["mean_seconds"] = mean_seconds(r.bc);
  j["trials"] = trials;
  return j;
}

Json tc_json(const XgraphReport& r) {
  Json trials = Json::array();
  for (const TcTrial& t : r.tc) {
    Json trial;
    trial["seconds"] = t.seconds;
    trial["triangles"] = t.triangles;
    trial["order"] = t.by_degree ? "degree" : "id";
    trial["ghost_row_ids"] = t.ghost_entries;
    trial["bytes_sent"] = t.bytes_sent;
    trial["phases"] = phases(t.phases, "counting", nullptr);
    add_verification(trial, t);
    trials.push_back(trial);
  }
  Json j;
  j["triangles"] = r.tc.empty() ? 0 : r.tc.back().triangles;
  j["symmetrized"] = r.symmetrized_edges > 0;
  j["mean_seconds"] = mean_seconds(r.tc);
  j["trials"] = trials;
  return j;
}

}  // namespace

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
                    {"vertex_imbalance", p.vertex_imbalance}};
  if (r.options.runs_bfs()) j["bfs"] = bfs_json(r);
  if (r.options.runs_pagerank()) j["pagerank"] = pagerank_json(r);
  if (r.options.runs_cc()) j["cc"] = cc_json(r);
  if (r.options.runs_sssp()) j["sssp"] = sssp_json(r);
  if (r.options.runs_bc()) j["bc"] = bc_json(r);
  if (r.options.runs_tc()) j["tc"] = tc_json(r);
  j["verification"] = !r.verified() ? "not run" : r.all_passed() ? "PASS" : "FAIL";
  return j.dump(2) + "\n";
}

}  // namespace hpcg::graph
