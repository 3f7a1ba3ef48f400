// SPDX-License-Identifier: BSD-3-Clause
// What the integrity of the timed sets measured and how often each check ran (README.md): the
// window each set is timed in, the audits drawn over every iteration, and the ties of CG's
// vectors to its scalars. The checks' own figures are in SpotCheckResult (live_checks.hpp).
#pragma once

#include <string>

namespace hpcg {

struct IntegrityResults {
  /// Each set's window: from the draw of its right-hand side's seed (getrandom(2), inside the
  /// window), through its upload, CG and the fence, to the download of x. The seconds outside
  /// CG itself (draw, upload, download) are timed with the set and summed here (rank 0's), as
  /// are the bytes those transfers moved (all ranks), which the kernel transfer counts leave out.
  double window_transfer_seconds = 0;
  double window_transfer_bytes = 0;
  /// Per-iteration chance of an audit, and of an audit with the V-cycle checked (audit_plan.hpp),
  /// and what was drawn: decisions made, audits and V-cycle audits among them (timed sets only).
  double audit_probability = 0, mg_probability = 0;
  long long audit_draws = 0, audits = 0, mg_audits = 0;
  /// The 1-based iteration of the last audit in any set, the last iterations included.
  int latest_audited_iteration = 0;
  /// The re-run: a fresh right-hand side, every iteration checked, its final r tied to b - A x
  /// from the downloaded x (||difference|| / ||b||), then repeated on the same b to compare
  /// scaled residuals (bit for bit for a bit-reproducible backend).
  double rerun_residual_tie = 0;
  double rerun_repeat_scaled_residual = 0;
  int residual_tie_checks = 0;
};

}  // namespace hpcg
