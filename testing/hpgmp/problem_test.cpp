// SPDX-License-Identifier: BSD-3-Clause
// The HPG-MxP problem across ranks: one global 32x32x16 grid split over 1, 2 and 4 ranks, its
// right-hand side and a product A v compared with sums over the global grid computed here
// point by point from the coefficient formula (so numbering, halo and values are all checked).
#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>

#include <vector>

#include "hpcg/backends/reference_float_kernels.hpp"
#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/hpgmp/nonsym_problem.hpp"
#include "rank_checks.hpp"
#include "test_problem.hpp"

namespace hpcg::hpgmp {
namespace {

using testing::RankChecks;

constexpr int gnx = 32, gny = 32, gnz = 16;

Geometry split_geometry(const Comm& comm) {
  int npx = comm.size() >= 2 ? 2 : 1, npy = comm.size() >= 4 ? 2 : 1;
  Params p = testing::small_params(gnx / npx, gny / npy, gnz, npx, npy, 1);
  return make_geometry(p, comm.rank(), comm.size());
}

double entry(const Geometry& g, Coefficients c, global_int x, global_int y, global_int z, int sx,
             int sy, int sz) {
  if (c == Coefficients::convection) return nonsym_entry<double>(g, x, y, z, sx, sy, sz);
  return sx == 0 && sy == 0 && sz == 0 ? 26.0 : -1.0;
}

double probe(global_int gid) { return std::sin(0.001 * static_cast<double>(gid)); }

/// Over the global grid: sum of b, and sum of (A v)_i * i for v_j = probe(j).
std::pair<double, double> global_sums(const Geometry& g, Coefficients c) {
  double sum_b = 0, sum_av = 0;
  for (global_int z = 0; z < gnz; ++z) {
    for (global_int y = 0; y < gny; ++y) {
      for (global_int x = 0; x < gnx; ++x) {
        double b = 0, av = 0;
        for (int sz = -1; sz <= 1; ++sz) {
          for (int sy = -1; sy <= 1; ++sy) {
            for (int sx = -1; sx <= 1; ++sx) {
              global_int X = x + sx, Y = y + sy, Z = z + sz;
              if (X < 0 || Y < 0 || Z < 0 || X >= gnx || Y >= gny || Z >= gnz) continue;
              double a = entry(g, c, x, y, z, sx, sy, sz);
              b += a;
              av += a * probe((Z * gny + Y) * gnx + X);
            }
          }
        }
        sum_b += b;
        sum_av += av * static_cast<double>((z * gny + y) * gnx + x);
      }
    }
  }
  return {sum_b, sum_av};
}

class ProblemTest : public ::testing::TestWithParam<Coefficients> {};

TEST_P(ProblemTest, MatchesTheGlobalFormulaOnAnySplit) {
  Comm comm(MPI_COMM_WORLD);
  Geometry g = split_geometry(comm);
  ASSERT_EQ(g.gnx, gnx);
  NonsymProblem problem = generate_nonsym_problem(g, comm, GetParam());
  Level& fine = problem.fine();
  RankChecks checks;

  std::vector<double> v(fine.A.columns), av(fine.A.rows);
  double local_b = 0, local_av = 0;
  for (int iz = 0; iz < g.nz; ++iz) {
    for (int iy = 0; iy < g.ny; ++iy) {
      for (int ix = 0; ix < g.nx; ++ix) {
        local_int row = (iz * g.ny + iy) * g.nx + ix;
        v[row] = probe(g.global_index(ix, iy, iz));
      }
    }
  }
  fine.A.exchange.run(v.data());
  reference::spmv(fine.A, v.data(), av.data());
  for (int iz = 0; iz < g.nz; ++iz) {
    for (int iy = 0; iy < g.ny; ++iy) {
      for (int ix = 0; ix < g.nx; ++ix) {
        local_int row = (iz * g.ny + iy) * g.nx + ix;
        local_b += problem.b[row];
        local_av += av[row] * static_cast<double>(g.global_index(ix, iy, iz));
      }
    }
  }
  auto [sum_b, sum_av] = global_sums(g, GetParam());
  double total_b = comm.sum(local_b), total_av = comm.sum(local_av);
  checks.check(std::abs(total_b - sum_b) <= 1e-10 * std::abs(sum_b),
               "sum of b " + testing::num(total_b) + " vs " + testing::num(sum_b));
  checks.check(std::abs(total_av - sum_av) <= 1e-10 * std::abs(sum_av),
               "A v " + testing::num(total_av) + " vs " + testing::num(sum_av));
  HPCG_EXPECT_ALL_RANKS(checks);
}

TEST_P(ProblemTest, OnesSolveEveryLevelInBothPrecisions) {
  Comm comm(MPI_COMM_WORLD);
  NonsymProblem problem = generate_nonsym_problem(split_geometry(comm), comm, GetParam());
  RankChecks checks;
  for (Level& level : problem.levels) {
    std::vector<double> ones(level.A.columns, 1.0), row_sums(level.A.rows);
    std::vector<float> ones_f(level.A.columns, 1.0f), row_sums_f(level.A.rows);
    std::vector<float> values_f(level.A.values.begin(), level.A.values.end());
    reference::spmv(level.A, ones.data(), row_sums.data());
    reference::spmv_values(level.A, values_f.data(), ones_f.data(), row_sums_f.data());
    for (local_int i = 0; i < level.A.rows; ++i) {
      double sum = 0;  // the row sum, in entry order as b is built
      for (nnz_int k = level.A.row_start[i]; k < level.A.row_start[i + 1]; ++k) sum += level.A.values[k];
      if (&level == &problem.fine()) checks.check(problem.b[i] == sum, "b is not the row sum");
      checks.check(row_sums[i] == sum, "double SpMV of ones is not the row sum");
      checks.check(std::abs(row_sums_f[i] - sum) <= 1e-5 * std::abs(sum) + 1e-4,
                   "float SpMV of ones " + testing::num(row_sums_f[i]) + " vs " + testing::num(sum));
    }
  }
  HPCG_EXPECT_ALL_RANKS(checks);
}

INSTANTIATE_TEST_SUITE_P(Coefficients, ProblemTest,
                         ::testing::Values(Coefficients::reference, Coefficients::convection),
                         [](const auto& param_info) {
                           return param_info.param == Coefficients::reference ? "reference" : "convection";
                         });

}  // namespace
}  // namespace hpcg::hpgmp
