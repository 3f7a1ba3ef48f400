// SPDX-License-Identifier: BSD-3-Clause
// The timed sets' random decisions on 1, 2 and 4 ranks: a set's seed and each iteration's audit
// are drawn on rank 0 from getrandom(2) and every rank sees the same, so all ranks check the same
// iterations and solve the same b; the draws differ from one call to the next.
#include <gtest/gtest.h>
#include <mpi.h>

#include <set>
#include <string>

#include "hpcg/validation/audit_plan.hpp"
#include "hpcg/validation/os_random.hpp"
#include "rank_checks.hpp"

namespace hpcg {
namespace {

using testing::RankChecks;

/// The value on rank 0, on every rank.
std::uint64_t root_value(std::uint64_t value) {
  unsigned long long root = value;
  MPI_Bcast(&root, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  return root;
}

TEST(IntegrityDraws, EveryRankGetsRankZerosSeed) {
  const Comm comm;
  RankChecks checks;
  std::set<std::uint64_t> seeds;
  for (int i = 0; i < 16; ++i) {
    const std::uint64_t seed = shared_os_random_bits(comm);
    checks.check(seed == root_value(seed), "seed " + std::to_string(i) + " differs from rank 0's");
    seeds.insert(seed);
  }
  checks.check(seeds.size() == 16, "the same seed drawn twice in 16 draws");
  HPCG_EXPECT_ALL_RANKS(checks);
}

TEST(IntegrityDraws, EveryRankMakesRankZerosAuditDecision) {
  const Comm comm;
  AuditPlan plan;
  plan.audit_probability = 0.5;
  plan.mg_probability = 0.25;
  RankChecks checks;
  int audits = 0, mg = 0;
  const int draws = 400;
  for (int i = 0; i < draws; ++i) {
    const AuditKind kind = draw_audit(comm, plan);
    const auto value = static_cast<std::uint64_t>(kind);
    checks.check(value == root_value(value), "decision " + std::to_string(i) + " differs");
    audits += kind != AuditKind::none;
    mg += kind == AuditKind::with_mg;
  }
  // Binomial(400, 0.5) and (400, 0.25): eight standard deviations either side.
  checks.check(audits > 120 && audits < 280, std::to_string(audits) + " audits in 400 draws");
  checks.check(mg > 45 && mg < 155, std::to_string(mg) + " V-cycle audits in 400 draws");
  HPCG_EXPECT_ALL_RANKS(checks);
}

TEST(IntegrityDraws, NoAuditsWhenTheBudgetBuysNone) {
  const Comm comm;
  RankChecks checks;
  for (int i = 0; i < 50; ++i) {
    checks.check(draw_audit(comm, AuditPlan{}) == AuditKind::none, "an audit with probability 0");
  }
  HPCG_EXPECT_ALL_RANKS(checks);
}

}  // namespace
}  // namespace hpcg
