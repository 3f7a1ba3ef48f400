// SPDX-License-Identifier: BSD-3-Clause
// The run plan: what the command line, hpcg.dat, the environment (HPCG_BACKEND) and sizing ask
// for, resolved and checked once, collectively, before anything runs. Everything after takes it
// const: the geometry, the backend and the memory budget are decided here and nowhere else.
#pragma once

#include <optional>
#include <string>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/benchmark/backend_choice.hpp"
#include "hpcg/benchmark/command_line.hpp"
#include "hpcg/problem/geometry.hpp"
#include "hpcg/problem/memory_sizing.hpp"
#include "hpcg/problem/params.hpp"

namespace hpcg {

struct RunPlan {
  Params params;       ///< HPCG's ten parameters, resolved (the grid sizing chose, if it did)
  Geometry geometry;   ///< this rank's piece: process grid, z-blocks, local and global grid
  BackendChoice backend;  ///< the registry row, its name and its accepted options
  /// The backend's optimisation data as a share of HPCG's memory model (its registry row's):
  /// sizing and the memory check both count it.
  double optimization_share = 0;
  MemoryTarget memory;                 ///< --memory-fraction / --memory; none given: not sized
  std::optional<SizingChoice> sizing;  ///< what sizing chose, when memory.given()
  bool quiet = false;                  ///< --quiet: no progress output
  /// --unofficial-quick: no reference timing or reference CG; the backend under test sets the
  /// residual to reach, and the report says the result cannot be submitted.
  bool unofficial_quick = false;
  double triad_bandwidth_gbs = 0;  ///< --triad-bandwidth (all ranks, GB/s); 0 = not measured
  WatchdogLimit watchdog;          ///< bound on every blocking MPI wait
};

/// Builds the plan on every rank: the backend choice and its settings, hpcg.dat read by rank 0
/// (when the command line gives no grid and no memory target) and broadcast, HPCG 3.1's
/// resolution rules, sizing, this rank's geometry, and one memory check that counts the
/// backend's share. Collective; a refusal is one InputError or ResourceError on every rank.
RunPlan plan_run(const Comm& comm, const CommandLine& cli,
                 const std::string& hpcg_dat_path = "hpcg.dat");

}  // namespace hpcg
