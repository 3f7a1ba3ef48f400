// SPDX-License-Identifier: BSD-3-Clause
// The reference backend's row of the registry.
#include "../registrations.hpp"
#include "hpcg/backends/reference_backend.hpp"

namespace hpcg::backends {

BackendEntry reference_entry() {
  return host_backend_entry<reference::ReferenceBackend>(
      "reference", "HPCG 3.1 reference kernels: CSR, natural order, sequential SymGS", 0.0);
}

}  // namespace hpcg::backends
