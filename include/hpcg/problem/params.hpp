// SPDX-License-Identifier: BSD-3-Clause
// Benchmark parameters: HPCG 3.1's ten integers (local grid, run time, z-blocks, process grid)
// from the command line and hpcg.dat, resolved with 3.1's rules and checked before any work.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

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
  std::optional<double> triad_bandwidth_gbs;  ///< --triad-bandwidth=GB/s, above 0
  bool separate_memory = false;      ///< --separate-memory
  bool gpu_aware_mpi = false;        ///< --gpu-aware-mpi
  std::string backend_settings;      ///< --backend-settings=TEXT
};

/// The numbers of an hpcg.dat file.
struct HpcgDat {
  int nx = 0, ny = 0, nz = 0;
  int runtime_seconds = 0;
  int npx = 0, npy = 0, npz = 0;  ///< all zero when line 5 is absent (automatic grid)
};

/// Fully resolved, validated run parameters.
struct Params {
  int nx = 16, ny = 16, nz = 16;   ///< local grid of every rank (nz of the lower z-block)
  int runtime_seconds = 0;         ///< requested timed-phase length; 0 is QuickPath
  int pz = 0, zl = 0, zu = 0;      ///< z-block split (pz = 0: one block of nz)
  int npx = 0, npy = 0, npz = 0;   ///< process grid; all 0 = computed from the rank count
  std::string backend;
  bool read_hpcg_dat = false;      ///< true when the numbers came from hpcg.dat
  /// Sizing: the local grid is chosen so that HPCG's memory model uses memory_fraction of
  /// memory_gib GiB per node (0 = not given: fraction 1 of --memory, or MemTotal).
  double memory_fraction = 0, memory_gib = 0;
  bool quiet = false;              ///< no progress output
  /// STREAM triad bandwidth of all the job's ranks together (bin/xstream-triad under the same
  /// launch), GB/s, for the report's roofline fraction; 0 = not measured.
  double triad_bandwidth_gbs = 0;
  /// The backend keeps its data apart from host memory (as on a device) even where it could
  /// share it; refused by backends without such a mode.
  bool separate_memory = false;
  /// The MPI library can read and write the backend's memory: halo buffers may live there.
  bool gpu_aware_mpi = false;
  std::string backend_settings;    ///< the backend's own settings, passed through

  bool quick_path() const { return runtime_seconds == 0; }
  bool sized_by_memory() const { return memory_fraction > 0 || memory_gib > 0; }
};

/// Parses argv[1..]; throws InputError for unknown flags and malformed or negative values.
CommandLine parse_command_line(const std::vector<std::string>& args);

/// True when the command line gives no grid dimension and no memory target, so hpcg.dat must
/// be read.
bool needs_hpcg_dat(const CommandLine& cli);

/// Parses hpcg.dat's text (`source` names it in messages); throws InputError when malformed.
HpcgDat parse_hpcg_dat(const std::string& text, const std::string& source);

/// Reads and parses a file; a missing or unreadable file is an InputError.
HpcgDat read_hpcg_dat(const std::string& path);

/// Applies HPCG 3.1's defaults (command line first, hpcg.dat otherwise, dimensions below 16
/// raised) and checks what 3.1 leaves to asserts: multiples of 8, the 0.125 aspect ratio, and a
/// process grid that matches `ranks`. With a memory target the grid is left at 16^3 for
/// size_by_memory (problem/memory_sizing.hpp) to choose, and rt defaults to 0 as with a grid
/// given on the command line.
Params resolve_params(const CommandLine& cli, const std::optional<HpcgDat>& file, int ranks);

/// Throws InputError when min/max of the three sizes is below 0.125 (HPCG's rule).
void check_aspect_ratio(int x, int y, int z, const std::string& what);

std::string usage_text();

}  // namespace hpcg
