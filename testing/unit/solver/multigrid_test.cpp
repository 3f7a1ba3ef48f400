// SPDX-License-Identifier: BSD-3-Clause
// CG, the V-cycle and the validation tests that guard them on a 16^3 grid:
// the reference kernels pass TestSymmetry and TestCG, the core's V-cycle is HPCG 3.1's bit for
// bit, and deliberately wrong kernels fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/backends/registry.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/solver/cg.hpp"
#include "hpcg/solver/host_calls.hpp"
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
  void symgs_part(HaloPart part, int l, const BackendVector& rv, BackendVector& xv) override {
    if (part == HaloPart::before_halo) return;
    const SparseMatrix& A = level(l).A;
    const double* r = host_data(rv);
    double* x = host_data(xv);
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
  void spmv_part(HaloPart part, int l, const BackendVector& xv, BackendVector& yv) override {
    if (part == HaloPart::before_halo) return;
    const SparseMatrix& A = level(l).A;
    const double* x = host_data(xv);
    double* y = host_data(yv);
    reference::spmv(A, x, y);
    if (A.rows > row + 1) y[row] += 0.5 * x[row + 1];
  }
};

class Multigrid16 : public ::testing::Test {
 protected:
  /// `backend`, optimised for the problem, with its vectors.
  std::unique_ptr<Workspace> workspace(Backend& backend) {
    backend.optimize(problem_);
    return std::make_unique<Workspace>(backend, problem_, comm_);
  }
  /// The first rows of x on the host.
  Vector solution(Workspace& ws) { return ws.download(ws.cg.x, problem_.fine().A.rows); }

  Comm comm_{MPI_COMM_SELF};
  Problem problem_ = generate_problem(testing::small_geometry(comm_, 16, 16, 16), comm_);
  std::unique_ptr<Backend> reference_ = make_backend("reference");
  std::unique_ptr<Workspace> ws_ = workspace(*reference_);
};

TEST_F(Multigrid16, TheCoreVCycleIsHpcg31sBitForBit) {
  const local_int rows = problem_.fine().A.rows;
  const Vector r = testing::random_rows(rows, rows);
  Vector expected(problem_.fine().A.columns);

  testing::hpcg31_v_cycle(problem_, 0, r, expected);
  const Vector actual = on_host::mg(*ws_, r);

  double largest = 0.0;
  for (local_int i = 0; i < rows; ++i) {
    ASSERT_EQ(actual[i], expected[i]) << i;
    largest = std::max(largest, std::fabs(expected[i]));
  }
  EXPECT_GT(largest, 0.0) << "a V-cycle that left x = 0 would match nothing";
}

TEST_F(Multigrid16, RestrictedResidualIsSpmvThenInjectionBitForBitOnEveryLevel) {
  // The V-cycle computes r - A x only at the injected rows; HPCG 3.1 computes the whole SpMV
  // and injects. Same sums in the same order, so no last-bit difference is allowed.
  for (int l = 0; l + 1 < mg_levels; ++l) {
    const Level& fine = problem_.levels[l];
    const Vector r = testing::random_rows(fine.A.rows, fine.A.rows);
    Vector x = testing::random_rows(fine.A.columns, fine.A.columns);
    for (local_int i = 0; i < fine.A.rows; ++i) x[i] *= 0.5;  // r and x must differ

    const Vector actual = on_host::residual_restriction(*ws_, l, r, x);

    const Vector expected = testing::spmv_then_injection(fine, r, x);
    ASSERT_EQ(actual.size(), problem_.levels[l + 1].A.rows) << l;
    for (local_int i = 0; i < actual.size(); ++i) {
      ASSERT_EQ(actual[i], expected[i]) << "level " << l << ", row " << i;
    }
  }
}

TEST_F(Multigrid16, VCycleStepsAreHpcg31sSteps) {
  // Pre-smoothing from zero is the full SymGS from x = 0; prolongation adds at injected rows.
  const Level& fine = problem_.fine();
  const Level& coarse = problem_.levels[1];
  const Vector r = testing::random_rows(fine.A.rows, fine.A.rows);
  Vector from_zero(fine.A.columns);
  reference::symgs(fine.A, r.data(), from_zero.data());
  const Vector xc = testing::random_rows(coarse.A.rows, coarse.A.rows);
  Vector x = testing::random_rows(fine.A.columns, fine.A.columns);
  Vector prolonged(fine.A.columns);
  prolonged.copy_from(x);
  for (size_t i = 0; i < fine.coarse_to_fine.size(); ++i) {
    prolonged[fine.coarse_to_fine[i]] += xc[i];
  }

  const Vector smoothed = on_host::symgs_zero_guess(*ws_, 0, r);
  const Vector actual = on_host::prolongation(*ws_, 0, xc, x);

  for (local_int i = 0; i < fine.A.rows; ++i) {
    ASSERT_EQ(smoothed[i], from_zero[i]) << i;
    ASSERT_EQ(actual[i], prolonged[i]) << i;
  }
}

TEST_F(Multigrid16, ReferenceKernelsPassTestSymmetry) {
  TestVectorSource source;
  SymmetryTestResult result = test_symmetry(*ws_, source);
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
  CgTestResult result = test_cg(*ws_);
  EXPECT_TRUE(result.passed());
  EXPECT_GE(result.max_unpreconditioned, 1);
  EXPECT_LE(result.max_unpreconditioned, 12);
  EXPECT_GE(result.max_preconditioned, 1);
  EXPECT_LE(result.max_preconditioned, 2);
  EXPECT_EQ(problem_.fine().A.values, values);
  for (local_int i = 0; i < problem_.b.size(); ++i) ASSERT_EQ(problem_.b[i], b[i]) << i;
  const Vector backend_b = ws_->download(ws_->cg.b, problem_.b.size());
  for (local_int i = 0; i < problem_.b.size(); ++i) ASSERT_EQ(backend_b[i], b[i]) << i;
}

TEST_F(Multigrid16, ForwardOnlySymgsFailsTestSymmetry) {
  ForwardOnlySymgsBackend faulty;
  TestVectorSource source;
  SymmetryTestResult result = test_symmetry(*workspace(faulty), source);
  EXPECT_LT(result.spmv_departure, 1.0) << "SpMV is still the reference";
  EXPECT_GT(result.mg_departure, 1.0);
  EXPECT_FALSE(result.passed());
}

TEST_F(Multigrid16, UnsymmetricSpmvFailsTestSymmetry) {
  UnsymmetricSpmvBackend faulty;
  TestVectorSource source;
  SymmetryTestResult result = test_symmetry(*workspace(faulty), source);
  EXPECT_GT(result.spmv_departure, 1.0);
  EXPECT_FALSE(result.passed());
}

TEST_F(Multigrid16, UnpreconditionedCgDrivesTheResidualDown) {
  KernelTimes times;
  CgResult result = run_cg(*ws_, {50, 0.0, false}, times);
  EXPECT_EQ(result.iterations, 50) << "tolerance 0 runs every iteration";
  EXPECT_GT(result.initial_residual_norm, 0.0);
  EXPECT_LT(result.scaled_residual(), 1e-3);
  EXPECT_TRUE(result.non_finite.empty());
  const Vector x = solution(*ws_);
  for (local_int i = 0; i < problem_.fine().A.rows; ++i) ASSERT_NEAR(x[i], 1.0, 1e-2) << i;
  EXPECT_GT(times.total, 0.0);
}

TEST_F(Multigrid16, PreconditioningReducesTheResidualFaster) {
  KernelTimes times;
  auto residual_after = [&](int iterations, bool preconditioned) {
    reference_->fill(ws_->cg.x, 0.0);
    return run_cg(*ws_, {iterations, 0.0, preconditioned}, times).scaled_residual();
  };
  // Measured on 16^3: after 10 iterations 2.3e-2 without and 1.6e-7 with the V-cycle.
  const double plain = residual_after(10, false), with_mg = residual_after(10, true);
  EXPECT_LT(with_mg, 1e-3 * plain);
  EXPECT_LT(with_mg, 1e-6);
  EXPECT_GT(times.mg, 0.0);
  residual_after(20, true);
  const Vector x = solution(*ws_);
  for (local_int i = 0; i < problem_.fine().A.rows; ++i) ASSERT_NEAR(x[i], 1.0, 1e-12);
}

TEST_F(Multigrid16, VCycleIsLinearAndIgnoresTheInitialX) {
  // x := M r starts from x = 0 on every level, so M(2r) = 2 M(r) whatever x held before.
  const Level& fine = problem_.fine();
  Vector r(fine.A.rows);
  for (local_int i = 0; i < fine.A.rows; ++i) r[i] = 1.0 + (i % 7) * 0.1;
  BackendVector rv = ws_->upload(0, VectorRole::check, r);
  BackendVector x = reference_->allocate(0, VectorRole::check, fine.A.columns);
  apply_mg(*ws_, rv, x);
  const Vector x1 = ws_->download(x, fine.A.rows);
  for (local_int i = 0; i < fine.A.rows; ++i) r[i] *= 2.0;
  ws_->upload(r.data(), 0, fine.A.rows, rv);
  reference_->fill(x, 99.0);
  apply_mg(*ws_, rv, x);
  const Vector x2 = ws_->download(x, fine.A.rows);
  for (local_int i = 0; i < fine.A.rows; ++i) ASSERT_NEAR(x2[i], 2.0 * x1[i], 1e-12) << i;
}

TEST_F(Multigrid16, VCycleTimesEachLevelOnlyWhenEnabled) {
  const Level& fine = problem_.fine();
  BackendVector r = reference_->allocate(0, VectorRole::check, fine.A.rows);
  BackendVector x = reference_->allocate(0, VectorRole::check, fine.A.columns);
  reference_->fill(r, 1.0);
  MgLevelTimes& times = ws_->mg_level_times;
  apply_mg(*ws_, r, x);
  EXPECT_FALSE(times.reported()) << "off unless the benchmark turns it on";

  times.enable(true);
  const double start = wall_time();
  for (int call = 0; call < 3; ++call) apply_mg(*ws_, r, x);
  const double elapsed = wall_time() - start;
  times.enable(false);
  apply_mg(*ws_, r, x);
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

/// A whole V-cycle that opens no level scopes, like a C ABI plugin's mg().
class UntimedMgBackend : public Backend {
 public:
  std::string name() const override { return "untimed-mg"; }
  std::string version() const override { return "test"; }
  bool mg(HaloService&, const BackendVector& r, BackendVector& x) override {
    copy(r, r.size(), x);
    return true;
  }
};

TEST_F(Multigrid16, AWholeVCycleWithoutScopesReportsNoLevels) {
  UntimedMgBackend untimed;
  auto ws = workspace(untimed);
  ws->mg_level_times.enable(true);
  apply_mg(*ws, ws->cg.r, ws->cg.z);
  EXPECT_FALSE(ws->mg_level_times.reported());
}

TEST_F(Multigrid16, GlobalDotSumsOverTheCommunicator) {
  BackendVector ones = reference_->allocate(0, VectorRole::check, problem_.fine().A.rows);
  reference_->fill(ones, 1.0);
  double allreduce = 0.0;
  EXPECT_EQ(global_dot(*ws_, 4096, ones, ones, &allreduce), 4096.0);
  EXPECT_GE(allreduce, 0.0);
}

/// A dot product that returns NaN once validation is over: CG must name it, not stop quietly.
class NanDotBackend : public Backend {
 public:
  std::string name() const override { return "nan-dot"; }
  std::string version() const override { return "test"; }
  double dot(local_int n, const BackendVector& x, const BackendVector& y) override {
    return ++calls_ > 5 ? std::nan("") : Backend::dot(n, x, y);
  }

 private:
  int calls_ = 0;
};

TEST_F(Multigrid16, CgNamesTheFirstNonFiniteValue) {
  NanDotBackend faulty;
  auto ws = workspace(faulty);
  KernelTimes times;

  const CgResult result = run_cg(*ws, {50, 0.0, true}, times);

  EXPECT_LT(result.iterations, 50) << "stops at the NaN";
  EXPECT_NE(result.non_finite.find("in iteration"), std::string::npos) << result.non_finite;
}

}  // namespace
}  // namespace hpcg
