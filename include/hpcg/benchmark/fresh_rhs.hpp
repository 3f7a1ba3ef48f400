// SPDX-License-Identifier: BSD-3-Clause
// The right-hand side of a timed set: HPCG's b plus a small random perturbation drawn at run
// time. No set then repeats the values of validation, the iteration search or another set, so
// a backend cannot replay stored results, not even rescaled ones, and must compute each set.
// The perturbation is small enough that CG still follows the validated run's convergence: on
// HPCG's problem ||r_k|| / ||r0|| departs from it by a few 1e-6 relative while above 1e-12.
#pragma once

#include <cstdint>

#include "hpcg/linalg/vector.hpp"

namespace hpcg {

/// Size of the perturbation relative to b's root mean square entry.
constexpr double rhs_perturbation = 0x1p-20;

/// out = b + amplitude * u, u uniform in [-1, 1) drawn from `seed` and `stream` (the rank):
/// every rank its own values, the same for the same seed.
void perturbed_rhs(const Vector& b, double amplitude, std::uint64_t seed, int stream, Vector& out);

}  // namespace hpcg
