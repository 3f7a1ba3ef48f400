// SPDX-License-Identifier: BSD-3-Clause
// Reads a table's version first: the two leading fields are the same in every version.
#include "plugin_loader.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <mpi.h>

#include "hpcg/base/error.hpp"
#include "plugin_backend.hpp"
#include "plugin_v1_backend.hpp"

namespace hpcg::backends::plugin {
namespace {

/// A plugin's optional probe: a rank that cannot run it (no device) stops the run now.
void probe(const SharedLibrary& library, const BackendOptions& options) {
  auto check = reinterpret_cast<hpcg_backend_probe_fn>(
      library.optional_symbol(HPCG_BACKEND_PROBE_SYMBOL));
  if (check == nullptr) return;
  int rank = 0, initialized = 0;
  MPI_Initialized(&initialized);
  if (initialized != 0) MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  hpcg_error error{};
  if (check(rank, options.settings.c_str(), &error) != HPCG_STATUS_OK) {
    error.message[sizeof error.message - 1] = '\0';
    throw ResourceError("backend plugin " + library.path() + " cannot run on rank " +
                        std::to_string(rank) + ": " + error.message);
  }
}

}  // namespace

std::unique_ptr<Backend> load_plugin(const std::string& path, const BackendOptions& options) {
  auto library = std::make_unique<SharedLibrary>(path);
  const void* table = library->entry_table();
  uint32_t header[2];
  std::memcpy(header, table, sizeof header);
  const uint32_t version = header[0];
  uint32_t size = header[1];
  const std::string where = "cannot use backend plugin " + path + ": ";
  if (version == 1) {
    if (size < sizeof(hpcg_backend_v1)) {
      throw InputError(where + "its version-1 function table has " + std::to_string(size) +
                       " bytes, expected " + std::to_string(sizeof(hpcg_backend_v1)));
    }
    const auto& v1 = *static_cast<const hpcg_backend_v1*>(table);
    return std::make_unique<PluginV1Backend>(std::move(library), v1, options);
  }
  if (version == 2 || version == HPCG_BACKEND_ABI_VERSION) {
    // Version 3 only adds entries at the end of version 2's table, and a table from an older
    // header ends early: what it lacks stays NULL.
    constexpr size_t required = offsetof(hpcg_backend, create);
    if (size < required) {
      throw InputError(where + "its function table has " + std::to_string(size) +
                       " bytes, fewer than the " + std::to_string(required) +
                       " of its version-" + std::to_string(version) + " header");
    }
    if (version == 2) size = std::min<uint32_t>(size, offsetof(hpcg_backend, alloc_level_vector));
    hpcg_backend copy{};
    std::memcpy(&copy, table, std::min<size_t>(size, sizeof copy));
    probe(*library, options);
    return std::make_unique<PluginBackend>(std::move(library), copy, options);
  }
  throw InputError(where + "it was built for plugin ABI version " + std::to_string(version) +
                   "; this xhpcg loads versions 1 to " +
                   std::to_string(HPCG_BACKEND_ABI_VERSION));
}

std::string installed_plugin(const std::string& file) {
  std::error_code ignored;
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", ignored);
  if (program.empty()) return "";
  for (const auto& candidate : {program.parent_path() / file,
                                program.parent_path().parent_path() / "lib" / "hpcg" / file}) {
    if (std::filesystem::exists(candidate, ignored)) return candidate.string();
  }
  return "";
}

}  // namespace hpcg::backends::plugin
