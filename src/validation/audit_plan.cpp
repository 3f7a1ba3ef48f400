// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/validation/audit_plan.hpp"

#include <algorithm>

#include "hpcg/validation/os_random.hpp"

namespace hpcg {

AuditPlan plan_audits(const CheckBudget& budget, int sets, int iterations) {
  AuditPlan plan;
  const double steps = static_cast<double>(sets) * iterations;
  if (!(steps > 0)) return plan;
  // Each audited set of the budget stands for two audited iterations, as the budget costs them.
  plan.audit_probability = std::min(1.0, 2.0 * budget.audited_sets / steps);
  plan.mg_probability = std::min(plan.audit_probability, budget.mg_checks / steps);
  return plan;
}

AuditKind audit_from_bits(const AuditPlan& plan, unsigned long long bits) {
  const double u = static_cast<double>(bits >> 11) * 0x1p-53;  // uniform in [0, 1)
  if (u < plan.mg_probability) return AuditKind::with_mg;
  if (u < plan.audit_probability) return AuditKind::light;
  return AuditKind::none;
}

AuditKind draw_audit(const Comm& comm, const AuditPlan& plan) {
  int kind = 0;
  if (comm.is_root()) kind = static_cast<int>(audit_from_bits(plan, os_random_bits()));
  return static_cast<AuditKind>(comm.max(kind));
}

}  // namespace hpcg
