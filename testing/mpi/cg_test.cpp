// SPDX-License-Identifier: BSD-3-Clause
// CG across ranks: unpreconditioned CG follows the single-rank run of the same global problem
// (only the dot products' summation order differs), preconditioned CG converges, and HPCG's
// distributed validation tests pass.
#include "hpcg/solver/cg.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "grid_cases.hpp"
#include "hpcg/backend/registry.hpp"
#include "hpcg/problem/process_grid.hpp"
#include "hpcg/validation/validation.hpp"
#include "rank_checks.hpp"

namespace hpcg {
namespace {

using testing::RankChecks;

constexpr int iterations = 50;

CgResult solve(Backend& backend, Problem& problem, const Comm& comm, bool preconditioned) {
  KernelTimes times;
  problem.x.fill(0.0);
  return run_cg(backend, problem, comm, problem.b, problem.x, {iterations, 0.0, preconditioned},
                times);
}

bool close(double a, double b, double relative) {
  return std::fabs(a - b) <= relative * std::fabs(b);
}

// 16^3 per rank on the automatic grid, plus two z-blocks of different depth when the ranks can
// form two process layers.
std::vector<testing::GridCase> local_16_cases(int ranks) {
  std::vector<testing::GridCase> cases{{"automatic", testing::small_params(16, 16, 16)}};
  if (ranks >= 2) {
    testing::GridCase blocks{"z-blocks", testing::small_params(16, 16, 16, 1, ranks / 2, 2)};
    blocks.params.pz = 1;
    blocks.params.zl = 8;
    blocks.params.zu = 16;
    cases.push_back(blocks);
  }
  return cases;
}

// The same 32^3 global grid for every rank count (1, 2, 4): automatic grid and two z-blocks.
// Fixed and this large because CG on a smaller global grid reaches round-off before 50
// iterations (32x16x16: 2e-13), where no two summation orders agree to 1e-8 any more; here
// the residual after 50 iterations is about 1e-9.
std::vector<testing::GridCase> global_32_cases(int ranks) {
  auto grid = compute_process_grid(ranks);
  std::vector<testing::GridCase> cases{
      {"automatic", testing::small_params(32 / grid[0], 32 / grid[1], 32 / grid[2])}};
  if (ranks >= 2) {
    testing::GridCase blocks{"z-blocks", testing::small_params(32, 64 / ranks, 8, 1, ranks / 2, 2)};
    blocks.params.pz = 1;
    blocks.params.zl = 8;
    blocks.params.zu = 24;
    cases.push_back(blocks);
  }
  return cases;
}

TEST(DistributedCg, UnpreconditionedMatchesSingleRank) {
  Comm comm;
  Comm self(MPI_COMM_SELF);
  auto backend = make_backend("reference");
  for (const auto& grid : global_32_cases(comm.size())) {
    SCOPED_TRACE(grid.name);
    Problem problem = generate_problem(make_geometry(grid.params, comm.rank(), comm.size()), comm);
    ASSERT_EQ(problem.fine().geometry.global_rows(), 32 * 32 * 32);  // same on every rank
    Problem serial = generate_problem(testing::serial_geometry(problem.fine().geometry), self);
    CgResult distributed = solve(*backend, problem, comm, false);
    CgResult single = solve(*backend, serial, self, false);

    RankChecks checks;
    checks.check(distributed.iterations == iterations && single.iterations == iterations,
                 "tolerance 0 must run all iterations");
    checks.check(close(distributed.initial_residual_norm, single.initial_residual_norm, 1e-12),
                 "initial residual " + testing::num(distributed.initial_residual_norm) + " vs " +
                     testing::num(single.initial_residual_norm));
    // Reductions in a different order perturb each iteration at round-off; 50 steps amplify
    // that to about 1e-12 relative while the residual stays well above round-off.
    checks.check(close(distributed.scaled_residual(), single.scaled_residual(), 1e-8),
                 "scaled residual " + testing::num(distributed.scaled_residual()) + " vs " +
                     testing::num(single.scaled_residual()));
    // A residual that stalls would also match itself: require real progress.
    checks.check(single.scaled_residual() < 0.5, "unpreconditioned CG made no progress");
    const Geometry& g = problem.fine().geometry;
    for (local_int i = 0; i < problem.fine().A.rows; ++i) {
      global_int gid = testing::global_id_of_row(g, i);
      double want = serial.x[static_cast<local_int>(gid)];
      if (!checks.check(std::fabs(problem.x[i] - want) <= 1e-8 * (1.0 + std::fabs(want)),
                        "solution at gid " + std::to_string(gid) + ": " +
                            testing::num(problem.x[i]) + " vs " + testing::num(want))) {
        break;
      }
    }
    HPCG_EXPECT_ALL_RANKS(checks);
  }
}

TEST(DistributedCg, PreconditionedConverges) {
  Comm comm;
  auto backend = make_backend("reference");
  for (const auto& grid : local_16_cases(comm.size())) {
    SCOPED_TRACE(grid.name);
    Problem problem = generate_problem(make_geometry(grid.params, comm.rank(), comm.size()), comm);
    CgResult result = solve(*backend, problem, comm, true);
    RankChecks checks;
    checks.check(result.iterations == iterations, "tolerance 0 must run all iterations");
    checks.check(result.scaled_residual() < 1e-6,
                 "scaled residual " + testing::num(result.scaled_residual()) + " after " +
                     std::to_string(iterations) + " preconditioned iterations");
    // Every rank must see the same global residual (it comes from an Allreduce).
    checks.check(comm.max(result.scaled_residual()) == comm.min(result.scaled_residual()),
                 "ranks disagree on the residual");
    // The solution is all ones (b = A * 1).
    double worst = 0.0;
    for (local_int i = 0; i < problem.fine().A.rows; ++i) {
      worst = std::fmax(worst, std::fabs(problem.x[i] - 1.0));
    }
    checks.check(worst < 1e-4, "max |x - 1| = " + testing::num(worst));
    HPCG_EXPECT_ALL_RANKS(checks);
  }
}

TEST(DistributedValidation, SymmetryTestPasses) {
  Comm comm;
  auto backend = make_backend("reference");
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  TestVectorSource source;
  SymmetryTestResult result = test_symmetry(*backend, problem, comm, source);
  RankChecks checks;
  checks.check(result.passed(), "departures: spmv " + testing::num(result.spmv_departure) +
                                    ", mg " + testing::num(result.mg_departure));
  checks.check(std::isfinite(result.spmv_departure) && std::isfinite(result.mg_departure),
               "departure not finite");
  checks.check(result.spmv_residuals.size() == 2, "two SpMV residuals expected");
  for (double residual : result.spmv_residuals) {
    checks.check(residual == 0.0, "||b - A xexact||_inf = " + testing::num(residual));
  }
  HPCG_EXPECT_ALL_RANKS(checks);
}

TEST(DistributedValidation, CgTestPassesAndRestoresTheProblem) {
  Comm comm;
  auto backend = make_backend("reference");
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  std::vector<double> values = problem.fine().A.values;
  std::vector<double> b(problem.b.data(), problem.b.data() + problem.b.size());
  CgTestResult result = test_cg(*backend, problem, comm);
  RankChecks checks;
  checks.check(result.passed(), "TestCG failures: " + std::to_string(result.failures) +
                                    " (max iterations " +
                                    std::to_string(result.max_unpreconditioned) + " / " +
                                    std::to_string(result.max_preconditioned) + ")");
  checks.check(result.max_unpreconditioned > 0 && result.max_preconditioned > 0,
               "TestCG ran no iterations");
  checks.check(problem.fine().A.values == values, "matrix values not restored");
  checks.check(std::equal(b.begin(), b.end(), problem.b.data()), "b not restored");
  HPCG_EXPECT_ALL_RANKS(checks);
}

}  // namespace
}  // namespace hpcg
