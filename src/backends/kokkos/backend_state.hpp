// SPDX-License-Identifier: BSD-3-Clause
// What a KokkosBackend holds, shared by its double steps (kokkos_backend.cpp) and its
// HPG-MxP steps (float_steps.cpp, gram_schmidt.cpp).
#pragma once

#include <vector>

#include "float_kernels.hpp"
#include "hpcg/base/error.hpp"
#include "kokkos_backend.hpp"

namespace hpcg::backends::kokkos {

/// Gram-Schmidt's dots' partial sums (gram_schmidt.cpp), grown on demand: a column per basis
/// vector of one kernel, a row per block of rows (or group of blocks); then the totals.
struct DotScratch {
  Kokkos::View<double**, MemorySpace> blocks, groups;
  SpaceView<double> totals;
};

struct KokkosBackend::State {
  explicit State(KokkosOptions chosen) : options(chosen), memory(chosen.separate_memory) {}

  const LevelViews& views(int level) const {
    HPCG_REQUIRE(level >= 0 && level < static_cast<int>(levels.size()));
    return levels[level];
  }

  /// The level's values in float, made at the first single-precision step: xhpcg never pays
  /// for them.
  const FloatValues& float_values(int level) {
    if (float_levels.size() != levels.size()) float_levels.resize(levels.size());
    FloatValues& values = float_levels.at(level);
    if (values.diagonal.extent(0) == 0 && views(level).rows > 0) {
      values = make_float_values(views(level), memory);
    }
    return values;
  }

  KokkosOptions options;
  SpaceMemory memory;
  std::vector<LevelViews> levels;
  std::vector<FloatValues> float_levels;  ///< per level, empty until float_values() asks
  DotScratch dot_scratch;
};

}  // namespace hpcg::backends::kokkos
