// SPDX-License-Identifier: BSD-3-Clause
// HPG-MxP's solvers on a backend: the halo exchange of double and float vectors through the
// backend's pack and unpack around the core's MPI calls, the V-cycle HPG-MxP prescribes (one
// forward Gauss-Seidel sweep before and after, one on the coarsest grid) from the backend's
// steps in either precision, and its vectors, allocated once per precision.
#pragma once

#include <memory>
#include <vector>

#include "hpcg/backends/backend.hpp"
#include "hpcg/hpgmp/nonsym_problem.hpp"
#include "hpcg/linalg/vector.hpp"

namespace hpcg::hpgmp {

/// Floating-point operations by the reference's categories.
struct FlopCount {
  double spmv = 0, mg = 0, orthogonalization = 0, vector_update = 0;
  double total() const { return spmv + mg + orthogonalization + vector_update; }
};

/// A V-cycle's vectors below the fine level, in one precision: each coarse level's right-hand
/// side (rows) and correction (columns).
struct CoarseVectors {
  std::vector<BackendVector> rhs, correction;
};

class StepAuditor;

class MxpWorkspace {
 public:
  /// `backend` must have run its optimisation phase on `problem`.
  MxpWorkspace(Backend& backend, NonsymProblem& problem);

  Backend& backend() { return backend_; }
  NonsymProblem& problem() { return problem_; }
  const Comm& comm() const { return problem_.comm; }

  /// A vector of T (double or float) on `level` with `length` entries (rows or columns).
  template <class T>
  BackendVector allocate(int level, local_int length);
  /// Fills x's halo on `level` (a vector of T) from the other ranks. Collective.
  template <class T>
  void exchange_halo(int level, BackendVector& x);
  /// x = M r on the fine level with the steps of precision T: r has rows entries, x columns.
  template <class T>
  void vcycle(const BackendVector& r, BackendVector& x, FlopCount& flops);

  /// The timed phase's audits (step_audits.hpp), called after each auditable step; none when null.
  void set_auditor(StepAuditor* auditor) { auditor_ = auditor; }
  StepAuditor* auditor() { return auditor_; }

 private:
  template <class T>
  void vcycle_level(int level, const BackendVector& r, BackendVector& x, FlopCount& flops);
  template <class T>
  CoarseVectors& coarse();

  Backend& backend_;
  NonsymProblem& problem_;
  std::vector<Vector> send_, receive_;  ///< per level, host staging
  std::unique_ptr<CoarseVectors> coarse_double_, coarse_float_;
  StepAuditor* auditor_ = nullptr;
};

/// Sum over the ranks of the backend's local x.y (dot or dot_float), reduced in T as the
/// reference does. Collective.
template <class T>
T global_dot(MxpWorkspace& ws, local_int n, const BackendVector& x, const BackendVector& y);

}  // namespace hpcg::hpgmp
