// SPDX-License-Identifier: BSD-3-Clause
// The plugin:PATH row of the registry: any vendor library built against backend_abi.h.
#include "../registrations.hpp"
#include "plugin_loader.hpp"

namespace hpcg::backends {

BackendEntry plugin_entry() {
  return {"plugin:PATH", "a vendor library built against backend_abi.h (src/backends/README.md)",
          0.5,
          [](const std::string& path, const BackendOptions& options) {
            return plugin::load_plugin(path, options);
          },
          nullptr, nullptr, {}, /*backend_checks_settings=*/true};
}

}  // namespace hpcg::backends
