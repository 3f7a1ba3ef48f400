// SPDX-License-Identifier: BSD-3-Clause
// One line per built-in backend; no self-registering statics (they vanish from static libraries).
#include "hpcg/backend/registry.hpp"

#include "hpcg/base/error.hpp"
#include "openmp/openmp_backend.hpp"
#include "plugin/plugin_backend.hpp"
#include "reference/reference_backend.hpp"

namespace hpcg {

std::string default_backend_name() { return "openmp"; }

std::vector<BackendDescription> available_backends() {
  return {
      {"reference", "HPCG 3.1 reference kernels: CSR, natural order, sequential SymGS"},
      {"openmp", "block-multicolour Gauss-Seidel threaded within each rank, fused V-cycle"},
      {"plugin:PATH", "a vendor library built against backend_abi.h (see README)"},
  };
}

std::unique_ptr<Backend> make_backend(const std::string& name) {
  if (name == "reference") return std::make_unique<backends::reference::ReferenceBackend>();
  if (name == "openmp") return std::make_unique<backends::openmp::OpenMPBackend>();
  const std::string plugin_prefix = "plugin:";
  if (name.rfind(plugin_prefix, 0) == 0) {
    return std::make_unique<backends::plugin::PluginBackend>(name.substr(plugin_prefix.size()));
  }
  std::string known;
  for (const auto& backend : available_backends()) known += " " + backend.name;
  throw InputError("unknown backend '" + name + "'; available:" + known);
}

}  // namespace hpcg
