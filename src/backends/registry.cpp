// SPDX-License-Identifier: BSD-3-Clause
// One row per built-in backend; no self-registering statics (they vanish from static libraries).
#include "hpcg/backends/registry.hpp"

#include <filesystem>
#include <system_error>

#include "hpcg/base/error.hpp"
#include "openmp/openmp_backend.hpp"
#include "plugin/plugin_loader.hpp"
#include "reference/reference_backend.hpp"
#ifdef HPCG_WITH_KOKKOS
#include "kokkos/kokkos_backend.hpp"
#endif

namespace hpcg {
namespace {

constexpr const char* argument_marker = ":PATH";

/// An installed plugin's path: next to xhpcg (a build tree) or in <prefix>/lib/hpcg (an
/// install, bin/xhpcg's sibling), or "" when neither holds it.
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

/// --backend=cuda: the vendor-style plugin lib/hpcg/libhpcg_cuda.so (src/backends/cuda).
BackendEntry cuda_backend() {
  const std::string path = installed_plugin("libhpcg_cuda.so");
  BackendEntry entry{"cuda",
                     "CUDA plugin (one GPU per rank): sliced ELLPACK, multicolour Gauss-Seidel, data on "
                     "the device; " + (path.empty() ? std::string("not installed") : path),
                     0.5, nullptr};
  entry.make = [path](const std::string&, const BackendOptions& options) {
    if (path.empty()) {
      throw ResourceError("backend 'cuda' is not installed: lib/hpcg/libhpcg_cuda.so is built "
                          "when CMake finds the CUDA toolkit (src/backends/cuda/README.md)");
    }
    return backends::plugin::load_plugin(path, options);
  };
  return entry;
}

/// A backend whose data always lives in host memory refuses --separate-memory.
void require_host_memory_options(const std::string& name, const BackendOptions& options) {
  if (options.separate_memory) {
    throw InputError("backend '" + name + "' keeps its data in host memory and has no "
                     "separate-memory mode (--separate-memory); the kokkos backend has one");
  }
}

template <class T>
BackendEntry host_backend(std::string name, std::string summary, double share) {
  BackendEntry entry{name, std::move(summary), share, nullptr};
  entry.make = [name](const std::string&, const BackendOptions& options) {
    require_host_memory_options(name, options);
    return std::unique_ptr<Backend>(std::make_unique<T>());
  };
  return entry;
}

std::vector<BackendEntry> make_table() {
  std::vector<BackendEntry> table;
  table.push_back(host_backend<backends::reference::ReferenceBackend>(
      "reference", "HPCG 3.1 reference kernels: CSR, natural order, sequential SymGS", 0.0));
  table.push_back(host_backend<backends::openmp::OpenMPBackend>(
      "openmp", "block-multicolour Gauss-Seidel threaded within each rank, fused V-cycle steps",
      0.5));
#ifdef HPCG_WITH_KOKKOS
  table.push_back({"kokkos",
                   "block-multicolour Gauss-Seidel and the fused V-cycle steps as Kokkos "
                   "patterns on " + backends::kokkos::configuration(),
                   0.6, [](const std::string&, const BackendOptions& options) {
                     backends::kokkos::KokkosOptions chosen;
                     chosen.separate_memory = options.separate_memory;
                     return std::unique_ptr<Backend>(
                         std::make_unique<backends::kokkos::KokkosBackend>(chosen));
                   }});
#endif
  table.push_back(cuda_backend());
  table.push_back({std::string("plugin") + argument_marker,
                   "a vendor library built against backend_abi.h (src/backends/README.md)", 0.5,
                   [](const std::string& path, const BackendOptions& options) {
                     return backends::plugin::load_plugin(path, options);
                   }});
  return table;
}

}  // namespace

bool BackendEntry::takes_argument() const {
  const std::string marker = argument_marker;
  return name.size() > marker.size() &&
         name.compare(name.size() - marker.size(), marker.size(), marker) == 0;
}

bool BackendEntry::matches(const std::string& requested) const {
  if (!takes_argument()) return requested == name;
  const std::string prefix = name.substr(0, name.size() - std::string(argument_marker).size() + 1);
  return requested.size() > prefix.size() && requested.compare(0, prefix.size(), prefix) == 0;
}

const std::vector<BackendEntry>& backend_table() {
  static const std::vector<BackendEntry> table = make_table();
  return table;
}

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

double optimization_memory_share(const std::string& backend) {
  for (const BackendEntry& entry : backend_table()) {
    if (entry.matches(backend)) return entry.memory_share;
  }
  return 0.5;
}

std::unique_ptr<Backend> make_backend(const std::string& name, const BackendOptions& options) {
  for (const BackendEntry& entry : backend_table()) {
    if (!entry.matches(name)) continue;
    const std::string argument =
        entry.takes_argument() ? name.substr(name.find(':') + 1) : std::string();
    return entry.make(argument, options);
  }
#ifndef HPCG_WITH_KOKKOS
  if (name == "kokkos") {
    throw InputError("backend 'kokkos' is not built into this xhpcg: configure with "
                     "-DKokkos_ROOT=<Kokkos install> or run setup/kokkos.sh (src/backends/README.md, Kokkos)");
  }
#endif
  std::string known;
  for (const BackendEntry& entry : backend_table()) known += " " + entry.name;
  throw InputError("unknown backend '" + name + "'; available:" + known);
}

}  // namespace hpcg
