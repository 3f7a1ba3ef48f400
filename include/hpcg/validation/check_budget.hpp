// SPDX-License-Identifier: BSD-3-Clause
// How many of the timed sets the core checks on their live vectors: as many as fit in a share
// of the timed sets' own time, never fewer than a stated minimum. The checks run on the host,
// so their cost is fixed while a faster backend's sets get shorter: a GPU 50 times faster than
// the host gets proportionally fewer checks per set, and a long run still gets many.
#pragma once

namespace hpcg {

/// The largest share of the timed sets' time the checks may take, beyond the minimums: 3%, so
/// that with the re-run a CPU run's wall time grows by about as much as with the checks before
/// the budget (the V-cycle in one set of four, SpMV in every set).
constexpr double check_time_share = 0.03;
/// Every run gets at least this many V-cycle checks and this many audited sets (two iterations
/// each: the SpMV, CG's scalars and one symmetry pair), or one per set where there are fewer.
/// The timed sets spend them as chances per iteration (audit_plan.hpp), so these are expected
/// counts: the audits fall on iterations drawn one by one, not two to a set.
constexpr int minimum_mg_checks = 2;
constexpr int minimum_audited_sets = 2;

struct CheckBudget {
  int audited_sets = 0;  ///< sets with two iterations checked
  int mg_checks = 0;     ///< of those, sets whose V-cycle is checked too
  double planned_seconds = 0;  ///< what those checks should cost
};

/// The checks for `sets` timed sets of `set_seconds` each, when one audited iteration costs
/// `light_seconds` on the host and a V-cycle check `mg_seconds` more.
CheckBudget plan_check_budget(int sets, double set_seconds, double light_seconds,
                              double mg_seconds);

}  // namespace hpcg
