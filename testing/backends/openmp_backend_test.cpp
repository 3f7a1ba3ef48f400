// SPDX-License-Identifier: BSD-3-Clause
// What is particular to the openmp backend: it rearranges the core's rows in place without
// changing the matrix, its ordering is natural order on one thread (so it reproduces the
// reference up to rounding) and its V-cycle equals the core's V-cycle built from its own SymGS,
// although it skips work.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>
#include <vector>

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

/// Largest |a_i - b_i| over the owned rows, on every rank.
double max_difference(const Comm& comm, local_int rows, const Vector& a, const Vector& b) {
  double worst = 0.0;
  for (local_int i = 0; i < rows; ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
  return comm.max(worst);
}

TEST(OpenMPBackend, RowsInSweepOrderAreTheSameMatrix) {
  omp_set_num_threads(2);
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  const std::vector<SparseMatrix> before = [&] {
    std::vector<SparseMatrix> copies;
    for (const Level& level : problem.levels) copies.push_back(level.A);
    return copies;
  }();
  backends::openmp::OpenMPBackend openmp;
  openmp.optimize(problem);
  for (size_t l = 0; l < problem.levels.size(); ++l) {
    const SparseMatrix& A = problem.levels[l].A;
    const SparseMatrix& original = before[l];
    ASSERT_EQ(A.row_start, original.row_start);
    int wrong_rows = 0;
    for (local_int i = 0; i < A.rows; ++i) {
      // The same (column, value) pairs, the diagonal where A.diagonal says, L ascending and
      // owned, U descending.
      std::vector<std::pair<local_int, double>> got, expected;
      for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
        got.emplace_back(A.column_index[k], A.values[k]);
        expected.emplace_back(original.column_index[k], original.values[k]);
      }
      const auto lower_end = got.begin() + (A.diagonal[i] - A.row_start[i]);
      bool ok = lower_end->first == i && std::is_sorted(got.begin(), lower_end) &&
                std::is_sorted(lower_end + 1, got.end(), std::greater<>()) &&
                std::all_of(got.begin(), lower_end, [&](auto& e) { return e.first < A.rows; });
      std::sort(got.begin(), got.end());
      std::sort(expected.begin(), expected.end());
      wrong_rows += !ok || got != expected;
    }
    EXPECT_EQ(comm.sum(static_cast<global_int>(wrong_rows)), 0) << "level " << l;
  }
  // A second optimisation (another backend object, as the tests do) leaves the layout as it is.
  const std::vector<local_int> columns = problem.fine().A.column_index;
  backends::openmp::OpenMPBackend again;
  again.optimize(problem);
  EXPECT_EQ(problem.fine().A.column_index, columns);
  omp_set_num_threads(1);
}

TEST(OpenMPBackend, OneThreadIsTheReferenceUpToRounding) {
  omp_set_num_threads(1);
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  auto reference = make_backend("reference");
  const Level& fine = problem.fine();
  Vector r = random_rows(fine.A.rows, fine.A.rows);
  Vector expected(fine.A.columns), actual(fine.A.columns);
  apply_mg(*reference, problem, r, expected);
  backends::openmp::OpenMPBackend openmp;
  openmp.optimize(problem);
  apply_mg(openmp, problem, r, actual);
  EXPECT_LE(max_difference(comm, fine.A.rows, expected, actual), 1e-13);
  EXPECT_GT(max_difference(comm, fine.A.rows, expected, Vector(fine.A.columns)), 1e-3)
      << "the V-cycle does something";
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
    EXPECT_LE(max_difference(comm, fine.A.rows, a, b), 1e-14) << threads << " threads";
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
  // Per level: the U copy (half the off-diagonal entries, 12 bytes each, and an offset a row),
  // the inverse diagonal and a scratch vector (8 bytes a row each), and a few integers per block.
  double expected = 0.0;
  for (const Level& level : problem.levels) {
    const double rows = level.A.rows, off_diagonal = level.A.nonzeros() - rows;
    expected += 12.0 * off_diagonal / 2 + (8.0 + 8.0 + 8.0) * rows;
  }
  EXPECT_GT(backend.optimization_bytes(), 0.95 * expected);
  EXPECT_LT(backend.optimization_bytes(), 1.05 * expected + 1024.0);
  omp_set_num_threads(1);
}

}  // namespace
}  // namespace hpcg
