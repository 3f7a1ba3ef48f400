// SPDX-License-Identifier: BSD-3-Clause
// Which iterations of the timed sets are audited: each one independently, with a probability
// set by the check budget, decided on rank 0 from getrandom(2) only after the iteration's step
// has committed its scalars, and shared with one integer reduction. Nothing a backend sees
// before the decision tells an audited iteration from another, the last ones of a set included.
#pragma once

#include "hpcg/base/comm.hpp"
#include "hpcg/validation/check_budget.hpp"

namespace hpcg {

enum class AuditKind { none = 0, light = 1, with_mg = 2 };

/// Per-iteration probabilities of an audit and of an audit with the V-cycle checked too.
struct AuditPlan {
  double audit_probability = 0;
  double mg_probability = 0;  ///< at most audit_probability: a V-cycle check is an audit
};

/// The plan that spends `budget` on average over `sets` sets of `iterations` iterations.
AuditPlan plan_audits(const CheckBudget& budget, int sets, int iterations);

/// The decision for one iteration, the same on every rank. Collective.
AuditKind draw_audit(const Comm& comm, const AuditPlan& plan);

/// The decision from 64 uniform bits (rank 0's draw), for the tests.
AuditKind audit_from_bits(const AuditPlan& plan, unsigned long long bits);

}  // namespace hpcg
