// SPDX-License-Identifier: BSD-3-Clause
// The checks of the timed sets stay within their share of the sets' time, whatever the backend's
// speed relative to the host, and never fall below the minimums.
#include "hpcg/validation/check_budget.hpp"

#include <gtest/gtest.h>

namespace hpcg {
namespace {

// Host costs measured on this VM at 104^3 per rank (one audited iteration about a fifth of a
// CG iteration, a V-cycle check about one), in units of one host CG iteration.
constexpr double light = 0.2, mg = 1.0, host_set = 50.0;

double share(const CheckBudget& budget, int sets, double set_seconds) {
  return budget.planned_seconds / (sets * set_seconds);
}

TEST(CheckBudget, ABackendAsFastAsTheHostGetsEverySetAudited) {
  const int sets = 30;
  const CheckBudget budget = plan_check_budget(sets, host_set, light, mg);
  EXPECT_EQ(budget.audited_sets, sets);
  EXPECT_GE(budget.mg_checks, minimum_mg_checks);
  EXPECT_LE(share(budget, sets, host_set), check_time_share * (1 + 1e-12));
}

TEST(CheckBudget, ABackendFiftyTimesFasterStaysWithinTheShare) {
  // A GPU 50 times faster than the host: a set takes as long as one host CG iteration, so a
  // V-cycle check costs as much as a set; 1800 s of sets.
  const double set_seconds = host_set / 50;
  const int sets = static_cast<int>(1800 / set_seconds);
  const CheckBudget budget = plan_check_budget(sets, set_seconds, light, mg);
  EXPECT_LE(share(budget, sets, set_seconds), check_time_share * (1 + 1e-12));
  EXPECT_GT(share(budget, sets, set_seconds), check_time_share / 2) << "the budget is used";
  EXPECT_GE(budget.mg_checks, minimum_mg_checks);
  EXPECT_LT(budget.audited_sets, sets) << "not every set can be audited within the share";
  EXPECT_GT(budget.mg_checks, 10) << "a long run still gets many V-cycle checks";
}

TEST(CheckBudget, TheMinimumsHoldWhereTheShareBuysNothing) {
  // QuickPath on a fast backend: one set, checks far dearer than the set.
  CheckBudget one = plan_check_budget(1, 0.01, light, mg);
  EXPECT_EQ(one.audited_sets, 1);
  EXPECT_EQ(one.mg_checks, 1);
  CheckBudget few = plan_check_budget(10, 0.01, light, mg);
  EXPECT_EQ(few.mg_checks, minimum_mg_checks);
  EXPECT_EQ(few.audited_sets, minimum_audited_sets);
}

TEST(CheckBudget, EveryVcycleCheckLiesInAnAuditedSet) {
  for (int sets : {1, 2, 7, 100, 5000}) {
    for (double set_seconds : {0.01, 1.0, 50.0, 1000.0}) {
      const CheckBudget budget = plan_check_budget(sets, set_seconds, light, mg);
      EXPECT_LE(budget.mg_checks, budget.audited_sets);
      EXPECT_LE(budget.audited_sets, sets);
    }
  }
}

TEST(CheckBudget, NoSetsNoChecks) {
  const CheckBudget budget = plan_check_budget(0, 1.0, light, mg);
  EXPECT_EQ(budget.audited_sets, 0);
  EXPECT_EQ(budget.mg_checks, 0);
}

}  // namespace
}  // namespace hpcg
