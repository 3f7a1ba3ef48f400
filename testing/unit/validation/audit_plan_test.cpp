// SPDX-License-Identifier: BSD-3-Clause
// The audits of the timed sets: drawn per iteration with the budget's probabilities, from bits
// the operating system gives.
#include "hpcg/validation/audit_plan.hpp"

#include <gtest/gtest.h>

#include <set>

#include "hpcg/validation/os_random.hpp"

namespace hpcg {
namespace {

TEST(AuditPlan, SpendsTheBudgetOverEveryIterationOfEverySet) {
  CheckBudget budget;
  budget.audited_sets = 10;
  budget.mg_checks = 4;
  const AuditPlan plan = plan_audits(budget, 20, 50);
  EXPECT_DOUBLE_EQ(plan.audit_probability, 20.0 / 1000.0);  // two iterations per audited set
  EXPECT_DOUBLE_EQ(plan.mg_probability, 4.0 / 1000.0);
}

TEST(AuditPlan, ProbabilitiesStayWithinOneAndAVCycleCheckIsAnAudit) {
  CheckBudget budget;
  budget.audited_sets = 5;
  budget.mg_checks = 5;
  const AuditPlan plan = plan_audits(budget, 1, 2);
  EXPECT_DOUBLE_EQ(plan.audit_probability, 1.0);
  EXPECT_DOUBLE_EQ(plan.mg_probability, 1.0);
  EXPECT_EQ(plan_audits(budget, 0, 50).audit_probability, 0.0);
}

TEST(AuditPlan, BitsDecideWithTheStatedProbabilities) {
  AuditPlan plan;
  plan.audit_probability = 0.25;
  plan.mg_probability = 0.125;
  EXPECT_EQ(audit_from_bits(plan, 0), AuditKind::with_mg);
  EXPECT_EQ(audit_from_bits(plan, 0x1FFFFFFFFFFFFFFFull), AuditKind::with_mg);  // u < 1/8
  EXPECT_EQ(audit_from_bits(plan, 0x2000000000000000ull), AuditKind::light);    // u = 1/8
  EXPECT_EQ(audit_from_bits(plan, 0x3FFFFFFFFFFFFFFFull), AuditKind::light);
  EXPECT_EQ(audit_from_bits(plan, 0x4000000000000000ull), AuditKind::none);     // u = 1/4
  EXPECT_EQ(audit_from_bits(plan, ~0ull), AuditKind::none);
}

TEST(OsRandom, GivesDifferentBitsEachCall) {
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 64; ++i) seen.insert(os_random_bits());
  EXPECT_EQ(seen.size(), 64u);
}

}  // namespace
}  // namespace hpcg
