// SPDX-License-Identifier: BSD-3-Clause
// The audit of the validated run (the iteration search's run the timed sets must follow): two of
// its iterations checked on the live vectors, which also measures what one audited iteration and
// one V-cycle check cost, the figures the timed sets' check budget is planned from.
#pragma once

#include <random>

#include "hpcg/base/comm.hpp"
#include "hpcg/solver/cg.hpp"
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
/// and measures what the second costs, its V-cycle check and the rest apart, for the timed
/// sets' budget.
class ValidatedRunAudit {
 public:
  ValidatedRunAudit(Workspace& ws, DeclaredPreconditioner& declared, SpotCheckResult& result,
                    std::mt19937_64& engine);
  /// For run_cg; the iterations lie within HPCG's 50, which every validated run reaches.
  const CgAudit& audit() const { return audit_; }
  /// The slowest rank's costs. Collective.
  CheckCosts costs(const Comm& comm) const;
  /// Hands over its V-cycle-checked iterate, where the timed sets' symmetry checks start.
  LiveChecks::Iterate take_latest_iterate() { return checks_.take_latest_iterate(); }

 private:
  LiveChecks checks_;
  CgAudit audit_;
  int light_iteration_ = 0, mg_iteration_ = 0;
  double light_seconds_ = 0, mg_seconds_ = 0;  ///< of the V-cycle audit, the later one
};

}  // namespace hpcg
