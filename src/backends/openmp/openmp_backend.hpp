// SPDX-License-Identifier: BSD-3-Clause
// The `openmp` backend: Gauss-Seidel parallel within a rank through a block multicolour
// ordering computed in the optimisation phase, on the shared split copy of each level's matrix
// (hpcg/backends/sweep_layout.hpp), and the fused steps of the core's V-cycle: the pre-smoothing
// from x = 0 reads only L, each backward sweep reads only U, the residual is computed only at
// the rows restriction injects. SpMV runs on the core's CSR matrix with independent partial sums
// per row. Vectors, dot, WAXPBY and prolongation are the core's defaults in host memory.
#pragma once

#include <vector>

#include "hpcg/backends/backend.hpp"
#include "hpcg/backends/block_coloring.hpp"
#include "hpcg/backends/sweep_layout.hpp"
#include "hpcg/linalg/vector.hpp"

namespace hpcg::backends::openmp {

class OpenMPBackend : public Backend {
 public:
  std::string name() const override { return "openmp"; }
  std::string version() const override;
  KernelSet optimized_kernels() const override;

  double optimization_bytes() const override;
  void diagonal_changed(int level) override;
  void spmv_part(HaloPart part, int level, const BackendVector& x, BackendVector& y) override;
  void symgs_part(HaloPart part, int level, const BackendVector& r, BackendVector& x) override;
  void symgs_zero_guess(int level, const BackendVector& r, BackendVector& x) override;
  void residual_restriction_part(HaloPart part, int level, const BackendVector& r,
                                 const BackendVector& x, BackendVector& rc) override;
  std::vector<local_int> sweep_order(int level) const override;
  /// HPG-MxP's forward sweeps in the same order (float_steps.cpp).
  void gs_forward_part(HaloPart part, int level, const BackendVector& r,
                       BackendVector& x) override;
  void gs_forward_float_part(HaloPart part, int level, const BackendVector& r,
                             BackendVector& x) override;

  /// Colours used on each level (for the report and tests).
  std::vector<int> colors_per_level() const;

 protected:
  void prepare(const Problem& problem) override;

 private:
  struct LevelOrdering {
    BlockColoring coloring;
    SweepLayout layout;
    Vector sweep_rhs;  ///< t = r - L x of the last forward sweep
  };

  LevelOrdering& ordering(int level);
  void sweep(int level, const BackendVector& r, BackendVector& x, bool zero_guess);

  std::vector<LevelOrdering> orderings_;  ///< one per level
};

}  // namespace hpcg::backends::openmp
