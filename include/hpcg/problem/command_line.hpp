// SPDX-License-Identifier: BSD-3-Clause
// xhpcg's command line: HPCG 3.1's ten positional integers and their --name=N forms, and the
// options of this implementation, all from one option table (base/options.hpp).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "hpcg/base/watchdog.hpp"

namespace hpcg {

/// The ten HPCG 3.1 parameters in their positional order.
enum ParamIndex { p_nx, p_ny, p_nz, p_rt, p_pz, p_zl, p_zu, p_npx, p_npy, p_npz, param_count };

/// What the command line asked for, before hpcg.dat is consulted.
struct CommandLine {
  enum class Action { run, help, version, list_backends };
  Action action = Action::run;
  std::array<std::optional<long>, param_count> values{};  ///< unset = not given
  std::string backend;                                    ///< empty = default backend
  std::optional<double> memory_fraction;  ///< --memory-fraction=F, 0 < F <= 1
  std::optional<double> memory_gib;       ///< --memory=GiB, the node memory to size against
  bool quiet = false;                     ///< --quiet: no progress output
  bool unofficial_quick = false;          ///< --unofficial-quick
  std::optional<double> triad_bandwidth_gbs;  ///< --triad-bandwidth=GB/s, above 0
  bool separate_memory = false;      ///< --separate-memory
  bool gpu_aware_mpi = false;        ///< --gpu-aware-mpi
  std::string backend_settings;      ///< --backend-settings=TEXT
  WatchdogLimit watchdog;            ///< --watchdog=SECONDS
};

/// Parses argv[1..]; throws InputError for unknown flags and malformed or negative values.
CommandLine parse_command_line(const std::vector<std::string>& args);

/// True when the command line gives no grid dimension and no memory target, so hpcg.dat must
/// be read.
bool needs_hpcg_dat(const CommandLine& cli);

/// --help: generated from the option table.
std::string usage_text();

}  // namespace hpcg
