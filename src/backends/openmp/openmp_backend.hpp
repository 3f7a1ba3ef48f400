// SPDX-License-Identifier: BSD-3-Clause
// The `openmp` backend: Gauss-Seidel parallel within a rank through a block multicolour
// ordering computed in the optimisation phase, on a copy of each level's matrix split in that
// sweep order (sweep_layout.hpp), and a V-cycle that does only the work the mathematics needs:
// the pre-smoothing from x = 0 reads only L and needs no halo exchange, each backward sweep
// reads only U, the residual is computed only at the rows restriction injects. SpMV runs on the
// core's CSR matrix with independent partial sums per row; dot and WAXPBY are the core's
// (threaded) kernels.
#pragma once

#include <vector>

#include "hpcg/backend/backend.hpp"
#include "hpcg/backend/block_coloring.hpp"
#include "sweep_layout.hpp"

namespace hpcg::backends::openmp {

class OpenMPBackend : public Backend {
 public:
  std::string name() const override { return "openmp"; }
  std::string version() const override;
  KernelSet optimized_kernels() const override;

  void optimize(Problem& problem) override;
  double optimization_bytes() const override;
  bool mg(Problem& problem, const Vector& r, Vector& x) override;
  void spmv(const Level& level, const Vector& x, Vector& y) override;
  void symgs(const Level& level, const Vector& r, Vector& x) override;
  void diagonal_changed(const Level& level) override;

  /// Colours used on each level (for the report and tests).
  std::vector<int> colors_per_level() const;

 private:
  struct LevelOrdering {
    BlockColoring coloring;
    SweepLayout layout;
    Vector sweep_rhs;  ///< t = r - L x of the last forward sweep
  };

  LevelOrdering& ordering(const Level& level);
  void v_cycle(Problem& problem, size_t l, const Vector& r, Vector& x);

  const Problem* problem_ = nullptr;
  std::vector<LevelOrdering> orderings_;  ///< one per level
};

}  // namespace hpcg::backends::openmp
