// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/problem/geometry.hpp"

#include <string>

#include "hpcg/base/error.hpp"
#include "hpcg/problem/process_grid.hpp"

namespace hpcg {

global_int Geometry::layer_z0(int layer) const {
  if (layer <= z_split) return static_cast<global_int>(layer) * nz_lower;
  return static_cast<global_int>(z_split) * nz_lower +
         static_cast<global_int>(layer - z_split) * nz_upper;
}

int Geometry::owner_of(global_int gid) const {
  global_int gz = gid / (gnx * gny);
  global_int rest = gid - gz * gnx * gny;
  global_int gy = rest / gnx;
  global_int gx = rest - gy * gnx;
  global_int lower_extent = static_cast<global_int>(z_split) * nz_lower;
  int layer = gz < lower_extent
                  ? static_cast<int>(gz / nz_lower)
                  : z_split + static_cast<int>((gz - lower_extent) / nz_upper);
  int px = static_cast<int>(gx / nx), py = static_cast<int>(gy / ny);
  return layer * npx * npy + py * npx + px;
}

local_int Geometry::local_index(global_int gid) const {
  global_int gz = gid / (gnx * gny);
  global_int rest = gid - gz * gnx * gny;
  global_int gy = rest / gnx;
  global_int gx = rest - gy * gnx;
  return static_cast<local_int>(((gz - giz0) * ny + (gy - giy0)) * nx + (gx - gix0));
}

Geometry Geometry::coarsened() const {
  HPCG_REQUIRE(nx % 2 == 0 && ny % 2 == 0 && nz % 2 == 0);
  HPCG_REQUIRE(nz_lower % 2 == 0 && nz_upper % 2 == 0);
  Geometry coarse = *this;
  coarse.nx /= 2;
  coarse.ny /= 2;
  coarse.nz /= 2;
  coarse.nz_lower /= 2;
  coarse.nz_upper /= 2;
  coarse.gnx /= 2;
  coarse.gny /= 2;
  coarse.gnz /= 2;
  coarse.gix0 /= 2;
  coarse.giy0 /= 2;
  coarse.giz0 /= 2;
  return coarse;
}

Geometry make_geometry(const Params& params, int rank, int ranks) {
  Geometry g;
  g.rank = rank;
  g.ranks = ranks;
  if (params.npx > 0 && params.npy > 0 && params.npz > 0) {
    g.npx = params.npx;
    g.npy = params.npy;
    g.npz = params.npz;
  } else {
    auto grid = compute_process_grid(ranks);
    g.npx = grid[0];
    g.npy = grid[1];
    g.npz = grid[2];
  }
  HPCG_REQUIRE(1LL * g.npx * g.npy * g.npz == ranks);
  check_aspect_ratio(g.npx, g.npy, g.npz, "process grid");
  g.ipz = rank / (g.npx * g.npy);
  g.ipy = (rank - g.ipz * g.npx * g.npy) / g.npx;
  g.ipx = rank % g.npx;
  if (params.pz > 0) {
    if (params.pz >= g.npz) {
      throw InputError("--pz=" + std::to_string(params.pz) + " must be below npz=" +
                       std::to_string(g.npz) + " (it is the first process layer of the upper z-block)");
    }
    g.z_split = params.pz;
    g.nz_lower = params.zl;
    g.nz_upper = params.zu;
  } else {
    g.z_split = g.npz;
    g.nz_lower = g.nz_upper = params.nz;
  }
  g.nx = params.nx;
  g.ny = params.ny;
  g.nz = g.layer_nz(g.ipz);
  g.gnx = static_cast<global_int>(g.npx) * g.nx;
  g.gny = static_cast<global_int>(g.npy) * g.ny;
  g.gnz = g.layer_z0(g.npz);
  g.gix0 = static_cast<global_int>(g.ipx) * g.nx;
  g.giy0 = static_cast<global_int>(g.ipy) * g.ny;
  g.giz0 = g.layer_z0(g.ipz);
  return g;
}

}  // namespace hpcg
