// SPDX-License-Identifier: BSD-3-Clause
// xgraph's phases: options, graph (generate or read, then build), trials of each kernel, outputs,
// report. Errors every rank sees alike are agreed with run_collectively; a failure inside a
// collective that only one rank sees aborts the job (see run_xgraph).
#include "hpcg/graph/xgraph.hpp"

#include <cstdio>
#include <iostream>
#include <new>

#include "hpcg/base/error.hpp"
#include "hpcg/base/output_path.hpp"
#include "hpcg/base/program.hpp"
#include "hpcg/base/threads.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/graph/graph_output.hpp"
#include "hpcg/graph/graph_report.hpp"
#include "hpcg/version.hpp"

namespace hpcg::graph {
namespace {

EdgeList make_edges(const XgraphOptions& o, const Comm& comm) {
  switch (o.source) {
    case GraphSource::kronecker:
      return generate_kronecker(o.scale, o.degree, o.seed, comm);
    case GraphSource::uniform:
      return generate_uniform(o.scale, o.degree, o.seed, comm);
    case GraphSource::grid:
      return generate_grid(o.grid, comm);
    case GraphSource::file:
      return read_edge_file(o.file, comm);
    case GraphSource::none:
      break;
  }
  throw InputError("no graph given");
}

Graph load_graph(const XgraphOptions& o, const Comm& comm, XgraphReport& report) {
  set_watchdog_phase("reading or generating the graph");
  double start = wall_time();
  EdgeList edges;
  if (o.source == GraphSource::file) {
    edges = read_edge_file(o.file, comm);  // agrees on its errors itself
  } else {
    run_collectively(comm, [&] {
      try {
        edges = make_edges(o, comm);
      } catch (const std::bad_alloc&) {
        throw ResourceError(
            "out of memory generating the graph; use a smaller scale or more ranks");
      }
    });
  }
  report.generate_seconds = comm.max(wall_time() - start);
  set_watchdog_phase("building the graph");
  start = wall_time();
  Graph graph = build_graph(std::move(edges), o.partition, o.seed, comm, o.neighbour_order);
  report.build_seconds = comm.max(wall_time() - start);
  report.vertices = graph.vertex_count;
  report.edges = graph.edge_count;
  report.partition = partition_stats(graph, comm);
  return graph;
}

void print(const Comm& comm, const std::string& text) {
  if (!comm.is_root()) return;
  std::cout << text << std::flush;
}

std::vector<global_int> bfs_sources(const XgraphOptions& o, const Graph& graph, const Comm& comm) {
  std::vector<global_int> sources;
  run_collectively(comm, [&] {
    if (o.bfs_source < 0) {
      sources = pick_sources(graph, o.bfs_trials, o.seed, comm, o.graph500);
      return;
    }
    if (o.bfs_source >= graph.vertex_count) {
      throw InputError("--source=" + std::to_string(o.bfs_source) +
                       " is not a vertex; the graph has 0.." +
                       std::to_string(graph.vertex_count - 1));
    }
    if (degree_of(graph, o.bfs_source, comm) == 0) {
      throw InputError("--source=" + std::to_string(o.bfs_source) +
                       " has no edges; BFS needs a source with at least one neighbour");
    }
    sources.assign(static_cast<size_t>(o.bfs_trials), o.bfs_source);
  });
  return sources;
}

void run_kernels(const XgraphOptions& o, Graph& graph, const Comm& comm, XgraphReport& report) {
  if (o.runs_bfs()) {
    set_watchdog_phase("BFS trials");
    const auto sources = bfs_sources(o, graph, comm);
    std::vector<global_int> parent;
    report.bfs = run_bfs_trials(
        graph, sources, o.bfs, o.verify, comm,
        [&](const BfsTrial& t) { print(comm, bfs_trial_line(t)); },
        o.parents_out.empty() ? nullptr : &parent);
    if (!o.parents_out.empty()) write_parents(graph, parent, o.parents_out, comm);
    print(comm, bfs_summary(report));
  }
  if (o.runs_pagerank()) {
    set_watchdog_phase("PageRank trials");
    std::vector<float> scores;
    report.pagerank = run_pagerank_trials(
        graph, o.pagerank_trials, o.pagerank, o.verify, comm,
        [&](const PageRankTrial& t) { print(comm, pagerank_trial_line(t)); },
        o.scores_out.empty() ? nullptr : &scores);
    if (!o.scores_out.empty()) write_scores(graph, scores, o.scores_out, comm);
    print(comm, pagerank_summary(report));
  }
}

void write_json(const XgraphReport& report, const Comm& comm) {
  run_collectively(comm, [&] {
    if (comm.is_root()) write_file_atomically(report.options.json, report_json(report));
  });
}

int run(const Comm& comm, const std::vector<std::string>& args) {
  XgraphReport report;
  run_collectively(comm, [&] { report.options = parse_xgraph_options(args); });
  const XgraphOptions& o = report.options;
  if (o.help || o.version) {
    print(comm, o.help
                    ? xgraph_usage()
                    : std::string("xgraph ") + version_string +
                          " (GAP benchmark rules for PageRank and BFS, Graph500 BFS validation)\n");
    return 0;
  }
  // Checked before the graph is built: every rank opens the per-vertex files, rank 0 the JSON.
  run_collectively(comm, [&] {
    require_writable_outputs({{"--graph-out", o.graph_out}, {"--scores-out", o.scores_out},
                              {"--parents-out", o.parents_out},
                              {"--json", comm.is_root() ? o.json : std::string()}});
  });
  Watchdog watchdog("xgraph", comm.get(), o.watchdog);
  report.ranks = comm.size();
  report.threads = max_threads();
  Graph graph = load_graph(o, comm, report);
  if (!o.graph_out.empty()) write_edge_list(graph, o.graph_out, comm);
  print(comm, graph_lines(report));
  run_kernels(o, graph, comm, report);
  set_watchdog_phase("writing the report");
  print(comm, verification_line(report));
  if (!o.json.empty()) write_json(report, comm);
  return static_cast<int>(report.all_passed() ? ExitStatus::valid : ExitStatus::invalid_result);
}

}  // namespace

int run_xgraph(const Comm& comm, const std::vector<std::string>& args) {
  return run_program("xgraph", comm, [&] { return run(comm, args); });
}

}  // namespace hpcg::graph
