// SPDX-License-Identifier: BSD-3-Clause
// The `reference` backend: HPCG 3.1's kernels unchanged, the baseline others are measured against.
#pragma once

#include "hpcg/backends/backend.hpp"

namespace hpcg::backends::reference {

class ReferenceBackend final : public Backend {
 public:
  std::string name() const override { return "reference"; }
  std::string version() const override;
  /// The reference's natural order.
  std::vector<local_int> sweep_order(int level) const override;
};

}  // namespace hpcg::backends::reference
