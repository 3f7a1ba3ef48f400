// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/validation/check_budget.hpp"

#include <algorithm>
#include <cmath>

namespace hpcg {
namespace {

/// floor(seconds / cost), 0 for a budget that is gone and unbounded (clamped later) for a free
/// check.
int affordable(double seconds, double cost) {
  if (!(seconds > 0)) return 0;
  if (!(cost > 0)) return 1 << 30;
  return static_cast<int>(std::min(std::floor(seconds / cost), double(1 << 30)));
}

}  // namespace

CheckBudget plan_check_budget(int sets, double set_seconds, double light_seconds,
                              double mg_seconds) {
  CheckBudget budget;
  if (sets <= 0) return budget;
  const double audited_set_seconds = 2 * light_seconds;
  const double available = check_time_share * sets * set_seconds;
  // Half the budget buys V-cycle checks (each in an audited set); the rest, more audited sets.
  budget.mg_checks =
      std::min(sets, std::max(minimum_mg_checks,
                              affordable(available / 2, mg_seconds + audited_set_seconds)));
  const double left = available - budget.mg_checks * (mg_seconds + audited_set_seconds);
  budget.audited_sets =
      std::min(sets, std::max({minimum_audited_sets, budget.mg_checks,
                               budget.mg_checks + affordable(left, audited_set_seconds)}));
  budget.planned_seconds = budget.audited_sets * audited_set_seconds +
                           budget.mg_checks * mg_seconds;
  return budget;
}

}  // namespace hpcg
