// SPDX-License-Identifier: BSD-3-Clause
// One line per built-in backend; no self-registering statics (they vanish from static libraries).
#include "hpcg/backend/registry.hpp"

#include "hpcg/base/error.hpp"
#include "reference/reference_backend.hpp"

namespace hpcg {

std::string default_backend_name() { return "reference"; }

std::vector<BackendDescription> available_backends() {
  return {
      {"reference", "HPCG 3.1 reference kernels: CSR, natural order, sequential SymGS"},
  };
}

std::unique_ptr<Backend> make_backend(const std::string& name) {
  if (name == "reference") return std::make_unique<backends::reference::ReferenceBackend>();
  std::string known;
  for (const auto& backend : available_backends()) known += " " + backend.name;
  throw InputError("unknown backend '" + name + "'; available:" + known);
}

}  // namespace hpcg
