// SPDX-License-Identifier: BSD-3-Clause
// The kokkos backend's row of the registry, where it is built (else not_built.cpp): Kokkos
// starts after MPI_Init, takes its --kokkos-* arguments, and stops before MPI_Finalize.
#include <charconv>
#include <string>

#include "../registrations.hpp"
#include "kokkos_backend.hpp"

namespace hpcg::backends {
namespace {

/// --backend-settings=block_rows=N (N >= 1 rows per colouring block; 1 is point colouring, the
/// device's), or 0 to choose for the execution space. The registry has refused other keys.
local_int block_rows_setting(const std::string& settings) {
  const std::string key = "block_rows=";
  const size_t at = settings.find(key);
  if (at == std::string::npos || (at > 0 && settings[at - 1] != ',')) return 0;
  const size_t begin = at + key.size();
  const std::string value = settings.substr(begin, settings.find(',', begin) - begin);
  local_int rows = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), rows);
  if (error != std::errc() || end != value.data() + value.size() || rows < 1) {
    throw InputError("backend 'kokkos': --backend-settings block_rows=" + value +
                     " is not a whole number of rows of at least 1");
  }
  return rows;
}

}  // namespace

BackendEntry kokkos_entry() {
  BackendEntry entry{"kokkos",
                     "block-multicolour Gauss-Seidel and the fused V-cycle steps as Kokkos "
                     "patterns on " + kokkos::configuration(),
                     0.6, nullptr, kokkos::initialize, kokkos::finalize, {}, false, true};
  entry.setting_keys = {"block_rows"};
  entry.make = [](const std::string&, const BackendOptions& options) {
    kokkos::KokkosOptions chosen;
    chosen.separate_memory = options.separate_memory;
    chosen.block_rows = block_rows_setting(options.settings);
    return std::unique_ptr<Backend>(std::make_unique<kokkos::KokkosBackend>(chosen));
  };
  return entry;
}

}  // namespace hpcg::backends
