// SPDX-License-Identifier: BSD-3-Clause
// Small problems for tests: parameters and geometry for a local grid on a communicator, and
// HPCG 3.1's V-cycle written out with the reference kernels, the oracle for the core's.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "hpcg/backends/reference_kernels.hpp"
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

/// r - A x at the rows `fine` injects into the next level, the HPCG 3.1 way: the whole SpMV
/// first (x's halo must be current), then injection (ComputeRestriction_ref). The coarse rows.
inline Vector spmv_then_injection(const Level& fine, const Vector& r, const Vector& x) {
  Vector Ax(fine.A.rows), rc(static_cast<local_int>(fine.coarse_to_fine.size()));
  reference::spmv(fine.A, x.data(), Ax.data());
  for (size_t i = 0; i < fine.coarse_to_fine.size(); ++i) {
    rc[i] = r[fine.coarse_to_fine[i]] - Ax[fine.coarse_to_fine[i]];
  }
  return rc;
}

/// HPCG 3.1's ComputeMG_ref from level `l`, on host vectors with the reference kernels and the
/// core's MPI halo exchange: x = 0, then the full SymGS (halo exchanged, as ComputeSYMGS_ref
/// does), SpMV and injection, recursion, prolongation, post-smoothing SymGS. Deliberately none
/// of the core's shortcuts, so that it checks them. x has the level's columns. Collective.
inline void hpcg31_v_cycle(Problem& problem, size_t l, const Vector& r, Vector& x) {
  Level& level = problem.levels[l];
  SparseMatrix& A = level.A;
  x.fill(0.0);
  A.exchange.run(x.data());
  reference::symgs(A, r.data(), x.data());
  if (l + 1 == problem.levels.size()) return;
  A.exchange.run(x.data());
  const Vector rc = spmv_then_injection(level, r, x);
  Vector xc(problem.levels[l + 1].A.columns);
  hpcg31_v_cycle(problem, l + 1, rc, xc);
  for (size_t i = 0; i < level.coarse_to_fine.size(); ++i) x[level.coarse_to_fine[i]] += xc[i];
  A.exchange.run(x.data());
  reference::symgs(A, r.data(), x.data());
}

}  // namespace hpcg::testing
