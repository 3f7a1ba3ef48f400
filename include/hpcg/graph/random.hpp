// SPDX-License-Identifier: BSD-3-Clause
// Counter-based random numbers: every value is a pure function of (seed, stream, position), so a
// generated graph, a relabelling or a source sequence is the same whatever the rank count.
#pragma once

#include <cstdint>

namespace hpcg::graph {

__extension__ typedef unsigned __int128 uint128;  // GCC/Clang; __extension__ quiets -Wpedantic

/// SplitMix64's output function: a bijective 64-bit mixer with full avalanche.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// Key of an independent stream (`purpose` separates the uses of one user seed).
constexpr std::uint64_t stream_key(std::uint64_t seed, std::uint64_t purpose) {
  return mix64(mix64(seed) ^ (purpose * 0xd1342543de82ef95ull));
}

/// The random words of element `index` of a keyed stream (one edge, one draw of a picker): a
/// SplitMix64 sequence started from a hash of (key, index).
class CounterRng {
 public:
  CounterRng(std::uint64_t key, std::uint64_t index) : state_(mix64(key ^ mix64(index))) {}

  std::uint64_t next() {
    state_ += 0x9e3779b97f4a7c15ull;
    return mix64(state_);
  }

  /// Uniform in [0, bound) without modulo bias (Lemire's multiply-shift with rejection).
  std::uint64_t below(std::uint64_t bound) {
    uint128 product = static_cast<uint128>(next()) * bound;
    auto low = static_cast<std::uint64_t>(product);
    if (low < bound) {
      const std::uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        product = static_cast<uint128>(next()) * bound;
        low = static_cast<std::uint64_t>(product);
      }
    }
    return static_cast<std::uint64_t>(product >> 64);
  }

 private:
  std::uint64_t state_;
};

/// Purposes of the streams derived from the one user seed.
enum class Stream : std::uint64_t {
  kronecker = 1,
  kronecker_labels,
  uniform,
  relabel,
  sources,
  weights
};

}  // namespace hpcg::graph
