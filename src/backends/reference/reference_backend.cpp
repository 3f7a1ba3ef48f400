// SPDX-License-Identifier: BSD-3-Clause
#include "reference_backend.hpp"

#include <numeric>

#include "hpcg/version.hpp"

namespace hpcg::backends::reference {

std::string ReferenceBackend::version() const { return hpcg::version_string; }

std::vector<local_int> ReferenceBackend::sweep_order(int l) const {
  std::vector<local_int> order(level(l).A.rows);
  std::iota(order.begin(), order.end(), 0);
  return order;
}

}  // namespace hpcg::backends::reference
