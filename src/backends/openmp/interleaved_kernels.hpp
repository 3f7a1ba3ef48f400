// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's SIMD kernels on the interleaved layout (interleaved_layout.hpp).
#pragma once

#include "interleaved_layout.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg::backends::openmp {

/// block_symgs() (kernels.hpp) on the interleaved copy of the same colouring, W lanes at a time,
/// with the same values. `t` is scratch of layout.positions() * layout.lanes entries.
void interleaved_symgs(const SparseMatrix& A, const InterleavedLayout& layout, const double* r,
                       double* x, double* t, bool zero_guess);

}  // namespace hpcg::backends::openmp
