// SPDX-License-Identifier: BSD-3-Clause
// xhpcg's phases: plan the run (run_plan.hpp), run, report.
#include "hpcg/benchmark/xhpcg.hpp"

#include <cstdio>
#include <ctime>
#include <iostream>
#include <optional>
#include <sstream>

#include "hpcg/backends/registry.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/job_end.hpp"
#include "hpcg/base/memory_limit.hpp"
#include "hpcg/base/output_path.hpp"
#include "hpcg/base/program.hpp"
#include "hpcg/base/stop_signal.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/benchmark/benchmark.hpp"
#include "hpcg/benchmark/crash_handler.hpp"
#include "hpcg/benchmark/progress.hpp"
#include "hpcg/benchmark/run_plan.hpp"
#include "hpcg/report/performance_model.hpp"
#include "hpcg/report/report.hpp"
#include "hpcg/report/report_json.hpp"
#include "hpcg/report/run_figure.hpp"
#include "hpcg/version.hpp"

namespace hpcg {
namespace {

/// Handles --help, --version and --list-backends; returns true when one was given.
bool print_information(const Comm& comm, const CommandLine& cli) {
  if (cli.action == CommandLine::Action::run) return false;
  if (!comm.is_root()) return true;
  if (cli.action == CommandLine::Action::help) std::cout << usage_text();
  if (cli.action == CommandLine::Action::version) {
    std::cout << "xhpcg " << version_string << " (HPCG " << hpcg_version << " benchmark rules)\n";
  }
  if (cli.action == CommandLine::Action::list_backends) {
    for (const BackendEntry& entry : backend_table()) {
      std::cout << entry.name << (entry.name == default_backend_name() ? " (default)" : "")
                << "  " << entry.summary << "\n";
    }
  }
  return true;
}

/// ", replaces SpMV, MG" or ", reference kernels only".
std::string describe(const KernelSet& kernels) {
  std::string replaced;
  for (auto [provided, name] : {std::pair{kernels.spmv, "SpMV"}, {kernels.mg, "MG"},
                                {kernels.dot, "DDOT"}, {kernels.waxpby, "WAXPBY"}}) {
    if (provided) replaced += std::string(replaced.empty() ? "" : ", ") + name;
  }
  return replaced.empty() ? ", reference kernels only" : ", replaces " + replaced;
}

/// "sizing: 25% of 23.4 GiB per node with 2 rank(s) per node gives ...", and the official rule.
void describe_sizing(const SizingChoice& s) {
  constexpr double gib = 1024.0 * 1024.0 * 1024.0;
  std::ostringstream line;
  line.precision(3);
  const CgroupMemoryLimit cgroup = cgroup_memory_limit();
  line << "sizing: " << 100 * s.fraction << "% of " << s.node.bytes / gib << " GiB per node"
       << (cgroup.bytes > 0 && cgroup.bytes == s.node.bytes ? " (" + cgroup.source + ")" : "")
       << " with "
       << s.node.ranks_per_node << " rank(s) per node gives local grid " << s.nx << "x" << s.ny
       << "x" << s.nz << ", " << s.model_bytes_per_node / gib
       << " GiB per node by HPCG's memory model";
  if (s.optimization_share > 0) {
    line << " and about " << (s.planned_bytes_per_node() - s.model_bytes_per_node) / gib
         << " GiB more for the backend's optimisation data";
  }
  line << " (" << 100 * s.planned_bytes_per_node() / s.node.bytes << "% of the node)";
  std::cout << line.str() << "\n";
  if (s.planned_bytes_per_node() < 0.25 * s.node.bytes) {
    std::cout << "note: official runs must use at least a quarter of each node's memory "
                 "(--memory-fraction=0.25 or more)\n";
  }
}

void describe_run(const Comm& comm, const RunPlan& plan) {
  if (!comm.is_root()) return;
  if (plan.sizing) describe_sizing(*plan.sizing);
  const Params& params = plan.params;
  std::cout << "xhpcg " << version_string << ": " << comm.size() << " rank(s), local grid "
            << params.nx << "x" << params.ny << "x" << params.nz << ", "
            << (params.quick_path() ? std::string("QuickPath (rt=0)")
                                    : "rt=" + std::to_string(params.runtime_seconds) + " s")
            << ", backend " << plan.backend.name
            << (params.read_hpcg_dat ? ", parameters from hpcg.dat" : "") << std::endl;
}

/// "timed sets (3 of 10 done)": where the watchdog says a lost peer stopped the run.
std::string phase_name(const ProgressEvent& event) {
  if (event.steps_total == 0) return event.phase;
  return event.phase + " (" + std::to_string(event.steps_done) + " of " +
         std::to_string(event.steps_total) + " done)";
}

struct OutputFiles {
  std::string report, json, figure;
};

/// The official report, then the JSON and the picture beside it under the same name, claimed
/// exclusively (runs in one directory that end in the same second take "_2", "_3", ...); each is
/// written through a temporary file and a rename.
OutputFiles write_outputs(const BenchmarkResults& results, RunContext context) {
  const std::time_t when = std::time(nullptr);
  const std::string base = claim_free_stem("./" + report_basename(when), {".txt", ".json", ".svg"});
  const OutputFiles files{base + ".txt", base + ".json", base + ".svg"};
  context.report_file = files.report.substr(2);
  std::vector<std::string> unwritten{files.report, files.json, files.figure};
  try {
    write_file_atomically(files.report, render_report(make_report(results)));
    unwritten.erase(unwritten.begin());
    write_file_atomically(files.json, render_run_json(results, context));
    unwritten.erase(unwritten.begin());
    write_file_atomically(files.figure, render_run_figure(results));
  } catch (const ResourceError&) {
    for (const std::string& path : unwritten) {  // the empty names claimed for them
      std::remove(path.c_str());
      remove_partial_output(path);
    }
    throw;
  }
  return files;
}

/// The verdict, then where the outputs are; `missing` says why they are not (the verdict is then
/// the only copy of the result).
void print_outcome(const BenchmarkResults& results, const OutputFiles& files, const RunLog& log,
                   const std::string& missing) {
  if (results.valid()) {
    std::cout << "HPCG result is VALID with a GFLOP/s rating of " << compute_ratings(results).official
              << "\n";
  } else {
    std::cout << "HPCG result is INVALID:\n";
    for (const auto& reason : results.invalid_reasons()) std::cout << "  " << reason << "\n";
  }
  if (results.unofficial_quick) {
    std::cout << "Unofficial quick mode (--unofficial-quick): this result cannot be submitted\n";
  }
  if (!missing.empty()) {
    std::cout << std::flush;
    std::cerr << "xhpcg: error: the outputs were not all written: " << missing
              << "; the verdict above is the only copy of the result; ending with status "
              << static_cast<int>(ExitStatus::resource_error) << std::endl;
    return;
  }
  std::cout << "Report: " << files.report << "\nJSON: " << files.json
            << "\nPicture: " << files.figure << "\nLog: " << log.path() << std::endl;
}

/// What can refuse the run is checked before anything is written (testing/README.md, "Bad
/// inputs and what they get"): the plan, then the working directory, where rank 0 writes the
/// report, JSON, picture and log.
void require_output_directory(const Comm& comm) {
  run_collectively(comm, [&] {
    if (comm.is_root()) require_writable_directory(".", "the report, JSON, picture and log");
  });
}

int run(const Comm& comm, const std::vector<std::string>& args) {
  CommandLine cli;
  run_collectively(comm, [&] { cli = parse_command_line(args); });
  if (print_information(comm, cli)) return 0;
  const RunPlan plan = plan_run(comm, cli);
  RunContext context;
  context.sizing = plan.sizing;
  describe_run(comm, plan);
  Watchdog watchdog("xhpcg", comm.get(), plan.watchdog);
  set_watchdog_phase("checks before the run");

  require_output_directory(comm);
  std::unique_ptr<Backend> backend;
  RunLog log;
  // A plugin's loading and set-up run its code already: an exit() there is the backend's too.
  set_early_exit_context(ExitStatus::backend_error,
                         "while loading backend '" + plan.backend.name + "'");
  run_collectively(comm, [&] {
    backend = make_backend(plan.backend);
    if (comm.is_root()) log.open(".");
  });
  set_stop_log(comm.broadcast(log.path()));  // a signalled rank's line goes there too
  install_crash_handler(comm.rank(), backend->name());
  if (comm.is_root()) {
    log.line("Backend: " + backend->name() + " " + backend->version() + describe(backend->optimized_kernels()));
  }
  // Rank 0 alone prints; the others pass events to a printer that stays quiet.
  ProgressPrinter printer(comm.is_root() ? ProgressPrinter::style_for(stdout, plan.quiet)
                                         : ProgressPrinter::Style::quiet,
                          stdout);
  BenchmarkResults results =
      run_benchmark(plan, comm, *backend, log, [&](const ProgressEvent& event) {
        set_watchdog_phase(phase_name(event));
        printer.report(event);
      });
  printer.finish();
  set_watchdog_phase("writing the report");
  const Suspensions suspended = suspensions();
  context.suspensions = suspended.count;
  context.suspended_seconds = suspended.seconds;
  if (comm.is_root() && suspended.count > 0) {
    std::ostringstream note;
    note.precision(3);
    note << "note: the job was suspended " << suspended.count << " time(s), " << suspended.seconds
         << " s in all (SIGSTOP/SIGCONT or the batch system's suspend); the timed phase's "
            "clock ran on meanwhile, so the rating is lower than the machine's";
    std::cout << note.str() << std::endl;
    log.line(note.str());
  }

  OutputFiles files;
  context.build = build_info();
  std::string missing;  // why the outputs could not be written (a full disk, a purged directory)
  run_collectively(comm, [&] {
    if (!comm.is_root()) return;
    try {
      files = write_outputs(results, context);
    } catch (const ResourceError& error) {
      missing = error.what();
    }
  });
  if (comm.is_root()) print_outcome(results, files, log, missing);
  if (comm.max(missing.empty() ? 0 : 1) != 0) return static_cast<int>(ExitStatus::resource_error);
  return static_cast<int>(results.valid() ? ExitStatus::valid : ExitStatus::invalid_result);
}

}  // namespace

int run_xhpcg(const Comm& comm, const std::vector<std::string>& args) {
  return run_program("xhpcg", comm, [&] { return run(comm, args); });
}

}  // namespace hpcg
