// SPDX-License-Identifier: BSD-3-Clause
// The reference kernels against dense textbook versions written here. Matrix values are
// randomised (keeping the stencil's pattern) so that a kernel that assumed 26/-1 would fail.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/problem/problem.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

using Dense = std::vector<std::vector<double>>;

Vector random_vector(local_int n, unsigned seed) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  Vector v(n);
  for (local_int i = 0; i < n; ++i) v[i] = dist(engine);
  return v;
}

/// A 27-point matrix on one rank with random off-diagonals in [-1, 0) and a dominant diagonal.
SparseMatrix random_stencil_matrix(int nx, int ny, int nz) {
  Comm comm(MPI_COMM_SELF);
  SparseMatrix A = generate_stencil_matrix(testing::small_geometry(comm, nx, ny, nz), comm);
  std::mt19937 engine(42);
  std::uniform_real_distribution<double> dist(0.0, 1.0);
  for (double& value : A.values) value = -0.5 - 0.5 * dist(engine);
  for (local_int i = 0; i < A.rows; ++i) A.values[A.diagonal[i]] = 20.0 + 10.0 * dist(engine);
  return A;
}

Dense to_dense(const SparseMatrix& A) {
  Dense D(A.rows, std::vector<double>(A.columns, 0.0));
  for (local_int i = 0; i < A.rows; ++i) {
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      D[i][A.column_index[k]] += A.values[k];
    }
  }
  return D;
}

/// One Gauss-Seidel sweep over the rows in `order`; columns >= rows (halo) are read only.
void dense_sweep(const Dense& D, const std::vector<double>& r, std::vector<double>& x,
                 bool forward) {
  const int n = static_cast<int>(D.size());
  for (int step = 0; step < n; ++step) {
    int i = forward ? step : n - 1 - step;
    double sum = r[i];
    for (size_t j = 0; j < x.size(); ++j) {
      if (static_cast<int>(j) != i) sum -= D[i][j] * x[j];
    }
    x[i] = sum / D[i][i];
  }
}

std::vector<double> as_std(const Vector& v) { return {v.data(), v.data() + v.size()}; }

void expect_symgs_matches_dense(const SparseMatrix& A) {
  const Dense D = to_dense(A);
  Vector r = random_vector(A.rows, 1);
  Vector x = random_vector(A.columns, 2);
  std::vector<double> expected = as_std(x);
  dense_sweep(D, as_std(r), expected, true);
  dense_sweep(D, as_std(r), expected, false);
  reference::symgs(A, r.data(), x.data());
  for (local_int i = 0; i < A.columns; ++i) EXPECT_NEAR(x[i], expected[i], 1e-12) << i;
}

TEST(ReferenceSymgs, MatchesDenseForwardThenBackwardGaussSeidel) {
  expect_symgs_matches_dense(random_stencil_matrix(3, 3, 3));
  expect_symgs_matches_dense(random_stencil_matrix(4, 3, 2));
}

TEST(ReferenceSymgs, IsNotJustAForwardSweep) {
  // Guards the dense comparison itself: one forward sweep gives a visibly different x.
  SparseMatrix A = random_stencil_matrix(3, 3, 3);
  Vector r = random_vector(A.rows, 3);
  Vector x(A.columns);
  std::vector<double> forward_only(A.columns, 0.0);
  dense_sweep(to_dense(A), as_std(r), forward_only, true);
  reference::symgs(A, r.data(), x.data());
  double difference = 0.0;
  for (local_int i = 0; i < A.rows; ++i) difference += std::fabs(x[i] - forward_only[i]);
  EXPECT_GT(difference, 1e-3);
}

/// Rows 0..2 of a path with two halo columns (3 and 4), as a second rank would leave them.
SparseMatrix matrix_with_halo() {
  SparseMatrix A;
  A.rows = 3;
  A.columns = 5;
  A.row_start = {0, 3, 6, 9};
  A.column_index = {0, 1, 3, /**/ 0, 1, 2, /**/ 1, 2, 4};
  A.values = {4.0, -1.0, -0.5, /**/ -1.0, 5.0, -2.0, /**/ -1.5, 6.0, -0.25};
  A.diagonal = {0, 4, 7};
  return A;
}

TEST(ReferenceSymgs, HaloValuesAreReadButNeverWritten) {
  SparseMatrix A = matrix_with_halo();
  expect_symgs_matches_dense(A);
  Vector r = random_vector(A.rows, 4);
  Vector x = random_vector(A.columns, 5);
  const double halo3 = x[3], halo4 = x[4];
  reference::symgs(A, r.data(), x.data());
  EXPECT_EQ(x[3], halo3);
  EXPECT_EQ(x[4], halo4);
}

TEST(ReferenceSymgs, RepeatedStepsConvergeToTheSolution) {
  // Gauss-Seidel converges on the SPD stencil matrix: b = A * ones must give x -> ones.
  Comm comm(MPI_COMM_SELF);
  const SparseMatrix A = generate_stencil_matrix(testing::small_geometry(comm, 4, 4, 4), comm);
  Vector ones(A.columns), b(A.rows), x(A.columns);
  ones.fill(1.0);
  reference::spmv(A, ones.data(), b.data());
  for (int step = 0; step < 200; ++step) reference::symgs(A, b.data(), x.data());
  for (local_int i = 0; i < A.rows; ++i) EXPECT_NEAR(x[i], 1.0, 1e-10) << i;
}

void expect_spmv_matches_dense(const SparseMatrix& A) {
  const Dense D = to_dense(A);
  Vector x = random_vector(A.columns, 6);
  Vector y(A.rows);
  y.fill(123.0);  // spmv overwrites y, it does not accumulate
  reference::spmv(A, x.data(), y.data());
  for (local_int i = 0; i < A.rows; ++i) {
    double expected = 0.0;
    for (local_int j = 0; j < A.columns; ++j) expected += D[i][j] * x[j];
    EXPECT_NEAR(y[i], expected, 1e-13) << i;
  }
}

TEST(ReferenceSpmv, MatchesDenseProduct) {
  expect_spmv_matches_dense(random_stencil_matrix(4, 3, 2));
  expect_spmv_matches_dense(matrix_with_halo());
}

TEST(ReferenceWaxpby, ComputesAlphaXPlusBetaY) {
  Vector x = random_vector(17, 7), y = random_vector(17, 8), w(17);
  reference::waxpby(17, 2.5, x.data(), -0.75, y.data(), w.data());
  for (local_int i = 0; i < 17; ++i) EXPECT_DOUBLE_EQ(w[i], 2.5 * x[i] - 0.75 * y[i]);
  for (double alpha : {1.0, 0.0}) {  // the reference has fast paths for 1
    reference::waxpby(17, alpha, x.data(), 1.0, y.data(), w.data());
    for (local_int i = 0; i < 17; ++i) EXPECT_DOUBLE_EQ(w[i], alpha * x[i] + y[i]);
  }
}

TEST(ReferenceWaxpby, OutputMayAliasAnInput) {
  // CG updates x := x + alpha p and r := r - alpha Ap in place.
  Vector x = random_vector(9, 9), y = random_vector(9, 10);
  std::vector<double> x0 = as_std(x), y0 = as_std(y);
  reference::waxpby(9, 1.0, x.data(), 0.5, y.data(), x.data());
  for (local_int i = 0; i < 9; ++i) EXPECT_DOUBLE_EQ(x[i], x0[i] + 0.5 * y0[i]);
  reference::waxpby(9, -2.0, x.data(), 3.0, y.data(), y.data());
  for (local_int i = 0; i < 9; ++i) EXPECT_DOUBLE_EQ(y[i], -2.0 * x[i] + 3.0 * y0[i]);
}

TEST(ReferenceWaxpby, TouchesOnlyTheFirstNEntries) {
  Vector x(8), y(8), w(8);
  x.fill(1.0);
  y.fill(2.0);
  w.fill(-7.0);
  reference::waxpby(5, 1.0, x.data(), 1.0, y.data(), w.data());
  for (local_int i = 0; i < 5; ++i) EXPECT_EQ(w[i], 3.0);
  for (local_int i = 5; i < 8; ++i) EXPECT_EQ(w[i], -7.0);
}

TEST(ReferenceDot, SumsProductsOfTheFirstNEntries) {
  Vector x(6), y(6);
  for (local_int i = 0; i < 6; ++i) {
    x[i] = i + 1;
    y[i] = 2.0 - i;
  }
  EXPECT_EQ(reference::dot(6, x.data(), y.data()), 2 + 2 + 0 - 4 - 10 - 18);
  EXPECT_EQ(reference::dot(3, x.data(), y.data()), 4.0);
  EXPECT_EQ(reference::dot(6, x.data(), x.data()), 1 + 4 + 9 + 16 + 25 + 36);
  EXPECT_EQ(reference::dot(0, x.data(), y.data()), 0.0);
}

TEST(ReferenceTransfers, RestrictedResidualIsSpmvThenInjectionBitForBit) {
  Level fine;
  fine.A = matrix_with_halo();
  fine.coarse_to_fine = {0, 2};
  const Vector r = random_vector(3, 11), x = random_vector(5, 12);
  Vector Ax(3), rc(2);
  reference::spmv(fine.A, x.data(), Ax.data());

  reference::residual_restriction(fine, r.data(), x.data(), rc.data());

  EXPECT_EQ(rc[0], r[0] - Ax[0]);
  EXPECT_EQ(rc[1], r[2] - Ax[2]);
  EXPECT_NE(rc[1], r[2]) << "the product is subtracted";
}

TEST(ReferenceTransfers, RestrictedResidualOnFullStencilRowsIsSpmvThenInjection) {
  // Full 27-entry rows with random values: a kernel summing in another order than SpMV (or
  // fusing r into the sum) would differ in the last bits somewhere among these rows.
  Level fine;
  fine.A = random_stencil_matrix(6, 4, 4);
  for (local_int i = fine.A.rows - 1; i >= 0; --i) fine.coarse_to_fine.push_back(i);
  const Vector r = random_vector(fine.A.rows, 13), x = random_vector(fine.A.columns, 14);
  Vector Ax(fine.A.rows), rc(fine.A.rows);
  reference::spmv(fine.A, x.data(), Ax.data());

  reference::residual_restriction(fine, r.data(), x.data(), rc.data());

  for (local_int i = 0; i < fine.A.rows; ++i) {
    const local_int f = fine.coarse_to_fine[i];
    ASSERT_EQ(rc[i], r[f] - Ax[f]) << "coarse row " << i << " from fine row " << f;
  }
}

TEST(ReferenceTransfers, ProlongationAddsAtTheInjectedRows) {
  Level fine;
  fine.coarse_to_fine = {0, 2, 5};
  Vector x(6), xc(3);
  x.fill(100.0);
  xc[0] = 1.0;
  xc[1] = 2.0;
  xc[2] = 3.0;

  reference::prolongation(fine, xc.data(), x.data());

  const double expected[6] = {101, 100, 102, 100, 100, 103};
  for (local_int i = 0; i < 6; ++i) EXPECT_EQ(x[i], expected[i]) << i;
}

}  // namespace
}  // namespace hpcg
