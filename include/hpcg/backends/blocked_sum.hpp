// SPDX-License-Identifier: BSD-3-Clause
// The summation the backend contract asks of every local dot product (backend_abi.h, "Local
// sums"): no term may pass through more than 2 ceil(log2 n) + HPCG_SUM_DEPTH_ALLOWANCE additions,
// so a sum's rounding stays below (2 ceil(log2 n) + allowance + 1) 2^-53 sum |terms| and grows
// with the log of the rows, not with their root as a running sum's does. That is what lets the
// checks of CG's scalars tell double rounding from a single-precision error at every size
// (validation/tolerances.hpp). Here: blocks of summation_block terms in four interleaved running
// sums (a chain of at most 32), the blocks' sums combined pairwise.
#pragma once

#include "hpcg/backend_abi.h"
#include "hpcg/base/types.hpp"

/// How the helper is declared: a Kokkos kernel defines it as KOKKOS_INLINE_FUNCTION first.
#ifndef HPCG_SUM_FUNCTION
#define HPCG_SUM_FUNCTION inline
#endif

namespace hpcg {

constexpr local_int summation_block = 128;

/// sum of term(i) for i in [begin, end), blocked and pairwise: a block's term passes through at
/// most 32 + 2 additions inside it, then one per level of the pairwise tree, and the tree's
/// partial sums (a binary counter's stack, block j joining as j's low bits carry) through as
/// many more at the end: at most 2 ceil(log2 n) + 21 in all.
template <class Term>
HPCG_SUM_FUNCTION double blocked_sum(local_int begin, local_int end, const Term& term) {
  double stack[64];
  long long blocks = 0;
  for (local_int start = begin; start < end; start += summation_block) {
    const local_int stop = end - start < summation_block ? end : start + summation_block;
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    local_int i = start;
    for (; i + 4 <= stop; i += 4) {
      s0 += term(i);
      s1 += term(i + 1);
      s2 += term(i + 2);
      s3 += term(i + 3);
    }
    for (; i < stop; ++i) s0 += term(i);
    double carry = (s0 + s1) + (s2 + s3);
    int level = 0;
    for (long long j = blocks; (j & 1) != 0; j >>= 1, ++level) carry = stack[level] + carry;
    stack[level] = carry;
    ++blocks;
  }
  double total = 0.0;
  int level = 0;
  for (long long j = blocks; j != 0; j >>= 1, ++level) {
    if ((j & 1) != 0) total = stack[level] + total;
  }
  return total;
}

}  // namespace hpcg
