// SPDX-License-Identifier: BSD-3-Clause
// The tolerances of tolerances.hpp against synthetic vectors at 1e3, 1e6 and 1e9 rows (the last
// on one rank and as 1000 ranks of 1e6, generated on the fly): the rounding of an honest double
// computation (summed as the backend contract asks, blocked_sum.hpp) passes each check, a
// single-precision error fails it, at every size.
#include "hpcg/validation/tolerances.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "hpcg/backends/blocked_sum.hpp"

namespace hpcg {
namespace {

/// Uniform in [0, 1) from a counter: the same vectors every run, none stored.
double uniform(std::uint64_t index, std::uint64_t stream) {
  std::uint64_t z = index * 0x9E3779B97F4A7C15ull + stream * 0xD1B54A32D192ED03ull + 1;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1p-53;
}

/// A sum kept to about twice double precision: each product's and addition's rounding error
/// is carried along (TwoProd with fma, TwoSum), as the core's accurate_dot does.
struct AccurateSum {
  double sum = 0, error = 0;
  void add_product(double a, double b) {
    const double product = a * b;
    error += std::fma(a, b, -product);
    add(product);
  }
  void add(double value) {
    const double s = sum + value, v = s - sum;
    error += (sum - (s - v)) + (value - v);
    sum = s;
  }
  double value() const { return sum + error; }
};

struct ScalarCase {
  /// |backend - exact| / sum |x_i y_i| for r'z: the worst rank's local sum (the scalar check is
  /// per rank) summed as the contract asks (blocked_sum.hpp, our backends' summation) and as one
  /// running sum (which breaks the contract); and over all ranks with z rounded to float.
  double honest = 0, running = 0, single = 0;
};

/// r'z over `ranks` ranks of `local` rows; single-precision z is what moves r'p from r'z when
/// p comes from a float z while CG's r'z is the exact one (the p tie), and r'z itself when CG's
/// scalar comes from a float z (the scalar check).
ScalarCase dot_case(std::int64_t local, int ranks) {
  ScalarCase result;
  AccurateSum exact, single_total, magnitude_total;
  for (int rank = 0; rank < ranks; ++rank) {
    AccurateSum rank_exact, single;
    double running = 0, magnitude = 0;  // the magnitude only scales: a plain sum will do
    const auto term = [&](local_int i) {
      const std::uint64_t row = static_cast<std::uint64_t>(rank) * local + i;
      const double r = 2 * uniform(row, 1) - 1, z = r * (0.5 + uniform(row, 2));  // r_i z_i > 0
      running += r * z;
      rank_exact.add_product(r, z);
      single.add_product(r, static_cast<float>(z));
      magnitude += std::fabs(r * z);
      return r * z;
    };
    const double blocked = blocked_sum(0, static_cast<local_int>(local), term);
    const double scale = magnitude;
    result.honest = std::fmax(result.honest, std::fabs(blocked - rank_exact.value()) / scale);
    result.running = std::fmax(result.running, std::fabs(running - rank_exact.value()) / scale);
    exact.add(rank_exact.value());
    single_total.add(single.value());
    magnitude_total.add(scale);
  }
  result.single = std::fabs(single_total.value() - exact.value()) / magnitude_total.value();
  return result;
}

ScalarCase expect_scalar_checks_separate(std::int64_t local, int ranks) {
  const std::int64_t global = local * ranks;
  const ScalarCase c = dot_case(local, ranks);
  EXPECT_LE(c.honest, tolerances::scalar(local)) << global << " rows";
  EXPECT_GT(c.single, tolerances::p_tie(local, ranks)) << global << " rows";
  if (ranks == 1) {
    EXPECT_GT(c.single, tolerances::scalar(local)) << global << " rows";
  }
  return c;
}

TEST(Tolerances, ScalarChecksSeparateDoubleRoundingFromAFloatZAt1e3Rows) {
  expect_scalar_checks_separate(1000, 1);
}
TEST(Tolerances, ScalarChecksSeparateDoubleRoundingFromAFloatZAt1e6Rows) {
  expect_scalar_checks_separate(1000000, 1);
}
// 1e9 rows on one rank (about 20 s): the contract's sums keep the limit tight where one running
// sum's rounding (about sqrt(rows / 3) 2^-53) would not.
TEST(Tolerances, ScalarChecksSeparateDoubleRoundingFromAFloatZAt1e9RowsOnOneRank) {
  const ScalarCase c = expect_scalar_checks_separate(1000000000, 1);
  // Why the contract asks for blocked sums: one running sum over the rank's rows is past the
  // limit here (its rounding has a spread of about 17 limits).
  EXPECT_GT(c.running, tolerances::scalar(1000000000));
}
// 1e9 rows as a run holds them: 1000 ranks of 1e6 (about 20 s). The scalar check is per rank,
// so that is the 1e6 case; the p tie is over all ranks.
TEST(Tolerances, ScalarChecksSeparateDoubleRoundingFromAFloatZAt1e9RowsOn1000Ranks) {
  expect_scalar_checks_separate(1000000, 1000);
}

/// The symmetry check's departure for M = D (diagonal, symmetric) between two random iterates,
/// with z = D r rounded to double (honest) or to float.
double symmetry_departure(std::int64_t rows, bool single) {
  AccurateSum rj_zk, rk_zj;
  // The norms only scale the departure: plain sums are accurate enough and much cheaper.
  double rj2 = 0, rk2 = 0, zj2 = 0, zk2 = 0;
  for (std::int64_t i = 0; i < rows; ++i) {
    const std::uint64_t row = static_cast<std::uint64_t>(i);
    const double d = 1 + uniform(row, 3), rj = 2 * uniform(row, 4) - 1, rk = 2 * uniform(row, 5) - 1;
    double zj = d * rj, zk = d * rk;
    if (single) zj = static_cast<float>(zj), zk = static_cast<float>(zk);
    rj_zk.add_product(rj, zk);
    rk_zj.add_product(rk, zj);
    rj2 += rj * rj, rk2 += rk * rk, zj2 += zj * zj, zk2 += zk * zk;
  }
  const double scale = std::sqrt(rj2 * zk2) + std::sqrt(rk2 * zj2);
  return std::fabs(rj_zk.value() - rk_zj.value()) / scale;
}

void expect_symmetry_check_separates(std::int64_t rows) {
  EXPECT_LE(symmetry_departure(rows, false), tolerances::iterate_symmetry) << rows << " rows";
  EXPECT_GT(symmetry_departure(rows, true), tolerances::iterate_symmetry) << rows << " rows";
}

TEST(Tolerances, SymmetryCheckSeparatesDoubleRoundingFromAFloatVCycleAt1e3Rows) {
  expect_symmetry_check_separates(1000);
}
TEST(Tolerances, SymmetryCheckSeparatesDoubleRoundingFromAFloatVCycleAt1e6Rows) {
  expect_symmetry_check_separates(1000000);
}
// About 10 s.
TEST(Tolerances, SymmetryCheckSeparatesDoubleRoundingFromAFloatVCycleAt1e9Rows) {
  expect_symmetry_check_separates(1000000000);
}

TEST(Tolerances, SpmvCheckIsPerRowSoSizeCannotWidenIt) {
  // One row of 27 terms summed in another order (double) and with its x in float.
  AccurateSum exact, magnitude;
  double reordered = 0, single = 0;
  for (int j = 26; j >= 0; --j) {
    const double a = j == 13 ? 26.0 : -1.0, x = uniform(j, 6);
    exact.add_product(a, x);
    magnitude.add(std::fabs(a * x));
    reordered += a * x;
    single += a * static_cast<float>(x);
  }
  EXPECT_LE(std::fabs(reordered - exact.value()) / magnitude.value(), tolerances::spmv);
  EXPECT_GT(std::fabs(single - exact.value()) / magnitude.value(), tolerances::spmv);
}

TEST(Tolerances, ScalarToleranceGrowsOnlyWithTheLogOfTheRows) {
  EXPECT_LT(tolerances::scalar(1000000000) / tolerances::scalar(1000), 1.25);
  EXPECT_LT(tolerances::scalar(1000000000), 1.0e-13);
}

}  // namespace
}  // namespace hpcg
