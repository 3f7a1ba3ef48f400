// SPDX-License-Identifier: BSD-3-Clause
// The Gauss-Seidel sweeps' row sum, in a header of its own so that setup/probes/sweep_row.cpp
// measures the kernel's own code.
#pragma once

#include <cstddef>
#include <type_traits>

namespace hpcg::backends::openmp {

/// A row width known at compile time.
template <std::size_t W>
using RowWidth = std::integral_constant<std::size_t, W>;

/// sum - sum_k value[k] x[index[k]] over k < count. The entries before the last go to four
/// partial sums, so that a row's products do not wait for each other's additions; the last entry
/// (the nearest neighbour, the value the sweep has just written, as the split layout orders it)
/// is subtracted alone after them, so the next row waits for one multiply-add, not three.
/// Pointers and size_t indices (32-bit unsigned ones cost instructions to wrap), and inlined into
/// the sweeps (kernels.cpp): at -O2 GCC called it once per row. `count` is a std::size_t, or a
/// RowWidth<W> for the fixed-width rows of the split copy: the same sums in the same order, with
/// the count known at compile time, so that the loops unroll whole and no count is read.
/// Value is double, or float for HPG-MxP's single-precision steps.
template <class Value, class Index, class Count>
[[gnu::always_inline]] inline Value subtract_row(Value sum, const Value* value, const Index* index,
                                                 Count count, const Value* x) {
  if (count == 0) return sum;
  const std::size_t last = static_cast<std::size_t>(count) - 1;
  Value s1 = 0, s2 = 0, s3 = 0;
  std::size_t k = 0;
  for (; k + 4 <= last; k += 4) {
    sum -= value[k] * x[index[k]];
    s1 += value[k + 1] * x[index[k + 1]];
    s2 += value[k + 2] * x[index[k + 2]];
    s3 += value[k + 3] * x[index[k + 3]];
  }
  for (; k < last; ++k) sum -= value[k] * x[index[k]];
  sum -= (s1 + s2) + s3;
  return sum - value[last] * x[index[last]];
}

}  // namespace hpcg::backends::openmp
