// SPDX-License-Identifier: BSD-3-Clause
// How many of the timed sets the core checks on their live vectors: as many as fit in a share
// of the timed sets' own time, never fewer than a stated minimum. The checks run on the host,
// so their cost is fixed while a faster backend's sets get shorter: a GPU 50 times faster than
// the host gets proportionally fewer checks per set, and a long run still gets many.
//
// The audits are drawn one iteration at a time (audit_plan.hpp), so what they cost is random: a
// plan whose expected cost sits at the limit lands above it about half the time. The plan aims
// below the limit by the draws' spread instead, so that the checks exceed it with probability at
// most check_overrun_probability. Capping the count instead (no audit once the budget is spent)
// would tell a backend that the rest of the run is unchecked (README.md, threat 5).
#pragma once

namespace hpcg {

/// The largest share of the timed sets' time the checks may take, beyond the minimums: 3%, so
/// that with the re-run a CPU run's wall time grows by about as much as with the checks before
/// the budget (the V-cycle in one set of four, SpMV in every set).
constexpr double check_time_share = 0.03;
/// How often the drawn checks may exceed that share, the minimums aside.
constexpr double check_overrun_probability = 0.01;
/// Every run gets at least this many V-cycle checks and this many audited sets (two iterations
/// each: the SpMV, CG's scalars and one symmetry pair), or one per set where there are fewer.
/// The timed sets spend them as chances per iteration (audit_plan.hpp), so these are expected
/// counts: the audits fall on iterations drawn one by one, not two to a set.
constexpr int minimum_mg_checks = 2;
constexpr int minimum_audited_sets = 2;

struct CheckBudget {
  int audited_sets = 0;  ///< sets with two iterations checked (expected counts)
  int mg_checks = 0;     ///< of those, sets whose V-cycle is checked too
  double planned_seconds = 0;  ///< what those checks cost on average
  double limit_seconds = 0;    ///< check_time_share of the sets' estimated time
  /// The chance that the drawn checks cost more than limit_seconds: at most
  /// check_overrun_probability unless the minimums alone exceed it.
  double overrun_probability = 0;
};

/// The checks for `sets` timed sets of `set_seconds` each, when one audited iteration costs
/// `light_seconds` on the host and a V-cycle check `mg_seconds` more.
CheckBudget plan_check_budget(int sets, double set_seconds, double light_seconds,
                              double mg_seconds);

/// The chance that audits drawn with `budget`'s expected counts (2 audited_sets audited
/// iterations, mg_checks of them with the V-cycle) cost more than `limit` seconds. The counts
/// are taken as independent Poisson counts: the per-iteration draws' counts are binomial, whose
/// upper tail is no wider.
double checks_exceed_probability(const CheckBudget& budget, double light_seconds,
                                 double mg_seconds, double limit);

}  // namespace hpcg
