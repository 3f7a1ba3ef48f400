// SPDX-License-Identifier: BSD-3-Clause
// What the backend checks and the checks on CG's live vectors share: expected values come from
// the reference kernels on host vectors, never from the backend under test.
#pragma once

#include <string>

#include "hpcg/backends/backend.hpp"
#include "hpcg/base/comm.hpp"
#include "hpcg/linalg/vector.hpp"

namespace hpcg::checks {

/// An SpMV row of k terms may differ from another summation order by about k eps sum |a_ij x_j|;
/// 1e-12 leaves a 100x margin over 27 terms while still catching a single wrong entry.
constexpr double spmv_tolerance = 1.0e-12;

/// "what on level l: value (limit limit)".
std::string describe(const char* what, int level, double value, double limit);

/// max_i |y_i - (A x)_i| / sum_j |a_ij x_j| over all ranks; x's halo must be current.
double scaled_spmv_error(const Comm& comm, const SparseMatrix& A, const Vector& x,
                         const Vector& y);

/// Global x.y over the first n entries, computed by the reference.
double trusted_dot(const Comm& comm, local_int n, const Vector& x, const Vector& y);

/// Global x.y over the first n entries as accurate as if computed in twice the precision
/// (products and sums with their rounding errors kept): a yardstick whose own error does not
/// grow with n, for comparisons at rounding level.
double accurate_dot(const Comm& comm, local_int n, const Vector& x, const Vector& y);
/// The same over this rank's first n entries only, not summed over ranks.
double accurate_local_dot(local_int n, const Vector& x, const Vector& y);
/// sum_i |x_i y_i| over this rank's first n entries: the scale of x.y's rounding.
double magnitude_local_dot(local_int n, const Vector& x, const Vector& y);

}  // namespace hpcg::checks
