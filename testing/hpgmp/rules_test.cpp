// SPDX-License-Identifier: BSD-3-Clause
// HPG-MxP's rules as xhpgmp applies them: the penalty, the flags, the core's verdict on a solve,
// and the convection variant's coefficients against the formula written out here again.
#include <gtest/gtest.h>

#include <cmath>

#include "hpcg/base/error.hpp"
#include "hpcg/hpgmp/benchmark.hpp"

namespace hpcg::hpgmp {
namespace {

TEST(Penalty, IsTheIterationRatioNeverBelowOne) {
  EXPECT_NEAR(penalty_factor(29, 37), 37.0 / 29.0, 1e-15);  // the reference's 16^3, 2 ranks
  EXPECT_DOUBLE_EQ(penalty_factor(30, 30), 1.0);
  EXPECT_DOUBLE_EQ(penalty_factor(30, 20), 1.0);  // a faster mixed solver earns no bonus
  EXPECT_DOUBLE_EQ(penalty_factor(0, 5), 1.0);    // no reference run: no penalty to divide by
}

TEST(ProcessGrid, IsHpgmxpsCubicRadicalSearch) {
  using Grid = std::array<int, 3>;
  EXPECT_EQ(reference_process_grid(1), (Grid{1, 1, 1}));
  EXPECT_EQ(reference_process_grid(2), (Grid{1, 1, 2}));  // HPCG's would be 2x1x1
  EXPECT_EQ(reference_process_grid(4), (Grid{2, 1, 2}));
  EXPECT_EQ(reference_process_grid(6), (Grid{2, 1, 3}));
  EXPECT_EQ(reference_process_grid(8), (Grid{2, 2, 2}));
  Options o = parse_options({"--nx=16", "--ny=16", "--nz=16"}, 4);
  EXPECT_EQ((Grid{o.params.npx, o.params.npy, o.params.npz}), (Grid{2, 1, 2}));
}

TEST(Options, ReadsTheReferenceFlags) {
  Options o = parse_options({"--nx=24", "--ny=16", "--nz=16", "--rt=0", "--run_type=standalone_mxp",
                             "--validation_type", "fullscale", "--problem=convection"},
                            1);
  EXPECT_EQ(o.params.nx, 24);
  EXPECT_EQ(o.params.runtime_seconds, 0);
  EXPECT_EQ(o.run_type, RunType::standalone_mxp);
  EXPECT_EQ(o.validation, ValidationType::fullscale);
  EXPECT_EQ(o.coefficients, Coefficients::convection);
  EXPECT_FALSE(o.validates());
}

TEST(Options, RefusesBadInput) {
  EXPECT_THROW(parse_options({"--nx=16", "--ny=16", "--nz=16", "--run_type=fast"}, 1), InputError);
  EXPECT_THROW(parse_options({"--nx=17", "--ny=16", "--nz=16"}, 1), InputError);
  EXPECT_THROW(parse_options({"--nx=-16"}, 1), InputError);
  EXPECT_THROW(parse_options({"--bogus=1"}, 1), InputError);
  EXPECT_THROW(parse_options({"--nx=16", "--ny=16", "--nz=16", "--npx=2", "--npy=1", "--npz=1"}, 1),
               InputError);
  EXPECT_THROW(parse_options({}, 1, "/nonexistent/hpgmp.dat"), InputError);
}

SolveRecord solved(double final_norm, double recomputed) {
  SolveRecord r;
  r.iterations = 30;
  r.initial_norm = 100;
  r.final_norm = final_norm;
  r.recomputed_norm = recomputed;
  r.converged = true;
  return r;
}

TEST(CheckSolve, AcceptsAResidualTheCoreReproduces) {
  std::vector<std::string> failures;
  check_solve(solved(5e-8, 5e-8 * (1 + 1e-9)), 1e-9, "s", failures);
  EXPECT_TRUE(failures.empty());
}

TEST(CheckSolve, RefusesAReportedResidualThatWasNotReached) {
  std::vector<std::string> failures;  // a skipped refinement, a float outer loop, ...
  check_solve(solved(5e-8, 3e-5), 1e-9, "s", failures);
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_NE(failures[0].find("recomputed in double"), std::string::npos);
}

TEST(CheckSolve, RefusesAResidualAboveTheTolerance) {
  std::vector<std::string> failures;
  check_solve(solved(2e-7, 2e-7), 1e-9, "s", failures);
  EXPECT_EQ(failures.size(), 1u);
  SolveRecord stalled = solved(5e-8, 5e-8);
  stalled.converged = false;
  failures.clear();
  check_solve(stalled, 1e-9, "s", failures);
  EXPECT_EQ(failures.size(), 1u);
}

TEST(Convection, EntriesFollowHpgmxpsFormula) {
  Geometry g;
  g.gnx = 33;
  g.gny = 17;
  g.gnz = 9;
  auto beta = [&](double x, double y, double z) {
    return std::sqrt(1 + x / 32) * std::sqrt(1 + y / 16) * std::sqrt(1 + z / 8);
  };
  const double bi = beta(4, 5, 6);
  EXPECT_DOUBLE_EQ(nonsym_entry<double>(g, 4, 5, 6, 0, 0, 0), 26 * bi * bi);
  EXPECT_NEAR(nonsym_entry<double>(g, 4, 5, 6, 1, 0, 0), bi * beta(5, 5, 6) + 5, 1e-13);
  EXPECT_NEAR(nonsym_entry<double>(g, 4, 5, 6, -1, 0, 0), bi * beta(3, 5, 6) - 5, 1e-13);
  EXPECT_NEAR(nonsym_entry<double>(g, 4, 5, 6, 1, 1, 0), bi * beta(5, 6, 6), 1e-13);
  // Nonsymmetric: the x neighbours' entries differ by gamma in the two rows.
  EXPECT_NEAR(nonsym_entry<double>(g, 4, 5, 6, 1, 0, 0) - nonsym_entry<double>(g, 5, 5, 6, -1, 0, 0),
              10.0, 1e-12);
  // The float entries are computed in float, so they agree to float's precision only.
  EXPECT_NEAR(nonsym_entry<float>(g, 4, 5, 6, 1, 1, 1), nonsym_entry<double>(g, 4, 5, 6, 1, 1, 1),
              1e-5);
}

}  // namespace
}  // namespace hpcg::hpgmp
