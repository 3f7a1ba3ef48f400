// SPDX-License-Identifier: BSD-3-Clause
// Benchmark parameters: HPCG 3.1's ten integers (local grid, run time, z-blocks, process grid)
// from the command line (hpcg_arguments.hpp) and hpcg.dat (hpcg_dat.hpp), resolved with 3.1's
// rules and checked before any work. The program's own options are the benchmark layer's
// (benchmark/run_plan.hpp).
#pragma once

#include <optional>
#include <string>

#include "hpcg/problem/hpcg_arguments.hpp"
#include "hpcg/problem/hpcg_dat.hpp"

namespace hpcg {

/// A memory target (--memory-fraction, --memory): the local grid is then chosen so that HPCG's
/// memory model uses `fraction` of `gib` GiB per node (problem/memory_sizing.hpp); 0 = not
/// given (fraction 1 of --memory, or MemTotal).
struct MemoryTarget {
  double fraction = 0, gib = 0;
  bool given() const { return fraction > 0 || gib > 0; }
};

/// Fully resolved, validated run parameters: HPCG's own. Which backend runs and how, and the
/// program's other options, are the benchmark layer's RunPlan.
struct Params {
  int nx = 16, ny = 16, nz = 16;   ///< local grid of every rank (nz of the lower z-block)
  int runtime_seconds = 0;         ///< requested timed-phase length; 0 is QuickPath
  int pz = 0, zl = 0, zu = 0;      ///< z-block split (pz = 0: one block of nz)
  int npx = 0, npy = 0, npz = 0;   ///< process grid; all 0 = computed from the rank count
  bool read_hpcg_dat = false;      ///< true when the numbers came from hpcg.dat

  bool quick_path() const { return runtime_seconds == 0; }
};

/// Applies HPCG 3.1's defaults (command line first, hpcg.dat otherwise, dimensions below 16
/// raised) and checks what 3.1 leaves to asserts: multiples of 8, the 0.125 aspect ratio, and a
/// process grid that matches `ranks`. With a memory target the grid is left at 16^3 for
/// size_by_memory (problem/memory_sizing.hpp) to choose, and rt defaults to 0 as with a grid
/// given on the command line; a grid or z-blocks given as well are refused.
Params resolve_params(const HpcgArguments& given, const std::optional<HpcgDat>& file, int ranks,
                      const MemoryTarget& memory = {});

/// True when hpcg.dat must be read: no grid dimension given and no memory target.
bool needs_hpcg_dat(const HpcgArguments& given, const MemoryTarget& memory = {});

/// Throws InputError when min/max of the three sizes is below 0.125 (HPCG's rule).
void check_aspect_ratio(int x, int y, int z, const std::string& what);

}  // namespace hpcg
