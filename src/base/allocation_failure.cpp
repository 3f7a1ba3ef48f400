// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/allocation_failure.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace hpcg {

namespace {
std::atomic<std::size_t> failed_bytes{0};
}  // namespace

void throw_allocation_failure(std::size_t bytes) {
  failed_bytes.store(bytes);
  throw std::bad_alloc();
}

std::string describe_allocation_failure() {
  const std::size_t bytes = failed_bytes.load();
  if (bytes == 0) return "an allocation failed";
  char size[64];
  if (bytes >= (std::size_t{1} << 30)) {
    std::snprintf(size, sizeof size, "%.2f GiB", static_cast<double>(bytes) / (1 << 30));
  } else if (bytes >= (std::size_t{1} << 20)) {
    std::snprintf(size, sizeof size, "%.2f MiB", static_cast<double>(bytes) / (1 << 20));
  } else {
    std::snprintf(size, sizeof size, "%zu bytes", bytes);
  }
  return std::string("an allocation of ") + size + " failed";
}

}  // namespace hpcg

#if !defined(__SANITIZE_ADDRESS__)
// The replaceable global allocation function, as the standard library's own but for the size
// recorded on failure; the library's nothrow and array forms call it, its delete frees alike.
void* operator new(std::size_t bytes) {
  for (;;) {
    if (void* p = std::malloc(bytes == 0 ? 1 : bytes)) return p;
    std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) hpcg::throw_allocation_failure(bytes);
    handler();
  }
}

#endif
