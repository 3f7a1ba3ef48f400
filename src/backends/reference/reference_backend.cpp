// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/backends/reference_backend.hpp"

#include <numeric>

#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/version.hpp"

namespace hpcg::backends::reference {

ReferenceBackend::ReferenceBackend(std::vector<std::vector<local_int>> sweep_orders)
    : sweep_orders_(std::move(sweep_orders)) {}

std::string ReferenceBackend::name() const {
  return sweep_orders_.empty() ? "reference" : "reference in the declared order";
}

std::string ReferenceBackend::version() const { return hpcg::version_string; }

std::vector<local_int> ReferenceBackend::sweep_order(int l) const {
  if (!sweep_orders_.empty()) return sweep_orders_.at(l);
  std::vector<local_int> order(level(l).A.rows);
  std::iota(order.begin(), order.end(), 0);
  return order;
}

void ReferenceBackend::symgs_part(HaloPart part, int l, const BackendVector& r,
                                  BackendVector& x) {
  if (sweep_orders_.empty()) return Backend::symgs_part(part, l, r, x);
  if (part == HaloPart::before_halo) return;
  hpcg::reference::symgs_in_order(level(l).A, sweep_orders_.at(l).data(), host_data(r), host_data(x));
}

}  // namespace hpcg::backends::reference
