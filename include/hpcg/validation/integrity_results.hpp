// SPDX-License-Identifier: BSD-3-Clause
// What the integrity of the timed sets (timed_set_integrity.hpp, README.md) planned, measured and
// decided: the sets' right-hand sides, the window each set is timed in, the audits drawn over
// every iteration, the ties of CG's vectors to its scalars and the re-run. The checks' own
// figures are in SpotCheckResult (live_checks.hpp), which the validated run's audit shares.
#pragma once

#include "hpcg/validation/check_budget.hpp"

namespace hpcg {

struct IntegrityResults {
  /// The sets' perturbation of b relative to its root mean square entry (fresh_rhs.hpp).
  double rhs_perturbation = 0;
  /// The largest relative departure of a timed set's ||r_k|| / ||r0|| from the validated run's
  /// (tolerances::trajectory).
  double worst_trajectory_departure = 0;
  /// Each set's window: from the draw of its right-hand side's seed (getrandom(2), inside the
  /// window), through its upload, CG and the fence, to the download of x. The seconds outside
  /// CG itself (draw, upload, download) are timed with the set and summed here (rank 0's), as
  /// are the bytes those transfers moved (all ranks), which the kernel transfer counts leave out.
  double window_transfer_seconds = 0;
  double window_transfer_bytes = 0;
  /// The checks planned from the set's estimated time, and what the timed sets' checks took
  /// (the slowest rank's seconds).
  CheckBudget check_budget;
  double timed_check_seconds = 0;
  /// What the budget assumed one audited iteration and one V-cycle check (beyond it) cost (the
  /// validated run's), and what the timed sets' audits without and with the V-cycle took in all,
  /// and the V-cycle checks alone within the latter (the slowest rank's): with the counts below
  /// they tell an overrun from the draws' spread from one from a cost the validated run
  /// underestimated. Per audit, estimated_mg_check_seconds compares with
  /// timed_mg_check_seconds / mg_audits, estimated_light_audit_seconds with
  /// (timed_light_audit_seconds + timed_mg_audit_seconds - timed_mg_check_seconds) / audits.
  double estimated_light_audit_seconds = 0, estimated_mg_check_seconds = 0;
  double timed_light_audit_seconds = 0, timed_mg_audit_seconds = 0, timed_mg_check_seconds = 0;
  /// Per-iteration chance of an audit, and of an audit with the V-cycle checked (audit_plan.hpp),
  /// and what was drawn: decisions made, audits and V-cycle audits among them (timed sets only).
  double audit_probability = 0, mg_probability = 0;
  long long audit_draws = 0, audits = 0, mg_audits = 0;
  /// The 1-based iteration of the last audit in any set, the last iterations included.
  int latest_audited_iteration = 0;
  /// The re-run: one of the timed sets' calls, drawn at random, on a fresh right-hand side,
  /// untimed, every iteration checked, its final r tied to b - A x from the downloaded x
  /// (||difference|| / ||b||), then repeated after the last set on the same b, whose scaled
  /// residual must equal the first's: bit for bit for a bit-reproducible backend, else within
  /// timed_residual_tolerance (relative).
  /// rerun_set is its 0-based call (the timed sets that ran before it); -1 = none ran.
  int rerun_set = -1;
  double rerun_scaled_residual = 0;
  double timed_residual_tolerance = 0;
  double rerun_residual_tie = 0;
  double rerun_repeat_scaled_residual = 0;
  int residual_tie_checks = 0;
  /// The worst ||(b - r) - A x|| / ||b|| of any set's final r and x, the re-run's included.
  double worst_residual_tie = 0;
};

}  // namespace hpcg
