// SPDX-License-Identifier: BSD-3-Clause
// HPG-MxP's linear system on HPCG's 27-point grid, process grid and global numbering, held in
// double for the outer loop and the double solver and, generated again in float arithmetic, for
// the inner solver. Two sets of coefficients: the ones HPG-MxP's reference build runs (HPCG's
// 26 / -1: its generator selects them; the nonsymmetry is in the forward Gauss-Seidel smoother),
// and the convection-diffusion variant its sources also hold (scaled off-diagonals and a
// convection term in x), which makes the matrix itself nonsymmetric.
#pragma once

#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/linalg/sparse_matrix.hpp"
#include "hpcg/linalg/vector.hpp"
#include "hpcg/problem/geometry.hpp"

namespace hpcg::hpgmp {

constexpr int mg_levels = 4;  ///< the fine grid and three coarse grids, as in HPCG

/// One grid: the pattern, halo and double values in `A` (our 27-point generator's layout, so the
/// same global numbering as the reference), the same entries computed in float in
/// `values_float`, and the injection map to the next coarser grid (empty on the coarsest).
struct NonsymLevel {
  Geometry geometry;
  SparseMatrix A;
  std::vector<float> values_float;
  std::vector<local_int> coarse_to_fine;

  template <class T>
  const T* values() const;
};

template <>
inline const double* NonsymLevel::values<double>() const {
  return A.values.data();
}
template <>
inline const float* NonsymLevel::values<float>() const {
  return values_float.data();
}

enum class Coefficients {
  reference,   ///< what HPG-MxP's reference build generates: HPCG's 26 / -1
  convection,  ///< HPG-MxP's nonsymmetric variant: beta-scaled entries plus convection in x
};

struct NonsymProblem {
  std::vector<NonsymLevel> levels;  ///< [0] is the fine grid
  Vector b;                         ///< the row sums of the double matrix: the solution is ones
  Comm comm;                        ///< the ranks that hold the problem

  NonsymLevel& fine() { return levels.front(); }
  const NonsymLevel& fine() const { return levels.front(); }
};

/// The entry of the row at global point (gx, gy, gz) for its neighbour at offset (sx, sy, sz),
/// computed in T as HPG-MxP's generator does: 26 on the diagonal and 1 elsewhere, times
/// beta(row) * beta(column), plus gamma / 2 (minus for sx = -1) on the two x neighbours.
template <class T>
T nonsym_entry(const Geometry& g, global_int gx, global_int gy, global_int gz, int sx, int sy,
               int sz);

/// Builds the fine grid and its coarse levels on our generator with `coefficients`; b is the row
/// sums in entry order. Collective.
NonsymProblem generate_nonsym_problem(const Geometry& fine, const Comm& comm,
                                      Coefficients coefficients = Coefficients::reference);

}  // namespace hpcg::hpgmp
