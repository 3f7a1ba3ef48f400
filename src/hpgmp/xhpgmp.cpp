// SPDX-License-Identifier: BSD-3-Clause
// xhpgmp: parse, run, summarise, write the reports; errors and statuses as xhpcg's.
#include "hpcg/hpgmp/xhpgmp.hpp"

#include <iostream>

#include "hpcg/base/error.hpp"
#include "hpcg/base/output_path.hpp"
#include "hpcg/base/program.hpp"
#include "hpcg/base/terminal_text.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/problem/geometry.hpp"
#include "hpcg/problem/memory_check.hpp"
#include "hpcg/base/threads.hpp"
#include "hpcg/hpgmp/report.hpp"

namespace hpcg::hpgmp {
namespace {

void print_summary(const Outcome& o, const std::string& report) {
  const Validation& v = o.validation;
  std::cout << "xhpgmp: validation on " << v.ranks << " ranks: double GMRES "
            << v.reference.iterations << " iterations, mixed GMRES-IR " << v.optimized.iterations
            << " iterations, penalty " << v.penalty << "\n"
            << "xhpgmp: mixed " << o.mixed.gflops() << " GFLOP/s, double " << o.reference.gflops()
            << " GFLOP/s\n";
  if (o.valid()) {
    std::cout << "xhpgmp: VALID with a GFLOP/s rating of " << o.rating()
              << (o.official() ? "" : " (not official: run time below 1800 s or not a benchmark run)")
              << "\n";
  } else {
    std::cout << "xhpgmp: INVALID\n";
    for (const std::string& reason : o.failures) std::cout << "xhpgmp:   " << reason << "\n";
  }
  std::cout << "xhpgmp: report " << report << std::endl;
}

}  // namespace

int run_xhpgmp(const Comm& comm, const std::vector<std::string>& args) {
  return run_program("xhpgmp", comm, [&]() {
    Options options;
    run_collectively(comm, [&] { options = parse_options(args, comm.size()); });
    if (options.help) {
      if (comm.is_root()) std::cout << usage_text();
      return 0;
    }
    // Refused before the work where the reports cannot be written, or where the grid cannot
    // fit the memory the job may use (the node's or its cgroup's): HPCG's memory model is a lower
    // bound of HPG-MxP's (the same matrix and levels, plus GMRES's basis and float copies).
    run_collectively(comm, [&] {
      if (comm.is_root()) require_writable_directory(".", "the reports");
    });
    run_collectively(comm, [&] {  // collective inside: every rank runs it
      check_memory_fits(make_geometry(options.params, comm.rank(), comm.size()), comm, 0.0);
    });
    set_watchdog_phase("HPG-MxP benchmark");  // named by a stop signal's line
    Outcome outcome = run_benchmark(options, comm);
    set_watchdog_phase("writing the reports");
    std::string report, missing;  // missing: why the reports were not written (a full disk)
    try {
      report = write_reports(outcome, max_threads(), comm);
    } catch (const ResourceError& error) {
      missing = error.what();
    }
    if (comm.is_root()) print_summary(outcome, missing.empty() ? report : "not written");
    if (comm.max(missing.empty() ? 0 : 1) != 0) {
      if (comm.is_root()) {
        std::cerr << "xhpgmp: error: " << terminal_safe(missing)
                  << "; the verdict above is the only copy of the result" << std::endl;
      }
      return static_cast<int>(ExitStatus::resource_error);
    }
    return static_cast<int>(outcome.valid() ? ExitStatus::valid : ExitStatus::invalid_result);
  });
}

}  // namespace hpcg::hpgmp
