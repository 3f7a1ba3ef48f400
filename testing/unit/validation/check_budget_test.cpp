// SPDX-License-Identifier: BSD-3-Clause
// The checks of the timed sets stay within their share of the sets' time, whatever the backend's
// speed relative to the host, and never fall below the minimums; drawn per iteration, they stay
// within it in at least 99% of runs.
#include "hpcg/validation/check_budget.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "hpcg/validation/audit_plan.hpp"

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


/// The checks' cost in `runs` simulated runs of `sets` sets of `iterations` iterations, audited
/// as the timed sets are (audit_plan.hpp: each iteration independently): the share of runs whose
/// checks cost more than `limit`.
double simulated_overruns(const CheckBudget& budget, int sets, int iterations, double limit,
                          int runs) {
  const AuditPlan plan = plan_audits(budget, sets, iterations);
  const long long steps = static_cast<long long>(sets) * iterations;
  std::mt19937_64 engine(20261206);  // fixed: the test must not pass or fail by chance
  // The counts of V-cycle audits and of light ones are multinomial over the iterations.
  std::binomial_distribution<long long> with_mg(steps, plan.mg_probability);
  const double light_share = plan.mg_probability < 1
                                 ? (plan.audit_probability - plan.mg_probability) /
                                       (1 - plan.mg_probability)
                                 : 0.0;
  int over = 0;
  for (int run = 0; run < runs; ++run) {
    const long long full = with_mg(engine);
    std::binomial_distribution<long long> light_only(steps - full, light_share);
    const double cost = full * (light + mg) + light_only(engine) * light;
    if (cost > limit) ++over;
  }
  return static_cast<double>(over) / runs;
}

struct Case {
  const char* what;
  int sets;
  double set_seconds;
};

TEST(CheckBudget, TheDrawnChecksStayWithinTheShareInAtLeast99PercentOfRuns) {
  // Set lengths in host CG iterations: a CPU run at rt=60 (a set of 50 iterations, 104^3 has
  // about 12 sets a minute at 2 ranks), a long CPU run, a GPU 50 times faster over 1800 s.
  const Case cases[] = {{"CPU, rt=60", 24, host_set},
                        {"CPU, rt=600", 240, host_set},
                        {"GPU 50x, 1800 s", 1800 * 50 / 50, host_set / 50}};
  constexpr int runs = 20000;
  for (const Case& c : cases) {
    const CheckBudget budget = plan_check_budget(c.sets, c.set_seconds, light, mg);
    const double limit = check_time_share * c.sets * c.set_seconds;
    ASSERT_LE(budget.overrun_probability, check_overrun_probability)
        << c.what << ": the minimums alone would overrun, so this case would test nothing";
    EXPECT_DOUBLE_EQ(budget.limit_seconds, limit) << c.what;
    // Sampling error of the simulated share: three standard deviations at 1%.
    const double slack = 3 * std::sqrt(0.01 * 0.99 / runs);
    EXPECT_LE(simulated_overruns(budget, c.sets, 50, limit, runs),
              check_overrun_probability + slack)
        << c.what;
    EXPECT_GT(budget.planned_seconds, 0.5 * limit) << c.what << ": the budget is still used";
  }
}

TEST(CheckBudget, APlanAtTheLimitWouldOverrunOftenWhichIsWhyThePlanAimsBelow) {
  // What the planner did before: the expected cost at the limit. The test shows the simulation
  // tells the two apart, so the test above can fail.
  const int sets = 24;
  const double limit = check_time_share * sets * host_set;
  CheckBudget at_limit;
  at_limit.mg_checks = 2;
  at_limit.audited_sets = static_cast<int>((limit - at_limit.mg_checks * mg) / (2 * light));
  EXPECT_GT(simulated_overruns(at_limit, sets, 50, limit, 20000), 0.2);
  EXPECT_GT(checks_exceed_probability(at_limit, light, mg, limit), 0.2);
}

TEST(CheckBudget, TheOverrunProbabilityBoundsTheSimulatedDraws) {
  for (int audited_sets : {4, 12, 40}) {
    for (int mg_checks : {2, 4}) {
      CheckBudget budget;
      budget.audited_sets = audited_sets;
      budget.mg_checks = mg_checks;
      const double mean = 2 * audited_sets * light + mg_checks * mg;
      for (double limit : {mean, 1.3 * mean, 2 * mean}) {
        const double simulated = simulated_overruns(budget, 100, 50, limit, 20000);
        EXPECT_GE(checks_exceed_probability(budget, light, mg, limit) + 0.01, simulated)
            << audited_sets << " audited sets, " << mg_checks << " V-cycle checks, limit "
            << limit;
      }
    }
  }
}

TEST(CheckBudget, WhereTheMinimumsAloneOverrunTheyWinAndTheChanceIsReported) {
  const CheckBudget budget = plan_check_budget(10, 1.0, light, mg);
  EXPECT_EQ(budget.mg_checks, minimum_mg_checks);
  EXPECT_EQ(budget.audited_sets, minimum_audited_sets);
  EXPECT_GT(budget.overrun_probability, check_overrun_probability);
}

}  // namespace
}  // namespace hpcg
