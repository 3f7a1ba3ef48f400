// SPDX-License-Identifier: BSD-3-Clause
// HPG-MxP's linear system on HPCG's 27-point grid, process grid and global numbering: an
// hpcg::Problem with other values, so that a backend's optimisation phase takes it as it takes
// xhpcg's (src/backends/README.md, "How xhpgmp hands its problem to a backend"). Two sets of
// coefficients: the ones HPG-MxP's reference build runs (HPCG's 26 / -1: its generator selects
// them; the nonsymmetry is in the forward Gauss-Seidel smoother), and the convection-diffusion
// variant its sources also hold (scaled off-diagonals and a convection term in x), which makes
// the matrix itself nonsymmetric. The single-precision steps use the values rounded to float.
#pragma once

#include "hpcg/base/comm.hpp"
#include "hpcg/problem/geometry.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg::hpgmp {

enum class Coefficients {
  reference,   ///< what HPG-MxP's reference build generates: HPCG's 26 / -1
  convection,  ///< HPG-MxP's nonsymmetric variant: beta-scaled entries plus convection in x
};

/// The levels (fine grid first) with HPG-MxP's values, b = the row sums of the fine matrix (the
/// solution is ones), and the ranks that hold it.
struct NonsymProblem : Problem {
  Comm comm;
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
