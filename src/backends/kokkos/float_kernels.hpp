// SPDX-License-Identifier: BSD-3-Clause
// The kokkos backend's kernels for HPG-MxP's steps (src/backends/README.md, "HPG-MxP's steps"):
// the forward Gauss-Seidel sweep in double and in float, and the single-precision SpMV,
// restriction, prolongation and vector kernels, on float views in the execution space's
// memory. The float matrix is the level's split matrix (kernels.hpp) with its values rounded to
// float once, so that the inner solver streams half the value bytes; the starts and columns are
// the double matrix's own.
#pragma once

#include "kernels.hpp"

namespace hpcg::backends::kokkos {

using FloatVector = SpaceView<float>;
using ConstFloatVector = Kokkos::View<const float*, MemorySpace>;

/// A level's values rounded to float, in the layout of its LevelViews.
struct FloatValues {
  SpaceView<float> lower, upper;
  SpaceView<float> diagonal;
  SpaceView<float> inverse_diagonal;  ///< the double 1 / d rounded once
};

/// A's values rounded to float, in allocations counted by `memory`.
FloatValues make_float_values(const LevelViews& A, SpaceMemory& memory);
/// The diagonal and its inverse rounded again after the double ones changed.
void refresh_float_diagonal(const LevelViews& A, const FloatValues& F);

/// One forward Gauss-Seidel sweep for A x = r in the level's block-colour order (the order
/// symgs' forward half relaxes, declared by sweep_order); x's halo is current.
void gs_forward(const LevelViews& A, const ConstDeviceVector& r, const DeviceVector& x);
void gs_forward(const LevelViews& A, const FloatValues& F, const ConstFloatVector& r,
                const FloatVector& x);

/// y = A x in float over the owned rows; x holds columns entries with a current halo.
void spmv(const LevelViews& A, const FloatValues& F, const ConstFloatVector& x,
          const FloatVector& y);
/// rc[i] = r[f] - (A x)[f] in float for f = coarse_to_fine[i].
void residual_restriction(const LevelViews& fine, const FloatValues& F, const ConstFloatVector& r,
                          const ConstFloatVector& x, const FloatVector& rc);
/// x[f] += xc[i] for f = coarse_to_fine[i].
void prolongation(const LevelViews& fine, const ConstFloatVector& xc, const FloatVector& x);

/// Sum of x[i] y[i] for i < n: each product exact in double, summed as dot() sums (the
/// contract's blocked sums), so wider than float and the same on every call.
double dot(local_int n, const ConstFloatVector& x, const ConstFloatVector& y);
/// w[i] = alpha x[i] + beta y[i] in float for i < n; w may be x or y.
void waxpby(local_int n, float alpha, const ConstFloatVector& x, float beta,
            const ConstFloatVector& y, const FloatVector& w);

/// y[i] = alpha x[i] (in double) rounded to float, for i < n.
void round_to_float(local_int n, double alpha, const ConstDeviceVector& x, const FloatVector& y);
/// x[i] += z[i] in double, for i < n.
void add_float(local_int n, const ConstFloatVector& z, const DeviceVector& x);

/// x[i] = value for begin <= i < end.
void fill(const FloatVector& x, local_int begin, local_int end, float value);
/// out[k] = x[rows[k]], widened to double (exact): float halos travel as doubles.
void gather(const SpaceView<local_int>& rows, const ConstFloatVector& x, const DeviceVector& out);
/// to[i] = from[i] rounded to float, for i < n (exact for values a float halo sent).
void narrow(local_int n, const ConstDeviceVector& from, const FloatVector& to);

}  // namespace hpcg::backends::kokkos
