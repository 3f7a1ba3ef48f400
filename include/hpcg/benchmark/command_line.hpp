// SPDX-License-Identifier: BSD-3-Clause
// xhpcg's command line: HPCG 3.1's ten integers (problem/hpcg_arguments.hpp) and the options of
// this implementation (sizing, output, backend), all from one option table (base/options.hpp).
// What it asks for becomes the run plan (run_plan.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hpcg/base/watchdog.hpp"
#include "hpcg/problem/hpcg_arguments.hpp"

namespace hpcg {

/// What the command line asked for, before hpcg.dat and the environment are consulted.
struct CommandLine {
  enum class Action { run, help, version, list_backends };
  Action action = Action::run;
  HpcgArguments hpcg;                     ///< the ten HPCG 3.1 parameters
  std::optional<double> memory_fraction;  ///< --memory-fraction=F, 0 < F <= 1
  std::optional<double> memory_gib;       ///< --memory=GiB, the node memory to size against
  bool quiet = false;                     ///< --quiet: no progress output
  bool unofficial_quick = false;          ///< --unofficial-quick
  std::optional<double> triad_bandwidth_gbs;  ///< --triad-bandwidth=GB/s, above 0
  WatchdogLimit watchdog;                 ///< --watchdog=SECONDS
  std::string backend;                    ///< empty = HPCG_BACKEND, else the default backend
  bool separate_memory = false;           ///< --separate-memory
  bool gpu_aware_mpi = false;             ///< --gpu-aware-mpi
  std::string backend_settings;           ///< --backend-settings=TEXT
};

/// Parses argv[1..]; throws InputError for unknown flags and malformed or negative values.
CommandLine parse_command_line(const std::vector<std::string>& args);

/// --help: generated from the option table.
std::string usage_text();

}  // namespace hpcg
