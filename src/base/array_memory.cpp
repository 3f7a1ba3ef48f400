// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/array_memory.hpp"

#include <sys/mman.h>

#include <cstdlib>

#include "hpcg/base/allocation_failure.hpp"

namespace hpcg {

void* allocate_array(std::size_t bytes) {
  constexpr std::size_t line = 64, huge_page = std::size_t{2} << 20;
  const std::size_t alignment = bytes >= huge_page ? huge_page : line;
  const std::size_t rounded = bytes == 0 ? line : (bytes + alignment - 1) / alignment * alignment;
  void* memory = std::aligned_alloc(alignment, rounded);
  if (memory == nullptr) throw_allocation_failure(rounded);
  // Advice only: without huge pages (mode "never", or none free) the array keeps small ones.
  if (alignment == huge_page) madvise(memory, rounded, MADV_HUGEPAGE);
  return memory;
}

}  // namespace hpcg
