// SPDX-License-Identifier: BSD-3-Clause
// What is particular to the openmp backend: its ordering is natural order on one thread (so it
// reproduces the reference bit for bit) and its V-cycle equals the core's V-cycle built from its
// own SymGS, although it skips work.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>

#include "../../src/backends/openmp/openmp_backend.hpp"
#include "hpcg/backend/registry.hpp"
#include "hpcg/solver/multigrid.hpp"
#include "hpcg/validation/validation.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

/// The openmp backend's kernels, but the core's V-cycle (mg() not overridden).
class UnfusedOpenMP : public backends::openmp::OpenMPBackend {
 public:
  bool mg(Problem&, const Vector&, Vector&) override { return false; }
};

Vector random_rows(local_int rows, local_int length) {
  Vector v(length);
  TestVectorSource source;
  Vector filled(rows);
  source.fill(filled);
  v.copy_from(filled);
  return v;
}

TEST(OpenMPBackend, OneThreadReproducesTheReferenceExactly) {
  omp_set_num_threads(1);
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  auto reference = make_backend("reference");
  backends::openmp::OpenMPBackend openmp;
  openmp.optimize(problem);
  const Level& fine = problem.fine();
  Vector r = random_rows(fine.A.rows, fine.A.rows);
  Vector expected(fine.A.columns), actual(fine.A.columns);
  apply_mg(*reference, problem, r, expected);
  apply_mg(openmp, problem, r, actual);
  bool identical = true;
  for (local_int i = 0; i < fine.A.rows; ++i) identical = identical && expected[i] == actual[i];
  EXPECT_EQ(comm.max(identical ? 0 : 1), 0);
}

TEST(OpenMPBackend, FusedVCycleEqualsTheCoreVCycle) {
  for (int threads : {1, 2, 4}) {
    omp_set_num_threads(threads);
    Comm comm;
    Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
    backends::openmp::OpenMPBackend fused;
    UnfusedOpenMP unfused;
    fused.optimize(problem);
    unfused.optimize(problem);
    const Level& fine = problem.fine();
    Vector r = random_rows(fine.A.rows, fine.A.rows);
    Vector a(fine.A.columns), b(fine.A.columns);
    apply_mg(fused, problem, r, a);
    apply_mg(unfused, problem, r, b);
    double worst = 0.0;
    for (local_int i = 0; i < fine.A.rows; ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
    EXPECT_LE(comm.max(worst), 1e-14) << threads << " threads";
  }
  omp_set_num_threads(1);
}

TEST(OpenMPBackend, UsesTwoColoursAndReportsItsMemory) {
  omp_set_num_threads(2);
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 32, 32, 32), comm);
  backends::openmp::OpenMPBackend backend;
  backend.optimize(problem);
  for (int colors : backend.colors_per_level()) EXPECT_LE(colors, 2);
  EXPECT_GT(backend.optimization_bytes(), 0.0);
  EXPECT_LT(backend.optimization_bytes(), 1024.0);  // a few integers per block, per level
  omp_set_num_threads(1);
}

}  // namespace
}  // namespace hpcg
