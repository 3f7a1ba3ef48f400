// SPDX-License-Identifier: BSD-3-Clause
// The 27-point problem on one rank (as HPCG 3.1 generates it), re-derived independently
// in the test as the reference's CheckProblem does: structure, values, b, counts and the
// injection maps between levels.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/problem/problem.hpp"
#include "hpcg/solver/workspace.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

global_int expected_nonzeros(global_int gx, global_int gy, global_int gz) {
  return (3 * gx - 2) * (3 * gy - 2) * (3 * gz - 2);
}

/// Whether a coordinate lies on the boundary of [0, extent).
int on_boundary(int c, int extent) { return c == 0 || c == extent - 1 ? 1 : 0; }

struct Dims {
  int nx, ny, nz;
};

class StencilMatrix : public ::testing::TestWithParam<Dims> {
 protected:
  Comm comm_{MPI_COMM_SELF};
};

TEST_P(StencilMatrix, CountsMatchTheClosedForm) {
  const Dims d = GetParam();
  Geometry g = testing::small_geometry(comm_, d.nx, d.ny, d.nz);
  SparseMatrix A = generate_stencil_matrix(g, comm_);
  EXPECT_EQ(A.rows, d.nx * d.ny * d.nz);
  EXPECT_EQ(A.columns, A.rows) << "one rank has no halo";
  EXPECT_EQ(A.global_rows, A.rows);
  EXPECT_EQ(A.global_nonzeros, expected_nonzeros(d.nx, d.ny, d.nz));
  EXPECT_EQ(A.nonzeros(), A.global_nonzeros);
  EXPECT_EQ(static_cast<nnz_int>(A.values.size()), A.nonzeros());
  EXPECT_EQ(static_cast<nnz_int>(A.column_index.size()), A.nonzeros());
}

TEST_P(StencilMatrix, RowsHoldExactlyTheStencilNeighboursInAscendingOrder) {
  const Dims d = GetParam();
  SparseMatrix A = generate_stencil_matrix(testing::small_geometry(comm_, d.nx, d.ny, d.nz), comm_);
  const int length_by_boundary_axes[4] = {27, 18, 12, 8};
  for (int iz = 0; iz < d.nz; ++iz) {
    for (int iy = 0; iy < d.ny; ++iy) {
      for (int ix = 0; ix < d.nx; ++ix) {
        const local_int row = (iz * d.ny + iy) * d.nx + ix;
        SCOPED_TRACE(::testing::Message() << "row " << row << " at " << ix << "," << iy << ","
                                          << iz);
        std::set<local_int> neighbours;
        for (int sz = -1; sz <= 1; ++sz) {
          for (int sy = -1; sy <= 1; ++sy) {
            for (int sx = -1; sx <= 1; ++sx) {
              int jx = ix + sx, jy = iy + sy, jz = iz + sz;
              if (jx < 0 || jy < 0 || jz < 0 || jx >= d.nx || jy >= d.ny || jz >= d.nz) continue;
              neighbours.insert((jz * d.ny + jy) * d.nx + jx);
            }
          }
        }
        const nnz_int begin = A.row_start[row], end = A.row_start[row + 1];
        int axes = on_boundary(ix, d.nx) + on_boundary(iy, d.ny) + on_boundary(iz, d.nz);
        ASSERT_EQ(end - begin, length_by_boundary_axes[axes]);
        std::set<local_int> columns(A.column_index.begin() + begin, A.column_index.begin() + end);
        EXPECT_EQ(columns, neighbours);
        for (nnz_int k = begin + 1; k < end; ++k) {
          EXPECT_LT(A.column_index[k - 1], A.column_index[k]);
        }
        ASSERT_GE(A.diagonal[row], begin);
        ASSERT_LT(A.diagonal[row], end);
        EXPECT_EQ(A.column_index[A.diagonal[row]], row);
        for (nnz_int k = begin; k < end; ++k) {
          EXPECT_EQ(A.values[k], k == A.diagonal[row] ? 26.0 : -1.0);
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(SmallGrids, StencilMatrix,
                         ::testing::Values(Dims{4, 4, 4}, Dims{3, 5, 7}, Dims{7, 3, 5},
                                           Dims{8, 8, 8}));

class GeneratedProblem : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    Comm comm(MPI_COMM_SELF);
    problem_ = new Problem(generate_problem(testing::small_geometry(comm, 16, 16, 16), comm));
  }
  static void TearDownTestSuite() {
    delete problem_;
    problem_ = nullptr;
  }
  static Problem* problem_;
};

Problem* GeneratedProblem::problem_ = nullptr;

TEST_F(GeneratedProblem, RightHandSideIsTheRowSumSoOnesSolveIt) {
  const Problem& p = *problem_;
  const SparseMatrix& A = p.fine().A;
  ASSERT_EQ(p.b.size(), A.rows);
  ASSERT_GE(p.xexact.size(), A.columns);
  Vector Ax(A.rows);
  reference::spmv(A, p.xexact.data(), Ax.data());
  for (local_int i = 0; i < A.rows; ++i) {
    ASSERT_EQ(p.xexact[i], 1.0);
    ASSERT_EQ(p.b[i], Ax[i]) << i;
    ASSERT_EQ(p.b[i], 26.0 - (A.row_start[i + 1] - A.row_start[i] - 1)) << i;
  }
  EXPECT_EQ(p.b[0], 19.0);   // corner: 8 entries
  EXPECT_EQ(p.b[(8 * 16 + 8) * 16 + 8], 0.0);  // interior: 27 entries
}

TEST_F(GeneratedProblem, FourLevelsOfOneEighthTheRows) {
  const Problem& p = *problem_;
  ASSERT_EQ(p.levels.size(), static_cast<size_t>(mg_levels));
  global_int rows = 16 * 16 * 16;
  int n = 16;
  for (int l = 0; l < mg_levels; ++l, rows /= 8, n /= 2) {
    SCOPED_TRACE(l);
    const Level& level = p.levels[l];
    EXPECT_EQ(level.geometry.nx, n);
    EXPECT_EQ(level.A.global_rows, rows);
    EXPECT_EQ(level.A.rows, rows);
    EXPECT_EQ(level.A.global_nonzeros, expected_nonzeros(n, n, n));
  }
  EXPECT_EQ(p.levels[3].A.global_nonzeros, 8 * 8);  // 2x2x2: every point couples with all
}

TEST_F(GeneratedProblem, CoarseToFineInjectsFromEvenFinePoints) {
  const Problem& p = *problem_;
  for (int l = 0; l + 1 < mg_levels; ++l) {
    const Geometry& f = p.levels[l].geometry;
    const Geometry& c = p.levels[l + 1].geometry;
    const auto& map = p.levels[l].coarse_to_fine;
    ASSERT_EQ(static_cast<local_int>(map.size()), c.local_rows()) << l;
    for (int k = 0; k < c.nz; ++k) {
      for (int j = 0; j < c.ny; ++j) {
        for (int i = 0; i < c.nx; ++i) {
          local_int coarse = (k * c.ny + j) * c.nx + i;
          local_int fine = (2 * k * f.ny + 2 * j) * f.nx + 2 * i;
          ASSERT_EQ(map[coarse], fine) << "level " << l << " (" << i << "," << j << "," << k
                                       << ")";
        }
      }
    }
  }
  EXPECT_TRUE(p.levels.back().coarse_to_fine.empty());
}

/// The core's default steps: host vectors and the reference kernels.
class DefaultSteps final : public Backend {
 public:
  std::string name() const override { return "default"; }
  std::string version() const override { return "0"; }
};

TEST_F(GeneratedProblem, WorkspaceVectorsHaveRowAndColumnLengthsAndHoldB) {
  Comm comm(MPI_COMM_SELF);
  DefaultSteps backend;
  backend.optimize(*problem_);

  Workspace ws(backend, *problem_, comm);

  const SparseMatrix& A = problem_->fine().A;
  EXPECT_EQ(ws.cg.b.size(), A.rows);
  EXPECT_EQ(ws.cg.r.size(), A.rows);
  EXPECT_EQ(ws.cg.Ap.size(), A.rows);
  EXPECT_EQ(ws.cg.x.size(), A.columns);
  EXPECT_EQ(ws.cg.z.size(), A.columns);
  EXPECT_EQ(ws.cg.p.size(), A.columns);
  for (int l = 1; l < mg_levels; ++l) {
    EXPECT_EQ(ws.mg[l].rhs.size(), problem_->levels[l].A.rows) << l;
    EXPECT_EQ(ws.mg[l].solution.size(), problem_->levels[l].A.columns) << l;
  }
  const Vector b = ws.download(ws.cg.b, A.rows), x = ws.download(ws.cg.x, A.columns);
  for (local_int i = 0; i < A.rows; ++i) {
    ASSERT_EQ(b[i], problem_->b[i]) << i;
    ASSERT_EQ(x[i], 0.0) << "the initial guess is zero";
  }
}

TEST(GenerateProblem, NonCubicLocalGrid) {
  Comm comm(MPI_COMM_SELF);
  Problem p = generate_problem(testing::small_geometry(comm, 16, 24, 32), comm);
  const global_int expected_rows[mg_levels] = {16 * 24 * 32, 8 * 12 * 16, 4 * 6 * 8, 2 * 3 * 4};
  for (int l = 0; l < mg_levels; ++l) {
    int nx = 16 >> l, ny = 24 >> l, nz = 32 >> l;
    EXPECT_EQ(p.levels[l].A.global_rows, expected_rows[l]) << l;
    EXPECT_EQ(p.levels[l].A.global_nonzeros, expected_nonzeros(nx, ny, nz)) << l;
  }
}

}  // namespace
}  // namespace hpcg
