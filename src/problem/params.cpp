// SPDX-License-Identifier: BSD-3-Clause
// HPCG 3.1's resolution rules: command line first, hpcg.dat otherwise, small dimensions raised,
// and the checks 3.1 leaves to asserts; every deviation (errors where 3.1 silently substitutes
// a value) is listed in README under "Deviations from HPCG 3.1".
#include "hpcg/problem/params.hpp"

#include <algorithm>
#include <sstream>

#include "hpcg/base/error.hpp"
#include "hpcg/base/types.hpp"

namespace hpcg {
namespace {

constexpr int minimum_dimension = 16;     // HPCG 3.1 raises smaller local dimensions to 16

int value_or(const HpcgArguments& given, ParamIndex index, int fallback) {
  return given.values[index] ? static_cast<int>(*given.values[index]) : fallback;
}

void check_multiple_of_8(int value, const char* name) {
  if (value % 8 == 0) return;
  int below = value / 8 * 8, above = below + 8;
  throw InputError("local " + std::string(name) + "=" + std::to_string(value) +
                   " is not a multiple of 8 (the 4 multigrid levels halve it three times); use " +
                   (below >= minimum_dimension ? std::to_string(below) + " or " : "") +
                   std::to_string(above));
}

void check_local_grid(const Params& params) {
  check_multiple_of_8(params.nx, "nx");
  check_multiple_of_8(params.ny, "ny");
  check_multiple_of_8(params.nz, "nz");
  check_aspect_ratio(params.nx, params.ny, params.nz, "local problem");
  if (params.pz > 0) {
    check_multiple_of_8(params.zl, "zl");
    check_multiple_of_8(params.zu, "zu");
    check_aspect_ratio(params.nx, params.ny, params.zl, "local problem (lower z-block)");
    check_aspect_ratio(params.nx, params.ny, params.zu, "local problem (upper z-block)");
  }
  // Local ids are 32-bit: the local grid plus its one-point halo must fit.
  // In double: the product of three values near 2^31 overflows even 64-bit integers.
  double columns = (params.nx + 2.0) * (params.ny + 2.0) *
                   (std::max({params.nz, params.zl, params.zu}) + 2.0);
  if (columns > max_local_int) {
    std::ostringstream message;
    message << "local grid " << params.nx << "x" << params.ny << "x" << params.nz << " has "
            << columns << " local columns with its halo, more than the 32-bit local index "
            << "allows (" << max_local_int << "); use more ranks and a smaller local grid";
    throw InputError(message.str());
  }
}

void check_process_grid(const Params& params, int ranks) {
  int given = (params.npx > 0) + (params.npy > 0) + (params.npz > 0);
  if (given == 0) return;
  if (given != 3) {
    throw InputError("give all three of npx, npy, npz (or none, to let xhpcg choose)");
  }
  // In double: exact up to 2^53, and a larger product cannot equal the rank count anyway.
  double product = 1.0 * params.npx * params.npy * params.npz;
  if (product != ranks) {
    std::ostringstream message;
    message << "process grid " << params.npx << "x" << params.npy << "x" << params.npz << " has "
            << product << " ranks but the job has " << ranks
            << "; make npx*npy*npz equal the rank count or leave them out";
    throw InputError(message.str());
  }
}

/// Sizing chooses nx, ny and nz; a grid or z-blocks given as well would be ambiguous.
void check_memory_target(const HpcgArguments& given) {
  for (ParamIndex index : {p_nx, p_ny, p_nz, p_pz, p_zl, p_zu}) {
    if (given.values[index] && *given.values[index] != 0) {
      throw InputError(std::string("--memory-fraction/--memory choose the local grid; leave out ") +
                       param_names[index] + " (or drop the memory target)");
    }
  }
}

}  // namespace

bool needs_hpcg_dat(const HpcgArguments& given, const MemoryTarget& memory) {
  return !memory.given() && given.gives_no_grid();
}

Params resolve_params(const HpcgArguments& given, const std::optional<HpcgDat>& file, int ranks,
                      const MemoryTarget& memory) {
  Params params;
  params.read_hpcg_dat = needs_hpcg_dat(given, memory);
  if (memory.given()) check_memory_target(given);
  int dims[3] = {value_or(given, p_nx, 0), value_or(given, p_ny, 0), value_or(given, p_nz, 0)};
  params.runtime_seconds = value_or(given, p_rt, 0);
  params.npx = value_or(given, p_npx, 0);
  params.npy = value_or(given, p_npy, 0);
  params.npz = value_or(given, p_npz, 0);
  if (params.read_hpcg_dat) {
    HPCG_REQUIRE(file.has_value());
    dims[0] = file->nx;
    dims[1] = file->ny;
    dims[2] = file->nz;
    // Deviation: an explicit --rt (even 0, QuickPath) or --npx/--npy/--npz wins over the file.
    if (!given.values[p_rt]) params.runtime_seconds = file->runtime_seconds;
    if (params.npx == 0 && params.npy == 0 && params.npz == 0) {
      params.npx = file->npx;
      params.npy = file->npy;
      params.npz = file->npz;
    }
  }
  // HPCG 3.1: a dimension below 16 takes the largest of the others (in x, y, z order), min 16.
  for (int d = 0; d < 3; ++d) {
    if (dims[d] < minimum_dimension) {
      dims[d] = std::max({dims[(d + 1) % 3], dims[(d + 2) % 3], minimum_dimension});
    }
  }
  params.nx = dims[0];
  params.ny = dims[1];
  params.nz = dims[2];
  params.pz = value_or(given, p_pz, 0);
  params.zl = params.pz > 0 ? value_or(given, p_zl, 0) : 0;
  params.zu = params.pz > 0 ? value_or(given, p_zu, 0) : 0;
  if (params.pz > 0) {
    // Deviation: 3.1 needs an MPMD launch with a matching --nz per block; here each rank takes
    // its block's size, and an absent --zl/--zu means nz.
    if (params.zl == 0) params.zl = params.nz;
    if (params.zu == 0) params.zu = params.nz;
  }
  check_local_grid(params);
  check_process_grid(params, ranks);
  return params;
}

void check_aspect_ratio(int x, int y, int z, const std::string& what) {
  double ratio = static_cast<double>(std::min({x, y, z})) / std::max({x, y, z});
  if (ratio >= 0.125) return;
  std::ostringstream message;
  message << "The " << what << " sizes (" << x << "," << y << "," << z
          << ") are invalid because the ratio min(x,y,z)/max(x,y,z)=" << ratio
          << " is too small (at least 0.125 is required). The shape should resemble a 3D cube. "
             "Please adjust and try again.";
  throw InputError(message.str());
}

}  // namespace hpcg
