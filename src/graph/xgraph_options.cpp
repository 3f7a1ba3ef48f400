// SPDX-License-Identifier: BSD-3-Clause
// xgraph's option table: --name=value options only, each checked for range by the shared
// option parser, with messages that name the option and how to fix it.
#include <algorithm>
#include <sstream>

#include "hpcg/base/error.hpp"
#include "hpcg/base/options.hpp"
#include "hpcg/graph/xgraph.hpp"

namespace hpcg::graph {
namespace {

/// The options being read, and whether --degree was given (it suits generated graphs only).
struct Reading {
  XgraphOptions options;
  bool degree_given = false;
};
using Row = OptionTable<Reading>::Row;

/// A comma-separated list of kernels, or one of the words all, both (bfs,pr) and none; in the
/// kernel table's order whatever the list's.
std::vector<std::string> parse_kernels(const std::string& text) {
  const std::vector<std::string> names = kernel_names();
  if (text == "all") return names;
  if (text == "both") return {"bfs", "pr"};
  if (text == "none") return {};
  std::vector<bool> chosen(names.size(), false);
  std::istringstream list(text);
  std::string name;
  while (std::getline(list, name, ',')) {
    const auto known = std::find(names.begin(), names.end(), name);
    if (known == names.end()) {
      std::string choices;
      for (const std::string& n : names) choices += n + ", ";
      throw InputError("unknown kernel '" + name + "' in --kernel=" + text + "; use a list of " +
                       choices + "or all, both (bfs,pr) or none");
    }
    chosen[static_cast<size_t>(known - names.begin())] = true;
  }
  std::vector<std::string> set;
  for (size_t i = 0; i < names.size(); ++i) {
    if (chosen[i]) set.push_back(names[i]);
  }
  return set;
}

void set_source(XgraphOptions& o, GraphSource source) {
  if (o.source != GraphSource::none) {
    throw InputError("give only one graph: --kron, --urand, --grid or --file");
  }
  o.source = source;
}

Row generated(const char* name, GraphSource source, std::string help) {
  return {OptionSpec(name, OptionKind::integer, "SCALE", std::move(help)).from(1).at_most(40)
              .in_section("Graph (exactly one)"),
          [source](Reading& r, const OptionValue& v) {
            set_source(r.options, source);
            r.options.scale = static_cast<int>(v.count);
          }};
}

OptionSpec file_option(const char* name, std::string help) {
  return OptionSpec(name, OptionKind::text, "FILE", std::move(help));
}

Row output(OptionSpec spec, std::string XgraphOptions::*field) {
  return {std::move(spec),
          [field](Reading& r, const OptionValue& v) { r.options.*field = v.text; }};
}

const OptionTable<Reading>& options() {
  static const OptionTable<Reading> table({
      generated("kron", GraphSource::kronecker,
                "Kronecker graph, 2^SCALE vertices, A=0.57 B=0.19 C=0.19 (Graph500/GAP)"),
      generated("urand", GraphSource::uniform, "uniform random graph, 2^SCALE vertices"),
      {OptionSpec("degree", OptionKind::integer, "K", "edge tuples per vertex for --kron/--urand")
           .from(1)
           .at_most(1024)
           .defaults_to("16"),
       [](Reading& r, const OptionValue& v) {
         r.options.degree = static_cast<int>(v.count);
         r.degree_given = true;
       }},
      {OptionSpec("grid", OptionKind::integer, "N", "HPCG's 27-point stencil on an N^3 grid")
           .from(2)
           .at_most(1000000),
       [](Reading& r, const OptionValue& v) {
         set_source(r.options, GraphSource::grid);
         r.options.grid = static_cast<global_int>(v.count);
       }},
      {OptionSpec("file", OptionKind::text, "PATH",
                  "graph file: .el (u v), .wel (u v w) 0-based; .gr (DIMACS), .mtx (Matrix "
                  "Market) 1-based; .sg, .wsg (gapbs's serialized graphs)"),
       [](Reading& r, const OptionValue& v) {
         set_source(r.options, GraphSource::file);
         r.options.file = v.text;
       }},
      {OptionSpec("symmetrize", OptionKind::flag, "",
                  "make a file's arcs undirected edges (generated graphs always are; a file is "
                  "read as directed unless its format says undirected)"),
       [](Reading& r, const OptionValue&) { r.options.symmetrize = true; }},
      {OptionSpec("seed", OptionKind::integer, "S", "generator, relabelling and source seed")
           .from(0)
           .at_most(static_cast<long double>(~std::uint64_t{0}))
           .defaults_to(std::to_string(default_seed) + ", GAP's"),
       [](Reading& r, const OptionValue& v) { r.options.seed = v.count; }},
      {OptionSpec("kernel", OptionKind::text, "LIST",
                  "comma-separated list of bfs, pr, cc, sssp, bc, tc; or all (the six), both "
                  "(bfs,pr) or none (build and write the graph only)")
           .defaults_to("both")
           .in_section("Run"),
       [](Reading& r, const OptionValue& v) { r.options.kernels = parse_kernels(v.text); }},
      {OptionSpec("partition", OptionKind::text, "P",
                  "block (equal vertices), balanced (Gemini: equal edges+vertices) or random "
                  "(random relabelling, then block)")
           .defaults_to("block"),
       [](Reading& r, const OptionValue& v) {
         r.options.partition = parse_partition_kind(v.text);
       }},
      {OptionSpec("neighbour-order", OptionKind::text, "O",
                  "how rows list their neighbours (untimed build): degree (descending: a "
                  "bottom-up BFS step meets hubs first) or id, to report both")
           .defaults_to("degree"),
       [](Reading& r, const OptionValue& v) {
         if (v.text != "degree" && v.text != "id") {
           throw InputError("unknown neighbour order '" + v.text +
                            "'; use --neighbour-order=degree or id");
         }
         r.options.neighbour_order = v.text == "id" ? NeighbourOrder::id : NeighbourOrder::degree;
       }},
      {OptionSpec("trials", OptionKind::integer, "T", "trials per kernel")
           .from(1)
           .at_most(100000)
           .defaults_to("GAP's: 64 BFS and SSSP sources, 16 PageRank, CC and BC runs (BC: 4 "
                        "sources each), 3 TC runs"),
       [](Reading& r, const OptionValue& v) {
         r.options.trials = static_cast<int>(v.count);
       }},
      {OptionSpec("source", OptionKind::integer, "V",
                  "BFS, SSSP and BC from vertex V in every trial (BC: as each of its 4 sources)")
           .from(0)
           .at_most(static_cast<long double>(global_int{1} << 62))
           .defaults_to("GAP's seeded picker"),
       [](Reading& r, const OptionValue& v) {
         r.options.source_vertex = static_cast<global_int>(v.count);
       }},
      {OptionSpec("alpha", OptionKind::real, "A", "BFS switches to bottom-up (GAP's alpha)")
           .from(1e-9)
           .at_most(1e9)
           .defaults_to("15"),
       [](Reading& r, const OptionValue& v) { r.options.bfs.alpha = v.real; }},
      {OptionSpec("beta", OptionKind::real, "B", "BFS switches back to top-down (GAP's beta)")
           .from(1e-9)
           .at_most(1e9)
           .defaults_to("18"),
       [](Reading& r, const OptionValue& v) { r.options.bfs.beta = v.real; }},
      {OptionSpec("tolerance", OptionKind::real, "E",
                  "PageRank stops when the L1 change is below E")
           .from(0)
           .at_most(1)
           .defaults_to("1e-4"),
       [](Reading& r, const OptionValue& v) { r.options.pagerank.tolerance = v.real; }},
      {OptionSpec("max-iters", OptionKind::integer, "I",
                  "and after at most I iterations; a trial that stops there above the "
                  "tolerance fails the run unless this is given")
           .from(1)
           .at_most(1000000)
           .defaults_to("1000, as GAP's scripts"),
       [](Reading& r, const OptionValue& v) {
         r.options.pagerank.max_iterations = static_cast<int>(v.count);
         r.options.max_iterations_given = true;
       }},
      {OptionSpec("delta", OptionKind::integer, "D",
                  "SSSP's delta-stepping bucket width (a tuning parameter GAP allows)")
           .from(1)
           .at_most(static_cast<long double>(std::int64_t{1} << 62))
           .defaults_to(std::to_string(SsspOptions{}.delta)),
       [](Reading& r, const OptionValue& v) {
         r.options.sssp.delta = static_cast<distance_t>(v.count);
       }},
      {OptionSpec("graph500", OptionKind::flag, "",
                  "BFS as Graph500 runs it: 64 distinct roots, every one validated, and "
                  "Graph500's TEPS statistics (min, quartiles, max, harmonic mean and deviation)"),
       [](Reading& r, const OptionValue&) { r.options.graph500 = true; }},
      {OptionSpec("verify", OptionKind::flag, "",
                  "verify every trial (BFS: Graph500's 5 checks; PR: GAP's residual check; CC, "
                  "SSSP: GAP's checks; BC: a serial Brandes; TC: a serial count)"),
       [](Reading& r, const OptionValue&) { r.options.verify = true; }},
      {watchdog_option(),
       [](Reading& r, const OptionValue& v) { r.options.watchdog = watchdog_limit(v); }},
      output(file_option("graph-out",
                         "the cleaned graph in the format its extension names (as --file; "
                         ".wel, .wsg, .gr with weights)")
                 .in_section("Output"),
             &XgraphOptions::graph_out),
      output(file_option("parents-out",
                         "the last BFS trial's parents (vertex parent, -1 unreached)"),
             &XgraphOptions::parents_out),
      output(file_option("scores-out", "the last PageRank trial's scores (vertex score)"),
             &XgraphOptions::scores_out),
      output(file_option("labels-out",
                         "the last CC trial's components (vertex label; the label is the "
                         "component's smallest vertex)"),
             &XgraphOptions::labels_out),
      output(file_option("distances-out",
                         "the last SSSP trial's distances (vertex distance, inf unreached)"),
             &XgraphOptions::distances_out),
      output(file_option("bc-scores-out",
                         "the last BC trial's scores (vertex score, normalized to the largest)"),
             &XgraphOptions::bc_scores_out),
      output(file_option("json", "the report as JSON"), &XgraphOptions::json),
      {OptionSpec("version", OptionKind::flag, "", "print the version and exit")
           .in_section("Information"),
       [](Reading& r, const OptionValue&) { r.options.version = true; }},
      {OptionSpec("help", OptionKind::flag, "", "print this text and exit (also -h)"),
       [](Reading& r, const OptionValue&) { r.options.help = true; }},
  });
  return table;
}

/// Combinations that cannot run, named with their fix.
void check_combinations(const XgraphOptions& o, bool degree_given) {
  if (o.source == GraphSource::none) {
    throw InputError("no graph given; use --kron=SCALE, --urand=SCALE, --grid=N or --file=PATH");
  }
  if (degree_given && (o.source == GraphSource::grid || o.source == GraphSource::file)) {
    throw InputError("--degree applies to --kron and --urand only");
  }
  if (o.symmetrize && o.source != GraphSource::file) {
    throw InputError("--symmetrize applies to --file only (generated graphs are undirected)");
  }
  if (!o.scores_out.empty() && !o.runs("pr")) {
    throw InputError("--scores-out needs the PageRank kernel (--kernel=pr, both or all)");
  }
  if (!o.parents_out.empty() && !o.runs("bfs")) {
    throw InputError("--parents-out needs the BFS kernel (--kernel=bfs, both or all)");
  }
  if (!o.labels_out.empty() && !o.runs("cc")) {
    throw InputError("--labels-out needs the CC kernel (--kernel=cc or all)");
  }
  if (!o.distances_out.empty() && !o.runs("sssp")) {
    throw InputError("--distances-out needs the SSSP kernel (--kernel=sssp or all)");
  }
  if (!o.bc_scores_out.empty() && !o.runs("bc")) {
    throw InputError("--bc-scores-out needs the BC kernel (--kernel=bc or all)");
  }
  if (o.source_vertex >= 0 && !o.runs("bfs") && !o.runs("sssp") && !o.runs("bc")) {
    throw InputError("--source needs the BFS, SSSP or BC kernel (--kernel=bfs, sssp, bc or all)");
  }
  if (o.graph500 && !o.runs("bfs")) {
    throw InputError("--graph500 needs the BFS kernel (--kernel=bfs, both or all)");
  }
  const int roots = XgraphOptions::graph500_roots;
  if (o.graph500 && (o.source_vertex >= 0 || (o.trials != 0 && o.trials != roots))) {
    throw InputError("--graph500 runs " + std::to_string(roots) +
                     " distinct roots; leave out --source and --trials");
  }
}

}  // namespace

XgraphOptions parse_xgraph_options(const std::vector<std::string>& args) {
  Reading reading;
  for (const std::string& arg : args) {
    if (arg == "-h") {
      reading.options.help = true;
    } else if (arg.rfind("--", 0) == 0) {
      options().apply(reading, arg);
    } else {
      throw InputError("unexpected argument '" + arg + "'; options are --name=value, see --help");
    }
  }
  XgraphOptions& o = reading.options;
  if (o.help || o.version) return o;
  check_combinations(o, reading.degree_given);
  if (o.graph500) o.verify = true;  // Graph500 validates every root
  return o;
}

bool XgraphOptions::runs(const std::string& name) const {
  return std::find(kernels.begin(), kernels.end(), name) != kernels.end();
}

std::string describe_source(const XgraphOptions& o) {
  std::ostringstream text;
  switch (o.source) {
    case GraphSource::kronecker:
      text << "Kronecker scale " << o.scale << ", degree " << o.degree << ", seed " << o.seed;
      break;
    case GraphSource::uniform:
      text << "uniform random scale " << o.scale << ", degree " << o.degree << ", seed " << o.seed;
      break;
    case GraphSource::grid:
      text << "27-point stencil grid " << o.grid << "^3";
      break;
    case GraphSource::file:
      text << "file " << o.file;
      break;
    case GraphSource::none:
      text << "none";
      break;
  }
  return text.str();
}

std::string xgraph_usage() {
  return "Usage: mpirun -np RANKS bin/xgraph GRAPH [options]\n"
         "GAP's BFS, PageRank, CC, SSSP, BC and TC (GAP benchmark rules, Graph500 validation) "
         "on a distributed\nsparse matrix. Every graph is cleaned as GAP does: self-loops and "
         "duplicate edges dropped; generated graphs\n(and files with --symmetrize) "
         "symmetrized.\n\n" +
         options().help() +
         "\nExit status: 0 ok, 1 a verification failed, 2 bad input, 3 resource error, "
         "4 internal error,\n6 watchdog (a peer or the network lost).\n";
}

}  // namespace hpcg::graph
