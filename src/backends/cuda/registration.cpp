// SPDX-License-Identifier: BSD-3-Clause
// --backend=cuda: the registry's row for this folder's plugin, lib/hpcg/libhpcg_cuda.so. Part
// of xhpcg (hpcg_backend_registry), not of the plugin, which knows only the ABI header.
#include "../plugin/plugin_loader.hpp"
#include "../registrations.hpp"

namespace hpcg::backends {

BackendEntry cuda_entry() {
  const std::string path = plugin::installed_plugin("libhpcg_cuda.so");
  BackendEntry entry{"cuda",
                     "CUDA plugin (one GPU per rank): sliced ELLPACK, multicolour Gauss-Seidel, "
                     "data on the device; " + (path.empty() ? std::string("not installed") : path),
                     0.5, nullptr, nullptr, nullptr, {}, false, true};
  entry.backend_checks_settings = true;  // the plugin parses them (common/layout.cpp)
  entry.make = [path](const std::string&, const BackendOptions& options) {
    if (path.empty()) {
      throw ResourceError("backend 'cuda' is not installed: lib/hpcg/libhpcg_cuda.so is built "
                          "when CMake finds the CUDA toolkit (src/backends/cuda/README.md)");
    }
    return plugin::load_plugin(path, options);
  };
  return entry;
}

}  // namespace hpcg::backends
