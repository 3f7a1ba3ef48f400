// SPDX-License-Identifier: BSD-3-Clause
// The one reference implementation of the steps: HPCG 3.1's kernels in host memory, which are
// Backend's defaults. It is the `reference` backend, the baseline others are measured against,
// and the yardstick of the checks, which also run it in another backend's declared Gauss-Seidel
// order.
#pragma once

#include <vector>

#include "hpcg/backends/backend.hpp"

namespace hpcg::backends::reference {

class ReferenceBackend final : public Backend {
 public:
  /// Gauss-Seidel in natural order: HPCG 3.1's SymGS.
  ReferenceBackend() = default;
  /// Gauss-Seidel on each level l in sweep_orders[l] (a permutation of its rows), as a backend
  /// declared it.
  explicit ReferenceBackend(std::vector<std::vector<local_int>> sweep_orders);

  std::string name() const override;
  std::string version() const override;
  /// The natural order, or the orders given.
  std::vector<local_int> sweep_order(int level) const override;
  void symgs_part(HaloPart part, int level, const BackendVector& r, BackendVector& x) override;

 private:
  std::vector<std::vector<local_int>> sweep_orders_;  ///< none: natural order
};

}  // namespace hpcg::backends::reference
