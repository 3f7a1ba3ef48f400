// SPDX-License-Identifier: BSD-3-Clause
// xgraph's command line: --key=value options only, each checked for range, with messages that
// name the option and how to fix it.
#include <charconv>
#include <sstream>

#include "hpcg/base/error.hpp"
#include "hpcg/graph/xgraph.hpp"

namespace hpcg::graph {
namespace {

template <class T>
T parse_number(const std::string& option, const std::string& text, T low, T high) {
  T value{};
  const char* end = text.data() + text.size();
  auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || stop != end || text.empty()) {
    throw InputError("--" + option + "=" + text + ": expected a number");
  }
  if (value < low || value > high) {
    std::ostringstream range;
    range << low << " to " << high;
    throw InputError("--" + option + "=" + text + " is out of range; use " + range.str());
  }
  return value;
}

KernelChoice parse_kernel(const std::string& text) {
  if (text == "bfs") return KernelChoice::bfs;
  if (text == "pr") return KernelChoice::pagerank;
  if (text == "both") return KernelChoice::both;
  if (text == "none") return KernelChoice::none;
  throw InputError("unknown kernel '" + text + "'; use --kernel=bfs, pr, both or none");
}

void set_source(XgraphOptions& o, GraphSource source) {
  if (o.source != GraphSource::none) {
    throw InputError("give only one graph: --kron, --urand, --grid or --file");
  }
  o.source = source;
}

/// Sets the option `key` (given as --key=value); returns false for an unknown key.
bool apply_option(XgraphOptions& o, const std::string& key, const std::string& value) {
  if (key == "kron" || key == "urand") {
    set_source(o, key == "kron" ? GraphSource::kronecker : GraphSource::uniform);
    o.scale = parse_number(key, value, 1, 40);
  } else if (key == "grid") {
    set_source(o, GraphSource::grid);
    o.grid = parse_number<global_int>(key, value, 2, 1000000);
  } else if (key == "file") {
    set_source(o, GraphSource::file);
    if (value.empty()) throw InputError("--file= needs a path");
    o.file = value;
  } else if (key == "degree") {
    o.degree = parse_number(key, value, 1, 1024);
  } else if (key == "seed") {
    o.seed = parse_number<std::uint64_t>(key, value, 0, ~std::uint64_t{0});
  } else if (key == "partition") {
    o.partition = parse_partition_kind(value);
  } else if (key == "kernel") {
    o.kernel = parse_kernel(value);
  } else if (key == "trials") {
    o.bfs_trials = o.pagerank_trials = parse_number(key, value, 1, 100000);
  } else if (key == "source") {
    o.bfs_source = parse_number<global_int>(key, value, 0, global_int{1} << 62);
  } else if (key == "alpha" || key == "beta") {
    (key == "alpha" ? o.bfs.alpha : o.bfs.beta) = parse_number(key, value, 1e-9, 1e9);
  } else if (key == "tolerance") {
    o.pagerank.tolerance = parse_number(key, value, 0.0, 1.0);
  } else if (key == "max-iters") {
    o.pagerank.max_iterations = parse_number(key, value, 1, 1000000);
  } else if (key == "graph-out" || key == "scores-out" || key == "parents-out" || key == "json") {
    if (value.empty()) throw InputError("--" + key + "= needs a file name");
    std::string& target = key == "graph-out"     ? o.graph_out
                          : key == "scores-out"  ? o.scores_out
                          : key == "parents-out" ? o.parents_out
                                                 : o.json;
    target = value;
  } else {
    return false;
  }
  return true;
}

/// Combinations that cannot run, named with their fix.
void check_combinations(const XgraphOptions& o, bool degree_given) {
  if (o.source == GraphSource::none) {
    throw InputError("no graph given; use --kron=SCALE, --urand=SCALE, --grid=N or --file=PATH");
  }
  if (degree_given && (o.source == GraphSource::grid || o.source == GraphSource::file)) {
    throw InputError("--degree applies to --kron and --urand only");
  }
  if (!o.scores_out.empty() && !o.runs_pagerank()) {
    throw InputError("--scores-out needs the PageRank kernel (--kernel=pr or both)");
  }
  if ((!o.parents_out.empty() || o.bfs_source >= 0) && !o.runs_bfs()) {
    throw InputError("--parents-out and --source need the BFS kernel (--kernel=bfs or both)");
  }
}

}  // namespace

XgraphOptions parse_xgraph_options(const std::vector<std::string>& args) {
  XgraphOptions o;
  bool degree_given = false;
  for (const std::string& arg : args) {
    if (arg == "--help" || arg == "-h" || arg == "--version" || arg == "--verify") {
      (arg == "--verify" ? o.verify : arg == "--version" ? o.version : o.help) = true;
      continue;
    }
    const size_t equals = arg.find('=');
    if (arg.rfind("--", 0) != 0 || equals == std::string::npos) {
      throw InputError("unknown option '" + arg + "'; options are --key=value, see --help");
    }
    const std::string key = arg.substr(2, equals - 2), value = arg.substr(equals + 1);
    if (!apply_option(o, key, value))
      throw InputError("unknown option '--" + key + "'; see --help");
    degree_given = degree_given || key == "degree";
  }
  if (!o.help && !o.version) check_combinations(o, degree_given);
  return o;
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
  return R"(Usage: mpirun -np RANKS bin/xgraph GRAPH [options]
PageRank and BFS (GAP benchmark rules, Graph500 validation) on a distributed sparse matrix.

Graph (exactly one):
  --kron=SCALE        Kronecker graph, 2^SCALE vertices, A=0.57 B=0.19 C=0.19 (Graph500/GAP)
  --urand=SCALE       uniform random graph, 2^SCALE vertices
  --degree=K          edge tuples per vertex for --kron/--urand (default 16)
  --grid=N            HPCG's 27-point stencil on an N^3 grid as a graph
  --file=PATH         edge file: .el (u v), .wel (u v w) 0-based; .mtx Matrix Market (1-based)
  --seed=S            generator, relabelling and source seed (default 27491095, GAP's)
Every graph is cleaned as GAP does: symmetrized, self-loops and duplicate edges dropped.

Run:
  --kernel=K          bfs, pr, both (default) or none (build and write the graph only)
  --partition=P       block (default: equal vertices), balanced (Gemini: equal edges+vertices)
                      or random (random relabelling, then block)
  --trials=T          trials per kernel (default: 64 BFS sources, 16 PageRank runs)
  --source=V          BFS from vertex V in every trial (default: GAP's seeded picker)
  --alpha=A --beta=B  BFS direction switch (default 15 and 18, GAP's)
  --tolerance=E       PageRank stops when the L1 change is below E (default 1e-4)
  --max-iters=I       and after at most I iterations (default 20)
  --verify            verify every trial (BFS: Graph500's 5 checks; PR: GAP's residual check)

Output:
  --graph-out=FILE    the cleaned graph as an edge list (u v, each edge once)
  --parents-out=FILE  the last BFS trial's parents (vertex parent, -1 unreached)
  --scores-out=FILE   the last PageRank trial's scores (vertex score)
  --json=FILE         the report as JSON
  --help, --version

Exit status: 0 ok, 1 a verification failed, 2 bad input, 3 resource error, 4 internal error.
)";
}

}  // namespace hpcg::graph
