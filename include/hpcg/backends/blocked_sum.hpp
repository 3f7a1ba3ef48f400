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

/// One block's sum of term(i) for i in [start, stop): four interleaved running sums.
template <class Term>
HPCG_SUM_FUNCTION double block_sum(local_int start, local_int stop, const Term& term) {
  double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
  local_int i = start;
  for (; i + 4 <= stop; i += 4) {
    s0 += term(i);
    s1 += term(i + 1);
    s2 += term(i + 2);
    s3 += term(i + 3);
  }
  for (; i < stop; ++i) s0 += term(i);
  return (s0 + s1) + (s2 + s3);
}

/// The blocks' sums combined pairwise: a binary counter's stack, block j joining as j's low bits
/// carry; a caller that keeps several sums at once holds one of these per sum.
class PairwiseSum {
 public:
  HPCG_SUM_FUNCTION void add(double carry) {
    int level = 0;
    for (long long j = blocks_; (j & 1) != 0; j >>= 1, ++level) carry = stack_[level] + carry;
    stack_[level] = carry;
    ++blocks_;
  }
  HPCG_SUM_FUNCTION double total() const {
    double total = 0.0;
    int level = 0;
    for (long long j = blocks_; j != 0; j >>= 1, ++level) {
      if ((j & 1) != 0) total = stack_[level] + total;
    }
    return total;
  }

 private:
  double stack_[64];  // only the levels blocks_ has set are read
  long long blocks_ = 0;
};

/// blocked_sum's default: nothing to do before a block.
struct NothingBeforeBlock {
  HPCG_SUM_FUNCTION void operator()(local_int, local_int) const {}
};

/// sum of term(i) for i in [begin, end), blocked and pairwise: a block's term passes through at
/// most 32 + 2 additions inside it, then one per level of the pairwise tree, and the tree's
/// partial sums through as many more at the end: at most 2 ceil(log2 n) + 21 in all.
/// before_block(start, stop) runs ahead of each block's terms, for a caller that computes what
/// they read a block at a time, while it is in cache.
template <class Term, class BeforeBlock = NothingBeforeBlock>
HPCG_SUM_FUNCTION double blocked_sum(local_int begin, local_int end, const Term& term,
                                     const BeforeBlock& before_block = {}) {
  PairwiseSum sum;
  for (local_int start = begin; start < end; start += summation_block) {
    const local_int stop = end - start < summation_block ? end : start + summation_block;
    before_block(start, stop);
    sum.add(block_sum(start, stop, term));
  }
  return sum.total();
}

}  // namespace hpcg
