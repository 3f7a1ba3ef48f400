// SPDX-License-Identifier: BSD-3-Clause
// What a backend's preconditioner must compute, when the backend declares its Gauss-Seidel
// order (Backend::sweep_order): the core's own V-cycle with the reference's steps, every
// level's smoother relaxing rows in the declared order, on host vectors (declared_vcycle.hpp). A backend whose
// results differ from it by more than rounding computed something else: fewer sweeps or levels,
// or lower precision.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "hpcg/linalg/vector.hpp"
#include "hpcg/solver/workspace.hpp"

namespace hpcg {

class DeclaredVcycle;

/// How far a backend's SymGS step or V-cycle may be from the recomputation in its declared
/// order, as max_i |x_i - y_i| / max_i |y_i| over all ranks. Only rounding separates them (the
/// order of each row's sum, fused multiply-adds, the colour's last relaxation repeated or not),
/// each row's error damped by the next rows' relaxation: honest backends stay near 1e-15. Single
/// precision anywhere in the V-cycle leaves about 1e-8, orders of magnitude above the limit.
constexpr double declared_order_tolerance = 1.0e-11;

class DeclaredPreconditioner {
 public:
  /// The declared orders of `backend` (after its optimisation phase) on every level, or none:
  /// `declared()` is false when the backend declares nothing on any rank and level. A declared
  /// order that is not a permutation of its level's rows, or one missing on some level or rank,
  /// is a failure (`failure()`), and nothing is declared. Collective.
  DeclaredPreconditioner(const Backend& backend, Problem& problem, const Comm& comm);
  ~DeclaredPreconditioner();
  DeclaredPreconditioner(const DeclaredPreconditioner&) = delete;
  DeclaredPreconditioner& operator=(const DeclaredPreconditioner&) = delete;

  bool declared() const { return vcycle_ != nullptr; }
  const std::string& failure() const { return failure_; }

  /// One SymGS step on `level` from x (its halo exchanged first): the level's columns.
  Vector symgs(int level, const Vector& r, const Vector& x);
  /// The V-cycle's pre-smoothing on `level` from x = 0: the level's rows.
  Vector symgs_zero_guess(int level, const Vector& r);
  /// The V-cycle M r on the fine level: its columns, valid until the next call (the vectors
  /// are allocated once, so an audit allocates nothing). Collective.
  const Vector& mg(const Vector& r);

 private:
  std::unique_ptr<DeclaredVcycle> vcycle_;
  std::string failure_;
};

/// max_i |actual_i - expected_i| / max_i |expected_i| over the first n entries on all ranks (a
/// NaN counts as infinite). Collective.
double relative_max_difference(const Comm& comm, local_int n, const Vector& actual,
                               const Vector& expected);

}  // namespace hpcg
