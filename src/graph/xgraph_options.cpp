// SPDX-License-Identifier: BSD-3-Clause
// xgraph's option table: the program's own rows (the graph, the run, the report) and each
// kernel's rows as its folder declares them (kernels/NAME/NAME_kernel.cpp), assembled from the
// kernel table; --name=value options only, each checked for range by the shared option parser,
// with messages that name the option and how to fix it.
#include <algorithm>
#include <sstream>
#include <utility>

#include "hpcg/base/error.hpp"
#include "hpcg/base/options.hpp"
#include "hpcg/graph/xgraph.hpp"
#include "kernels/kernel.hpp"

namespace hpcg::graph {
namespace {

/// The options being read, whether --degree was given (it suits generated graphs only), and
/// which kernels' own options were given (refused unless the kernel runs).
struct Reading {
  XgraphOptions options;
  bool degree_given = false;
  std::vector<std::pair<KernelId, std::string>> kernel_options_given;
};
using Row = OptionTable<Reading>::Row;

/// A comma-separated list of kernels, or one of the words all, both (bfs,pr) and none; in the
/// kernel table's order whatever the list's.
std::vector<KernelId> parse_kernels(const std::string& text) {
  const std::vector<Kernel>& table = kernel_table();
  std::vector<bool> chosen(table.size(), text == "all");
  if (text == "both") {
    for (size_t i = 0; i < table.size(); ++i) chosen[i] = table[i].in_both;
  } else if (text != "all" && text != "none") {
    std::istringstream list(text);
    std::string name;
    while (std::getline(list, name, ',')) {
      const auto known = std::find_if(table.begin(), table.end(),
                                      [&](const Kernel& k) { return name == k.name; });
      if (known == table.end()) {
        std::string choices;
        for (const Kernel& k : table) choices += std::string(k.name) + ", ";
        throw InputError("unknown kernel '" + name + "' in --kernel=" + text + "; use a list of " +
                         choices + "or all, both (bfs,pr) or none");
      }
      chosen[static_cast<size_t>(known - table.begin())] = true;
    }
  }
  std::vector<KernelId> set;
  for (size_t i = 0; i < table.size(); ++i) {
    if (chosen[i]) set.push_back(table[i].id);
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

RepartitionMode parse_repartition(const std::string& text) {
  if (text == "off") return RepartitionMode::off;
  if (text == "fixed") return RepartitionMode::fixed;
  if (text == "dynamic") return RepartitionMode::dynamic;
  throw InputError("unknown --repartition '" + text + "'; use off, fixed or dynamic");
}

Row output(OptionSpec spec, std::string XgraphOptions::*field) {
  return {std::move(spec),
          [field](Reading& r, const OptionValue& v) { r.options.*field = v.text; }};
}

/// A kernel's own option as a row of the program's table: it sets the kernel's settings and
/// is remembered, so that it is refused unless the kernel runs.
Row kernel_row_option(const Kernel& kernel, const KernelOption& option, bool first) {
  OptionSpec spec = option.spec;
  if (first) spec.in_section(std::string(kernel.title) + " (--kernel=" + kernel.name + ")");
  const KernelId id = kernel.id;
  return {std::move(spec), [id, apply = option.apply, name = option.spec.name](
                               Reading& r, const OptionValue& v) {
            apply(*r.options.kernel_settings[static_cast<size_t>(id)], v);
            r.kernel_options_given.emplace_back(id, name);
          }};
}

std::vector<Row> option_rows() {
  std::vector<Row> rows = {
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
       [](Reading& r, const OptionValue& v) { r.options.run.seed = v.count; }},
      {OptionSpec("kernel", OptionKind::text, "LIST",
                  "comma-separated list of bfs, pr, cc, sssp, bc, tc; or all (the six), both "
                  "(bfs,pr) or none (build and write the graph only)")
           .defaults_to("both")
           .in_section("Run"),
       [](Reading& r, const OptionValue& v) { r.options.kernels = parse_kernels(v.text); }},
      {OptionSpec("partition", OptionKind::text, "P",
                  "block (equal vertices), balanced (Gemini: equal edges+vertices), random "
                  "(random relabelling, then block), metis (METIS's k-way cut of the graph "
                  "gathered on rank 0, refused where it does not fit there) or scotch "
                  "(the Open MPI build: PT-Scotch's distributed k-way cut; else Scotch's, "
                  "gathered as METIS's)")
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
         r.options.run.trials = static_cast<int>(v.count);
       }},
      {OptionSpec("source", OptionKind::integer, "V",
                  "BFS, SSSP and BC from vertex V in every trial (BC: as each of its 4 sources)")
           .from(0)
           .at_most(static_cast<long double>(global_int{1} << 62))
           .defaults_to("GAP's seeded picker"),
       [](Reading& r, const OptionValue& v) {
         r.options.run.source_vertex = static_cast<global_int>(v.count);
       }},
      {OptionSpec("verify", OptionKind::flag, "",
                  "verify every trial (BFS: Graph500's 5 checks; PR: GAP's residual check; CC, "
                  "SSSP: GAP's checks; BC: a serial Brandes; TC: a serial count)"),
       [](Reading& r, const OptionValue&) { r.options.run.verify = true; }},
      {OptionSpec("repartition", OptionKind::text, "R",
                  "after the timed trials, one more recorded run of PageRank's iterations or "
                  "BFS's or SSSP's trials (that kernel alone): fixed (on the initial partition) "
                  "or dynamic (GPS's repartitioning between them)")
           .defaults_to("off"),
       [](Reading& r, const OptionValue& v) { r.options.run.repartition = parse_repartition(v.text); }},
      {OptionSpec("repartition-threshold", OptionKind::real, "S",
                  "dynamic repartitioning stops when fewer than S times the vertices would move")
           .from(0)
           .at_most(1)
           .defaults_to("0.001, as GPS"),
       [](Reading& r, const OptionValue& v) {
         r.options.run.repartition_threshold = v.real;
         r.options.run.repartition_threshold_given = true;
       }},
      {OptionSpec("repartition-patience", OptionKind::integer, "K",
                  "dynamic repartitioning also stops after K steps in a row that leave the halo "
                  "volume no smaller than its best (vertices swapping back and forth)")
           .from(1)
           .at_most(1000000)
           .defaults_to("3"),
       [](Reading& r, const OptionValue& v) {
         r.options.run.repartition_patience = static_cast<int>(v.count);
         r.options.run.repartition_patience_given = true;
       }},
      {watchdog_option(),
       [](Reading& r, const OptionValue& v) { r.options.watchdog = watchdog_limit(v); }},
      output(file_option("graph-out",
                         "the cleaned graph in the format its extension names (as --file; "
                         ".wel, .wsg, .gr with weights)")
                 .in_section("Output"),
             &XgraphOptions::graph_out),
      output(file_option("json", "the report as JSON"), &XgraphOptions::json),
  };
  for (const Kernel& kernel : kernel_table()) {
    const auto& own = kernel.declared.options;
    for (size_t i = 0; i < own.size(); ++i) rows.push_back(kernel_row_option(kernel, own[i], i == 0));
  }
  rows.insert(rows.end(), {
      {OptionSpec("version", OptionKind::flag, "", "print the version and exit")
           .in_section("Information"),
       [](Reading& r, const OptionValue&) { r.options.version = true; }},
      {OptionSpec("help", OptionKind::flag, "", "print this text and exit (also -h)"),
       [](Reading& r, const OptionValue&) { r.options.help = true; }},
  });
  return rows;
}

const OptionTable<Reading>& options() {
  static const OptionTable<Reading> table(option_rows());
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
}

/// "BFS, SSSP or BC kernel (--kernel=bfs, sssp, bc or all)" for `kernels`.
std::string kernel_choice(const std::vector<const Kernel*>& kernels) {
  std::string names, choice;
  for (size_t i = 0; i < kernels.size(); ++i) {
    const char* separator = i == 0 ? "" : i + 1 == kernels.size() ? " or " : ", ";
    names += separator + std::string(kernels[i]->title);
    choice += std::string(kernels[i]->name) + ", ";
  }
  if (kernels.size() == 1 && kernels[0]->in_both) {
    choice += "both ";
  } else {
    choice.erase(choice.size() - 2).append(" ");
  }
  return names + " kernel (--kernel=" + choice + "or all)";
}

/// --repartition moves the graph's vertices, so a later kernel would run on another partition
/// than the report's: one kernel that can record its run, alone.
void check_repartition(const XgraphOptions& o) {
  if (o.run.repartition_threshold_given && o.run.repartition != RepartitionMode::dynamic) {
    throw InputError("--repartition-threshold needs --repartition=dynamic");
  }
  if (o.run.repartition_patience_given && o.run.repartition != RepartitionMode::dynamic) {
    throw InputError("--repartition-patience needs --repartition=dynamic");
  }
  if (o.run.repartition == RepartitionMode::off) return;
  std::string names;
  for (const Kernel& k : kernel_table()) {
    if (k.declared.repartitions) names += std::string(names.empty() ? "" : ", ") + k.name;
  }
  if (o.kernels.size() != 1 || !kernel_row(o.kernels[0]).declared.repartitions) {
    throw InputError("--repartition moves the graph's vertices between ranks; run it with one of "
                     "--kernel=" + names + " alone");
  }
}

/// Each kernel's own options given without the kernel, --source without a kernel that reads
/// it, then each running kernel's own checks.
void check_kernel_options(const Reading& reading, XgraphOptions& o) {
  for (const auto& [id, name] : reading.kernel_options_given) {
    if (!o.runs(id)) {
      throw InputError("--" + name + " needs the " + kernel_choice({&kernel_row(id)}));
    }
  }
  std::vector<const Kernel*> source_readers;
  bool source_read = false;
  for (const Kernel& k : kernel_table()) {
    if (!k.declared.reads_source) continue;
    source_readers.push_back(&k);
    source_read = source_read || o.runs(k.id);
  }
  if (o.run.source_vertex >= 0 && !source_read) {
    throw InputError("--source needs the " + kernel_choice(source_readers));
  }
  o.run.kernels_run = o.kernels.size();
  check_repartition(o);
  for (const Kernel& k : kernel_table()) {
    if (o.runs(k.id) && k.declared.check != nullptr) {
      k.declared.check(*o.kernel_settings[static_cast<size_t>(k.id)], o.run);
    }
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
  check_kernel_options(reading, o);
  return o;
}

XgraphOptions::XgraphOptions() {
  for (const Kernel& k : kernel_table()) kernel_settings.push_back(k.declared.make_settings());
}

bool XgraphOptions::runs(KernelId id) const {
  return std::find(kernels.begin(), kernels.end(), id) != kernels.end();
}

int trial_count(const XgraphOptions& options, KernelId id) { return trial_count(options.run, id); }

std::string describe_source(const XgraphOptions& o) {
  std::ostringstream text;
  switch (o.source) {
    case GraphSource::kronecker:
      text << "Kronecker scale " << o.scale << ", degree " << o.degree << ", seed " << o.run.seed;
      break;
    case GraphSource::uniform:
      text << "uniform random scale " << o.scale << ", degree " << o.degree << ", seed " << o.run.seed;
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
