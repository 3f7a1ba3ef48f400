// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's float dot over one block of entries, shared by dot_float and the fused
// Gram-Schmidt dots, so that both sum alike bit for bit.
#pragma once

#include "hpcg/base/threads.hpp"
#include "hpcg/base/types.hpp"

namespace hpcg::backends::openmp {

/// Entries per block of the dot and float lanes per block: one AVX-512 register of lanes, so
/// the products of a block add in one vector instruction per 16 entries.
constexpr local_int dot_block = 256;
constexpr int dot_lanes = 16;

/// The calling thread's share of `blocks` blocks, [first, last): contiguous and equal, so that
/// dot_float and the fused Gram-Schmidt dots, which walk their shares differently, add the same
/// blocks in the same order.
struct ThreadBlocks {
  local_int first, last;
  explicit ThreadBlocks(local_int blocks)
      : first(static_cast<local_int>(static_cast<long long>(blocks) * thread_id() /
                                     team_threads())),
        last(static_cast<local_int>(static_cast<long long>(blocks) * (thread_id() + 1) /
                                    team_threads())) {}
};

/// x.y over [begin, end): the lanes in float within the block, their sum rounded once to float.
inline float block_dot(const float* x, const float* y, local_int begin, local_int end) {
  float lane[dot_lanes] = {};
  local_int i = begin;
  for (; i + dot_lanes <= end; i += dot_lanes) {
#pragma omp simd
    for (int j = 0; j < dot_lanes; ++j) lane[j] += x[i + j] * y[i + j];
  }
  for (; i < end; ++i) lane[0] += x[i] * y[i];
  for (int width = dot_lanes / 2; width > 0; width /= 2) {
    for (int j = 0; j < width; ++j) lane[j] += lane[j + width];
  }
  return lane[0];
}

}  // namespace hpcg::backends::openmp
