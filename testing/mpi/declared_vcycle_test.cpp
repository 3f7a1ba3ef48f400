// SPDX-License-Identifier: BSD-3-Clause
// The exact V-cycle check's recomputation (declared_vcycle.hpp) against the reference backend
// run in the same declared order, the oracle: natural, block-colour, point-colour, reversed and
// random orders agree to rounding, and the rank's threads change no bit (a phase's segments
// share no nonzero, so a threaded sweep is the one-thread sweep).
#include "hpcg/validation/declared_vcycle.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "hpcg/backends/block_coloring.hpp"
#include "hpcg/backends/reference_backend.hpp"
#include "hpcg/solver/host_calls.hpp"
#include "hpcg/validation/declared_preconditioner.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

enum class Order { natural, blocks, points, reversed, shuffled };

std::vector<local_int> make_order(const Level& level, Order kind) {
  const local_int rows = level.A.rows;
  std::vector<local_int> order(rows);
  std::iota(order.begin(), order.end(), 0);
  switch (kind) {
    case Order::natural:
      break;
    case Order::blocks:
      order = sweep_order(color_blocks(level.A, std::max<local_int>(1, rows / 8)));
      break;
    case Order::points:
      order = sweep_order(color_blocks(level.A, 1));
      break;
    case Order::reversed:
      std::reverse(order.begin(), order.end());
      break;
    case Order::shuffled:
      std::shuffle(order.begin(), order.end(), std::mt19937(rows));
      break;
  }
  return order;
}

/// The rounding that separates the recomputation from the reference's running sums: far below
/// the check's limit (declared_preconditioner.hpp), far above the bits a wrong order moves.
constexpr double rounding_limit = 1e-14;

struct Case {
  Order order;
  const char* name;
};
const Case cases[] = {{Order::natural, "natural"},
                      {Order::blocks, "block colours"},
                      {Order::points, "point colours"},
                      {Order::reversed, "reversed"},
                      {Order::shuffled, "shuffled"}};

bool same_bits(local_int n, const Vector& a, const Vector& b) {
  return std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<size_t>(n)) == 0;
}

TEST(DeclaredVcycle, AgreesWithTheReferenceInTheSameOrder) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  const local_int rows = problem.fine().A.rows;
  const Vector r = testing::random_rows(rows, rows);
  for (const Case& c : cases) {
    std::vector<std::vector<local_int>> orders;
    for (const Level& level : problem.levels) orders.push_back(make_order(level, c.order));
    backends::reference::ReferenceBackend oracle(orders);
    oracle.optimize(problem);
    Workspace ws(oracle, problem, comm);
    DeclaredVcycle vcycle(problem, orders);
    const Vector expected = on_host::mg(ws, r);
    EXPECT_LE(relative_max_difference(comm, rows, vcycle.mg(r), expected), rounding_limit)
        << c.name;
    for (int l = 0; l < static_cast<int>(problem.levels.size()); ++l) {
      const local_int n = ws.rows(l);
      const Vector rl = testing::random_rows(n, n);
      const Vector x = testing::random_rows(n, ws.columns(l));
      EXPECT_LE(relative_max_difference(comm, n, vcycle.symgs(l, rl, x),
                                        on_host::symgs(ws, l, rl, x)),
                rounding_limit)
          << c.name << ", level " << l;
      EXPECT_LE(relative_max_difference(comm, n, vcycle.symgs_zero_guess(l, rl),
                                        on_host::symgs_zero_guess(ws, l, rl)),
                rounding_limit)
          << c.name << " from x = 0, level " << l;
    }
    // A different order is a different V-cycle: the check can tell them apart.
    std::vector<std::vector<local_int>> natural;
    for (const Level& level : problem.levels) natural.push_back(make_order(level, Order::natural));
    if (c.order != Order::natural) {
      DeclaredVcycle other(problem, natural);
      EXPECT_GT(relative_max_difference(comm, rows, other.mg(r), expected), 1e-6) << c.name;
    }
  }
}

TEST(DeclaredVcycle, ThreadsChangeNoBit) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  const local_int rows = problem.fine().A.rows;
  const Vector r = testing::random_rows(rows, rows);
  const int threads = omp_get_max_threads();
  for (const Case& c : cases) {
    std::vector<std::vector<local_int>> orders;
    for (const Level& level : problem.levels) orders.push_back(make_order(level, c.order));
    DeclaredVcycle vcycle(problem, orders);
    omp_set_num_threads(1);
    const Vector& z = vcycle.mg(r);
    Vector one(z.size());
    one.copy_from(z);
    omp_set_num_threads(4);
    EXPECT_TRUE(same_bits(rows, one, vcycle.mg(r))) << c.name;
    omp_set_num_threads(threads);
  }
}

TEST(SweepSchedule, PhasesFollowTheColours) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  const SparseMatrix& A = problem.fine().A;
  const SweepSchedule natural = make_sweep_schedule(A, make_order(problem.fine(), Order::natural));
  EXPECT_EQ(natural.phases(), 1);
  EXPECT_EQ(natural.segment_start.size(), 2u);
  EXPECT_EQ(std::count(natural.split.begin(), natural.split.end(), 1), A.rows);

  const BlockColoring blocks = color_blocks(A, A.rows / 8);
  const SweepSchedule by_blocks = make_sweep_schedule(A, sweep_order(blocks));
  EXPECT_EQ(by_blocks.phases(), blocks.colors());
  EXPECT_EQ(by_blocks.segment_start.size(), blocks.block_start.size());

  // A colour's last row may share no nonzero with the next colour's first rows, which then
  // join its phase: at most one phase per colour.
  const BlockColoring points = color_blocks(A, 1);
  const SweepSchedule by_points = make_sweep_schedule(A, sweep_order(points));
  EXPECT_LE(by_points.phases(), points.colors());
  EXPECT_GE(by_points.phases(), 2);

  // Reversed natural order: every row its own segment, and no row's entries before its
  // diagonal are the ones updated before it.
  const SweepSchedule reversed =
      make_sweep_schedule(A, make_order(problem.fine(), Order::reversed));
  EXPECT_EQ(reversed.segment_start.size(), static_cast<size_t>(A.rows) + 1);
  EXPECT_EQ(std::count(reversed.split.begin(), reversed.split.end(), 1), 0);
}

}  // namespace
}  // namespace hpcg
