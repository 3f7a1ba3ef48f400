// SPDX-License-Identifier: BSD-3-Clause
// The powers of two that scale b in the timed sets. Scaling by a power of two changes every value
// CG computes exactly, so a set must still reproduce the validated residual bit for bit, while a
// backend that stored the products of an earlier run and replays them gives wrong answers.
#pragma once

#include <random>
#include <vector>

namespace hpcg {

/// Draws 2^k for k in [-max_exponent, max_exponent], k != 0: never 1, the scale of validation
/// and the iteration search. The exponents come in shuffled rounds of all 2 * max_exponent
/// values, so no scale repeats within a round, and a round never starts with the scale that
/// ended the last one: a replay of any of the previous sets' runs is wrong as long as fewer sets
/// than a round ran since.
class RhsScales {
 public:
  static constexpr int max_exponent = 32;  // b, x and the residuals stay far from over/underflow

  explicit RhsScales(std::mt19937_64& engine) : engine_(engine) {}

  double next();

 private:
  std::mt19937_64& engine_;
  std::vector<int> round_;  // exponents still to hand out, last first
  int last_ = 0;
};

}  // namespace hpcg
