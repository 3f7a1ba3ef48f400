// SPDX-License-Identifier: BSD-3-Clause
// Each backend's row of the registry, defined in the backend's own folder (registration.cpp);
// the registry lists them, one line each. A backend that is not built provides a row that says
// so (the kokkos folder's not_built.cpp); CMake picks which file, so no #ifdef is needed.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "hpcg/backends/registry.hpp"
#include "hpcg/base/error.hpp"

namespace hpcg::backends {

BackendEntry reference_entry();
BackendEntry openmp_entry();
BackendEntry kokkos_entry();
BackendEntry cuda_entry();
BackendEntry plugin_entry();

/// The row of a backend whose data always lives in host memory: it refuses --separate-memory.
template <class T>
BackendEntry host_backend_entry(std::string name, std::string summary, double share) {
  BackendEntry entry{name, std::move(summary), share, nullptr, nullptr, nullptr, {}, false, true};
  entry.make = [name](const std::string&, const BackendOptions& options) {
    if (options.separate_memory) {
      throw InputError("backend '" + name + "' keeps its data in host memory and has no "
                       "separate-memory mode (--separate-memory); --list-backends shows those "
                       "that have one");
    }
    return std::unique_ptr<Backend>(std::make_unique<T>());
  };
  return entry;
}

}  // namespace hpcg::backends
