// SPDX-License-Identifier: BSD-3-Clause
// The `openmp` backend: Gauss-Seidel parallel within a rank through a block multicolour
// ordering computed in the optimisation phase, and a V-cycle that does only the work the
// mathematics needs (no halo exchange for vectors known to be zero, the residual only at the
// rows restriction injects). It reads the core's CSR matrix in place, so its extra memory is a
// few integers per block.
#pragma once

#include <vector>

#include "coloring.hpp"
#include "hpcg/backend/backend.hpp"

namespace hpcg::backends::openmp {

class OpenMPBackend : public Backend {
 public:
  std::string name() const override { return "openmp"; }
  std::string version() const override;
  KernelSet optimized_kernels() const override;

  void optimize(Problem& problem) override;
  double optimization_bytes() const override;
  bool mg(Problem& problem, const Vector& r, Vector& x) override;
  void symgs(const Level& level, const Vector& r, Vector& x) override;

  /// Colours used on each level (for the report and tests).
  std::vector<int> colors_per_level() const;

 private:
  const BlockColoring& ordering(const Level& level) const;
  void v_cycle(Problem& problem, size_t l, const Vector& r, Vector& x) const;

  const Problem* problem_ = nullptr;
  std::vector<BlockColoring> orderings_;  ///< one per level
};

}  // namespace hpcg::backends::openmp
