// SPDX-License-Identifier: BSD-3-Clause
// Randomness a backend cannot predict: bits from the operating system's generator, drawn when
// needed, never from an engine whose state lies in memory a plugin can read.
#pragma once

#include <cstdint>

#include "hpcg/base/comm.hpp"

namespace hpcg {

/// 64 bits from getrandom(2); throws if the operating system has none to give.
std::uint64_t os_random_bits();

/// 64 bits drawn on rank 0 from getrandom(2), the same on every rank. Collective.
std::uint64_t shared_os_random_bits(const Comm& comm);

}  // namespace hpcg
