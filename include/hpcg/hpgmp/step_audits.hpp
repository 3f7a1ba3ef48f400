// SPDX-License-Identifier: BSD-3-Clause
// Audits inside the timed phase: a backend honest only while step_checks.hpp looks is still
// caught. After each step whose inputs are still intact, a draw from a seed that rank 0 takes
// from getrandom when the phase starts decides whether that step is compared with the reference
// step; the draw comes after the step ran, so nothing a backend sees tells it which one is checked.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "hpcg/hpgmp/mxp_workspace.hpp"

namespace hpcg::hpgmp {

/// One audit per this many auditable steps on average: about two per restart cycle on the fine
/// level (its SpMVs, first sweeps and restrictions), near 1% of the phase's work.
constexpr std::uint64_t audit_one_in = 48;

class StepAuditor {
 public:
  /// Draws the seed on rank 0 and broadcasts it. Collective.
  explicit StepAuditor(MxpWorkspace& ws);

  /// Each is called right after the step, on every rank (the draws stay in step); collective
  /// when the draw says audit. y = A x on level l, x with its halo exchanged.
  template <class T>
  void spmv(int l, const BackendVector& x, const BackendVector& y);
  /// The V-cycle's first forward sweep on level l, from x = 0.
  template <class T>
  void first_sweep(int l, const BackendVector& r, const BackendVector& x);
  /// rc = restriction of r - A x from level l, x with its halo exchanged.
  template <class T>
  void residual_restriction(int l, const BackendVector& r, const BackendVector& x,
                            const BackendVector& rc);

  long audited() const { return audited_; }
  /// One reason per step and level that disagreed, the same on every rank.
  const std::vector<std::string>& reasons() const { return reasons_; }

 private:
  bool draw();
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
  std::mt19937_64 random_;
  std::vector<std::vector<float>> float_values_;  ///< per level, made at its first float audit
  std::vector<std::vector<local_int>> order_;     ///< the backend's declared sweep order
  long audited_ = 0;
  std::vector<std::string> reasons_;
};

}  // namespace hpcg::hpgmp
