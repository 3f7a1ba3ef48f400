// SPDX-License-Identifier: BSD-3-Clause
// The timed sets' right-hand sides: within the amplitude of b, different in every entry, the
// same again for the same seed and stream, and different for another seed or stream; their
// size.
#include <gtest/gtest.h>

#include <cmath>

#include "hpcg/validation/fresh_rhs.hpp"

namespace hpcg {
namespace {

constexpr local_int length = 4096;

Vector hpcg_like_b() {
  Vector b(length);  // zero inside the domain, as HPCG's b, and positive on its boundary
  for (local_int i = 0; i < length; i += 16) b[i] = 1.0 + i % 19;
  return b;
}

Vector perturbed(std::uint64_t seed, int stream) {
  Vector out(length);
  perturbed_rhs(hpcg_like_b(), 0.5, seed, stream, out);
  return out;
}

int entries_equal(const Vector& u, const Vector& v) {
  int equal = 0;
  for (local_int i = 0; i < length; ++i) equal += u[i] == v[i];
  return equal;
}

TEST(FreshRhs, ChangesEveryEntryWithinTheAmplitude) {
  const Vector b = hpcg_like_b(), out = perturbed(7, 0);
  double largest = 0, mean = 0;
  for (local_int i = 0; i < length; ++i) {
    EXPECT_NE(out[i], b[i]) << i;
    largest = std::fmax(largest, std::fabs(out[i] - b[i]));
    mean += (out[i] - b[i]) / length;
  }
  EXPECT_LE(largest, 0.5);
  EXPECT_GT(largest, 0.45);           // the whole range is used
  EXPECT_LT(std::fabs(mean), 0.05);   // and centred
}

TEST(FreshRhs, RepeatsForTheSameSeedAndStreamOnly) {
  EXPECT_EQ(entries_equal(perturbed(7, 0), perturbed(7, 0)), length);
  EXPECT_EQ(entries_equal(perturbed(7, 0), perturbed(8, 0)), 0);
  EXPECT_EQ(entries_equal(perturbed(7, 0), perturbed(7, 1)), 0);
  EXPECT_EQ(entries_equal(perturbed(7, 0), perturbed(7ull + (1ull << 32), 0)), 0);
}

// The size follows the validated residual, so that a replayed solution (true residual about
// the perturbation's size) stays a hundred times past check_solution's limit of 10, within
// bounds that keep it above rounding and no larger than where HPCG-sized problems end.
TEST(FreshRhs, SizeFollowsTheValidatedResidualWithinBounds) {
  EXPECT_DOUBLE_EQ(rhs_perturbation(1.0e-10), 1.0e-7);
  EXPECT_DOUBLE_EQ(rhs_perturbation(1.0e-20), 0x1p-26);  // small problems end near 1e-20
  EXPECT_DOUBLE_EQ(rhs_perturbation(7.8e-9), 0x1p-20);   // HPCG's sample run ends near 7.8e-9
  EXPECT_DOUBLE_EQ(rhs_perturbation(std::nan("")), 0x1p-26);
  for (double residual : {1e-16, 1e-12, 1e-10, 9e-10}) {
    EXPECT_GE(rhs_perturbation(residual), 1.0e3 * residual) << residual;
  }
}

}  // namespace
}  // namespace hpcg
