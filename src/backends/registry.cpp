// SPDX-License-Identifier: BSD-3-Clause
// One line per built-in backend; no self-registering statics (they vanish from static libraries).
#include "hpcg/backend/registry.hpp"

#include "hpcg/base/error.hpp"
#include "openmp/openmp_backend.hpp"
#include "plugin/plugin_backend.hpp"
#include "reference/reference_backend.hpp"
#ifdef HPCG_WITH_KOKKOS
#include "kokkos/kokkos_backend.hpp"
#endif

namespace hpcg {

void initialize_backends(int& argc, char** argv) {
#ifdef HPCG_WITH_KOKKOS
  backends::kokkos::initialize(argc, argv);
#else
  (void)argc, (void)argv;
#endif
}

void finalize_backends() {
#ifdef HPCG_WITH_KOKKOS
  backends::kokkos::finalize();
#endif
}

std::string default_backend_name() { return "openmp"; }

std::vector<BackendDescription> available_backends() {
  return {
      {"reference", "HPCG 3.1 reference kernels: CSR, natural order, sequential SymGS"},
      {"openmp", "block-multicolour Gauss-Seidel threaded within each rank, fused V-cycle"},
#ifdef HPCG_WITH_KOKKOS
      {"kokkos", "block-multicolour Gauss-Seidel, fused V-cycle as Kokkos patterns on " +
                     backends::kokkos::configuration()},
#endif
      {"plugin:PATH", "a vendor library built against backend_abi.h (see README)"},
  };
}

double optimization_memory_share(const std::string& backend) {
  if (backend == "reference") return 0.0;
  if (backend == "kokkos") return 0.6;
  return 0.5;
}

std::unique_ptr<Backend> make_backend(const std::string& name) {
  if (name == "reference") return std::make_unique<backends::reference::ReferenceBackend>();
  if (name == "openmp") return std::make_unique<backends::openmp::OpenMPBackend>();
#ifdef HPCG_WITH_KOKKOS
  if (name == "kokkos") return std::make_unique<backends::kokkos::KokkosBackend>();
#else
  if (name == "kokkos") {
    throw InputError("backend 'kokkos' is not built into this xhpcg: configure with "
                     "-DKokkos_ROOT=<Kokkos install> or run setup/kokkos.sh (README, Kokkos backend)");
  }
#endif
  const std::string plugin_prefix = "plugin:";
  if (name.rfind(plugin_prefix, 0) == 0) {
    return std::make_unique<backends::plugin::PluginBackend>(name.substr(plugin_prefix.size()));
  }
  std::string known;
  for (const auto& backend : available_backends()) known += " " + backend.name;
  throw InputError("unknown backend '" + name + "'; available:" + known);
}

}  // namespace hpcg
