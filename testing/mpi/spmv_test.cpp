// SPDX-License-Identifier: BSD-3-Clause
// Distributed SpMV (halo exchange, then the reference kernel on each rank's rows) equals SpMV of
// the same global matrix held by one rank, row by row, on uneven grids and every MG level; the
// V-cycle's restricted residual equals that SpMV followed by injection, bit for bit.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "grid_cases.hpp"
#include "hpcg/backends/registry.hpp"
#include "hpcg/solver/host_calls.hpp"
#include "rank_checks.hpp"

namespace hpcg {
namespace {

using testing::RankChecks;

// Smooth but not constant, so that a value taken from the wrong column changes the product.
double input_value(global_int gid) {
  return 1.0 + 0.5 * std::sin(0.37 * static_cast<double>(gid)) +
         1.0e-3 * static_cast<double>(gid % 5);
}

/// A problem of just the fine grid's matrix (no hierarchy), for the distributed SpMV alone.
Problem one_level(const Geometry& geometry, const Comm& comm) {
  Problem problem;
  problem.levels.resize(1);
  problem.fine().geometry = geometry;
  problem.fine().A = generate_stencil_matrix(geometry, comm);
  problem.b = Vector(problem.fine().A.rows);
  return problem;
}

// x[i] = input_value(gid of row i) with a NaN halo, so only a complete exchange gives finite
// results.
Vector input_with_nan_halo(const Level& level) {
  Vector x(level.A.columns);
  x.fill(std::numeric_limits<double>::quiet_NaN());
  for (local_int i = 0; i < level.A.rows; ++i) {
    x[i] = input_value(testing::global_id_of_row(level.geometry, i));
  }
  return x;
}

// y = A x on level l with the reference backend, x as input_with_nan_halo.
Vector multiply(Problem& problem, int l, const Comm& comm) {
  auto backend = make_backend("reference");
  backend->optimize(problem);
  Workspace ws(*backend, problem, comm);
  return on_host::spmv(ws, l, input_with_nan_halo(problem.levels[l]));
}

// Compares every distributed row with the serial row of the same global id. The serial rank
// owns the whole grid, so its local id of a global row is the global id itself.
void compare_rows(const Level& distributed, const Vector& y, const Vector& serial_y,
                  RankChecks& checks) {
  for (local_int i = 0; i < distributed.A.rows; ++i) {
    global_int gid = testing::global_id_of_row(distributed.geometry, i);
    double want = serial_y[static_cast<local_int>(gid)];
    // Entries are -1 and 26 and inputs lie in [0.5, 1.5]: 27 * 26 * 1.5 bounds sum |a_ij x_j|.
    double bound = 1.0e-14 * 27 * 26 * 1.5;
    if (!(std::fabs(y[i] - want) <= bound)) {
      checks.fail("row gid " + std::to_string(gid) + ": " + testing::num(y[i]) + " vs serial " +
                  testing::num(want));
    } else if (y[i] != want) {
      // Each row sums in ascending global column order on any number of ranks (HPCG's entry
      // order), so the products agree bit for bit, not just to rounding.
      checks.fail("row gid " + std::to_string(gid) + " differs from serial in the last bits: " +
                  "entry order depends on the process grid");
    }
  }
}

TEST(DistributedSpmv, EqualsSerialSpmvOnEveryProcessGrid) {
  Comm comm;
  Comm self(MPI_COMM_SELF);
  for (const auto& grid : testing::grid_cases(comm.size(), 6, 5, 4, 3, 5)) {
    SCOPED_TRACE(grid.name);
    Problem distributed_problem = one_level(make_geometry(grid.params, comm.rank(), comm.size()),
                                            comm);
    const Geometry serial_geometry = testing::serial_geometry(distributed_problem.fine().geometry);
    Problem serial_problem = one_level(serial_geometry, self);
    const Level &distributed = distributed_problem.fine(), &serial = serial_problem.fine();

    RankChecks checks;
    checks.check(distributed.A.global_nonzeros == serial.A.global_nonzeros,
                 "global nonzeros " + testing::num(distributed.A.global_nonzeros) + " vs serial " +
                     std::to_string(serial.A.global_nonzeros));
    Vector y = multiply(distributed_problem, 0, comm);
    Vector serial_y = multiply(serial_problem, 0, self);
    compare_rows(distributed, y, serial_y, checks);
    HPCG_EXPECT_ALL_RANKS(checks);
  }
}

TEST(DistributedSpmv, EqualsSerialSpmvOnEveryMultigridLevel) {
  Comm comm;
  Comm self(MPI_COMM_SELF);
  auto cases = testing::grid_cases(comm.size(), 8, 8, 8, 8, 16);
  // The automatic grid and the last (a z-block case when there are several ranks) suffice here.
  for (size_t c : {size_t{0}, cases.size() - 1}) {
    SCOPED_TRACE(cases[c].name);
    Problem problem =
        generate_problem(make_geometry(cases[c].params, comm.rank(), comm.size()), comm);
    Problem serial = generate_problem(testing::serial_geometry(problem.fine().geometry), self);
    for (int l = 0; l < mg_levels; ++l) {
      SCOPED_TRACE("level " + std::to_string(l));
      RankChecks checks;
      Vector y = multiply(problem, l, comm);
      Vector serial_y = multiply(serial, l, self);
      compare_rows(problem.levels[l], y, serial_y, checks);
      HPCG_EXPECT_ALL_RANKS(checks);
    }
  }
}

TEST(DistributedRestriction, ResidualIsSpmvThenInjectionBitForBitOnEveryLevel) {
  // The V-cycle computes r - A x only at the injected rows, after the core's halo exchange;
  // HPCG 3.1 exchanges, multiplies every row, then injects. Not a bit may differ.
  Comm comm;
  auto cases = testing::grid_cases(comm.size(), 8, 8, 8, 8, 16);
  for (size_t c : {size_t{0}, cases.size() - 1}) {
    SCOPED_TRACE(cases[c].name);
    Problem problem =
        generate_problem(make_geometry(cases[c].params, comm.rank(), comm.size()), comm);
    auto backend = make_backend("reference");
    backend->optimize(problem);
    Workspace ws(*backend, problem, comm);
    for (int l = 0; l + 1 < mg_levels; ++l) {
      SCOPED_TRACE("level " + std::to_string(l));
      Level& fine = problem.levels[l];
      const Vector r = testing::random_rows(fine.A.rows, fine.A.rows);
      const Vector x = input_with_nan_halo(fine);
      Vector exchanged(fine.A.columns);
      exchanged.copy_from(x);
      fine.A.exchange.run(exchanged.data());
      const Vector expected = testing::spmv_then_injection(fine, r, exchanged);

      const Vector actual = on_host::residual_restriction(ws, l, r, x);

      RankChecks checks;
      checks.check(actual.size() == expected.size(), "coarse rows " +
                                                         std::to_string(actual.size()) + " vs " +
                                                         std::to_string(expected.size()));
      for (local_int i = 0; i < expected.size() && i < actual.size(); ++i) {
        if (!checks.check(actual[i] == expected[i], "coarse row " + std::to_string(i) + ": " +
                                                        testing::num(actual[i]) + " vs " +
                                                        testing::num(expected[i]))) {
          break;
        }
      }
      HPCG_EXPECT_ALL_RANKS(checks);
    }
  }
}

TEST(DistributedSpmv, OnesGiveTheRightHandSide) {
  // b is built as A * 1 row by row from local counts; the product needs the halo ones, so this
  // ties generate_problem's b to what the distributed operator really computes.
  Comm comm;
  auto backend = make_backend("reference");
  for (const auto& grid : testing::grid_cases(comm.size(), 8, 8, 8, 8, 16)) {
    SCOPED_TRACE(grid.name);
    Problem problem = generate_problem(make_geometry(grid.params, comm.rank(), comm.size()), comm);
    Level& fine = problem.fine();
    Vector ones(fine.A.columns);
    ones.fill(std::numeric_limits<double>::quiet_NaN());
    for (local_int i = 0; i < fine.A.rows; ++i) ones[i] = 1.0;
    backend->optimize(problem);
    Workspace ws(*backend, problem, comm);
    const Vector y = on_host::spmv(ws, 0, ones);
    RankChecks checks;
    double boundary_sum = 0.0;
    for (local_int i = 0; i < fine.A.rows; ++i) {
      if (y[i] != problem.b[i]) {
        checks.fail("row " + std::to_string(i) + ": A*1 = " + testing::num(y[i]) +
                    ", b = " + testing::num(problem.b[i]));
      }
      boundary_sum += y[i];
    }
    // Globally, b sums to the number of missing stencil points: a fixed function of the grid.
    double total = comm.sum(boundary_sum);
    const Geometry& g = fine.geometry;
    double full = 27.0 * static_cast<double>(g.global_rows());
    double present = static_cast<double>((3 * g.gnx - 2) * (3 * g.gny - 2) * (3 * g.gnz - 2));
    checks.check(total == full - present, "sum of A*1 is " + testing::num(total));
    HPCG_EXPECT_ALL_RANKS(checks);
  }
}

}  // namespace
}  // namespace hpcg
