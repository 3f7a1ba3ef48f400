// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/benchmark/rhs_scales.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace hpcg {

double RhsScales::next() {
  if (round_.empty()) {
    for (int k = 1; k <= max_exponent; ++k) {
      round_.push_back(k);
      round_.push_back(-k);
    }
    std::shuffle(round_.begin(), round_.end(), engine_);
    // The round is handed out from the back: keep the last scale from opening it.
    if (round_.back() == last_) std::swap(round_.front(), round_.back());
  }
  last_ = round_.back();
  round_.pop_back();
  return std::ldexp(1.0, last_);
}

}  // namespace hpcg
