// SPDX-License-Identifier: BSD-3-Clause
// Memory for the arrays the kernels stream (vectors, a backend's copy of the matrix). Each
// 4 KiB page a stream crosses costs a TLB miss, and a sweep reads five to seven streams at
// once; where the kernel hands out transparent huge pages on request (Debian's default mode,
// "madvise"), arrays of 2 MiB or more ask for them.
#pragma once

#include <cstddef>

namespace hpcg {

/// Uninitialised memory of `bytes` (at least one cache line), aligned to a cache line, and to
/// 2 MiB with huge pages advised where it spans 2 MiB or more; free it with std::free. Throws
/// std::bad_alloc (recorded by throw_allocation_failure) when memory runs out.
void* allocate_array(std::size_t bytes);

}  // namespace hpcg
