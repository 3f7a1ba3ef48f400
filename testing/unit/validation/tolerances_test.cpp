// SPDX-License-Identifier: BSD-3-Clause
// The tolerances of tolerances.hpp against synthetic vectors at 1e3, 1e6 and 1e9 rows (the last
// as 1000 ranks of 1e6 for the scalars, generated on the fly): the rounding of an honest double
// computation (a running sum, the worst order a backend may use) passes each check, a
// single-precision error fails it, at every size.
#include "hpcg/validation/tolerances.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

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
  double honest = 0, single = 0;  ///< |backend - exact| / sum |x_i y_i|, honest and float z
};

/// r'z over `ranks` ranks of `local` rows: each rank's backend sums its products in a running
/// double sum (honest) and the exact value; the single-precision case has z rounded to float.
ScalarCase dot_case(std::int64_t local, int ranks) {
  AccurateSum exact, backend_total, single_total, magnitude;
  for (int rank = 0; rank < ranks; ++rank) {
    double running = 0;
    AccurateSum single;
    for (std::int64_t i = 0; i < local; ++i) {
      const std::uint64_t row = static_cast<std::uint64_t>(rank) * local + i;
      const double r = 2 * uniform(row, 1) - 1, z = r * (0.5 + uniform(row, 2));  // r_i z_i > 0
      running += r * z;
      exact.add_product(r, z);
      single.add_product(r, static_cast<float>(z));
      magnitude.add(std::fabs(r * z));
    }
    backend_total.add(running);  // the core's reduction over ranks
    single_total.add(single.value());
  }
  const double scale = magnitude.value();
  return {std::fabs(backend_total.value() - exact.value()) / scale,
          std::fabs(single_total.value() - exact.value()) / scale};
}

struct Size {
  std::int64_t local;
  int ranks;
};
void expect_scalar_check_separates(const Size& size) {
  const std::int64_t global = size.local * size.ranks;
  const double tolerance = tolerances::scalar(size.local, global);
  const ScalarCase c = dot_case(size.local, size.ranks);
  EXPECT_LE(c.honest, tolerance) << global << " rows";
  EXPECT_GT(c.single, tolerance) << global << " rows";
  // p built from the float z while r'z is the exact one: r'p - r'z is the same difference. The
  // p tie's limit is four of the scalar one (tolerances.hpp), so it separates only while the
  // float error is that far above the backend's rounding: up to about 1e5 rows a rank.
  if (size.local <= 100000) {
    EXPECT_GT(c.single, tolerances::p_tie(size.local, global)) << global << " rows";
  }
}

TEST(Tolerances, ScalarCheckSeparatesDoubleRoundingFromAFloatZAt1e3Rows) {
  expect_scalar_check_separates({1000, 1});
}
TEST(Tolerances, ScalarCheckSeparatesDoubleRoundingFromAFloatZAt1e6Rows) {
  expect_scalar_check_separates({1000000, 1});
}
// 1e9 rows as a run holds them: 1000 ranks of 1e6 (about 10 s).
TEST(Tolerances, ScalarCheckSeparatesDoubleRoundingFromAFloatZAt1e9Rows) {
  expect_scalar_check_separates({1000000, 1000});
}

/// The symmetry check's departure for M = D (diagonal, symmetric) between two random iterates,
/// with z = D r rounded to double (honest) or to float.
double symmetry_departure(std::int64_t rows, bool single) {
  AccurateSum rj_zk, rk_zj, rj2, rk2, zj2, zk2;
  for (std::int64_t i = 0; i < rows; ++i) {
    const std::uint64_t row = static_cast<std::uint64_t>(i);
    const double d = 1 + uniform(row, 3), rj = 2 * uniform(row, 4) - 1, rk = 2 * uniform(row, 5) - 1;
    double zj = d * rj, zk = d * rk;
    if (single) zj = static_cast<float>(zj), zk = static_cast<float>(zk);
    rj_zk.add_product(rj, zk);
    rk_zj.add_product(rk, zj);
    rj2.add_product(rj, rj), rk2.add_product(rk, rk), zj2.add_product(zj, zj), zk2.add_product(zk, zk);
  }
  const double scale = std::sqrt(rj2.value() * zk2.value()) + std::sqrt(rk2.value() * zj2.value());
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

TEST(Tolerances, ScalarToleranceDoesNotWidenWithTheRunOnManyRanks) {
  // A million rows a rank: more ranks, a tighter limit.
  EXPECT_GT(tolerances::scalar(1000000, 1000000), tolerances::scalar(1000000, 1000000000));
}

}  // namespace
}  // namespace hpcg
