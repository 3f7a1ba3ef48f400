// SPDX-License-Identifier: BSD-3-Clause
// Benchmark parameters: HPCG 3.1's ten integers (local grid, run time, z-blocks, process grid)
// from the command line (command_line.hpp) and hpcg.dat (hpcg_dat.hpp), resolved with 3.1's
// rules and checked before any work.
#pragma once

#include <optional>
#include <string>

#include "hpcg/base/watchdog.hpp"
#include "hpcg/problem/command_line.hpp"
#include "hpcg/problem/hpcg_dat.hpp"

namespace hpcg {

/// Fully resolved, validated run parameters: HPCG's own. Which backend runs and how is the
/// benchmark layer's BackendChoice.
struct Params {
  int nx = 16, ny = 16, nz = 16;   ///< local grid of every rank (nz of the lower z-block)
  int runtime_seconds = 0;         ///< requested timed-phase length; 0 is QuickPath
  int pz = 0, zl = 0, zu = 0;      ///< z-block split (pz = 0: one block of nz)
  int npx = 0, npy = 0, npz = 0;   ///< process grid; all 0 = computed from the rank count
  bool read_hpcg_dat = false;      ///< true when the numbers came from hpcg.dat
  /// Sizing: the local grid is chosen so that HPCG's memory model uses memory_fraction of
  /// memory_gib GiB per node (0 = not given: fraction 1 of --memory, or MemTotal).
  double memory_fraction = 0, memory_gib = 0;
  bool quiet = false;              ///< no progress output
  /// --unofficial-quick: no reference timing or reference CG; the backend under test sets the
  /// residual to reach, and the report says the result cannot be submitted.
  bool unofficial_quick = false;
  /// STREAM triad bandwidth of all the job's ranks together (bin/xstream-triad under the same
  /// launch), GB/s, for the report's roofline fraction; 0 = not measured.
  double triad_bandwidth_gbs = 0;
  WatchdogLimit watchdog;          ///< bound on every blocking MPI wait

  bool quick_path() const { return runtime_seconds == 0; }
  bool sized_by_memory() const { return memory_fraction > 0 || memory_gib > 0; }
};

/// Applies HPCG 3.1's defaults (command line first, hpcg.dat otherwise, dimensions below 16
/// raised) and checks what 3.1 leaves to asserts: multiples of 8, the 0.125 aspect ratio, and a
/// process grid that matches `ranks`. With a memory target the grid is left at 16^3 for
/// size_by_memory (problem/memory_sizing.hpp) to choose, and rt defaults to 0 as with a grid
/// given on the command line.
Params resolve_params(const CommandLine& cli, const std::optional<HpcgDat>& file, int ranks);

/// Throws InputError when min/max of the three sizes is below 0.125 (HPCG's rule).
void check_aspect_ratio(int x, int y, int z, const std::string& what);

}  // namespace hpcg
