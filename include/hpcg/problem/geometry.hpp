// SPDX-License-Identifier: BSD-3-Clause
// Where this rank's piece of the global grid sits: process coordinates, local and global sizes,
// and the map between global row ids and (rank, local id).
#pragma once

#include "hpcg/base/types.hpp"
#include "hpcg/problem/params.hpp"

namespace hpcg {

struct Geometry {
  int rank = 0, ranks = 1;
  int npx = 1, npy = 1, npz = 1;  ///< process grid
  int ipx = 0, ipy = 0, ipz = 0;  ///< this rank's position in it (x fastest)
  int nx = 0, ny = 0, nz = 0;     ///< this rank's local grid
  /// z-blocks: process layers ipz < z_split have local nz_lower, the others nz_upper.
  int z_split = 1, nz_lower = 0, nz_upper = 0;
  global_int gnx = 0, gny = 0, gnz = 0;     ///< global grid
  global_int gix0 = 0, giy0 = 0, giz0 = 0;  ///< global coordinates of local point (0,0,0)

  local_int local_rows() const { return static_cast<local_int>(nx) * ny * nz; }
  global_int global_rows() const { return gnx * gny * gnz; }
  bool has_two_z_blocks() const { return z_split < npz; }

  /// Local nz and first global z of process layer `layer`.
  int layer_nz(int layer) const { return layer < z_split ? nz_lower : nz_upper; }
  global_int layer_z0(int layer) const;

  /// Rank owning global row `gid` (HPCG's ComputeRankOfMatrixRow).
  int owner_of(global_int gid) const;
  /// Local id of a global row that this rank owns.
  local_int local_index(global_int gid) const;
  global_int global_index(int ix, int iy, int iz) const {
    return (giz0 + iz) * gnx * gny + (giy0 + iy) * gnx + (gix0 + ix);
  }

  /// The next multigrid level: same process grid, every local dimension halved.
  Geometry coarsened() const;
};

/// Builds this rank's geometry, computing the process grid when `params` leaves it to us and
/// checking HPCG's 0.125 ratio on it; throws InputError if the ranks cannot form a valid grid.
Geometry make_geometry(const Params& params, int rank, int ranks);

}  // namespace hpcg
