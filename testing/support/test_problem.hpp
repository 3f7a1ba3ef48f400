// SPDX-License-Identifier: BSD-3-Clause
// Small problems for tests: parameters and geometry for a local grid on a communicator.
#pragma once

#include <algorithm>
#include <cmath>

#include "hpcg/base/comm.hpp"
#include "hpcg/linalg/vector.hpp"
#include "hpcg/problem/geometry.hpp"
#include "hpcg/problem/params.hpp"
#include "hpcg/problem/problem.hpp"
#include "hpcg/validation/validation.hpp"

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

/// A vector of `length` entries whose first `rows` hold the validation's test values (the rest,
/// a halo, zero).
inline Vector random_rows(local_int rows, local_int length) {
  Vector v(length);
  TestVectorSource source;
  Vector filled(rows);
  source.fill(filled);
  v.copy_from(filled);
  return v;
}

/// Largest |a_i - b_i| over the first `rows` entries, over all ranks.
inline double max_difference(const Comm& comm, local_int rows, const Vector& a, const Vector& b) {
  double worst = 0.0;
  for (local_int i = 0; i < rows; ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
  return comm.max(worst);
}

/// Largest |v[i]| over the owned rows of every rank: the scale for a relative tolerance.
inline double max_magnitude(const Comm& comm, local_int rows, const Vector& v) {
  double largest = 0.0;
  for (local_int i = 0; i < rows; ++i) largest = std::max(largest, std::fabs(v[i]));
  return comm.max(largest);
}

}  // namespace hpcg::testing
