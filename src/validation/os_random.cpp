// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/validation/os_random.hpp"

#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <string>

namespace hpcg {

std::uint64_t os_random_bits() {
  std::uint64_t bits = 0;
  auto* bytes = reinterpret_cast<unsigned char*>(&bits);
  size_t got = 0;
  while (got < sizeof bits) {
    const ssize_t n = getrandom(bytes + got, sizeof bits - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("getrandom(2) failed: errno " + std::to_string(errno));
    got += static_cast<size_t>(n);
  }
  return bits;
}

std::uint64_t shared_os_random_bits(const Comm& comm) {
  std::string text;
  if (comm.is_root()) text = std::to_string(os_random_bits());
  return std::stoull(comm.broadcast(text));
}

}  // namespace hpcg
