// SPDX-License-Identifier: BSD-3-Clause
// The report as JSON (--json=FILE): the same numbers as stdout, per trial, for scripts.
#include <cmath>
#include <cstdio>
#include <sstream>

#include "hpcg/graph/graph_report.hpp"
#include "hpcg/version.hpp"

namespace hpcg::graph {
namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(c));
      out += escape;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string number(double value) {
  if (!std::isfinite(value)) return "null";
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

std::string phases(const PhaseSeconds& p, const char* a, const char* b) {
  std::string text = "{\"setup\": " + number(p.setup) + ", \"" + a + "\": " + number(p.compute_a);
  if (b != nullptr) text += std::string(", \"") + b + "\": " + number(p.compute_b);
  return text + ", \"communication\": " + number(p.communication) + "}";
}

std::string bfs_json(const XgraphReport& r) {
  std::ostringstream out;
  out << "{\"alpha\": " << number(r.options.bfs.alpha)
      << ", \"beta\": " << number(r.options.bfs.beta)
      << ", \"mean_seconds\": " << number(mean_seconds(r.bfs))
      << ", \"harmonic_mean_teps\": " << number(harmonic_mean_teps(r.bfs))
      << ", \"teps_edges\": " << quoted(teps_edge_definition) << ", \"trials\": [";
  for (size_t i = 0; i < r.bfs.size(); ++i) {
    const BfsTrial& t = r.bfs[i];
    out << (i ? ", " : "") << "\n    {\"source\": " << t.source
        << ", \"seconds\": " << number(t.seconds) << ", \"edges\": " << t.edges
        << ", \"teps\": " << number(t.teps) << ", \"levels\": " << t.levels
        << ", \"bottom_up_levels\": " << t.bottom_up_levels << ", \"bytes_sent\": " << t.bytes_sent
        << ", \"phases\": " << phases(t.phases, "top_down", "bottom_up");
    if (t.verified) {
      out << ", \"verification\": " << quoted(t.passed ? "PASS" : "FAIL")
          << ", \"verification_seconds\": " << number(t.verify_seconds);
      if (!t.passed) out << ", \"failure\": " << quoted(t.failure);
    }
    out << "}";
  }
  out << "]}";
  return out.str();
}

std::string pagerank_json(const XgraphReport& r) {
  std::ostringstream out;
  out << "{\"damping\": " << number(r.options.pagerank.damping)
      << ", \"tolerance\": " << number(r.options.pagerank.tolerance)
      << ", \"max_iterations\": " << r.options.pagerank.max_iterations
      << ", \"mean_seconds\": " << number(mean_seconds(r.pagerank)) << ", \"trials\": [";
  for (size_t i = 0; i < r.pagerank.size(); ++i) {
    const PageRankTrial& t = r.pagerank[i];
    out << (i ? ", " : "") << "\n    {\"seconds\": " << number(t.seconds)
        << ", \"iterations\": " << t.iterations << ", \"change\": " << number(t.change)
        << ", \"bytes_sent\": " << t.bytes_sent
        << ", \"phases\": " << phases(t.phases, "spmv", nullptr);
    if (t.verified) {
      out << ", \"verification\": " << quoted(t.passed ? "PASS" : "FAIL")
          << ", \"error\": " << number(t.error)
          << ", \"verification_seconds\": " << number(t.verify_seconds);
    }
    out << "}";
  }
  out << "]}";
  return out.str();
}

}  // namespace

std::string report_json(const XgraphReport& r) {
  std::ostringstream out;
  const PartitionStats& p = r.partition;
  out << "{\n  \"program\": \"xgraph\", \"version\": " << quoted(version_string)
      << ", \"ranks\": " << r.ranks << ", \"threads\": " << r.threads << ",\n"
      << "  \"graph\": {\"description\": " << quoted(describe_source(r.options))
      << ", \"vertices\": " << r.vertices << ", \"edges\": " << r.edges
      << ", \"generate_seconds\": " << number(r.generate_seconds)
      << ", \"build_seconds\": " << number(r.build_seconds) << "},\n"
      << "  \"partition\": {\"kind\": " << quoted(to_string(r.options.partition))
      << ", \"halo_volume\": " << p.halo_volume << ", \"max_rank_halo\": " << p.max_rank_halo
      << ", \"max_rank_edges\": " << p.max_rank_edges
      << ", \"edge_imbalance\": " << number(p.edge_imbalance)
      << ", \"vertex_imbalance\": " << number(p.vertex_imbalance) << "},\n";
  if (r.options.runs_bfs()) out << "  \"bfs\": " << bfs_json(r) << ",\n";
  if (r.options.runs_pagerank()) out << "  \"pagerank\": " << pagerank_json(r) << ",\n";
  out << "  \"verification\": "
      << quoted(!r.verified()    ? "not run"
                : r.all_passed() ? "PASS"
                                 : "FAIL")
      << "\n}\n";
  return out.str();
}

}  // namespace hpcg::graph
