// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/benchmark/fresh_rhs.hpp"

#include <random>

namespace hpcg {

double rhs_perturbation(double validated_scaled_residual) {
  constexpr double replay_margin = 1.0e3, largest = 0x1p-20, smallest = 0x1p-26;
  const double wanted = replay_margin * validated_scaled_residual;
  return wanted > largest ? largest : wanted > smallest ? wanted : smallest;  // NaN: smallest
}

void perturbed_rhs(const Vector& b, double amplitude, std::uint64_t seed, int stream,
                   Vector& out) {
  std::seed_seq mixed{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                      static_cast<std::uint32_t>(stream)};
  std::mt19937_64 engine(mixed);
  // The top 53 bits as a double in [0, 1); the re-run of a set draws the same values again.
  for (local_int i = 0; i < b.size(); ++i) {
    const double u = static_cast<double>(engine() >> 11) * 0x1p-53;
    out[i] = b[i] + amplitude * (2.0 * u - 1.0);
  }
}

}  // namespace hpcg
