// SPDX-License-Identifier: BSD-3-Clause
// Small problems for tests: parameters and geometry for a local grid on a communicator.
#pragma once

#include "hpcg/base/comm.hpp"
#include "hpcg/problem/geometry.hpp"
#include "hpcg/problem/params.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg::testing {

/// Parameters of a run with the given local grid (and optionally process grid), QuickPath.
inline Params small_params(int nx, int ny, int nz, int npx = 0, int npy = 0, int npz = 0) {
  Params params;
  params.nx = nx;
  params.ny = ny;
  params.nz = nz;
  params.npx = npx;
  params.npy = npy;
  params.npz = npz;
  params.backend = "reference";
  return params;
}

inline Geometry small_geometry(const Comm& comm, int nx, int ny, int nz) {
  return make_geometry(small_params(nx, ny, nz), comm.rank(), comm.size());
}

}  // namespace hpcg::testing
