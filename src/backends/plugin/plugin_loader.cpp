// SPDX-License-Identifier: BSD-3-Clause
// Reads a table's version first: the two leading fields are the same in every version.
#include "plugin_loader.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "hpcg/base/error.hpp"
#include "plugin_backend.hpp"
#include "plugin_v1_backend.hpp"

namespace hpcg::backends::plugin {

std::unique_ptr<Backend> load_plugin(const std::string& path, const BackendOptions& options) {
  auto library = std::make_unique<SharedLibrary>(path);
  const void* table = library->entry_table();
  uint32_t header[2];
  std::memcpy(header, table, sizeof header);
  const uint32_t version = header[0], size = header[1];
  const std::string where = "cannot use backend plugin " + path + ": ";
  if (version == 1) {
    if (size < sizeof(hpcg_backend_v1)) {
      throw InputError(where + "its version-1 function table has " + std::to_string(size) +
                       " bytes, expected " + std::to_string(sizeof(hpcg_backend_v1)));
    }
    const auto& v1 = *static_cast<const hpcg_backend_v1*>(table);
    return std::make_unique<PluginV1Backend>(std::move(library), v1, options);
  }
  if (version == HPCG_BACKEND_ABI_VERSION) {
    // A table from an older version-2 header ends early: what it lacks stays NULL.
    constexpr size_t required = offsetof(hpcg_backend, create);
    if (size < required) {
      throw InputError(where + "its function table has " + std::to_string(size) +
                       " bytes, fewer than the " + std::to_string(required) +
                       " of its version-2 header");
    }
    hpcg_backend copy{};
    std::memcpy(&copy, table, std::min<size_t>(size, sizeof copy));
    return std::make_unique<PluginBackend>(std::move(library), copy, options);
  }
  throw InputError(where + "it was built for plugin ABI version " + std::to_string(version) +
                   "; this xhpcg loads versions 1 and " +
                   std::to_string(HPCG_BACKEND_ABI_VERSION));
}

}  // namespace hpcg::backends::plugin
