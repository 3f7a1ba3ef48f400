// SPDX-License-Identifier: BSD-3-Clause
// The timed sets' integrity module on 1, 2 and 4 ranks: honest sets and their re-run pass with
// every check counted, the re-run drawn alike on each call; a backend that stops updating x,
// one whose p comes from a float z, and a set that leaves the validated convergence are each
// caught with a reason that names them.
#include "hpcg/validation/timed_set_integrity.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "hpcg/solver/cg.hpp"
#include "hpcg/version.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

enum class Fault { none, stale_x, p_from_float_z };

/// The reference steps in host memory, declaring natural order, with one fault in waxpby once
/// armed: x no longer updated after its 10th update (16^3 reaches rounding level well before
/// the 50th, so later ones would not show), or p built from z rounded to float.
class TestBackend final : public Backend {
 public:
  explicit TestBackend(Fault fault) : fault_(fault) {}
  std::string name() const override { return "test"; }
  /// Honest until then: the validated run sets the standard the sets are held to.
  void arm() { armed_ = true; }
  std::string version() const override { return version_string; }
  std::vector<local_int> sweep_order(int l) const override {
    std::vector<local_int> order(level(l).A.rows);
    for (local_int i = 0; i < level(l).A.rows; ++i) order[i] = i;
    return order;
  }
  void waxpby(local_int n, double alpha, const BackendVector& x, double beta,
              const BackendVector& y, BackendVector& w) override {
    // CG's x update is w = x + alpha p with alpha > 0 (its r update has a negative beta); its p
    // update after the first iteration is w = z + beta w.
    const bool x_update = w.handle() == x.handle() && alpha == 1.0 && beta > 0.0;
    const bool p_update = w.handle() == y.handle() && x.handle() != y.handle() && alpha == 1.0;
    if (!armed_) return Backend::waxpby(n, alpha, x, beta, y, w);
    if (fault_ == Fault::stale_x && x_update && ++x_updates_ > 10) return;
    Backend::waxpby(n, alpha, x, beta, y, w);
    if (fault_ == Fault::p_from_float_z && p_update) {
      const double* z = host_data(x);
      double* p = host_data(w);
      for (local_int i = 0; i < n; ++i) p[i] += static_cast<float>(z[i]) - z[i];
    }
  }

 private:
  Fault fault_;
  bool armed_ = false;
  int x_updates_ = 0;
};

constexpr int iterations = 30;

/// A 16^3-per-rank problem, the validated run of `iterations` on it, and the integrity module
/// for `sets` sets, its audits planned from a generous budget.
struct Harness {
  explicit Harness(Fault fault, int sets)
      : problem(generate_problem(testing::small_geometry(comm, 16, 16, 16), comm)),
        backend(fault) {
    backend.optimize(problem);
    ws = std::make_unique<Workspace>(backend, problem, comm);
    declared = std::make_unique<DeclaredPreconditioner>(backend, problem, comm);
    ws->backend().fill(ws->cg.x, 0.0);
    KernelTimes ignored;
    const CgResult validated = run_cg(*ws, {iterations, 0.0, true}, ignored);
    basis.sets = sets;
    basis.iterations = iterations;
    basis.estimated_set_seconds = 1.0e3;  // a budget that buys at least the minimum checks
    basis.costs = {1.0e-9, 1.0e-9};
    basis.validated_scaled_residual = validated.scaled_residual();
    basis.validated_residuals = validated.scaled_residuals;
    basis.validated_true_residual = true_scaled_residual(*ws, problem.b);
    backend.arm();
    integrity = std::make_unique<TimedSetIntegrity>(*ws, *declared, basis, spot_checks, results);
  }

  /// Every failure the module reported, one a line.
  std::string failures(const std::vector<std::string>& more = {}) const {
    std::string all;
    for (const auto& failure : spot_checks.failures) all += failure + "\n";
    for (const auto& failure : more) all += failure + "\n";
    return all;
  }

  Comm comm;
  Problem problem;
  TestBackend backend;
  std::unique_ptr<Workspace> ws;
  std::unique_ptr<DeclaredPreconditioner> declared;
  TimedSetBasis basis;
  SpotCheckResult spot_checks;
  IntegrityResults results;
  std::unique_ptr<TimedSetIntegrity> integrity;
};

TEST(TimedSetIntegrity, HonestSetsAndTheirReRunPassWithEveryCheckCounted) {
  Harness h(Fault::none, 2);
  KernelTimes times;
  std::vector<std::string> failures;
  int reruns = 0, rerun_call = -1;
  for (int call = 0; call < 3; ++call) {  // the 2 timed sets and the re-run, in some order
    const SetOutcome outcome = h.integrity->run_set(times);
    EXPECT_EQ(outcome.cg.iterations, iterations);
    if (outcome.rerun) ++reruns, rerun_call = call;
    if (!outcome.failure.empty()) failures.push_back(outcome.failure);
  }
  h.integrity->end_sets(times.total);
  const RerunOutcome rerun = h.integrity->end_rerun();
  failures.insert(failures.end(), rerun.failures.begin(), rerun.failures.end());
  EXPECT_EQ(h.failures(failures), "");
  EXPECT_EQ(reruns, 1);
  // Every iteration of the timed sets draws; the re-run checks every iteration.
  EXPECT_GT(h.results.audit_probability, 0.0);
  EXPECT_EQ(h.results.audit_draws, 2 * iterations);
  EXPECT_LE(h.results.audits, h.results.audit_draws);
  EXPECT_LE(h.results.mg_audits, h.results.audits);
  EXPECT_LE(h.results.latest_audited_iteration, iterations);
  EXPECT_EQ(h.spot_checks.p_tie_checks, h.results.audits + iterations);
  EXPECT_EQ(h.spot_checks.scalar_checks, h.results.audits + iterations);
  EXPECT_EQ(h.spot_checks.solution_checks, 3);
  EXPECT_EQ(h.results.residual_tie_checks, 3);  // every set's final r and the re-run's
  EXPECT_EQ(h.results.rerun_set, rerun_call);   // the timed sets before it
  EXPECT_EQ(h.results.rerun_repeat_scaled_residual, h.results.rerun_scaled_residual);
  EXPECT_NE(rerun.log_line.find("re-run: scaled residual"), std::string::npos) << rerun.log_line;
  EXPECT_LE(h.spot_checks.worst_scalar_difference, h.spot_checks.scalar_tolerance);
  EXPECT_GT(h.results.rhs_perturbation, 0.0);
  EXPECT_LE(h.results.worst_trajectory_departure, tolerances::trajectory);
  EXPECT_GT(h.results.window_transfer_seconds, 0.0);
  EXPECT_LE(h.results.window_transfer_seconds, times.total);
  // The V-cycle checks' own seconds are part of the V-cycle audits' (the slowest rank's each).
  EXPECT_LE(h.results.timed_mg_check_seconds, h.results.timed_mg_audit_seconds);
  if (h.results.mg_audits > 0) {
    EXPECT_GT(h.results.timed_mg_check_seconds, 0.0);
  }
}

TEST(TimedSetIntegrity, TheReRunFallsOnEveryCallAlikeAndOnlyOnce) {
  // Drawn call by call with probability 1 / (calls left), as run_set does: each of 5 calls
  // takes it in about a fifth of 50000 runs (a binomial's standard deviation is 89 there).
  constexpr int calls = 5, runs = 50000;
  std::mt19937_64 engine(2026);
  std::vector<int> taken(calls, 0);
  for (int run = 0; run < runs; ++run) {
    int reruns = 0;
    for (int call = 0; call < calls; ++call) {
      if (reruns == 0 && rerun_drawn(engine(), calls - call)) ++reruns, ++taken[call];
    }
    ASSERT_EQ(reruns, 1);  // the last call takes it when no other did
  }
  for (int call = 0; call < calls; ++call) EXPECT_NEAR(taken[call], runs / calls, 500) << call;
  EXPECT_TRUE(rerun_drawn(12345, 1));
  EXPECT_FALSE(rerun_drawn(12345, 0));
}

TEST(TimedSetIntegrity, WithNoTimedSetLeftTheLastCallIsTheReRun) {
  Harness h(Fault::none, 0);
  KernelTimes times;
  EXPECT_TRUE(h.integrity->run_set(times).rerun);
  EXPECT_EQ(times.total, 0.0);  // the re-run's time counts nowhere
  EXPECT_EQ(h.results.rerun_set, 0);
  EXPECT_EQ(h.integrity->end_rerun().failures.size(), 0u);
}

TEST(ValidatedRunAudit, MeasuresItsVcycleCheckAndTheRestOfThatAudit) {
  // The budget's two costs come from the validated run's V-cycle audit, split in two.
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  TestBackend backend(Fault::none);
  backend.optimize(problem);
  Workspace ws(backend, problem, comm);
  DeclaredPreconditioner declared(backend, problem, comm);
  SpotCheckResult result;
  std::mt19937_64 engine(7);
  ValidatedRunAudit audit(ws, declared, result, engine);
  KernelTimes times;
  run_cg(ws, {50, 0.0, true}, times, &audit.audit());
  const CheckCosts costs = audit.costs(comm);
  EXPECT_EQ(result.spmv_checks, 2);
  EXPECT_EQ(result.mg_checks, 1);
  EXPECT_GT(costs.mg_seconds, 0.0);
  EXPECT_GT(costs.light_seconds, 0.0);
  for (const auto& failure : result.failures) ADD_FAILURE() << failure;
}

TEST(TimedSetIntegrity, AnXThatMissesUpdatesFailsTheSolutionCheck) {
  Harness h(Fault::stale_x, 1);
  KernelTimes times;
  for (int call = 0; call < 2; ++call) h.integrity->run_set(times);  // one is the timed set
  EXPECT_NE(h.failures().find("the solution of a timed set leaves"), std::string::npos)
      << h.failures();
}

TEST(TimedSetIntegrity, APFromAFloatZIsNotTiedToZ) {
  // The re-run checks every iteration, so it is caught whatever the sets' draws were.
  Harness h(Fault::p_from_float_z, 1);
  KernelTimes times;
  for (int call = 0; call < 2; ++call) h.integrity->run_set(times);  // one is the re-run
  h.integrity->end_sets(times.total);
  h.integrity->end_rerun();
  EXPECT_NE(h.failures().find("p not tied to z"), std::string::npos) << h.failures();
}

TEST(TimedSetIntegrity, ASetThatLeavesTheValidatedConvergenceIsNamed) {
  TimedSetBasis basis;
  basis.iterations = 3;
  basis.validated_residuals = {0.5, 0.1, 0.01};
  CgResult cg;
  cg.iterations = 3;
  cg.scaled_residuals = {0.5, 0.1, 0.0102};
  double worst = 0.0;
  const std::string failure = trajectory_failure(basis, "timed set 7", cg, worst);
  EXPECT_NE(failure.find("timed set 7: ||r||/||r0|| 0.0102"), std::string::npos) << failure;
  EXPECT_NE(failure.find("after iteration 3 departs"),
            std::string::npos)
      << failure;
  EXPECT_NEAR(worst, 0.02, 1e-12);
  cg.scaled_residuals = {0.5, 0.1, 0.01};
  EXPECT_EQ(trajectory_failure(basis, "timed set 7", cg, worst), "");
  cg.iterations = 2;
  EXPECT_NE(trajectory_failure(basis, "set", cg, worst).find("stopped after 2 of the 3"),
            std::string::npos);
  cg.non_finite = "p'Ap in iteration 2";
  EXPECT_NE(trajectory_failure(basis, "set", cg, worst).find("NaN or infinity in p'Ap"),
            std::string::npos);
}

TEST(TimedSetIntegrity, ASetThatEndsFarAboveTheReRunIsNamed) {
  // Work stopped below the trajectory's floor leaves the set's end far above the re-run's.
  TimedSetBasis basis;
  basis.validated_scaled_residual = 1.0e-30;
  EXPECT_EQ(tail_failure(basis, {2.0e-30, 5.0e-31}, 1.0e-30), "");
  const std::string failure = tail_failure(basis, {2.0e-30, 4.0e-12}, 1.0e-30);
  EXPECT_NE(failure.find("timed set 2 ends at scaled residual 4"), std::string::npos) << failure;
  EXPECT_NE(failure.find("where the trajectory check does not look"), std::string::npos);
  // The validated run's end counts where it is the higher one.
  basis.validated_scaled_residual = 1.0e-11;
  EXPECT_EQ(tail_failure(basis, {4.0e-12}, 1.0e-30), "");
}

}  // namespace
}  // namespace hpcg
