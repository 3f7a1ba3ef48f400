// SPDX-License-Identifier: BSD-3-Clause
// One row of A x from the core's CSR, for openmp's float SpMV, restricted residual and forward
// sweeps (the double ones read the split copy) and the probe's CSR SpMV
// (setup/probes/sweep_row.cpp).
#pragma once

#include "hpcg/base/types.hpp"

namespace hpcg::backends::openmp {

/// sum of value[k] x[column[k]] over k in [k, end), in four independent partial sums: one
/// running sum would make every product wait for the previous addition (27 in a row), which
/// bound the SpMV by addition latency in either precision. The summation order is fixed, so
/// results repeat bit for bit.
template <class Value>
[[gnu::always_inline]] inline Value range_product(const local_int* column, const Value* value,
                                                  const Value* x, nnz_int k, nnz_int end) {
  Value s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  for (; k + 4 <= end; k += 4) {
    s0 += value[k] * x[column[k]];
    s1 += value[k + 1] * x[column[k + 1]];
    s2 += value[k + 2] * x[column[k + 2]];
    s3 += value[k + 3] * x[column[k + 3]];
  }
  for (; k < end; ++k) s0 += value[k] * x[column[k]];
  return (s0 + s1) + (s2 + s3);
}

/// (A x)_i.
template <class Value>
inline Value row_product(const nnz_int* start, const local_int* column, const Value* value,
                         const Value* x, local_int i) {
  return range_product(column, value, x, start[i], start[i + 1]);
}

}  // namespace hpcg::backends::openmp
