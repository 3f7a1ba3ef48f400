// SPDX-License-Identifier: BSD-3-Clause
// How much a failed allocation asked for, so that an out-of-memory message can say it: the
// programs' global operator new records the size before it throws std::bad_alloc, and the
// core's aligned allocations call throw_allocation_failure. Under AddressSanitizer, whose
// allocator a replacement would shadow, operator new is not replaced and only the aligned
// allocations are recorded.
#pragma once

#include <cstddef>
#include <string>

namespace hpcg {

/// Records `bytes` as the allocation that failed and throws std::bad_alloc.
[[noreturn]] void throw_allocation_failure(std::size_t bytes);

/// "an allocation of 2.50 GiB failed" for the last failure recorded on this process, or "an
/// allocation failed" when none was.
std::string describe_allocation_failure();

}  // namespace hpcg
