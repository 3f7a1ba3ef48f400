// SPDX-License-Identifier: BSD-3-Clause
// Audits inside the timed phase: a backend honest only while step_checks.hpp looks is still
// caught. After each step whose inputs are still intact, rank 0 draws from getrandom(2) whether
// that step is compared with the reference step and broadcasts the decision; it is drawn after
// the step ran and from no state in memory, so nothing a backend sees or reads tells it which
// step is checked.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "hpcg/hpgmp/mxp_workspace.hpp"

namespace hpcg::hpgmp {

/// One audit per this many auditable steps on average: about a quarter per GMRES iteration, of
/// its twelve (the fine-level SpMV, each level's first sweep and restriction, Gram-Schmidt's
/// two dots and two updates).
constexpr std::uint64_t audit_one_in = 48;

class StepAuditor {
 public:
  /// Asks the backend for the levels' declared sweep orders once.
  explicit StepAuditor(MxpWorkspace& ws);

  /// Each is called right after the step, on every rank, and is collective (the decision's
  /// broadcast, and the audit's halo and verdict when it says audit). y = A x on level l, x
  /// with its halo exchanged.
  template <class T>
  void spmv(int l, const BackendVector& x, const BackendVector& y);
  /// The V-cycle's first forward sweep on level l, from x = 0.
  template <class T>
  void first_sweep(int l, const BackendVector& r, const BackendVector& x);
  /// rc = restriction of r - A x from level l, x with its halo exchanged.
  template <class T>
  void residual_restriction(int l, const BackendVector& r, const BackendVector& x,
                            const BackendVector& rc);
  /// Gram-Schmidt's dots on the fine level: h[j] = the local basis[j].q for j < k, as
  /// basis_dots returned them (before their sum over the ranks). `step` names the backend's
  /// step that made them in a reason (subtract_projections_dots for the second pass's).
  template <class T>
  void basis_dots(int k, const BackendVector* basis, const BackendVector& q, const double* h,
                  const char* step = "basis_dots");
  /// Gram-Schmidt's update, after pass passes.size() of an Arnoldi step: q = A z, then for
  /// each pass p in turn q -= sum_j passes[p][j] basis[j] (its input q is gone, so the check
  /// starts again from A z, whose z is intact and has its halo exchanged).
  template <class T>
  void subtract_projections(const BackendVector& z, int k, const BackendVector* basis,
                            const std::vector<const double*>& passes, const BackendVector& q,
                            const char* step = "subtract_projections");

  long audited() const { return audited_; }
  /// One reason per step and level that disagreed, the same on every rank.
  const std::vector<std::string>& reasons() const { return reasons_; }

 private:
  /// Whether to audit the step that just ran: rank 0's getrandom(2), broadcast. Collective.
  bool draw();
  /// Rows [begin, begin + count) of v into host.
  template <class T>
  void download_rows(const BackendVector& v, local_int begin, local_int count, T* host);
  template <class T>
  std::vector<T> downloaded(const BackendVector& v, local_int count);
  /// Rows of v, and its halo filled on the host from the other ranks' rows. Collective.
  template <class T>
  std::vector<T> with_halo(int l, const BackendVector& v);
  /// The level's matrix values in precision T.
  template <class T>
  const T* values(int l);
  void verdict(const std::string& step, int l, double error, double scale, double tolerance);

  MxpWorkspace& ws_;
  std::vector<std::vector<float>> float_values_;  ///< per level, made at its first float audit
  std::vector<std::vector<local_int>> order_;     ///< the backend's declared sweep order
  long audited_ = 0;
  std::vector<std::string> reasons_;
  std::set<std::pair<std::string, int>> failed_;  ///< steps and levels with a reason: one each
};

}  // namespace hpcg::hpgmp
