// SPDX-License-Identifier: BSD-3-Clause
// The kokkos backend's row where CMake found no Kokkos: --backend=kokkos says how to get it.
// Without an initialize hook, --kokkos-* arguments stay for the parser to reject.
#include "../registrations.hpp"

namespace hpcg::backends {

BackendEntry kokkos_entry() {
  BackendEntry entry{"kokkos", "not built into this xhpcg (no Kokkos found at configure time)",
                     0.6, nullptr, nullptr, nullptr};
  entry.backend_checks_settings = true;  // refused whole, settings or not
  entry.make = [](const std::string&, const BackendOptions&) -> std::unique_ptr<Backend> {
    throw InputError("backend 'kokkos' is not built into this xhpcg: configure with "
                     "-DKokkos_ROOT=<Kokkos install> or run setup/kokkos.sh "
                     "(src/backends/README.md, Kokkos)");
  };
  return entry;
}

}  // namespace hpcg::backends
