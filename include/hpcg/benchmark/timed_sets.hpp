// SPDX-License-Identifier: BSD-3-Clause
// The timed sets and what proves them: each set solves HPCG's b plus a perturbation drawn at run
// time (fresh_rhs.hpp) and must follow the validated run's convergence; the core checks the live
// vectors of sets drawn at run time within a budget of the sets' time (check_budget.hpp), each
// solution's true residual, and after the last set re-runs one set, drawn only then, with every
// iteration checked. Nothing here changes what HPCG 3.1 times.
#pragma once

#include <random>

#include "hpcg/benchmark/progress.hpp"
#include "hpcg/report/results.hpp"
#include "hpcg/report/run_log.hpp"
#include "hpcg/solver/workspace.hpp"
#include "hpcg/validation/declared_preconditioner.hpp"
#include "hpcg/validation/live_checks.hpp"

namespace hpcg {

/// The same random engine on every rank, seeded at run time on rank 0: the checks fall where a
/// backend cannot know in advance. Collective.
std::mt19937_64 shared_engine(const Comm& comm);

/// What one audited iteration and one V-cycle check cost on the host (the slowest rank's).
struct CheckCosts {
  double light_seconds = 0, mg_seconds = 0;
};

/// Checks two iterations of the validated run drawn from `engine` (the second with its V-cycle)
/// and measures what they cost, for the timed sets' budget.
class ValidatedRunAudit {
 public:
  ValidatedRunAudit(Workspace& ws, DeclaredPreconditioner& declared, SpotCheckResult& result,
                    std::mt19937_64& engine);
  /// For run_cg; the iterations lie within HPCG's 50, which every validated run reaches.
  const CgAudit& audit() const { return audit_; }
  /// The slowest rank's costs. Collective.
  CheckCosts costs(const Comm& comm) const;

 private:
  LiveChecks checks_;
  CgAudit audit_;
  int light_iteration_ = 0, mg_iteration_ = 0;
  double light_seconds_ = 0, full_seconds_ = 0;
};

/// Runs results.sets timed sets, each in its own window, then one fresh set untimed with every
/// iteration checked, filling the timed-set fields of `results`.
/// Collective.
void run_timed_sets(Workspace& ws, DeclaredPreconditioner& declared, const CheckCosts& costs,
                    BenchmarkResults& results, RunLog& log, const ProgressCallback& progress);

}  // namespace hpcg
