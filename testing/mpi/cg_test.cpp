// SPDX-License-Identifier: BSD-3-Clause
// CG across ranks: unpreconditioned CG follows the single-rank run of the same global problem
// (only the dot products' summation order differs), the core's V-cycle is HPCG 3.1's bit for
// bit, preconditioned CG converges, and HPCG's distributed validation tests pass.
#include "hpcg/solver/cg.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "grid_cases.hpp"
#include "hpcg/backends/registry.hpp"
#include "hpcg/problem/process_grid.hpp"
#include "hpcg/solver/host_calls.hpp"
#include "hpcg/validation/validation.hpp"
#include "rank_checks.hpp"

namespace hpcg {
namespace {

using testing::RankChecks;

constexpr int iterations = 50;

struct Solution {
  CgResult cg;
  Vector x;  ///< this rank's rows
};

/// CG from x = 0 with the reference backend's vectors.
Solution solve(Problem& problem, const Comm& comm, bool preconditioned) {
  auto backend = make_backend("reference");
  backend->optimize(problem);
  Workspace ws(*backend, problem, comm);
  KernelTimes times;
  CgResult cg = run_cg(ws, {iterations, 0.0, preconditioned}, times);
  return {cg, ws.download(ws.cg.x, problem.fine().A.rows)};
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
  for (const auto& grid : global_32_cases(comm.size())) {
    SCOPED_TRACE(grid.name);
    Problem problem = generate_problem(make_geometry(grid.params, comm.rank(), comm.size()), comm);
    ASSERT_EQ(problem.fine().geometry.global_rows(), 32 * 32 * 32);  // same on every rank
    Problem serial = generate_problem(testing::serial_geometry(problem.fine().geometry), self);
    const Solution distributed_solution = solve(problem, comm, false);
    const Solution serial_solution = solve(serial, self, false);
    const CgResult &distributed = distributed_solution.cg, &single = serial_solution.cg;

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
      double want = serial_solution.x[static_cast<local_int>(gid)];
      const double got = distributed_solution.x[i];
      if (!checks.check(std::fabs(got - want) <= 1e-8 * (1.0 + std::fabs(want)),
                        "solution at gid " + std::to_string(gid) + ": " + testing::num(got) +
                            " vs " + testing::num(want))) {
        break;
      }
    }
    HPCG_EXPECT_ALL_RANKS(checks);
  }
}

TEST(DistributedMultigrid, CoreVCycleIsHpcg31sBitForBit) {
  // The core skips HPCG 3.1's first halo exchange (x = 0) and computes the residual only at the
  // injected rows; on any process grid neither may change a bit of M r.
  Comm comm;
  auto cases = testing::grid_cases(comm.size(), 8, 8, 8, 8, 16);
  // The automatic grid and the last (z-blocks of different depth when there are several ranks).
  for (size_t c : {size_t{0}, cases.size() - 1}) {
    SCOPED_TRACE(cases[c].name);
    Problem problem =
        generate_problem(make_geometry(cases[c].params, comm.rank(), comm.size()), comm);
    const local_int rows = problem.fine().A.rows;
    const Vector r = testing::random_rows(rows, rows);
    Vector expected(problem.fine().A.columns);
    testing::hpcg31_v_cycle(problem, 0, r, expected);
    auto backend = make_backend("reference");
    backend->optimize(problem);
    Workspace ws(*backend, problem, comm);

    const Vector actual = on_host::mg(ws, r);

    RankChecks checks;
    double largest = 0.0;
    for (local_int i = 0; i < rows; ++i) {
      largest = std::fmax(largest, std::fabs(expected[i]));
      if (!checks.check(actual[i] == expected[i], "row " + std::to_string(i) + ": " +
                                                      testing::num(actual[i]) + " vs HPCG 3.1 " +
                                                      testing::num(expected[i]))) {
        break;
      }
    }
    checks.check(largest > 0.0, "the V-cycle left x = 0");
    HPCG_EXPECT_ALL_RANKS(checks);
  }
}

TEST(DistributedCg, PreconditionedConverges) {
  Comm comm;
  for (const auto& grid : local_16_cases(comm.size())) {
    SCOPED_TRACE(grid.name);
    Problem problem = generate_problem(make_geometry(grid.params, comm.rank(), comm.size()), comm);
    const Solution solution = solve(problem, comm, true);
    const CgResult& result = solution.cg;
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
      worst = std::fmax(worst, std::fabs(solution.x[i] - 1.0));
    }
    checks.check(worst < 1e-4, "max |x - 1| = " + testing::num(worst));
    HPCG_EXPECT_ALL_RANKS(checks);
  }
}

TEST(DistributedValidation, SymmetryTestPasses) {
  Comm comm;
  auto backend = make_backend("reference");
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  backend->optimize(problem);
  Workspace ws(*backend, problem, comm);
  TestVectorSource source;
  SymmetryTestResult result = test_symmetry(ws, source);
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
  backend->optimize(problem);
  Workspace ws(*backend, problem, comm);
  CgTestResult result = test_cg(ws);
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
