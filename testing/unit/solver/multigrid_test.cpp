// SPDX-License-Identifier: BSD-3-Clause
// CG, the V-cycle and the validation tests that guard them (spec sections 8-10) on a 16^3 grid:
// the reference kernels pass TestSymmetry and TestCG, and deliberately wrong kernels fail.
#include <gtest/gtest.h>

#include <memory>

#include "hpcg/backend/reference_kernels.hpp"
#include "hpcg/backend/registry.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/solver/cg.hpp"
#include "hpcg/solver/multigrid.hpp"
#include "hpcg/validation/validation.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

/// Gauss-Seidel forward sweep only: a valid smoother, but M is no longer symmetric.
class ForwardOnlySymgsBackend : public Backend {
 public:
  std::string name() const override { return "forward-only-symgs"; }
  std::string version() const override { return "test"; }
  void symgs(const Level& level, const Vector& r, Vector& x) override {
    const SparseMatrix& A = level.A;
    for (local_int i = 0; i < A.rows; ++i) {
      double sum = r[i];
      for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
        if (A.column_index[k] != i) sum -= A.values[k] * x[A.column_index[k]];
      }
      x[i] = sum / A.values[A.diagonal[i]];
    }
  }
};

/// SpMV with one extra coupling in one row (A[row][row+1] off by 0.5, A[row+1][row] not).
class UnsymmetricSpmvBackend : public Backend {
 public:
  static constexpr local_int row = 1000;
  std::string name() const override { return "unsymmetric-spmv"; }
  std::string version() const override { return "test"; }
  void spmv(const Level& level, const Vector& x, Vector& y) override {
    reference::spmv(level.A, x, y);
    if (level.A.rows > row + 1) y[row] += 0.5 * x[row + 1];
  }
};

class Multigrid16 : public ::testing::Test {
 protected:
  Comm comm_{MPI_COMM_SELF};
  Problem problem_ = generate_problem(testing::small_geometry(comm_, 16, 16, 16), comm_);
  std::unique_ptr<Backend> reference_ = make_backend("reference");
};

TEST_F(Multigrid16, ReferenceKernelsPassTestSymmetry) {
  TestVectorSource source;
  SymmetryTestResult result = test_symmetry(*reference_, problem_, comm_, source);
  EXPECT_TRUE(result.passed());
  EXPECT_EQ(result.failures, 0);
  EXPECT_LT(result.spmv_departure, 1.0);
  EXPECT_LT(result.mg_departure, 1.0);
  ASSERT_EQ(result.spmv_residuals.size(), 2u);
  for (double residual : result.spmv_residuals) EXPECT_EQ(residual, 0.0) << "A * ones == b";
}

TEST_F(Multigrid16, ReferenceKernelsPassTestCgAndItRestoresTheProblem) {
  const std::vector<double> values = problem_.fine().A.values;
  const std::vector<double> b(problem_.b.data(), problem_.b.data() + problem_.b.size());
  CgTestResult result = test_cg(*reference_, problem_, comm_);
  EXPECT_TRUE(result.passed());
  EXPECT_GE(result.max_unpreconditioned, 1);
  EXPECT_LE(result.max_unpreconditioned, 12);
  EXPECT_GE(result.max_preconditioned, 1);
  EXPECT_LE(result.max_preconditioned, 2);
  EXPECT_EQ(problem_.fine().A.values, values);
  for (local_int i = 0; i < problem_.b.size(); ++i) ASSERT_EQ(problem_.b[i], b[i]) << i;
}

TEST_F(Multigrid16, ForwardOnlySymgsFailsTestSymmetry) {
  ForwardOnlySymgsBackend faulty;
  TestVectorSource source;
  SymmetryTestResult result = test_symmetry(faulty, problem_, comm_, source);
  EXPECT_LT(result.spmv_departure, 1.0) << "SpMV is still the reference";
  EXPECT_GT(result.mg_departure, 1.0);
  EXPECT_FALSE(result.passed());
}

TEST_F(Multigrid16, UnsymmetricSpmvFailsTestSymmetry) {
  UnsymmetricSpmvBackend faulty;
  TestVectorSource source;
  SymmetryTestResult result = test_symmetry(faulty, problem_, comm_, source);
  EXPECT_GT(result.spmv_departure, 1.0);
  EXPECT_FALSE(result.passed());
}

TEST_F(Multigrid16, UnpreconditionedCgDrivesTheResidualDown) {
  KernelTimes times;
  problem_.x.fill(0.0);
  CgResult result = run_cg(*reference_, problem_, comm_, problem_.b, problem_.x,
                           {50, 0.0, false}, times);
  EXPECT_EQ(result.iterations, 50) << "tolerance 0 runs every iteration";
  EXPECT_GT(result.initial_residual_norm, 0.0);
  EXPECT_LT(result.scaled_residual(), 1e-3);
  for (local_int i = 0; i < problem_.fine().A.rows; ++i) {
    ASSERT_NEAR(problem_.x[i], 1.0, 1e-2) << i;
  }
  EXPECT_GT(times.total, 0.0);
}

TEST_F(Multigrid16, PreconditioningReducesTheResidualFaster) {
  KernelTimes times;
  auto residual_after = [&](int iterations, bool preconditioned) {
    problem_.x.fill(0.0);
    return run_cg(*reference_, problem_, comm_, problem_.b, problem_.x,
                  {iterations, 0.0, preconditioned}, times)
        .scaled_residual();
  };
  // Measured on 16^3: after 10 iterations 2.3e-2 without and 1.6e-7 with the V-cycle.
  const double plain = residual_after(10, false), with_mg = residual_after(10, true);
  EXPECT_LT(with_mg, 1e-3 * plain);
  EXPECT_LT(with_mg, 1e-6);
  EXPECT_GT(times.mg, 0.0);
  residual_after(20, true);
  for (local_int i = 0; i < problem_.fine().A.rows; ++i) ASSERT_NEAR(problem_.x[i], 1.0, 1e-12);
}

TEST_F(Multigrid16, VCycleIsLinearAndIgnoresTheInitialX) {
  // x := M r starts from x = 0 on every level, so M(2r) = 2 M(r) whatever x held before.
  const Level& fine = problem_.fine();
  Vector r(fine.A.rows), x1(fine.A.columns), x2(fine.A.columns);
  for (local_int i = 0; i < fine.A.rows; ++i) r[i] = 1.0 + (i % 7) * 0.1;
  apply_mg(*reference_, problem_, r, x1);
  for (local_int i = 0; i < fine.A.rows; ++i) r[i] *= 2.0;
  x2.fill(99.0);
  apply_mg(*reference_, problem_, r, x2);
  for (local_int i = 0; i < fine.A.rows; ++i) ASSERT_NEAR(x2[i], 2.0 * x1[i], 1e-12) << i;
}

TEST_F(Multigrid16, VCycleTimesEachLevelOnlyWhenEnabled) {
  const Level& fine = problem_.fine();
  Vector r(fine.A.rows), x(fine.A.columns);
  r.fill(1.0);
  MgLevelTimes& times = problem_.mg_level_times;
  apply_mg(*reference_, problem_, r, x);
  EXPECT_FALSE(times.reported()) << "off unless the benchmark turns it on";

  times.enable(true);
  const double start = wall_time();
  for (int call = 0; call < 3; ++call) apply_mg(*reference_, problem_, r, x);
  const double elapsed = wall_time() - start;
  times.enable(false);
  apply_mg(*reference_, problem_, r, x);
  ASSERT_TRUE(times.reported());
  double sum = 0;
  for (int l = 0; l < mg_levels; ++l) {
    EXPECT_EQ(times.visits(l), 3) << l;
    EXPECT_GT(times.seconds(l), 0.0) << l;
    sum += times.seconds(l);
  }
  EXPECT_LE(sum, elapsed) << "each level excludes the coarser ones, so nothing counts twice";
  EXPECT_GT(times.seconds(0), times.seconds(3)) << "16^3 smoothing against 2^3";
  times.clear();
  EXPECT_FALSE(times.reported());
  EXPECT_EQ(times.seconds(0), 0.0);
}

TEST(MgLevelScope, ChargesTimeToTheInnermostOpenLevel) {
  MgLevelTimes times;
  times.enable(true);
  auto pause = [] {
    const double until = wall_time() + 0.02;
    while (wall_time() < until) {
    }
  };
  const double start = wall_time();
  {
    MgLevelScope outer(times, 0);
    pause();
    {
      MgLevelScope inner(times, 1);
      pause();
    }
    pause();
  }
  const double elapsed = wall_time() - start;
  EXPECT_GE(times.seconds(0), 0.04);
  EXPECT_GE(times.seconds(1), 0.02);
  EXPECT_LT(times.seconds(1), times.seconds(0));
  EXPECT_LE(times.seconds(0) + times.seconds(1), elapsed);
  EXPECT_EQ(times.visits(0), 1);
  EXPECT_EQ(times.visits(2), 0);
  EXPECT_FALSE(times.reported()) << "levels 2 and 3 never entered";
}

/// A fused V-cycle that opens no level scopes, like a C ABI plugin's mg().
class UntimedMgBackend : public Backend {
 public:
  std::string name() const override { return "untimed-mg"; }
  std::string version() const override { return "test"; }
  bool mg(Problem& problem, const Vector& r, Vector& x) override {
    (void)problem;
    x.copy_from(r);
    return true;
  }
};

TEST_F(Multigrid16, AFusedVCycleWithoutScopesReportsNoLevels) {
  UntimedMgBackend untimed;
  Vector r(problem_.fine().A.rows), x(problem_.fine().A.columns);
  problem_.mg_level_times.enable(true);
  apply_mg(untimed, problem_, r, x);
  EXPECT_FALSE(problem_.mg_level_times.reported());
}

TEST_F(Multigrid16, GlobalDotSumsOverTheCommunicator) {
  Vector ones(problem_.fine().A.rows);
  ones.fill(1.0);
  double allreduce = 0.0;
  EXPECT_EQ(global_dot(*reference_, comm_, 4096, ones, ones, &allreduce), 4096.0);
  EXPECT_GE(allreduce, 0.0);
}

}  // namespace
}  // namespace hpcg
