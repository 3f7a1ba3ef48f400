// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's row of the registry.
#include "../registrations.hpp"
#include "openmp_backend.hpp"

namespace hpcg::backends {

BackendEntry openmp_entry() {
  return host_backend_entry<openmp::OpenMPBackend>(
      "openmp", "block-multicolour Gauss-Seidel threaded within each rank, fused V-cycle steps",
      0.85);  // the split copy about 0.5 of the model, SpMV's slices about 0.34 more
}

}  // namespace hpcg::backends
