// SPDX-License-Identifier: BSD-3-Clause
// The integrity of the timed sets, in one module (README.md has the threat model): each set runs
// in its own window (its b drawn and uploaded, CG, the fence, x downloaded) on a right-hand side
// drawn at run time (fresh_rhs.hpp); audits fall on iterations drawn after each step within the
// check budget (audit_plan.hpp, check_budget.hpp); each set must follow the validated run's
// convergence and its downloaded x must hold; one of the calls, drawn after its b is uploaded,
// is the re-run, untimed with every iteration checked. The benchmark keeps the loop over the
// sets, their timing and the rating; this module decides whether each set is to be believed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hpcg/linalg/vector.hpp"
#include "hpcg/solver/cg.hpp"
#include "hpcg/solver/workspace.hpp"
#include "hpcg/validation/audit_plan.hpp"
#include "hpcg/validation/declared_preconditioner.hpp"
#include "hpcg/validation/fresh_rhs.hpp"
#include "hpcg/validation/integrity_results.hpp"
#include "hpcg/validation/live_checks.hpp"
#include "hpcg/validation/validated_run_audit.hpp"

namespace hpcg {

/// What the validated run established, which every timed set is held to: the input record.
struct TimedSetBasis {
  int sets = 0;                      ///< the timed sets planned
  int iterations = 0;                ///< CG iterations each set is credited with
  double estimated_set_seconds = 0;  ///< the slowest rank's time for one set
  /// The validated run: its scaled residual, ||r_k|| / ||r0|| after each iteration k, and the
  /// true scaled residual of its solution (the level rounding sets for the sets' solutions).
  double validated_scaled_residual = 0;
  std::vector<double> validated_residuals;
  double validated_true_residual = 0;
  CheckCosts costs;  ///< measured on the validated run (validated_run_audit.hpp)
  bool bit_reproducible = true;  ///< the backend's declaration, for the re-run's repeat
};

/// Why a set labelled `label` is not to be believed, or "": it must run every one of the
/// basis's iterations, meet no NaN or infinity, and follow the validated run's ||r_k|| / ||r0||
/// within tolerances::trajectory wherever that is above tolerances::trajectory_floor. `worst`
/// gains the largest departure seen.
std::string trajectory_failure(const TimedSetBasis& basis, const std::string& label,
                               const CgResult& cg, double& worst);

/// Why the timed sets' ends are not to be believed, or "": below tolerances::trajectory_floor
/// the trajectory check is blind, so a backend could stop working there and report the residual
/// it was left with. The re-run, every iteration of which is checked, shows where an honest set
/// on a b perturbed alike ends: each of `set_residuals` (the sets' final scaled residuals) must
/// be within tolerances::tail_ratio of `rerun_residual` or of the validated run's, the larger.
std::string tail_failure(const TimedSetBasis& basis, const std::vector<double>& set_residuals,
                         double rerun_residual);

/// Whether a call with `calls_left` calls left (itself included) is the re-run, given 64 random
/// `bits`: with probability 1 / calls_left (certain for the last), so that a re-run not yet run
/// falls on each of the calls with the same probability.
bool rerun_drawn(std::uint64_t bits, int calls_left);

/// One timed set: CG's result and why the set is not to be believed ("" when nothing says so;
/// failed checks on its live vectors and solution go to the SpotCheckResult).
struct SetOutcome {
  CgResult cg;
  std::string failure;
  bool rerun = false;  ///< the re-run, not a timed set: neither timed nor credited
};

/// The re-run's failures and its line for the run log.
struct RerunOutcome {
  std::vector<std::string> failures;
  std::string log_line;
};

class TimedSetIntegrity {
 public:
  /// Plans the audits within the check budget and sizes the sets' perturbation; writes the plan
  /// to `results`, the checks' figures to `spot_checks`. Collective.
  TimedSetIntegrity(Workspace& ws, DeclaredPreconditioner& declared, const TimedSetBasis& basis,
                    SpotCheckResult& spot_checks, IntegrityResults& results);

  /// The iterate the first audit's symmetry check pairs with: the validated run's last audited
  /// one (its V-cycle checked there). Each later audit pairs with the one before it, in
  /// whichever set. Without it the first audit of the run has no pair.
  void start_symmetry_from(LiveChecks::Iterate validated) {
    latest_iterate_ = std::move(validated);
  }

  /// The plan in words, for the run log.
  std::vector<std::string> plan_lines() const;

  /// Runs one of the basis's sets + 1 calls in its own window. After its b is uploaded (so
  /// nothing before tells), a draw from the operating system's generator on rank 0 decides with
  /// probability 1 / (calls left) whether this call is the re-run: uniform over the calls, the
  /// last call when none was. A timed set runs with the audits drawn in it, its window's seconds
  /// outside CG added to `times.total` with CG's. The re-run checks every iteration (the
  /// V-cycle in one in rerun_mg_period), its time goes nowhere; both then have their solution,
  /// convergence and final r checked. Collective.
  SetOutcome run_set(KernelTimes& times);

  /// After the last timed set: gathers the checks' figures over the ranks. Returns a line for
  /// the run log, which names `sets_seconds`, the sets' time. Collective.
  std::string end_sets(double sets_seconds);

  /// After the last call: the sets' ends against the re-run's (tail_failure), the re-run's
  /// repeat on its own b, then HPCG's b put back. Uploads of HPCG's b or of the re-run's wait
  /// until here: either between the sets would announce the re-run. With no re-run run (the
  /// sets stopped before it), only puts HPCG's b back. Collective.
  RerunOutcome end_rerun();

  /// Bytes this rank moved between host and backend memory for the windows' transfers and the
  /// checks: traffic that is not CG's kernels'.
  double local_bytes_outside_kernels() const { return window_bytes_ + check_bytes_; }

 private:
  CgResult run_window(KernelTimes& times, LiveChecks& checks, bool& rerun, Vector& x,
                      Vector& r);
  bool draw_rerun();
  std::string rerun_failure(const CgResult& cg, const Vector& x, const Vector& r);
  std::string final_residual_failure(const std::string& label, const CgResult& cg,
                                     const Vector& x, const Vector& r);
  CgAudit drawn_audit(LiveChecks& checks);

  Workspace& ws_;
  DeclaredPreconditioner& declared_;
  const TimedSetBasis& basis_;
  SpotCheckResult& spot_checks_;
  IntegrityResults& results_;
  AuditPlan plan_;
  SetRhs rhs_;
  LiveChecks::Iterate latest_iterate_;  ///< the run's latest audited iterate, for symmetry
  double window_bytes_ = 0, check_bytes_ = 0, check_seconds_ = 0;
  double light_audit_seconds_ = 0, mg_audit_seconds_ = 0, mg_check_seconds_ = 0;
  int sets_run_ = 0, calls_ = 0;
  bool rerun_done_ = false;
  std::vector<double> set_residuals_;  ///< each timed set's final scaled residual
};

}  // namespace hpcg
