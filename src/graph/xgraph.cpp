// SPDX-License-Identifier: BSD-3-Clause
// xgraph's phases: options, graph (generate or read, then build), trials of each kernel, outputs,
// report. Errors every rank sees alike are agreed with run_collectively; a failure inside a
// collective that only one rank sees aborts the job (see run_xgraph).
#include "hpcg/graph/xgraph.hpp"

#include <cstdio>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "graph_report.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/output_path.hpp"
#include "hpcg/base/program.hpp"
#include "hpcg/base/threads.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/graph/graph_output.hpp"
#include "hpcg/version.hpp"

namespace hpcg::graph {
namespace {

EdgeList make_edges(const XgraphOptions& o, const Comm& comm) {
  switch (o.source) {
    case GraphSource::kronecker:
      return generate_kronecker(o.scale, o.degree, o.run.seed, comm);
    case GraphSource::uniform:
      return generate_uniform(o.scale, o.degree, o.run.seed, comm);
    case GraphSource::grid:
      return generate_grid(o.grid, comm);
    case GraphSource::file:
      return read_edge_file(o.file, comm);
    case GraphSource::none:
      break;
  }
  throw InputError("no graph given");
}

/// Weights are kept only where something reads them: SSSP, or a --graph-out format that stores
/// them. A list without its own weights then gets GAP's (uniform 1..255, seeded).
void settle_weights(const XgraphOptions& o, EdgeList& edges, const Comm& comm,
                    XgraphReport& report) {
  bool needed = !o.graph_out.empty() && stores_weights(o.graph_out);
  for (const Kernel& k : kernel_table()) needed = needed || (k.declared.reads_weights && o.runs(k.id));
  if (!needed) {
    edges.weighted = false;
    report.weights = "none (no kernel or output reads them)";
  } else if (edges.weighted) {
    report.weights = "from the file";
  } else {
    insert_weights(edges, o.run.seed, comm);
    report.weights = "GAP's: uniform integers 1 to 255, seed " + std::to_string(o.run.seed);
  }
}

/// GAP's TC counts on an undirected graph: for a directed one, the same arcs as undirected
/// edges, built like the graph (untimed, as gapbs's -s).
std::unique_ptr<Graph> symmetrized_copy(const XgraphOptions& o, EdgeList edges, const Comm& comm,
                                        XgraphReport& report) {
  set_watchdog_phase("building the symmetrized graph for TC");
  const double start = wall_time();
  edges.directed = false;
  edges.weighted = false;
  auto graph = std::make_unique<Graph>(
      build_graph(std::move(edges), o.partition, o.run.seed, comm, o.neighbour_order));
  report.symmetrized_seconds = comm.max(wall_time() - start);
  report.symmetrized_edges = graph->edge_count;
  report.symmetrized_halo_volume = partition_stats(*graph, comm).halo_volume;
  return graph;
}

/// A kernel that runs on the undirected graph (TC) was asked for.
bool needs_undirected(const XgraphOptions& o) {
  for (const Kernel& k : kernel_table()) {
    if (k.undirected && o.runs(k.id)) return true;
  }
  return false;
}

/// The graph, and for TC on a directed graph its symmetrized copy in `symmetrized`.
Graph load_graph(const XgraphOptions& o, const Comm& comm, XgraphReport& report,
                 std::unique_ptr<Graph>& symmetrized) {
  set_watchdog_phase("reading or generating the graph");
  double start = wall_time();
  EdgeList edges;
  if (o.source == GraphSource::file) {
    edges = read_edge_file(o.file, comm);  // agrees on its errors itself
    if (o.symmetrize) edges.directed = false;
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
  settle_weights(o, edges, comm, report);
  report.generate_seconds = comm.max(wall_time() - start);
  set_watchdog_phase("building the graph");
  if (edges.directed && needs_undirected(o)) {
    symmetrized = symmetrized_copy(o, edges, comm, report);
  }
  start = wall_time();
  Graph graph = build_graph(std::move(edges), o.partition, o.run.seed, comm, o.neighbour_order);
  report.build_seconds = comm.max(wall_time() - start);
  report.vertices = graph.vertex_count;
  report.edges = graph.edge_count;
  report.directed = graph.directed;
  report.partition = partition_stats(graph, comm);
  return graph;
}

/// Each kernel asked for, in the table's order; its trials, outputs and summary are its own.
void run_kernels(const XgraphOptions& o, Graph& graph, Graph* symmetrized, const Comm& comm,
                 XgraphReport& report) {
  GraphFigures figures;
  figures.halo_volume = report.partition.halo_volume;
  figures.symmetrized_edges = report.symmetrized_edges;
  figures.symmetrized_halo_volume = report.symmetrized_halo_volume;
  figures.symmetrized_seconds = report.symmetrized_seconds;
  for (const Kernel& kernel : kernel_table()) {
    if (!o.runs(kernel.id)) continue;
    Graph& input = kernel.undirected && symmetrized != nullptr ? *symmetrized : graph;
    const KernelContext context{o.run,  *o.kernel_settings[static_cast<size_t>(kernel.id)],
                                input,  comm,
                                trial_count(o, kernel.id), figures};
    KernelOutcome outcome = kernel.declared.run(context);
    outcome.json_key = kernel.json_key;
    report.kernels.push_back(std::move(outcome));
  }
}

void write_json(const XgraphReport& report, const Comm& comm) {
  run_collectively(comm, [&] {
    if (comm.is_root()) write_file_atomically(report.options.json, report_json(report));
  });
}

/// Every output file asked for: the graph's, each running kernel's, and the JSON (rank 0's).
std::vector<std::pair<std::string, std::string>> output_files(const XgraphOptions& o,
                                                              const Comm& comm) {
  std::vector<std::pair<std::string, std::string>> files = {{"--graph-out", o.graph_out}};
  for (const Kernel& k : kernel_table()) {
    if (!o.runs(k.id) || k.declared.outputs == nullptr) continue;
    for (auto& file : k.declared.outputs(*o.kernel_settings[static_cast<size_t>(k.id)])) {
      files.push_back(std::move(file));
    }
  }
  files.emplace_back("--json", comm.is_root() ? o.json : std::string());
  return files;
}

int run(const Comm& comm, const std::vector<std::string>& args) {
  XgraphReport report;
  run_collectively(comm, [&] { report.options = parse_xgraph_options(args); });
  const XgraphOptions& o = report.options;
  if (o.help || o.version) {
    print_on_root(comm, o.help ? xgraph_usage()
                               : std::string("xgraph ") + version_string +
                                     " (GAP benchmark rules for BFS, PageRank, CC, SSSP, BC and "
                                     "TC, Graph500 BFS validation)\n");
    return 0;
  }
  // Checked before the graph is built: every rank opens the per-vertex files, rank 0 the JSON.
  run_collectively(comm, [&] {
    if (!o.graph_out.empty()) check_graph_format(o.graph_out);
    auto files = output_files(o, comm);
    require_writable_outputs(files);
    // Written by every rank through MPI-IO: never in place, so a device or FIFO is refused.
    files.pop_back();  // the JSON, written by rank 0 alone
    require_regular_outputs(files);
  });
  Watchdog watchdog("xgraph", comm.get(), o.watchdog);
  report.ranks = comm.size();
  report.threads = max_threads();
  std::unique_ptr<Graph> symmetrized;
  Graph graph = load_graph(o, comm, report, symmetrized);
  if (!o.graph_out.empty()) write_graph(graph, o.graph_out, comm);
  print_on_root(comm, graph_lines(report));
  run_kernels(o, graph, symmetrized.get(), comm, report);
  set_watchdog_phase("writing the report");
  print_on_root(comm, verification_line(report));
  if (!o.json.empty()) write_json(report, comm);
  return static_cast<int>(report.all_passed() ? ExitStatus::valid : ExitStatus::invalid_result);
}

}  // namespace

int run_xgraph(const Comm& comm, const std::vector<std::string>& args) {
  return run_program("xgraph", comm, [&] { return run(comm, args); });
}

}  // namespace hpcg::graph
