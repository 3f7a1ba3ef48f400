// SPDX-License-Identifier: BSD-3-Clause
// The kokkos backend's row of the registry, where it is built (else not_built.cpp): Kokkos
// starts after MPI_Init, takes its --kokkos-* arguments, and stops before MPI_Finalize.
#include "../registrations.hpp"
#include "kokkos_backend.hpp"

namespace hpcg::backends {

BackendEntry kokkos_entry() {
  BackendEntry entry{"kokkos",
                     "block-multicolour Gauss-Seidel and the fused V-cycle steps as Kokkos "
                     "patterns on " + kokkos::configuration(),
                     0.6, nullptr, kokkos::initialize, kokkos::finalize};
  entry.make = [](const std::string&, const BackendOptions& options) {
    kokkos::KokkosOptions chosen;
    chosen.separate_memory = options.separate_memory;
    return std::unique_ptr<Backend>(std::make_unique<kokkos::KokkosBackend>(chosen));
  };
  return entry;
}

}  // namespace hpcg::backends
